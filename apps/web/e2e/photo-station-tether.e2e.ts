import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { clockCardPayload } from '@school-portal/domain';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { eventually } from '../../api/test/support/app.js';
import { drawnClockCard, photographCard } from '../../api/test/support/camera-cards.js';
import { makeJpeg } from '../../api/test/support/images.js';
import { portrait } from '../../api/test/support/portraits.js';
import { processes } from '../../api/test/support/processes.js';
import { closePage, freshPage } from './helpers.js';
import { schoolProject } from './support/factories.js';
import { apiAs, DEMO_USERS, productAndBrowser, scratchFolder, withSignedInPage } from './support/server.js';

// Tethered capture at a picture-day station, end to end: a station (a phone-width screen opened from its
// link) checks a student in; the real uploader (scripts/tether/main.ts) sends the camera's frames from a
// folder into the station's live batch; the server verifies, checks and matches each one; the station's
// Now panel shows the student's frames with their checks and auto crop within seconds, a large "Retake
// now" when the last frame has no face, and the frame the photographer picks.

const product = productAndBrowser({}, { publicHost: '127.0.0.1' });
const scratch = scratchFolder('station-tether-');
const children = processes();

let sessionId = '';
let stationId = '';
let link = '';
let avaId = '';
let projectId = '';

beforeAll(async () => {
  const { api } = await apiAs(product.baseUrl);
  const project = await schoolProject(product.app, api, {
    name: 'Tether Day',
    template: 'Tether Day Template',
    fields: ['first_name', 'last_name', 'grade', 'teacher'],
  });
  projectId = project.id;
  avaId = await project.addSubject({ first_name: 'Ava', last_name: 'Adams', grade: '3', teacher: 'Lee' });
  await project.addSubject({ first_name: 'Ben', last_name: 'Brown', grade: '3', teacher: 'Lee' });
  const { photo_session: session } = await api<{ photo_session: { id: string } }>(
    `/api/projects/${project.id}/photo-sessions`,
    'POST',
    { photo_session: { name: 'Fall picture day', date: new Date().toISOString().slice(0, 10) } },
  );
  sessionId = session.id;
  const made = await api<{ station: { id: string }; station_link: { url: string } }>(
    `/api/photo-sessions/${sessionId}/stations`,
    'POST',
    { station: { name: 'Gym A' } },
  );
  stationId = made.station.id;
  link = made.station_link.url;
}, 120_000);

afterAll(() => children.killAll());

/** EXIF of the photographer's camera: its clock `at` (whole seconds, as cameras write it), its body. */
const exif = (at: number) => ({
  IFD0: { Make: 'Canon', Model: 'EOS R6' },
  IFD2: {
    DateTimeOriginal: new Date(at).toISOString().slice(0, 19).replace('T', ' ').replace(/-/g, ':'),
    BodySerialNumber: '4242',
  },
});

/**
 * A finished frame in the camera's folder, as tethering software leaves it: written beside the folder,
 * then moved in whole.
 */
async function shoot(folder: string, name: string, bytes: Buffer) {
  const aside = path.join(scratch.path, `.${name}`);
  await writeFile(aside, bytes);
  await rename(aside, path.join(folder, name));
}

/** How long the station may take to show what the server told it (its event stream, a loaded machine). */
const SHOWN = { timeout: 15_000 };

const now = (page: Page) => page.getByTestId('station-now');
const frames = (page: Page) => now(page).getByTestId('station-frame');

/** The frame of a photo on the station, by the photo's id. */
const frameOf = (page: Page, photoId: string) =>
  now(page).locator(`[data-testid="station-frame"][data-photo-id="${photoId}"]`);

/** The batch's items of Ava's frames as the server holds them: matched and checked ones, capture order. */
async function avaFrames() {
  return product.app.ctx.db
    .selectFrom('photo_batch_items')
    .innerJoin('photo_batches', 'photo_batches.id', 'photo_batch_items.photo_batch_id')
    .innerJoin('photos', 'photos.id', 'photo_batch_items.photo_id')
    .select([
      'photo_batch_items.photo_id',
      'photo_batch_items.file_name',
      'photo_batch_items.state',
      'photo_batch_items.picked_at',
      'photos.checked_at',
      'photos.checks',
    ])
    .where('photo_batches.station_id', '=', stationId)
    .where('photo_batch_items.subject_id', '=', avaId)
    .where('photo_batch_items.state', '=', 'matched')
    .where('photos.checked_at', 'is not', null)
    .orderBy('photo_batch_items.captured_at')
    .execute();
}

/** Waits until the server has matched and checked `count` frames of Ava: answers them and when it did. */
async function serverHas(count: number) {
  const rows = await eventually(async () => {
    const found = await avaFrames();
    return found.length >= count ? found : null;
  }, 120_000);
  return { rows, at: Date.now() };
}

/**
 * The station shows what the server has within seconds: its live stream's event, not the slow read it
 * makes only in case an event was lost (30 s while the stream is open).
 */
async function stationShows(page: Page, count: number, since: number) {
  await expect.poll(() => frames(page).count(), SHOWN).toBe(count);
  expect(Date.now() - since).toBeLessThan(15_000);
}

test('a checked-in student’s frames from the tether uploader show on the station with their checks; no face: Retake now; the pick is kept', async () => {
  const folder = path.join(scratch.path, 'EOS R6');
  await mkdir(folder);
  const page = await freshPage(product.browser);
  try {
    // A phone held by the photographer's helper.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(link);
    await page.locator('[data-testid="station"]:not([data-roster-size="0"])').waitFor();
    await now(page).getByText('No one is checked in at this station yet', { exact: false }).waitFor();

    // Ava is checked in at the station.
    await page.getByTestId('station-search').fill('ava');
    await page
      .getByTestId('station-results')
      .getByRole('button', { name: /Ava Adams/ })
      .click();
    await page
      .getByTestId('station-student')
      .getByRole('button', { name: 'Photographed', exact: true })
      .click();
    const checkIn = await eventually(
      () =>
        product.app.ctx.db
          .selectFrom('check_ins')
          .select('at')
          .where('station_id', '=', stationId)
          .where('subject_id', '=', avaId)
          .executeTakeFirst(),
      30_000,
    );
    await expect
      .poll(() => now(page).getByTestId('station-now-student').textContent(), SHOWN)
      .toBe('Ava Adams');
    await now(page).getByText('No frames yet', { exact: false }).waitFor();

    // The camera's clock is set by the station's clock card, shot first; then three portraits.
    const t0 = Math.ceil(checkIn.at.getTime() / 1000) * 1000 + 2000;
    const uploader = children.start(
      [
        '--import',
        'tsx',
        'scripts/tether/main.ts',
        '--station-link',
        link,
        '--folder',
        folder,
        '--stable-ms',
        '300',
      ],
      {},
    );
    await eventually(async () => uploader.output().includes('watching'), 30_000);
    const card = await drawnClockCard(clockCardPayload(stationId, new Date(t0)));
    await shoot(
      folder,
      'IMG_0001.JPG',
      await sharp(await photographCard(card, { width: 2400, height: 1600, share: 0.4, angle: 4 }))
        .withExif(exif(t0))
        .toBuffer(),
    );
    const face = await portrait();
    const portraitAt = async (seconds: number, quality: number) =>
      sharp(face)
        .jpeg({ quality })
        .withExif(exif(t0 + seconds * 1000))
        .toBuffer();
    await shoot(folder, 'IMG_0002.JPG', await portraitAt(2, 90));
    await shoot(folder, 'IMG_0003.JPG', await portraitAt(3, 88));
    await shoot(folder, 'IMG_0004.JPG', await portraitAt(4, 86));

    const three = await serverHas(3);
    await stationShows(page, 3, three.at);
    expect(uploader.output()).not.toContain('refused:');
    // Each frame with its checks in plain words (these portraits pass them) and its auto crop.
    for (const row of three.rows) {
      const card = frameOf(page, row.photo_id);
      expect(row.checks ?? []).toEqual([]);
      await expect
        .poll(() => card.getByTestId('station-frame-checks').textContent(), SHOWN)
        .toBe('All checks passed');
      expect(await card.getByTestId('station-frame-crop').count()).toBe(1);
      expect(await card.getByRole('img', { name: /^Frame \d of Ava Adams$/ }).count()).toBe(1);
    }
    // Newest first, numbered in the order they were shot.
    expect(await frames(page).first().textContent()).toContain('Frame 3');
    expect(await now(page).getByTestId('station-retake-now').count()).toBe(0);

    // A frame with no face: Retake now, large, with its reason.
    await shoot(
      folder,
      'IMG_0005.JPG',
      await sharp(await makeJpeg(1600, 2000))
        .withExif(exif(t0 + 5000))
        .toBuffer(),
    );
    const four = await serverHas(4);
    await stationShows(page, 4, four.at);
    const noFace = four.rows[3]!;
    expect((noFace.checks ?? []).map((c: { code: string }) => c.code)).toContain('no_face');
    const alert = now(page).getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/^Retake now.*The last frame: .*no face found/);
    expect(await frameOf(page, noFace.photo_id).getByTestId('station-frame-checks').textContent()).toMatch(
      /^No face found/,
    );
    const big = await alert.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return {
        width: box.width,
        title: Number.parseFloat(getComputedStyle(el.querySelector('p')!).fontSize),
      };
    });
    // On the phone the panel is below the fold: a bar at the top of the screen says it too.
    const bar = page.getByTestId('station-retake-bar');
    expect(await bar.textContent()).toBe('Retake now: no face found');
    expect(await bar.isVisible()).toBe(true);
    expect(big.title).toBeGreaterThanOrEqual(28);
    expect(big.width).toBeGreaterThan(300);

    // The photographer shoots again: the new frame passes, the alert goes.
    await shoot(folder, 'IMG_0006.JPG', await portraitAt(6, 84));
    const five = await serverHas(5);
    await stationShows(page, 5, five.at);
    await expect.poll(() => now(page).getByTestId('station-retake-now').count(), SHOWN).toBe(0);
    expect(await page.getByTestId('station-retake-bar').count()).toBe(0);

    // Frame 2 is Ava's pick: marked on the station and kept by the server.
    const second = three.rows[1]!;
    await frameOf(page, second.photo_id).getByRole('button', { name: 'Pick frame 2' }).click();
    await expect.poll(() => frameOf(page, second.photo_id).getAttribute('data-picked'), SHOWN).toBe('true');
    await expect
      .poll(() => now(page).getByTestId('station-now-pick').textContent(), SHOWN)
      .toBe("Ava Adams's pick: frame 2");
    const picked = await eventually(async () => {
      const rows = await avaFrames();
      const withPick = rows.filter((r) => r.picked_at !== null);
      return withPick.length > 0 ? withPick : null;
    }, 10_000);
    expect(picked.map((r) => r.photo_id)).toEqual([second.photo_id]);
    // Another pick replaces it.
    await frameOf(page, five.rows[4]!.photo_id)
      .getByRole('button', { name: /^Pick frame \d$/ })
      .click();
    await expect.poll(() => frameOf(page, second.photo_id).getAttribute('data-picked'), SHOWN).toBe('false');
    await expect
      .poll(async () => (await avaFrames()).filter((r) => r.picked_at !== null).map((r) => r.photo_id), SHOWN)
      .toEqual([five.rows[4]!.photo_id]);

    // Read again from the server (a reload): the same frames and the pick.
    await page.reload();
    await expect.poll(() => frames(page).count(), { timeout: 30_000 }).toBe(5);
    expect(await frameOf(page, five.rows[4]!.photo_id).getAttribute('data-picked')).toBe('true');

    // The phone's screen holds it without scrolling sideways; axe finds nothing serious.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    const { violations } = await new AxeBuilder({ page })
      .include('[data-testid="station-now"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  } finally {
    await closePage(page);
  }
}, 400_000);

test('the session screen: matched photos held for the day’s review by default, applied as they arrive once chosen', async () => {
  const liveApply = async () =>
    (
      await product.app.ctx.db
        .selectFrom('photo_sessions')
        .select('live_apply')
        .where('id', '=', sessionId)
        .executeTakeFirstOrThrow()
    ).live_apply;
  await withSignedInPage(product, DEMO_USERS.studio, async (page, errors) => {
    await page.goto(`${product.baseUrl}/projects/${projectId}/photo-sessions/${sessionId}`);
    const setting = page.getByRole('radiogroup', { name: 'Matched photos' });
    const hold = setting.getByRole('radio', { name: 'Hold for end-of-day review' });
    const apply = setting.getByRole('radio', { name: 'Apply matched photos as they arrive' });
    await hold.waitFor();
    expect(await hold.isChecked()).toBe(true);
    expect(await liveApply()).toBe(false);
    await apply.check();
    await expect.poll(liveApply, SHOWN).toBe(true);
    await page.reload();
    await apply.waitFor();
    expect(await apply.isChecked()).toBe(true);
    await hold.check();
    await expect.poll(liveApply, SHOWN).toBe(false);
    expect(errors).toEqual([]);
  });
}, 120_000);
