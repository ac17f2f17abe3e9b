import { clockCardPayload } from '@school-portal/domain';
import sharp from 'sharp';
import { beforeAll, expect, test } from 'vitest';
import { drawnClockCard, photographCard } from '../../api/test/support/camera-cards.js';
import { facePortrait } from '../../api/test/support/portraits.js';
import { choose, termValues } from './helpers.js';
import { schoolProject } from './support/factories.js';
import { type ApiCall, apiAs, DEMO_USERS, productAndBrowser, withSignedInPage } from './support/server.js';

// Picture day matched by check-in, in the browser: stations checked the students in (through the API, as
// their devices do), each camera photographed its station's clock card, and the studio makes a batch by
// check-in on the new-batch form, uploads the shoot, and matches it: a camera 7 minutes behind its
// station and a second camera ahead of its own, each set by its clock card.

const product = productAndBrowser({}, { publicHost: '127.0.0.1' });
let api: ApiCall;
let projectId = '';
let sessionName = '';
const ids: Record<string, string> = {};

/** The shoot began 20 minutes ago, today (a session's stations work on its day only). */
const start = Math.floor(Date.now() / 1000) * 1000 - 20 * 60_000;
const today = new Date().toISOString().slice(0, 10);
/** A station's time `seconds` into the shoot (the stations' clocks are the reference). */
const stationAt = (seconds: number) => new Date(start + seconds * 1000);
/** A camera's EXIF: its own clock's time (`off` ms from the station's) at `seconds` into the shoot, its body. */
const exif = (seconds: number, off: number, serial: string) => ({
  IFD0: { Make: 'Canon', Model: 'EOS R6' },
  IFD2: {
    DateTimeOriginal: new Date(start + seconds * 1000 + off)
      .toISOString()
      .slice(0, 19)
      .replace('T', ' ')
      .replace(/-/g, ':'),
    BodySerialNumber: serial,
  },
});

beforeAll(async () => {
  ({ api } = await apiAs(product.baseUrl));
  const project = await schoolProject(product.app, api, {
    name: 'Check-in Day',
    template: 'Check-in Day Template',
    fields: ['first_name', 'last_name', 'student_id', 'grade'],
  });
  projectId = project.id;
  for (const [first, last, studentId] of [
    ['Ava', 'Adams', 'C-1'],
    ['Ben', 'Brown', 'C-2'],
    ['Cleo', 'Cole', 'C-3'],
  ] as const)
    ids[first] = await project.addSubject({
      first_name: first,
      last_name: last,
      student_id: studentId,
      grade: '3',
    });
  sessionName = 'Fall picture day';
  const { photo_session: session } = await api<{ photo_session: { id: string } }>(
    `/api/projects/${projectId}/photo-sessions`,
    'POST',
    { photo_session: { name: sessionName, date: today } },
  );
  const station = async (name: string) =>
    (
      await api<{ station: { id: string } }>(`/api/photo-sessions/${session.id}/stations`, 'POST', {
        station: { name },
      })
    ).station.id;
  const gym = await station('Gym A');
  const library = await station('Library');
  ids.gym = gym;
  ids.library = library;
  const checkIn = (stationId: string, who: string, seconds: number) => ({
    client_id: crypto.randomUUID(),
    station_id: stationId,
    subject_id: ids[who],
    status: 'photographed',
    at: stationAt(seconds).toISOString(),
  });
  await api(`/api/photo-sessions/${session.id}/check-ins`, 'POST', {
    check_ins: [checkIn(gym, 'Ava', 10), checkIn(gym, 'Ben', 40), checkIn(library, 'Cleo', 12)],
  });
}, 120_000);

/** Camera 111 is 7 minutes behind the gym's station; camera 222, 2 minutes ahead of the library's. */
const CAMERAS = { '111': -7 * 60_000, '222': 2 * 60_000 } as const;
type Serial = keyof typeof CAMERAS;

/** A camera's photo of a station's clock card, `seconds` into the shoot. */
async function clockShot(stationId: string, seconds: number, serial: Serial) {
  const card = await drawnClockCard(clockCardPayload(stationId, stationAt(seconds)));
  const shot = await photographCard(card, { width: 2400, height: 1600, share: 0.4, angle: 4 });
  return sharp(shot)
    .withExif(exif(seconds, CAMERAS[serial], serial))
    .toBuffer();
}
const portrait = (seconds: number, seed: number, serial: Serial) =>
  facePortrait({ width: 1200, height: 1500, seed }, exif(seconds, CAMERAS[serial], serial));

test('a batch by check-in: the session is chosen on the form, and two cameras, one 7 minutes behind, are each set by their clock card', async () => {
  const files = {
    'IMG_0001.JPG': await clockShot(ids.gym!, 0, '111'),
    'IMG_0002.JPG': await portrait(5, 1, '111'),
    'IMG_0003.JPG': await portrait(15, 2, '111'),
    'IMG_0004.JPG': await portrait(45, 3, '111'),
    'DSC_0001.JPG': await clockShot(ids.library!, 2, '222'),
    'DSC_0002.JPG': await portrait(15, 4, '222'),
  };
  await withSignedInPage(product, DEMO_USERS.studio, async (page, errors) => {
    await page.goto(`${product.baseUrl}/projects/${projectId}/picture-day`);
    await page.getByRole('button', { name: 'New Batch' }).click();
    await page.getByRole('textbox', { name: 'Batch Name' }).fill('Gym and library');
    await page.getByRole('radio', { name: 'Check-ins' }).check();
    await page.getByText("Photograph the station's clock card with each camera").waitFor();
    // By check-in, the session is needed.
    await page.getByRole('button', { name: 'Create Batch' }).click();
    await page.getByText('Choose the photo session.').waitFor();
    await choose(page, 'Photo session', `${sessionName} (${today})`);
    await page.getByRole('button', { name: 'Create Batch' }).click();
    await page.getByRole('heading', { name: 'Gym and library' }).waitFor();
    // No field is read by check-in: the batch says how it matches, nothing more.
    expect(await page.getByTestId('batch-facts').textContent()).toBe('Check-ins');

    await page
      .getByTestId('batch-file-input')
      .setInputFiles(
        Object.entries(files).map(([name, buffer]) => ({ name, mimeType: 'image/jpeg', buffer })),
      );
    await page
      .getByTestId('batch-upload-status')
      .getByText('6 of 6 photos uploaded.', { exact: true })
      .waitFor({ timeout: 90_000 });
    await page.getByRole('button', { name: 'Match Photos' }).click();
    await page.getByTestId('batch-report').waitFor({ timeout: 90_000 });
    expect(await termValues(page.getByTestId('batch-report'), 'batch-count-')).toMatchObject({
      cards: '2',
      matched: '3',
      unmatched: '1',
    });
    // The frame shot before the gym's first check-in waits for a person.
    const stray = page.getByTestId('review-item');
    await expect.poll(() => stray.count()).toBe(1);
    await stray.getByText('IMG_0002.JPG').waitFor();
    expect(await stray.getByTestId('review-reason').textContent()).toMatch(
      /no check-in at its station before it/i,
    );
    expect(errors).toEqual([]);
  });
  const batches = await api<{
    photo_batches: { id: string; name: string }[];
  }>(`/api/projects/${projectId}/photo-batches`);
  const batch = batches.photo_batches.find((b) => b.name === 'Gym and library')!;
  const { photo_batch_items: items } = await api<{
    photo_batch_items: { file_name: string; state: string; subject_id: string | null }[];
  }>(`/api/photo-batches/${batch.id}/items?limit=100`);
  const subjectOf = Object.fromEntries(items.map((i) => [i.file_name, i.subject_id]));
  expect(subjectOf).toMatchObject({
    'IMG_0003.JPG': ids.Ava,
    'IMG_0004.JPG': ids.Ben,
    'DSC_0002.JPG': ids.Cleo,
  });
}, 240_000);
