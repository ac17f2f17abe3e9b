import type { Locator, Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { eventually } from '../../api/test/support/app.js';
import { makeJpeg, makePng } from '../../api/test/support/images.js';
import { choose, closePage, heading, pathOf } from './helpers.js';
import { type SchoolProject, schoolProject } from './support/factories.js';
import {
  type ApiCall,
  apiAs,
  DEMO_USERS,
  productAndBrowser,
  sharedSignedInPage,
  signedInPage,
  withSignedInPage,
} from './support/server.js';

// Uploads go to the presigned target the server names from PUBLIC_URL, and thumbnails come from it:
// publicHost makes it name the address the browser opens.
const COMPANION_APP_URL = 'https://companion.example.test/';
const product = productAndBrowser({ COMPANION_APP_URL }, { publicHost: '127.0.0.1' });
let projectId: string;

/** Calls to the API as the studio manager; throws on anything but 2xx. */
let api: ApiCall;

let project: SchoolProject;
const addSubject = (values: Record<string, string>) => project.addSubject(values);

beforeAll(async () => {
  ({ api } = await apiAs(product.baseUrl, DEMO_USERS.studio));

  // The demo projects have no template: one with the usual fields and a hidden one, for a demo school.
  project = await schoolProject(product.app, api, {
    name: 'Picture Day 2026',
    template: 'Subjects E2E Template',
    fields: [
      'first_name',
      'last_name',
      'student_id',
      'grade',
      'teacher',
      { field_key: null, label: 'Photographer Notes', visible_to_customers: false },
    ],
    project: { short_code: 'PD26' },
  });
  projectId = project.id;

  await addSubject({
    first_name: 'Ava',
    last_name: 'Adams',
    student_id: 'S-100',
    grade: '3',
    teacher: 'Ms. Lee',
  });
  await addSubject({ first_name: 'Ben', last_name: 'Brown', grade: 'K', teacher: 'Mr. Ng' });
});

const subjectsNav = (page: Page) => page.getByRole('navigation', { name: 'Subjects' });
const cards = (page: Page) => page.getByRole('list', { name: 'Subjects' }).getByTestId('subject-card');

async function cardNames(page: Page): Promise<string[]> {
  await page.getByTestId('subjects-grid').waitFor();
  return cards(page).getByRole('heading', { level: 2 }).allTextContents();
}

async function photoActions(page: Page, n: number, action: string) {
  await page.getByRole('button', { name: `Actions for photo ${n}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

// One studio manager's session through the tests below, which follow on from each other.
const studio = sharedSignedInPage(product);
let subjectPath: string;
let chrisId: string;
let photos: Locator;
let portrait: Locator;
let portraitN: number;

test('a studio manager opens the subjects grid and adds a subject through the form', async () => {
  const { page } = studio;
  await page.goto(`${product.baseUrl}/projects/${projectId}/subjects`);
  await heading(page, 'All Subjects').waitFor();

  // The sub-menu: Upload Subjects opens the companion app in a new tab; Download Subject Directory waits.
  const nav = subjectsNav(page);
  for (const name of ['All Subjects', 'New Subject'])
    await nav.getByRole('link', { name, exact: true }).waitFor();
  const upload = nav.getByRole('link', { name: /Upload Subjects/ });
  expect(await upload.getAttribute('href')).toBe(COMPANION_APP_URL);
  expect(await upload.getAttribute('target')).toBe('_blank');
  expect(await nav.getByRole('link', { name: 'Find Duplicates' }).count()).toBe(1);
  // The project has subjects, so its Subject Directory can be downloaded (layouts area).
  expect(await nav.getByRole('link', { name: 'Download Subject Directory' }).count()).toBe(1);

  // The grid: cards with the display name and the preview (Student ID, Teacher, Grade first).
  expect(await cardNames(page)).toEqual(['Ava Adams', 'Ben Brown']);
  const ava = cards(page).filter({ hasText: 'Ava Adams' });
  expect(await ava.textContent()).toContain('Student ID:S-100');
  expect(await ava.getByRole('img', { name: 'No photo' }).count()).toBe(1);

  // The keyword filter, with the empty state.
  await page.getByLabel('Search').fill('nobody-has-this');
  await page.getByText('There are no subjects to show.').waitFor();
  await page.getByLabel('Search').fill('');
  await page.getByTestId('subjects-grid').waitFor();

  // New Subject through the form (the hidden field is marked for a manager).
  await nav.getByRole('link', { name: 'New Subject' }).click();
  await heading(page, 'New Subject').waitFor();
  expect(await page.getByLabel('Photographer Notes (Hidden)').count()).toBe(1);
  await page.getByLabel('First Name').fill('Chris');
  await page.getByLabel('Last Name').fill('Carter');
  await page.getByLabel('Grade').fill('5');
  await page.getByRole('button', { name: 'Save Subject' }).click();
  await heading(page, 'Chris Carter').waitFor();
  subjectPath = pathOf(page);
  chrisId = subjectPath.split('/').pop()!;
  expect(subjectPath).toBe(`/projects/${projectId}/subjects/${chrisId}`);
  await page.getByText('Subject has no photos.').waitFor();
  const table = page.getByRole('table', { name: 'Subject data' });
  expect(await table.getByRole('row', { name: /Grade/ }).textContent()).toContain('5');
});

test('two photos upload with progress and become the subject’s photos', async () => {
  const { page } = studio;
  // Upload Photos: two files, per-file progress, the button counting them.
  await page.getByRole('link', { name: 'Upload Photos' }).first().click();
  await page.waitForURL((url) => url.pathname === `${subjectPath}/upload`);
  await page.getByTestId('photo-input').setInputFiles([
    { name: 'chris-portrait.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(1200, 1500) },
    {
      name: 'chris-green-screen.png',
      mimeType: 'image/png',
      buffer: await makePng(400, 300, { transparentPixel: true }),
    },
  ]);
  const statuses = page.getByTestId('upload-status');
  expect(await statuses.allTextContents()).toEqual(['Ready to upload', 'Ready to upload']);
  await page.getByRole('button', { name: 'Remove chris-green-screen.png' }).waitFor();
  await page.getByRole('button', { name: 'Upload 2 Photos' }).click();
  await page
    .getByText(/\d+% uploaded/)
    .first()
    .waitFor();

  // Two photos: back to the Info tab, where the thumbnails appear once the server has made them.
  await page.waitForURL((url) => url.pathname === subjectPath);
  photos = page.getByTestId('subject-photo');
  await eventually(async () => (await photos.count()) === 2, 20_000);
  await eventually(async () => (await photos.getByRole('img').count()) === 2, 20_000);
  expect(await photos.filter({ hasText: 'Primary' }).count()).toBe(1);
  // This project's photos (the demo data has photos of its own in another project).
  const rows = await product.app.ctx.db
    .selectFrom('photos')
    .innerJoin('albums', 'albums.id', 'photos.album_id')
    .select(['upload_file_name', 'chroma_key', 'merge_duplicate', 'photos.tags', 'created_by_plic_app_id'])
    .where('albums.parent_resource_id', '=', projectId)
    .orderBy('photos.id')
    .execute();
  expect(rows).toHaveLength(2);
  const byName = Object.fromEntries(rows.map((r) => [r.upload_file_name, r]));
  expect(byName['chris-green-screen.png']?.chroma_key).toBe('processed');
  expect(byName['chris-portrait.jpg']?.chroma_key).toBeNull();
  expect(byName['chris-portrait.jpg']?.merge_duplicate).toBe(true);
  expect(byName['chris-portrait.jpg']?.tags).toEqual(['school-portal']);
  expect(byName['chris-portrait.jpg']?.created_by_plic_app_id).toBe('school-portal');
  const imports = await product.app.ctx.db.selectFrom('project_imports').select('finished_at').execute();
  expect(imports).toHaveLength(1);
  expect(imports[0]?.finished_at).not.toBeNull();
});

test('a photo is cropped, an impossible crop is refused, and the saved crop reloads as saved', async () => {
  const { page } = studio;
  // Crop the portrait: landscape, too far zoomed in is refused, then saved.
  portrait = photos.filter({ hasText: 'chris-portrait.jpg' });
  portraitN = (await photos.allTextContents()).findIndex((text) => text.includes('chris-portrait.jpg')) + 1;
  await photoActions(page, portraitN, 'Crop Photo');
  await heading(page, 'Crop Photo').waitFor();
  await page.getByTestId('cropper').waitFor();
  await page.getByRole('button', { name: 'Landscape 10x8' }).click();
  const zoom = page.getByRole('slider', { name: 'Zoom' });
  await zoom.focus();
  await page.keyboard.press('End');
  await page.getByText('Invalid dimensions').waitFor();
  const save = page.getByRole('button', { name: 'Save Crop & Finish' });
  expect(await save.isDisabled()).toBe(true);
  await page.keyboard.press('Home');
  await page.getByText('Invalid dimensions').waitFor({ state: 'detached' });
  await save.click();
  await page.waitForURL((url) => url.pathname === subjectPath);
  await portrait.getByText('Cropped').waitFor();
  const crop = await product.app.ctx.db
    .selectFrom('photo_crops')
    .selectAll()
    .where('is_default', '=', true)
    // The demo's photos are checked at seed and carry auto crops of their own: the one saved here.
    .where('source', '=', 'manual')
    .executeTakeFirstOrThrow();
  expect(crop.name).toBe('School Portal 8x10');
  // Landscape 10x8 across a 1200x1500 portrait: the whole width, 1200 / 1.25 / 1500 of the height.
  expect(crop.width).toBeCloseTo(1, 2);
  expect(crop.height).toBeCloseTo(0.64, 2);

  // The saved crop is where the cropper starts again.
  await photoActions(page, portraitN, 'Crop Photo');
  await heading(page, 'Crop Photo').waitFor();
  await page.getByTestId('cropper').waitFor();
  expect(await page.getByRole('button', { name: 'Landscape 10x8' }).getAttribute('aria-pressed')).toBe(
    'true',
  );
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL((url) => url.pathname === subjectPath);
});

test('the yearbook photo is set, and a failed save restores the flag', async () => {
  const { page } = studio;
  // Yearbook: the flag moves, and that action is then disabled on that photo.
  await photoActions(page, portraitN, 'Assign as Yearbook Photo');
  await portrait.getByText('Yearbook', { exact: true }).waitFor();
  await eventually(async () => {
    const row = await product.app.ctx.db
      .selectFrom('subjects')
      .select('yearbook_photo_id')
      .where('id', '=', chrisId)
      .executeTakeFirstOrThrow();
    return row.yearbook_photo_id !== null;
  });
  await page.getByRole('button', { name: `Actions for photo ${portraitN}` }).click();
  expect(
    await page.getByRole('menuitem', { name: 'Assign as Yearbook Photo' }).getAttribute('aria-disabled'),
  ).toBe('true');
  await page.keyboard.press('Escape');

  // A failed save puts the flag back and says so (subjects.save-failed).
  await page.route(`**/api/subjects/${chrisId}`, (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal"}' })
      : route.continue(),
  );
  const otherN = portraitN === 1 ? 2 : 1;
  await photoActions(page, otherN, 'Assign as Yearbook Photo');
  await page
    .getByText('The subject could not be saved, so the yearbook photo was not changed.', { exact: false })
    .waitFor();
  await portrait.getByText('Yearbook', { exact: true }).waitFor();
  expect(await photos.getByText('Yearbook', { exact: true }).count()).toBe(1);
  await page.unroute(`**/api/subjects/${chrisId}`);
  // A failure's notice stays until it is closed, as a person would close it: the next test shares this
  // page, and the notice at the foot of the window can lie over a menu opened there.
  await page
    .getByRole('alert')
    .filter({ hasText: 'could not be saved' })
    .getByRole('button', { name: 'Close notification' })
    .click();
  await eventually(async () => (await page.getByTestId('notification').count()) === 0);
});

test('the grid filters Without Images and by a field, and selects a page, all and filter results', async () => {
  const { page } = studio;
  // The grid: Without Images leaves the subjects without photos; select that page.
  await subjectsNav(page).getByRole('link', { name: 'All Subjects' }).click();
  await heading(page, 'All Subjects').waitFor();
  await eventually(
    async () =>
      (await cards(page)
        .filter({ hasText: 'Chris Carter' })
        .getByRole('img', { name: 'Photo of Chris Carter' })
        .count()) === 1,
    20_000,
  );
  await choose(page, 'Images', 'Without Images');
  await page.waitForFunction(() => new URLSearchParams(window.location.search).get('images') === 'without');
  await eventually(async () => (await cardNames(page)).join('|') === 'Ava Adams|Ben Brown');
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Select Page' }).click();
  await page.getByText('2 subjects selected').waitFor();
  expect(await page.getByRole('checkbox', { name: 'Select Ava Adams' }).isChecked()).toBe(true);
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Select All' }).click();
  await page.getByText('3 subjects selected').waitFor();
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Exclude Filter Results' }).click();
  await page.getByText('1 subject selected').waitFor();
  await choose(page, 'Images', 'With Images');
  await eventually(async () => (await cardNames(page)).join('|') === 'Chris Carter');
  expect(await page.getByRole('checkbox', { name: 'Select Chris Carter' }).isChecked()).toBe(true);

  // A field filter: Grade is K.
  await choose(page, 'Images', 'Any');
  await choose(page, 'Field 1', 'Grade');
  const value = page.getByRole('combobox', { name: 'Value 1' });
  await value.click();
  await page.getByRole('option', { name: 'K', exact: true }).click();
  await eventually(async () => (await cardNames(page)).join('|') === 'Ben Brown');
  await value.click();
  await page.getByRole('option', { name: 'Blank', exact: true }).click();
  await page.getByText('There are no subjects to show.').waitFor();
  await value.click();
  await page.getByRole('option', { name: 'Any', exact: true }).click();
  await eventually(async () => (await cards(page).count()) === 3);

  // Sorting: by the Grade field (K first), and by reverse full name descending.
  await choose(page, 'Sort By', 'Grade');
  await eventually(async () => (await cardNames(page)).join('|') === 'Ben Brown|Ava Adams|Chris Carter');
  await choose(page, 'Sort By', 'Reverse Full Name');
  await choose(page, 'Direction', 'Descending');
  await eventually(async () => (await cardNames(page)).join('|') === 'Chris Carter|Ben Brown|Ava Adams');

  // Added Since a moment nobody has been added yet, then Reset.
  const tomorrow = await page.evaluate(() => {
    const d = new Date(Date.now() + 24 * 60 * 60 * 1000);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  await page.getByLabel('Added Since Date').fill(tomorrow);
  await page.getByLabel('Time', { exact: true }).fill('08:30');
  await page.waitForFunction(
    (since) => new URLSearchParams(window.location.search).get('since') === since,
    `${tomorrow}T08:30`,
  );
  await page.getByText('There are no subjects to show.').waitFor();
  await page.getByRole('button', { name: 'Reset Added Since' }).click();
  await eventually(async () => (await cards(page).count()) === 3);
});

test('one photo without a crop opens the cropper after its upload', async () => {
  const subjectId = await addSubject({ first_name: 'Dana', last_name: 'Diaz' });
  await withSignedInPage(product, DEMO_USERS.studio, async (page) => {
    await page.goto(`${product.baseUrl}/projects/${projectId}/subjects/${subjectId}/upload`);
    await heading(page, 'Dana Diaz').waitFor();
    await page
      .getByTestId('photo-input')
      .setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') }]);
    await page.getByText('Only PNG and JPEG images can be uploaded.').waitFor();
    expect(await page.getByRole('button', { name: 'Upload 0 Photos' }).isDisabled()).toBe(true);
    await page
      .getByTestId('photo-input')
      .setInputFiles([{ name: 'dana.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(900, 1200) }]);
    await page.getByRole('button', { name: 'Upload 1 Photo' }).click();
    await page.waitForURL((url) => /\/photos\/\d+\/crop$/.test(url.pathname));
    await heading(page, 'Crop Photo').waitFor();
    await page.getByTestId('cropper').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Save Crop & Finish' }).click();
    await page.waitForURL((url) => url.pathname === `/projects/${projectId}/subjects/${subjectId}`);
    await page.getByTestId('subject-photo').getByText('Primary').waitFor();
  });
});

test('a damaged file is refused with a clear message on that file and not retried', async () => {
  const subjectId = await addSubject({ first_name: 'Eli', last_name: 'Evans' });
  await withSignedInPage(product, DEMO_USERS.studio, async (page) => {
    // Verify is a job: the page asks again while the photo is verifying (202), then gets the refusal.
    let verifies = 0;
    let refusals = 0;
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && request.url().endsWith('/verify')) verifies += 1;
    });
    page.on('response', (response) => {
      const request = response.request();
      if (request.method() === 'PATCH' && request.url().endsWith('/verify') && response.status() === 422)
        refusals += 1;
    });
    await page.goto(`${product.baseUrl}/projects/${projectId}/subjects/${subjectId}/upload`);
    await heading(page, 'Eli Evans').waitFor();
    const whole = await makeJpeg(600, 800);
    await page.getByTestId('photo-input').setInputFiles([
      {
        name: 'broken.jpg',
        mimeType: 'image/jpeg',
        buffer: whole.subarray(0, Math.floor(whole.length / 3)),
      },
    ]);
    await page.getByRole('button', { name: 'Upload 1 Photo' }).click();
    await page.getByText(/^The file (is damaged or incomplete|could not be read as an image)\.$/).waitFor();
    await page.getByText('No photo could be uploaded.').waitFor();
    // Refused once, and not asked again after the refusal.
    expect(refusals).toBe(1);
    const asked = verifies;
    await page.waitForTimeout(1000);
    expect(verifies).toBe(asked);
    expect(pathOf(page)).toBe(`/projects/${projectId}/subjects/${subjectId}/upload`);
  });
});

test('after a batch upload the last file in the chosen order is the primary photo', async () => {
  const db = product.app.ctx.db;
  const subject = await db
    .selectFrom('subjects as s')
    .innerJoin('projects as p', 'p.id', 's.project_id')
    .select(['s.id', 's.project_id'])
    .where('p.name', '=', 'Riverside Fall 2026')
    .orderBy('s.id', 'desc')
    .executeTakeFirstOrThrow();
  const page = await signedInPage(product.browser, product.baseUrl, DEMO_USERS.studio);
  // The last file's upload is verified first, the others later: whichever finishes last must not win.
  await page.route('**/api/photos/*/verify', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { photo: { upload_file_name: string } };
    if (body.photo.upload_file_name !== 'c-last.jpg') await new Promise((r) => setTimeout(r, 1500));
    await route.fulfill({ response, json: body });
  });
  const subjectPath = `/projects/${subject.project_id}/subjects/${subject.id}`;
  await page.goto(`${product.baseUrl}${subjectPath}/upload`);
  await page.getByTestId('photo-input').setInputFiles([
    { name: 'a-first.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(640, 800) },
    { name: 'b-middle.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(600, 750) },
    { name: 'c-last.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(480, 600) },
  ]);
  await page.getByRole('button', { name: 'Upload 3 Photos' }).click();
  await page.waitForURL((url) => url.pathname === subjectPath, { timeout: 30_000 });
  const assigned = await db
    .selectFrom('subject_photo_assignments as a')
    .innerJoin('photos as ph', 'ph.id', 'a.photo_id')
    .select(['ph.upload_file_name', 'a.is_primary'])
    .where('a.subject_id', '=', subject.id)
    .orderBy('ph.upload_file_name')
    .execute();
  expect(assigned).toEqual([
    { upload_file_name: 'a-first.jpg', is_primary: false },
    { upload_file_name: 'b-middle.jpg', is_primary: false },
    { upload_file_name: 'c-last.jpg', is_primary: true },
  ]);
  await page.getByTestId('subject-photo').filter({ hasText: 'Primary' }).waitFor();
  await closePage(page);
});
