import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { makeJpeg } from '../../api/test/support/images.js';
import { subjectWithPhoto } from '../../api/test/support/project-data.js';
import { navLink } from './helpers.js';
import { type SchoolProject, schoolProject } from './support/factories.js';
import {
  type ApiCall,
  apiAs,
  DEMO_USERS,
  productAndBrowser,
  sharedSignedInPage,
  withSignedInPage,
} from './support/server.js';

const product = productAndBrowser({}, { publicHost: '127.0.0.1' });
/** The studio manager's page, each test going on from where the one before left it. */
const studio = sharedSignedInPage(product);
let token: string;
let api: ApiCall;
let projectId: string;
const fieldIds: Record<string, string> = {};
const ids: Record<string, string> = {};

let project: SchoolProject;

async function addSubject(label: string, values: Record<string, string>) {
  ids[label] = await project.addSubject(values);
}

beforeAll(async () => {
  ({ token, api } = await apiAs(product.baseUrl));
  project = await schoolProject(product.app, api, {
    name: 'Duplicates Day',
    template: 'Duplicates E2E Template',
    fields: ['first_name', 'last_name', 'student_id', 'grade'],
  });
  projectId = project.id;
  Object.assign(fieldIds, project.fieldIds);
  await addSubject('ava1', { first_name: 'Ava', last_name: 'Smith', student_id: '00123', grade: '3' });
  await addSubject('ben', { first_name: 'Ben', last_name: 'Lee', student_id: '00200', grade: 'K' });
  await addSubject('ava2', { first_name: 'ava', last_name: 'Smith ', student_id: '00123', grade: '3' });
  await addSubject('cy', { first_name: 'Cy', last_name: 'Park', student_id: '', grade: '' });
}, 120_000);

const authorized = () => ({ Authorization: `Bearer ${token}`, 'X-App-Slug': 'school-portal' });

const result = async (p: Page) =>
  JSON.parse((await p.getByTestId('selection-result').getAttribute('data-selection'))!) as {
    included_subject_ids: string[];
    excluded_subject_ids: string[];
  };

test('a user finds the two "Ava Smith 00123" subjects, keeps one, and the selection excludes the other', async () => {
  const { page } = studio;
  await page.goto(`${product.baseUrl}/projects/${projectId}/subjects`);
  await navLink(page, 'Subjects', 'Find Duplicates').click();
  await page.getByRole('heading', { level: 1, name: 'Find Duplicates' }).waitFor();

  // Select Subjects: everything by default, counted by the server.
  const step1 = page.getByTestId('select-subjects-step');
  await step1.getByTestId('selected-count').getByText('4 subjects selected').waitFor();
  await page.getByTestId('wizard-actions').getByRole('button', { name: 'Next' }).click();

  // Check for Duplicate Subjects: chips for the default fields, one group of the two Avas.
  const chips = page.getByRole('group', { name: 'Fields to match' });
  for (const name of ['First Name', 'Last Name', 'Student ID'])
    await chips.getByText(name, { exact: true }).waitFor();
  const groups = page.getByTestId('duplicate-group');
  await groups.first().waitFor();
  expect(await groups.count()).toBe(1);
  const members = groups.first().getByTestId('duplicate-subject');
  expect(await members.count()).toBe(2);
  expect(await groups.first().getByRole('heading', { level: 3 }).textContent()).toContain(
    'Student ID: 00123',
  );

  // Keep the first: the second is excluded from the selection that results.
  await members.nth(0).getByRole('radio').check();
  await members.nth(1).getByText('Excluded').waitFor();
  await expect.poll(async () => (await result(page!)).excluded_subject_ids).toEqual([ids.ava2]);

  // Keep all: nobody excluded; turning it off clears the choice.
  const keepAll = groups.first().getByRole('switch', { name: 'Keep all' });
  await keepAll.check();
  await expect.poll(async () => (await result(page!)).excluded_subject_ids).toEqual([]);
  await keepAll.uncheck();
  expect(await members.nth(0).getByRole('radio').isChecked()).toBe(false);
  expect((await result(page)).excluded_subject_ids).toEqual([]);

  // Keep the second instead: the first is excluded.
  await members.nth(1).getByRole('radio').check();
  await expect.poll(async () => (await result(page!)).excluded_subject_ids).toEqual([ids.ava1]);

  // Matching on Student ID alone still finds them; on Grade too (both "3"), never on the blank one.
  await chips.getByRole('button', { name: 'First Name', exact: true }).press('Delete');
  await chips.getByRole('button', { name: 'Last Name', exact: true }).press('Delete');
  await expect.poll(async () => groups.count()).toBe(1);

  // Back on Select Subjects, excluding one of them leaves no duplicates.
  await page.getByTestId('wizard-actions').getByRole('button', { name: 'Back' }).click();
  await step1.getByTestId('subject-card').first().waitFor();
  await step1
    .getByRole('checkbox', { name: /Ava Smith/ })
    .last()
    .uncheck();
  await step1.getByTestId('selected-count').getByText('3 subjects selected').waitFor();
  await page.getByTestId('wizard-actions').getByRole('button', { name: 'Next' }).click();
  await page.getByText('No duplicates found.').waitFor();
}, 120_000);

test('from a group the studio opens a subject, or deletes the extra one', async () => {
  const { page } = studio;
  await page.goto(`${product.baseUrl}/projects/${projectId}/subjects/find-duplicates`);
  await page
    .getByTestId('select-subjects-step')
    .getByTestId('selected-count')
    .getByText('4 subjects selected')
    .waitFor();
  await page.getByTestId('wizard-actions').getByRole('button', { name: 'Next' }).click();
  const members = page.getByTestId('duplicate-group').first().getByTestId('duplicate-subject');
  await members.first().waitFor();
  expect(await members.nth(0).getByRole('link', { name: 'Open' }).getAttribute('href')).toBe(
    `/projects/${projectId}/subjects/${ids.ava1}`,
  );
  await members.nth(1).getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Subject' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText('No duplicates found.').waitFor();
  const gone = await fetch(`${product.baseUrl}/api/subjects/${ids.ava2}`, { headers: authorized() });
  expect(gone.status).toBe(404);
}, 120_000);

test('Keep on Find Duplicates merges: confirmed, the other is gone and the kept subject has its photo and values', async () => {
  const db = product.app.ctx.db;
  const album = await db
    .insertInto('albums')
    .values({ name: 'Picture Day', parent_resource_type: 'Project', parent_resource_id: projectId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const at = { projectId, albumId: album.id, fields: fieldIds };
  const keptId = await subjectWithPhoto(product.app, at, {
    first_name: 'Eve',
    last_name: 'Moss',
    student_id: '00300',
    grade: '',
  });
  const mergedId = await subjectWithPhoto(
    product.app,
    at,
    { first_name: 'Eve', last_name: 'Moss', student_id: '00300', grade: '5' },
    {
      bytes: await makeJpeg(60, 80),
      width: 60,
      height: 80,
      crop: { name: 'Default', x: 0, y: 0, width: 1, height: 1 },
    },
  );
  const photo = await db
    .selectFrom('subject_photo_assignments')
    .select('photo_id')
    .where('subject_id', '=', mergedId)
    .executeTakeFirstOrThrow();

  const { page } = studio;
  await page.goto(`${product.baseUrl}/projects/${projectId}/subjects/find-duplicates`);
  await page.getByTestId('select-subjects-step').getByTestId('selected-count').waitFor();
  await page.getByTestId('wizard-actions').getByRole('button', { name: 'Next' }).click();
  const groups = page.getByTestId('duplicate-group');
  await groups.first().waitFor();
  expect(await groups.count()).toBe(1);
  const members = groups.first().getByTestId('duplicate-subject');
  // Keep the first (no photo, no grade): the other is excluded, and the kept one offers the merge.
  await members.nth(0).getByRole('radio', { name: 'Keep Eve Moss' }).check();
  await members.nth(1).getByText('Excluded').waitFor();
  await members.nth(0).getByRole('button', { name: 'Merge' }).click();
  const dialog = page.getByRole('dialog', { name: 'Merge Duplicates' });
  await dialog.getByText('Only a new import can bring it back.', { exact: false }).waitFor();
  await dialog.getByRole('button', { name: 'Merge' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText('1 subject merged into Eve Moss.').waitFor();
  await page.getByText('No duplicates found.').waitFor();

  expect((await fetch(`${product.baseUrl}/api/subjects/${mergedId}`, { headers: authorized() })).status).toBe(
    404,
  );
  const kept = await api<{ subject: { properties: Record<string, string>; photos: { id: string }[] } }>(
    `/api/subjects/${keptId}?include_photos=true`,
  );
  expect(kept.subject.photos.map((p) => p.id)).toEqual([photo.photo_id]);
  expect(kept.subject.properties[fieldIds.grade!]).toBe('5');
}, 120_000);

test('Find Duplicates of a project that is not there says "Project not found."', async () => {
  await withSignedInPage(product, DEMO_USERS.studio, async (other) => {
    await other.goto(`${product.baseUrl}/projects/999999999/subjects/find-duplicates`);
    // The project area answers before the page does; either way the screen says so.
    await other.getByText('Project not found.').first().waitFor();
  });
}, 60_000);
