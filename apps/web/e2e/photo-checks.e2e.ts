import { createRequire } from 'node:module';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { eventually } from '../../api/test/support/app.js';
import { makeJpeg } from '../../api/test/support/images.js';
import { choose, closePage, heading, navLink, pathOf } from './helpers.js';
import { type SchoolProject, schoolProject } from './support/factories.js';
import { type ApiCall, apiAs, DEMO_USERS, productAndBrowser, signedInPage } from './support/server.js';

// Photo checks from end to end, as a studio meets them after picture day: real photographs (the samples
// inside @vladmandic/human's package, read from node_modules, never copied into the repository) and a
// photo without a face are uploaded; the checks job flags the exceptions; a studio manager reviews them
// on the Photo Checks screen (flags, the auto crop drawn on the thumbnail, filters by flag and class,
// accept, retake, adjust the crop) and sees the counts on the dashboard; a school sees the flags but none
// of the changes.

// Uploads go to the presigned target the server names from PUBLIC_URL, and thumbnails come from it.
const product = productAndBrowser({}, { publicHost: '127.0.0.1' });
let api: ApiCall;
let project: SchoolProject;

const require = createRequire(import.meta.url);
const ASSETS = path.resolve(path.dirname(require.resolve('@vladmandic/human')), '../assets');

/**
 * A studio portrait: the face of the package's "faceid" screenshot set in a larger frame (its edges drawn
 * out) and enlarged, as apps/api/test/photo-checks.test.ts makes it (there it is checked to raise no flag).
 */
async function portrait(): Promise<Buffer> {
  const face = await sharp(path.join(ASSETS, 'screenshot-faceid.jpg'))
    .extract({ left: 15, top: 144, width: 135, height: 126 })
    .toBuffer();
  const framed = await sharp(face)
    .extend({ top: 150, bottom: 120, left: 110, right: 110, extendWith: 'copy' })
    .toBuffer();
  return sharp(framed)
    .resize({ width: (135 + 220) * 5, kernel: 'lanczos3' })
    .jpeg({ quality: 92 })
    .toBuffer();
}

const NO_FACE = 'No face was found: the photo keeps a centred crop.';

interface Person {
  first_name: string;
  last_name: string;
  grade: string;
  teacher: string;
}
const AVA: Person = { first_name: 'Ava', last_name: 'Adams', grade: '3', teacher: 'Ms. Lee' };
const BEN: Person = { first_name: 'Ben', last_name: 'Brown', grade: '3', teacher: 'Ms. Lee' };
const CLEO: Person = { first_name: 'Cleo', last_name: 'Cole', grade: '4', teacher: 'Mr. Ng' };
const DAN: Person = { first_name: 'Dan', last_name: 'Diaz', grade: '4', teacher: 'Mr. Ng' };
const fullName = (p: Person) => `${p.first_name} ${p.last_name}`;
const photoIds = new Map<Person, string>();

/** A subject's primary photo through the browser's flow (record, bytes to the presigned form, verify). */
async function uploadPrimary(albumId: string, subjectId: string, bytes: Buffer, name: string) {
  const { photo } = await api<{
    photo: { id: string; presigned_post: { url: string; fields: Record<string, string> } };
  }>(`/api/albums/${albumId}/photos`, 'POST', {
    photo: {
      upload_file_name: name,
      upload_file_size: bytes.length,
      upload_content_type: 'image/jpeg',
      subject_ids: [subjectId],
    },
  });
  const form = new FormData();
  for (const [k, v] of Object.entries(photo.presigned_post.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const stored = await fetch(new URL(photo.presigned_post.url, product.baseUrl), {
    method: 'POST',
    body: form,
  });
  expect(stored.status).toBe(204);
  await eventually(
    async () =>
      (await api<{ photo: { verification_state: string } }>(`/api/photos/${photo.id}/verify`, 'PATCH')).photo
        .verification_state === 'verified',
    30_000,
  );
  await api('/api/subject-photo-assignments', 'POST', {
    subject_photo_assignment: { subject_id: subjectId, photo_id: photo.id, is_primary: true },
  });
  return photo.id;
}

beforeAll(async () => {
  ({ api } = await apiAs(product.baseUrl, DEMO_USERS.studio));
  project = await schoolProject(product.app, api, {
    name: 'Portraits 2026',
    template: 'Photo Checks E2E Template',
    fields: ['first_name', 'last_name', 'grade', 'teacher'],
  });
  const { album } = await api<{ album: { id: string } }>('/api/albums', 'POST', {
    album: {
      name: 'School Portal Subject Photos',
      tags: ['school-portal', 'subject-photos'],
      parent_resource_type: 'Project',
      parent_resource_id: project.id,
    },
  });
  const sharpPortrait = await portrait();
  const photos: [Person, Buffer][] = [
    // Sharp, one face: no flag, so never on the review.
    [AVA, sharpPortrait],
    // Nothing but noise: no face.
    [BEN, await makeJpeg(900, 1100)],
    // The package's row of faces: several faces.
    [CLEO, await sharp(path.join(ASSETS, 'screenshot-facedetect.jpg')).jpeg().toBuffer()],
    // A blurred copy of the portrait: flagged, with its face found and its auto crop made.
    [DAN, await sharp(sharpPortrait).blur(5).jpeg().toBuffer()],
  ];
  for (const [person, bytes] of photos) {
    const subjectId = await project.addSubject({ ...person });
    photoIds.set(person, await uploadPrimary(album.id, subjectId, bytes, `${person.first_name}.jpg`));
  }
  // The checks job has looked at every photo.
  await eventually(async () => {
    const rows = await product.app.ctx.db
      .selectFrom('photos')
      .select('id')
      .where('id', 'in', [...photoIds.values()])
      .where('checked_at', 'is not', null)
      .execute();
    return rows.length === photos.length;
  }, 90_000);
}, 180_000);

let page: Page;
afterAll(async () => {
  if (page) await closePage(page);
});

const reviewPath = () => `/projects/${project.id}/photo-checks`;
const cards = (p: Page) => p.getByTestId('photo-check');
const cardOf = (p: Page, person: Person) => cards(p).filter({ hasText: fullName(person) });
const namesShown = async (p: Page) =>
  (await cards(p).getByRole('heading').allTextContents()).map((name) => name.trim()).sort();
/** Waits until the review shows exactly these people's photos. */
async function showsOnly(p: Page, people: Person[]) {
  const expected = people.map(fullName).sort();
  await eventually(async () => JSON.stringify(await namesShown(p)) === JSON.stringify(expected), 15_000);
  expect(await namesShown(p)).toEqual(expected);
}
/** The blurred portrait's 8x10 auto crop as the review list gives it. */
let autoCrop: { x: number; y: number; width: number } | null | undefined;
const flagsOf = async (card: Locator) =>
  card.getByTestId('photo-check-flags').getByRole('listitem').allTextContents();

test('the review shows only the flagged photos, with their flags and the auto crop drawn', async () => {
  page = await signedInPage(product.browser, product.baseUrl, DEMO_USERS.studio);
  await page.goto(`${product.baseUrl}/projects/${project.id}`);
  await navLink(page, 'Project', 'Photo checks').click();
  await page.waitForURL((url) => url.pathname === reviewPath());
  await heading(page, 'Photo Checks').waitFor();
  await showsOnly(page, [BEN, CLEO, DAN]);

  // The flags in the API's words.
  expect(await flagsOf(cardOf(page, BEN))).toEqual([NO_FACE]);
  expect((await flagsOf(cardOf(page, CLEO))).join(' ')).toMatch(/faces were found/);
  expect((await flagsOf(cardOf(page, DAN))).join(' ')).toMatch(/blur/i);

  // The blurred portrait's auto crop and face are drawn where the API puts them; no face, no boxes.
  const { photo_checks: listed } = await api<{
    photo_checks: { photo_id: string; auto_crop: { x: number; y: number; width: number } | null }[];
  }>(`/api/projects/${project.id}/photo-checks`);
  autoCrop = listed.find((c) => c.photo_id === photoIds.get(DAN))?.auto_crop;
  expect(autoCrop).toBeTruthy();
  const dan = cardOf(page, DAN);
  await dan.getByRole('img', { name: `Photo of ${fullName(DAN)}` }).waitFor();
  const image = await dan.getByRole('img').boundingBox();
  const frame = await dan.getByTestId('auto-crop-box').boundingBox();
  expect(image && frame).toBeTruthy();
  expect(Math.abs((frame!.x - image!.x) / image!.width - autoCrop!.x)).toBeLessThan(0.02);
  expect(Math.abs((frame!.y - image!.y) / image!.height - autoCrop!.y)).toBeLessThan(0.02);
  expect(Math.abs(frame!.width / image!.width - autoCrop!.width)).toBeLessThan(0.02);
  expect(await dan.getByTestId('face-box').count()).toBe(1);
  expect(await cardOf(page, BEN).getByTestId('auto-crop-box').count()).toBe(0);
  expect(await cardOf(page, BEN).getByTestId('face-box').count()).toBe(0);
}, 60_000);

test('filters by flag and by class', async () => {
  await choose(page, 'Flag', 'No face');
  await showsOnly(page, [BEN]);
  expect(new URL(page.url()).searchParams.get('code')).toBe('no_face');
  await choose(page, 'Flag', 'Any flag');
  await showsOnly(page, [BEN, CLEO, DAN]);
  await choose(page, 'Class', 'Mr. Ng');
  await showsOnly(page, [CLEO, DAN]);
  await choose(page, 'Class', '3');
  await showsOnly(page, [BEN]);
  await choose(page, 'Class', 'Any class');
  await showsOnly(page, [BEN, CLEO, DAN]);
});

test('mark a retake, accept a photo, adjust a crop', async () => {
  // Retake needed: the photo leaves the photos to review for the retakes (which Camera Cards print).
  await cardOf(page, BEN).getByRole('button', { name: 'Retake needed' }).click();
  await showsOnly(page, [CLEO, DAN]);
  await choose(page, 'Show', 'Retake needed');
  await showsOnly(page, [BEN]);
  await cardOf(page, BEN).getByText('Retake needed', { exact: true }).waitFor();
  const ben = await product.app.ctx.db
    .selectFrom('photos')
    .select(['retake_needed', 'checks'])
    .where('id', '=', photoIds.get(BEN)!)
    .executeTakeFirstOrThrow();
  expect(ben.retake_needed).toBe(true);

  // Accept: the several faces are fine for this one; it leaves the review, its flags kept.
  await choose(page, 'Show', 'To review');
  await showsOnly(page, [CLEO, DAN]);
  await cardOf(page, CLEO).getByRole('button', { name: 'Accept' }).click();
  await showsOnly(page, [DAN]);
  await choose(page, 'Show', 'Accepted');
  await showsOnly(page, [CLEO]);
  expect((await flagsOf(cardOf(page, CLEO))).join(' ')).toMatch(/faces were found/);
  expect(await cardOf(page, CLEO).getByRole('button', { name: 'Reopen' }).count()).toBe(1);
  await choose(page, 'Show', 'To review');
  await showsOnly(page, [DAN]);

  // Adjust crop: the cropper opens at the auto crop; saving makes a person's crop, and leads back here.
  const before = page.url();
  await cardOf(page, DAN).getByRole('link', { name: 'Adjust crop' }).click();
  await heading(page, 'Crop Photo').waitFor();
  await page.getByRole('button', { name: /Save/ }).click();
  await page.waitForURL((url) => url.href === before);
  await cardOf(page, DAN).getByText('Cropped by hand').waitFor();
  const crops = await product.app.ctx.db
    .selectFrom('photo_crops')
    .select(['source', 'is_default', 'x', 'y', 'width'])
    .where('photo_id', '=', photoIds.get(DAN)!)
    .execute();
  const saved = crops.filter((c) => c.is_default);
  expect(saved.map((c) => [c.source, c.is_default])).toEqual([['manual', true]]);
  // Saved untouched, the person's crop is the auto crop the cropper started from.
  expect(Math.abs(saved[0]!.x - autoCrop!.x)).toBeLessThan(0.02);
  expect(Math.abs(saved[0]!.y - autoCrop!.y)).toBeLessThan(0.02);
  expect(Math.abs(saved[0]!.width - autoCrop!.width)).toBeLessThan(0.02);
}, 60_000);

test('the dashboard counts the checks and leads to the review', async () => {
  await page.goto(`${product.baseUrl}/projects/${project.id}`);
  const summary = page.getByTestId('photo-checks-summary');
  const count = (key: string) => summary.getByTestId(`photo-checks-count-${key}`).locator('dd');
  await eventually(async () => (await count('checked').textContent()) === '4', 10_000);
  expect({
    checked: await count('checked').textContent(),
    flagged: await count('flagged_open').textContent(),
    retakes: await count('retakes').textContent(),
    autoCropped: await count('auto_cropped').textContent(),
    centred: await count('centred_no_face').textContent(),
  }).toEqual({ checked: '4', flagged: '1', retakes: '1', autoCropped: '2', centred: '2' });
  await summary.getByRole('link', { name: 'Review photo checks' }).click();
  await page.waitForURL((url) => url.pathname === reviewPath());
});

test('the retakes are chosen for Camera Cards in the print wizard by the Images filter', async () => {
  await page.goto(`${product.baseUrl}/projects/${project.id}/layouts`);
  await choose(page, 'Choose Category', 'Camera Cards');
  await page.getByTestId('layout-card').first().getByRole('link', { name: 'Select Layout' }).click();
  await page.getByRole('button', { name: 'Select Subjects' }).click();
  const step = page.getByTestId('select-subjects-step');
  await step.waitFor();
  const names = () => step.getByTestId('subject-card').getByRole('heading', { level: 2 }).allTextContents();
  await eventually(async () => (await names()).length === 4, 15_000);
  await choose(page, 'Images', 'Retake Needed');
  await page.waitForFunction(() => new URLSearchParams(window.location.search).get('images') === 'retake');
  await eventually(async () => (await names()).join('|') === fullName(BEN), 15_000);
  // Everyone is chosen at first: none, then the filter's results.
  for (const action of ['Exclude All', 'Select Filter Results']) {
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await page.getByRole('menuitem', { name: action }).click();
  }
  await page.getByTestId('selected-count').getByText('1 subject selected').waitFor();
});

test('the head-size rule is saved on the project and the auto crops made again', async () => {
  await page.goto(`${product.baseUrl}${reviewPath()}`);
  const form = page.getByRole('form', { name: 'Head size' });
  const share = form.getByRole('spinbutton', { name: 'Head height (share of the frame)' });
  await share.fill('0.95');
  await share.blur();
  await form.getByText(/must be at most 0.9/i).waitFor();
  await share.fill('0.6');
  await form.getByRole('button', { name: 'Save and Recrop' }).click();
  await page.getByText('The auto crops are being made again.').waitFor();
  const saved = await product.app.ctx.db
    .selectFrom('projects')
    .select(['head_size_share', 'eye_line_from_top'])
    .where('id', '=', project.id)
    .executeTakeFirstOrThrow();
  expect([saved.head_size_share, saved.eye_line_from_top]).toEqual([0.6, 0.4]);
});

test('a school sees its flags but neither accepts nor marks retakes', async () => {
  const school = await signedInPage(product.browser, product.baseUrl, DEMO_USERS.school);
  await school.goto(`${product.baseUrl}${reviewPath()}?state=retake`);
  await heading(school, 'Photo Checks').waitFor();
  await showsOnly(school, [BEN]);
  expect(await flagsOf(cardOf(school, BEN))).toEqual([NO_FACE]);
  // No Accept, no retake mark (the studio's); a crop by hand stays the school's (photo.crop).
  expect(await cardOf(school, BEN).getByRole('button').count()).toBe(0);
  expect(await cardOf(school, BEN).getByRole('link', { name: 'Adjust crop' }).count()).toBe(1);
  expect(await school.getByRole('form', { name: 'Head size' }).count()).toBe(0);
  expect(pathOf(school)).toBe(reviewPath());
  await closePage(school);
});
