import { readdir, readFile, writeFile } from 'node:fs/promises';
import bwipjs from 'bwip-js/node';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, expect, test } from 'vitest';
import { facePortrait } from '../../api/test/support/portraits.js';
import { choose, termValues } from './helpers.js';
import { schoolProject } from './support/factories.js';
import {
  type ApiCall,
  apiAs,
  DEMO_USERS,
  productAndBrowser,
  scratchFolder,
  withSignedInPage,
} from './support/server.js';

// Picture day from end to end: camera cards printed through the print wizard, a shoot "photographed"
// (each card's code rendered as a camera sees it: a QR a little rotated on a background), the folder
// uploaded in the browser, matched, the stray photo reviewed, applied, and each portrait on its subject.

const product = productAndBrowser({}, { publicHost: '127.0.0.1' });
/** The shoot's files, as the camera's card is copied into a folder. */
const shoot = scratchFolder('picture-day-');
let api: ApiCall;
let projectId: string;

const PEOPLE = [
  { first_name: 'Ava', last_name: 'Adams', grade: '3', teacher: 'Ms. Lee', student_id: '00101' },
  { first_name: 'Ben', last_name: 'Brown', grade: '3', teacher: 'Ms. Lee', student_id: '00102' },
  { first_name: 'Cleo', last_name: 'Cole', grade: '4', teacher: 'Mr. Ng', student_id: '00103' },
  // Forgot the card: photographed first, before any card, and assigned by hand in the review.
  { first_name: 'Dan', last_name: 'Diaz', grade: '4', teacher: 'Mr. Ng', student_id: '00104' },
] as const;
type Person = (typeof PEOPLE)[number];
const subjects = new Map<Person, { id: string; card_code: string }>();

beforeAll(async () => {
  ({ api } = await apiAs(product.baseUrl));
  const project = await schoolProject(product.app, api, {
    name: 'Picture Day 2026',
    template: 'Picture Day E2E Template',
    fields: ['first_name', 'last_name', 'student_id', 'grade', 'teacher'],
    project: { short_code: 'PD26' },
  });
  projectId = project.id;
  for (const person of PEOPLE) {
    const id = await project.addSubject(person);
    // The code its camera card carries, given by the server.
    const { card_code } = await product.app.ctx.db
      .selectFrom('subjects')
      .select('card_code')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    subjects.set(person, { id, card_code });
  }
}, 120_000);

const [ava, ben, cleo, dan] = PEOPLE;
const subjectOf = (person: Person) => {
  const subject = subjects.get(person);
  if (!subject) throw new Error(`${person.first_name} was not set up`);
  return subject;
};
const fullName = (person: Person) => `${person.first_name} ${person.last_name}`;

/** EXIF DateTimeOriginal one minute apart from the first photo of the day. */
const capturedAt = (n: number) => `2026:11:25 09:${String(n).padStart(2, '0')}:00`;

/**
 * A portrait as the camera writes it: a face (a frame with neither a face nor a card code is a card the
 * reader missed) on a background of `tint`, with a capture time.
 */
async function portrait(n: number, tint: { r: number; g: number; b: number }): Promise<Buffer> {
  return facePortrait(
    { width: 1200, height: 1500, seed: n, tint },
    { IFD2: { DateTimeOriginal: capturedAt(n) } },
  );
}

/**
 * A camera card as photographed: the card's QR code (`SPC1:` + its card code, as printed) on a white
 * card, turned a few degrees, on a grey background the size of a photo.
 */
async function cardPhoto(n: number, cardCode: string): Promise<Buffer> {
  const qr = await bwipjs.toBuffer({
    bcid: 'qrcode',
    text: `SPC1:${cardCode}`,
    scale: 8,
    paddingwidth: 6,
    paddingheight: 6,
    backgroundcolor: 'FFFFFF',
  });
  const card = await sharp(qr).rotate(7, { background: '#ffffff' }).png().toBuffer();
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 120, g: 124, b: 118 } } })
    .composite([{ input: card, left: 500, top: 300 }])
    .jpeg({ quality: 88 })
    .withExif({ IFD2: { DateTimeOriginal: capturedAt(n) } })
    .toBuffer();
}

/**
 * The shoot in the order it was taken: Dan without a card, then each card followed by its subject's
 * portraits (Ava twice: the second is her primary), and a file the camera leaves that is no photo.
 */
async function photographShoot(): Promise<Record<string, Person>> {
  const portraits: Record<string, Person> = {};
  let n = 0;
  const take = async (buffer: Buffer) => {
    n += 1;
    const name = `IMG_${String(n).padStart(4, '0')}.JPG`;
    await writeFile(shoot.file(name), buffer);
    return name;
  };
  portraits[await take(await portrait(1, { r: 200, g: 170, b: 150 }))] = dan;
  for (const [person, count] of [
    [ava, 2],
    [ben, 1],
    [cleo, 1],
  ] as const) {
    await take(await cardPhoto(n + 1, subjectOf(person).card_code));
    for (let i = 0; i < count; i++)
      portraits[await take(await portrait(n + 1, { r: 90 + 40 * i, g: 140, b: 200 }))] = person;
  }
  await writeFile(shoot.file('CAMERA.XML'), '<settings/>');
  return portraits;
}

/** Camera cards for Ava, Ben and Cleo through the print wizard; the PDF is downloaded. */
async function printCameraCards(page: Page) {
  await page.goto(`${product.baseUrl}/projects/${projectId}/layouts`);
  await choose(page, 'Choose Category', 'Camera Cards');
  await page.getByTestId('layout-card').first().getByRole('link', { name: 'Select Layout' }).click();
  await page.getByRole('button', { name: 'Select Subjects' }).click();
  await page.getByTestId('selected-count').getByText('4 subjects selected').waitFor();
  await page.getByRole('checkbox', { name: `Select ${fullName(dan)}` }).uncheck();
  await page.getByTestId('selected-count').getByText('3 subjects selected').waitFor();
  await page.getByRole('button', { name: 'Check for Duplicate Subjects' }).click();
  await page.getByTestId('check-duplicates-step').waitFor();
  await page.getByRole('button', { name: 'Confirm and Print' }).click();
  // Cards need no photo: when the wizard asks about subjects without one, they are printed all the same.
  const withoutPhoto = page.getByRole('radiogroup', { name: 'Subjects without a photo' });
  if (await withoutPhoto.isVisible()) {
    await withoutPhoto.getByRole('radio', { name: 'Print a placeholder with the name' }).check();
  }
  await page.getByRole('textbox', { name: 'PDF Name' }).fill('Camera cards');
  await page.getByRole('button', { name: 'Print', exact: true }).click();
  const row = page.getByTestId('highlighted-render');
  await row.getByText('Completed').waitFor({ timeout: 60_000 });
}

/** Requests the page sends from now on: new batch photos, and bytes to storage. */
function sending(page: Page) {
  const sent = { photos: 0, bytes: 0 };
  page.on('request', (request) => {
    if (request.method() !== 'POST') return;
    const { pathname } = new URL(request.url());
    if (/^\/api\/photo-batches\/\d+\/photos$/.test(pathname)) sent.photos += 1;
    if (pathname.startsWith('/storage/')) sent.bytes += 1;
  });
  return sent;
}

/** A number of the batch's report, as shown. */
async function reportCount(page: Page, name: string) {
  const count = page.getByTestId('batch-report').getByTestId(`batch-count-${name}`);
  return (await count.locator('dd').textContent())?.trim();
}

/** Every number of the batch's report, by name, as shown. */
const reportCounts = (page: Page) => termValues(page.getByTestId('batch-report'), 'batch-count-');

/** Portraits chosen as files under the names given, uploaded, then matched. */
async function uploadAndMatch(page: Page, names: string[], firstShot: number) {
  await page.getByTestId('batch-file-input').setInputFiles(
    await Promise.all(
      names.map(async (name, i) => ({
        name,
        mimeType: 'image/jpeg',
        buffer: await portrait(firstShot + i, { r: 130, g: 90 + 40 * i, b: 140 }),
      })),
    ),
  );
  await page
    .getByTestId('batch-upload-status')
    .getByText(`${names.length} of ${names.length} photos uploaded.`, { exact: true })
    .waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Match Photos' }).click();
  await page.getByTestId('batch-report').waitFor({ timeout: 60_000 });
}

test('a studio manager prints camera cards, uploads the shoot, reviews the stray photo, applies, and each portrait is on its subject', async () => {
  const { portraits, batchUrl } = await withSignedInPage(product, DEMO_USERS.studio, async (page) => {
    await printCameraCards(page);
    const portraits = await photographShoot();

    // The project page leads to Upload Picture Day; a new batch matches by camera cards (the default).
    await page.goto(`${product.baseUrl}/projects/${projectId}`);
    await page.getByRole('link', { name: 'Upload Picture Day' }).click();
    await page.getByRole('heading', { name: 'Upload Picture Day' }).waitFor();
    await page.getByTestId('empty-state').waitFor();
    await page.getByRole('button', { name: 'New Batch' }).click();
    await page.getByRole('textbox', { name: 'Batch Name' }).fill('Fall picture day');
    expect(await page.getByRole('radio', { name: 'Camera cards' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Create Batch' }).click();
    await page.getByRole('heading', { name: 'Fall picture day' }).waitFor();
    const batchUrl = page.url();

    // The morning's first five photos, chosen as files.
    const jpegs = (await readdir(shoot.path)).filter((name) => name.endsWith('.JPG')).sort();
    expect(jpegs).toHaveLength(8);
    await page
      .getByTestId('batch-file-input')
      .setInputFiles(jpegs.slice(0, 5).map((name) => shoot.file(name)));
    await page
      .getByTestId('batch-upload-status')
      .getByText('5 of 5 photos uploaded.', { exact: true })
      .waitFor({ timeout: 60_000 });
    await page.getByTestId('batch-photos-count').getByText('The batch has 5 photos, 5 uploaded.').waitFor();

    // Leaving and coming back: the batch is where it was.
    await page.getByRole('link', { name: 'All batches' }).click();
    const row = page.getByTestId('photo-batch-row').filter({ hasText: 'Fall picture day' });
    await row.getByText('Uploading').waitFor();
    await row.getByRole('link', { name: 'Fall picture day' }).click();
    await page.getByTestId('batch-photos-count').getByText('The batch has 5 photos, 5 uploaded.').waitFor();
    return { portraits, batchUrl };
  });

  // The browser is closed. In another, the whole folder: the camera's settings file is left out, the
  // five photos the batch has are not sent again, the other three are.
  await withSignedInPage(product, DEMO_USERS.studio, async (page, errors) => {
    await page.goto(batchUrl);
    await page.getByTestId('batch-photos-count').getByText('The batch has 5 photos, 5 uploaded.').waitFor();
    const sent = sending(page);
    await page.getByTestId('batch-folder-input').setInputFiles(shoot.path);
    await page
      .getByTestId('batch-skipped')
      .getByText(/^1 file is not a JPEG and was left out: \S*CAMERA\.XML$/)
      .waitFor();
    await page
      .getByTestId('batch-upload-status')
      .getByText('8 of 8 photos uploaded.', { exact: true })
      .waitFor({ timeout: 60_000 });
    await page.getByText('5 were in the batch already and were not sent again.').waitFor();
    expect(sent).toEqual({ photos: 3, bytes: 3 });
    await page.getByTestId('batch-photos-count').getByText('The batch has 8 photos, 8 uploaded.').waitFor();

    // Matching: three cards, five portraits; Dan's photo came before any card.
    await page.getByRole('button', { name: 'Match Photos' }).click();
    await page.getByTestId('batch-report').waitFor({ timeout: 60_000 });
    expect(await reportCounts(page)).toMatchObject({
      photos: '8',
      cards: '3',
      matched: '4',
      unmatched: '1',
      ambiguous: '0',
      subjects_matched: '3',
      subjects_with_several_photos: '1',
      subjects_photographed_again: '0',
    });

    // The review: Dan's photo, with its reason, assigned to him through the subject search.
    const stray = page.getByTestId('review-item');
    await expect.poll(() => stray.count()).toBe(1);
    await stray.getByText('IMG_0001.JPG').waitFor();
    await stray.getByRole('img', { name: 'IMG_0001.JPG' }).waitFor();
    expect(await stray.getByTestId('review-reason').textContent()).toMatch(/no card before it/i);
    await stray.getByRole('combobox', { name: 'Assign to a subject' }).fill('Diaz');
    await page.getByRole('option', { name: fullName(dan) }).click();
    await page.getByText(`Assigned to ${fullName(dan)}.`).waitFor();
    await page.getByTestId('empty-state').getByText('Every photo found its subject.').waitFor();
    // The report is read again after the assignment: wait for it rather than race it.
    await expect.poll(() => reportCount(page, 'matched')).toBe('5');

    // Nothing is assigned before apply.
    const { subject: before } = await api<{ subject: { photos: unknown[] } }>(
      `/api/subjects/${subjectOf(ava).id}?include_photos=true`,
    );
    expect(before.photos).toEqual([]);

    await page.getByRole('button', { name: 'Apply Batch' }).click();
    await page.getByTestId('batch-applied').waitFor({ timeout: 60_000 });

    // Each subject's page shows its portraits, the last of its sequence as the primary photo.
    const expected = new Map<Person, string[]>();
    for (const [file, person] of Object.entries(portraits))
      expected.set(person, [...(expected.get(person) ?? []), file]);
    for (const [person, files] of expected) {
      await page.goto(`${product.baseUrl}/projects/${projectId}/subjects/${subjectOf(person).id}`);
      const photos = page.getByTestId('subject-photo');
      await expect.poll(() => photos.count(), { timeout: 15_000 }).toBe(files.length);
      for (const file of files) await photos.filter({ hasText: file }).waitFor();
      const primary = photos.filter({ has: page.getByText('Primary', { exact: true }) });
      expect(await primary.count()).toBe(1);
      expect(await primary.textContent()).toContain(files.at(-1));
      // No card photo is anyone's portrait.
      const names = await photos.allTextContents();
      expect(names.join(' ')).not.toMatch(/IMG_0002|IMG_0005|IMG_0007/);
    }
    expect(errors).toEqual([]);
  });
});

// Runs after the shoot above: every subject has its portraits now.
test('retakes matched by file names: Student IDs with their leading zeros, an unknown one ignored, the newest photos made primary when asked', async () => {
  await withSignedInPage(product, DEMO_USERS.studio, async (page, errors) => {
    await page.goto(`${product.baseUrl}/projects/${projectId}/picture-day`);
    await page
      .getByTestId('photo-batch-row')
      .filter({ hasText: 'Fall picture day' })
      .getByText('Applied')
      .waitFor();
    await page.getByRole('button', { name: 'New Batch' }).click();
    await page.getByRole('textbox', { name: 'Batch Name' }).fill('Retakes');
    await page.getByRole('radio', { name: 'File names' }).check();
    expect(await page.getByRole('combobox', { name: 'Field' }).textContent()).toBe('Student ID');
    await page
      .getByRole('checkbox', {
        name: 'Make the newest photo primary for subjects who already have one (retakes)',
      })
      .check();
    await page.getByRole('button', { name: 'Create Batch' }).click();
    await page.getByRole('heading', { name: 'Retakes' }).waitFor();
    expect(await page.getByTestId('batch-facts').textContent()).toBe('File names · Student ID');

    await uploadAndMatch(page, ['00101.jpg', 'Brown_Ben_00102.jpg', '00999.jpg'], 30);
    expect(await reportCounts(page)).toMatchObject({
      matched: '2',
      unmatched: '1',
      cards: '0',
      subjects_photographed_again: '2',
    });

    // No one has Student ID 00999: ignored.
    const unknown = page.getByTestId('review-item').filter({ hasText: '00999.jpg' });
    expect(await unknown.getByTestId('review-reason').textContent()).toMatch(/no such Student ID/i);
    await unknown.getByRole('button', { name: 'Ignore' }).click();
    await unknown.getByText('Ignored: it will not be assigned.').waitFor();
    await unknown.getByRole('button', { name: "Don't Ignore" }).waitFor();
    await expect.poll(() => reportCount(page, 'ignored')).toBe('1');

    // The choice made with the batch stands; apply.
    expect(
      await page
        .getByRole('checkbox', {
          name: 'Make the newest photo primary for subjects who already have one (retakes)',
        })
        .isChecked(),
    ).toBe(true);
    await page.getByRole('button', { name: 'Apply Batch' }).click();
    await page.getByTestId('batch-applied').waitFor({ timeout: 60_000 });

    for (const [person, file, total] of [
      [ava, '00101.jpg', 3],
      [ben, 'Brown_Ben_00102.jpg', 2],
    ] as const) {
      await page.goto(`${product.baseUrl}/projects/${projectId}/subjects/${subjectOf(person).id}`);
      const photos = page.getByTestId('subject-photo');
      await expect.poll(() => photos.count(), { timeout: 15_000 }).toBe(total);
      const primary = photos.filter({ has: page.getByText('Primary', { exact: true }) });
      expect(await primary.count()).toBe(1);
      expect(await primary.textContent()).toContain(file);
    }
    expect(errors).toEqual([]);
  });
});

// Runs after the two above. The capture software's CSV as it writes it: semicolons, Windows-1252, CRLF.
test('a mapping file names each photo’s Student ID: its leading zeros kept (or restored, with a warning), a photo it does not list left for review', async () => {
  const csv = shoot.file('capture-export.csv');
  await writeFile(
    csv,
    Buffer.from(
      // Dan's Student ID as a spreadsheet saved it: 104 for 00104.
      'Image Name;Student ID;Name\r\nDSC_0001.jpg;00103;Cléo Cole\r\nDSC_0002.jpg;104;Dan Díaz\r\n',
      'latin1',
    ),
  );
  await withSignedInPage(product, DEMO_USERS.studio, async (page, errors) => {
    await page.goto(`${product.baseUrl}/projects/${projectId}/picture-day`);
    await page.getByRole('button', { name: 'New Batch' }).click();
    await page.getByRole('textbox', { name: 'Batch Name' }).fill('Makeups');
    await page.getByRole('radio', { name: 'Mapping file' }).check();
    // A mapping batch needs its file.
    await page.getByRole('button', { name: 'Create Batch' }).click();
    await page.getByText('Choose the mapping file.').waitFor();
    await page.getByTestId('mapping-file-input').setInputFiles(csv);
    await page.getByText('capture-export.csv').waitFor();
    await page.getByRole('button', { name: 'Create Batch' }).click();
    await page.getByRole('heading', { name: 'Makeups' }).waitFor();
    await page.getByTestId('batch-mapping-file').getByText('Mapping file: capture-export.csv').waitFor();

    await uploadAndMatch(page, ['DSC_0001.jpg', 'DSC_0002.jpg', 'DSC_0003.jpg'], 40);
    // Dan's 104 matched his 00104 once its zeros were restored, with a warning the report counts.
    expect(await reportCounts(page)).toMatchObject({ matched: '2', unmatched: '1', warned: '1' });
    const stray = page.getByTestId('review-item');
    await expect.poll(() => stray.count()).toBe(1);
    await stray.getByText('DSC_0003.jpg').waitFor();
    expect(await stray.getByTestId('review-reason').textContent()).toMatch(/not in the mapping file/i);
    await stray.getByRole('button', { name: 'Ignore' }).click();
    await stray.getByText('Ignored: it will not be assigned.').waitFor();

    await page.getByRole('button', { name: 'Apply Batch' }).click();
    await page.getByTestId('batch-applied').waitFor({ timeout: 60_000 });
    for (const [person, file] of [
      [cleo, 'DSC_0001.jpg'],
      [dan, 'DSC_0002.jpg'],
    ] as const) {
      await page.goto(`${product.baseUrl}/projects/${projectId}/subjects/${subjectOf(person).id}`);
      await page.getByTestId('subject-photo').filter({ hasText: file }).waitFor({ timeout: 15_000 });
    }
    expect(errors).toEqual([]);
  });
});

// Runs after the shoot above. The browser closed while a file was being sent: its record was made, its
// bytes never arrived.
test('an upload cut off: the screen says which photo was not uploaded (not that it arrived late), and ignoring it lets the batch be applied', async () => {
  await withSignedInPage(product, DEMO_USERS.studio, async (page, errors) => {
    await page.goto(`${product.baseUrl}/projects/${projectId}/picture-day`);
    await page.getByRole('button', { name: 'New Batch' }).click();
    await page.getByRole('textbox', { name: 'Batch Name' }).fill('Cut off');
    await page.getByRole('button', { name: 'Create Batch' }).click();
    await page.getByRole('heading', { name: 'Cut off' }).waitFor();
    const batchId = new URL(page.url()).pathname.split('/').pop();
    await page.getByTestId('batch-file-input').setInputFiles([
      { name: 'CUT_0001.JPG', mimeType: 'image/jpeg', buffer: await cardPhoto(50, subjectOf(ben).card_code) },
      { name: 'CUT_0002.JPG', mimeType: 'image/jpeg', buffer: await portrait(51, { r: 150, g: 110, b: 90 }) },
    ]);
    await page
      .getByTestId('batch-upload-status')
      .getByText('2 of 2 photos uploaded.', { exact: true })
      .waitFor({ timeout: 60_000 });
    await api(`/api/photo-batches/${batchId}/photos`, 'POST', {
      photo: { file_name: 'CUT_0003.JPG', byte_size: 40_000, content_type: 'image/jpeg' },
    });

    // Back on the page: it says the upload stopped, rather than nothing.
    await page.reload();
    await page
      .getByTestId('batch-not-uploaded')
      .getByText('1 photo was not uploaded: the upload stopped. Choose it or its folder again to upload it.')
      .waitFor();
    await page.getByRole('button', { name: 'Match Photos' }).click();
    await page.getByTestId('batch-report').waitFor({ timeout: 60_000 });
    expect(await reportCounts(page)).toMatchObject({ cards: '1', matched: '1', not_uploaded: '1' });
    await page
      .getByTestId('batch-not-uploaded')
      .getByText(
        '1 photo was not uploaded. Upload it again (choose it or its folder once more) and match again, or ignore it in the review below.',
      )
      .waitFor();
    expect(await page.getByText(/arrived after matching/).count()).toBe(0);
    const applyButton = page.getByRole('button', { name: 'Apply Batch' });
    expect(await applyButton.isDisabled()).toBe(true);

    // The photo that never arrived is in the review: it can't be assigned, only ignored.
    const missing = page.getByTestId('review-item').filter({ hasText: 'CUT_0003.JPG' });
    expect(await missing.getByTestId('review-reason').textContent()).toBe(
      'Not uploaded: upload it again, or ignore it to apply the batch without it.',
    );
    expect(await missing.getByRole('combobox', { name: 'Assign to a subject' }).count()).toBe(0);
    await missing.getByRole('button', { name: 'Ignore' }).click();
    await missing.getByText('Ignored: it will not be assigned.').waitFor();
    await expect.poll(() => reportCount(page, 'not_uploaded')).toBe('0');
    expect(await page.getByTestId('batch-not-uploaded').count()).toBe(0);
    await expect.poll(() => applyButton.isEnabled()).toBe(true);
    await applyButton.click();
    await page.getByTestId('batch-applied').waitFor({ timeout: 60_000 });
    expect(errors).toEqual([]);
  });
});

// Runs after the shoot above: Ava's first portrait (IMG_0003.JPG) is hers already.
test('the same photo uploaded again is shown as a duplicate, with the Student ID read, and assigned only when asked', async () => {
  await withSignedInPage(product, DEMO_USERS.studio, async (page, errors) => {
    await page.goto(`${product.baseUrl}/projects/${projectId}/picture-day`);
    await page.getByRole('button', { name: 'New Batch' }).click();
    await page.getByRole('textbox', { name: 'Batch Name' }).fill('Uploaded again');
    await page.getByRole('radio', { name: 'File names' }).check();
    await page.getByRole('button', { name: 'Create Batch' }).click();
    await page.getByRole('heading', { name: 'Uploaded again' }).waitFor();
    await page
      .getByTestId('batch-file-input')
      .setInputFiles([
        { name: '00101.jpg', mimeType: 'image/jpeg', buffer: await readFile(shoot.file('IMG_0003.JPG')) },
      ]);
    await page
      .getByTestId('batch-upload-status')
      .getByText('1 of 1 photo uploaded.', { exact: true })
      .waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Match Photos' }).click();
    await page.getByTestId('batch-report').waitFor({ timeout: 60_000 });
    expect(await reportCounts(page)).toMatchObject({ matched: '0', unmatched: '1' });
    const again = page.getByTestId('review-item').filter({ hasText: '00101.jpg' });
    expect(await again.getByTestId('review-reason').textContent()).toBe(
      'The project already has this photo (the same file)',
    );
    expect(await again.getByTestId('review-value-read').textContent()).toBe('Read: 00101');
    await again.getByRole('button', { name: 'Assign Anyway' }).click();
    await page.getByText('Assigned to its subject, as a second copy.').waitFor();
    await expect.poll(() => reportCount(page, 'matched')).toBe('1');
    expect(errors).toEqual([]);
  });
});

test("a school's own project offers no Upload Picture Day, and the screen says batches are the studio's", async () => {
  await withSignedInPage(product, DEMO_USERS.school, async (page, errors) => {
    await page.goto(`${product.baseUrl}/projects/${projectId}`);
    await page.getByRole('link', { name: 'Data Summary' }).waitFor();
    expect(await page.getByRole('link', { name: 'Upload Picture Day' }).count()).toBe(0);
    await page.goto(`${product.baseUrl}/projects/${projectId}/picture-day`);
    await page
      .getByTestId('empty-state')
      .getByText('Picture day batches are run by the studio or lab that photographs the school.')
      .waitFor();
    expect(await page.getByRole('button', { name: 'New Batch' }).count()).toBe(0);
    // The screen asked for nothing the school may not read.
    expect(errors).toEqual([]);
  });
});
