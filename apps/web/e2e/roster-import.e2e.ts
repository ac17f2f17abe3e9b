import { beforeAll, expect, test } from 'vitest';
import { navLink } from './helpers.js';
import { schoolProject } from './support/factories.js';
import { applyImport, checkImport, importedSubjectsText } from './support/import-roster.js';
import { type ApiCall, apiAs, DEMO_USERS, productAndBrowser, sharedSignedInPage } from './support/server.js';

const product = productAndBrowser({}, { publicHost: '127.0.0.1' });
/** The studio manager's page, each test going on from where the one before left it. */
const studioPage = sharedSignedInPage(product);
let projectId: string;

const ROSTER =
  'Student Number,First Name,Last_Name,Grade Level,Homeroom Teacher\n00101,Ava,Nguyen,3,Ms. Park\n00102,Ben,Okafor,4,Mr. Diaz\n00103,Zoë,Martin,5,Ms. Lee\n';
// Ben's teacher changes; nothing else does.
const EDITED = ROSTER.replace('00102,Ben,Okafor,4,Mr. Diaz', '00102,Ben,Okafor,4,Ms. Rivera');

/** The studio manager's and the school's API callers (set up through the API before the browser). */
let studio: ApiCall;
let school: ApiCall;

beforeAll(async () => {
  ({ api: studio } = await apiAs(product.baseUrl, DEMO_USERS.studio));
  ({ api: school } = await apiAs(product.baseUrl, DEMO_USERS.school));
  projectId = (
    await schoolProject(product.app, studio, {
      name: 'Roster Day 2026',
      template: 'Roster E2E Template',
      fields: ['student_id', 'first_name', 'last_name', 'grade', 'teacher'],
    })
  ).id;

  // The studio asks for the roster; the school sends it for that request.
  const { attachment_request: request } = await studio<{ attachment_request: { id: string } }>(
    '/api/attachment-requests',
    'POST',
    {
      attachment_request: { name: 'Student Roster', description: 'Please send the roster as CSV.' },
      project_ids: [projectId],
    },
  );
  const bytes = Buffer.from(ROSTER, 'utf8');
  const { attachment } = await school<{
    attachment: { id: string; presigned_post: { url: string; fields: Record<string, string> } };
  }>(`/api/projects/${projectId}/attachments`, 'POST', {
    attachment: {
      attachment_request_id: request.id,
      upload_file_name: 'roster.csv',
      upload_file_size: bytes.length,
    },
  });
  const form = new FormData();
  for (const [k, v] of Object.entries(attachment.presigned_post.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)]), 'roster.csv');
  const uploaded = await fetch(new URL(attachment.presigned_post.url, product.baseUrl), {
    method: 'POST',
    body: form,
  });
  expect(uploaded.status).toBe(204);
  await school(`/api/attachments/${attachment.id}/verify`, 'PATCH');
});

test('the studio imports the school’s roster with the suggested mapping, checks, applies, finds the students', async () => {
  const { page } = studioPage;
  await page.goto(`${product.baseUrl}/projects/${projectId}/files`);
  await page.getByRole('link', { name: 'Import as roster' }).click();
  await page.getByRole('heading', { name: 'Import Roster' }).waitFor();
  const mapping = page.getByRole('table', { name: 'Map Columns' });
  await mapping.waitFor();
  expect(await page.getByRole('combobox', { name: 'Field for Student Number' }).textContent()).toBe(
    'Student ID',
  );
  expect(await page.getByRole('combobox', { name: 'Field for Grade Level' }).textContent()).toBe('Grade');
  expect(await page.getByRole('combobox', { name: 'Field for Homeroom Teacher' }).textContent()).toBe(
    'Teacher',
  );
  await checkImport(page);
  expect(await page.getByTestId('check-creates').textContent()).toBe('3 new');
  expect(await page.getByTestId('check-errors').textContent()).toBe('0 with errors');
  await applyImport(page, 'Import complete: 3 created, 0 updated, 0 unchanged, 0 skipped.');
  const text = await importedSubjectsText(page, 3);
  for (const name of ['Ava Nguyen', 'Ben Okafor', 'Zoë Martin']) expect(text).toContain(name);
});

test('re-importing an edited file shows exactly the changed rows as updates', async () => {
  const { page } = studioPage;
  await navLink(page, 'Subjects', 'Import Roster').click();
  await page.getByTestId('roster-file').setInputFiles({
    name: 'roster edited.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(EDITED, 'utf8'),
  });
  await page.getByRole('button', { name: 'Upload' }).click();
  await page.getByRole('table', { name: 'Map Columns' }).waitFor();
  await checkImport(page);
  expect(await page.getByTestId('check-creates').textContent()).toBe('0 new');
  expect(await page.getByTestId('check-updates').textContent()).toBe('1 updated');
  expect(await page.getByTestId('check-unchanged').textContent()).toBe('2 unchanged');
  const updates = page.getByTestId('update-row');
  expect(await updates.count()).toBe(1);
  expect(await updates.first().textContent()).toContain('Teacher: Mr. Diaz → Ms. Rivera');
  await applyImport(page, 'Import complete: 0 created, 1 updated, 2 unchanged, 0 skipped.');
  // The history lists both imports, newest first.
  const history = page.getByTestId('import-history-row');
  await history.nth(1).waitFor();
  expect(await history.first().textContent()).toContain('roster edited.csv');
  // Each row's outcome gives the same counts as the done message, unchanged rows included.
  expect(await history.first().getByRole('cell').nth(3).textContent()).toBe(
    '0 created, 1 updated, 2 unchanged, 0 skipped',
  );
  expect(await history.nth(1).getByRole('cell').nth(3).textContent()).toBe(
    '3 created, 0 updated, 0 unchanged, 0 skipped',
  );
});

test('an empty file is refused before upload; unreadable files say why in plain words, also in the history; an encoding can be chosen; exact copies count once', async () => {
  const { page } = studioPage;
  // A fresh Import Roster (the test before left this page on its Done step).
  await page.goto(`${product.baseUrl}/projects/${projectId}/subjects/import`);
  const picker = page.getByTestId('roster-file');
  const alert = page.getByTestId('import-error');
  await picker.setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.alloc(0) });
  await alert.waitFor();
  expect(await alert.textContent()).toBe('The file empty.csv is empty. Choose a file with the roster in it.');
  expect(await page.getByRole('button', { name: 'Upload' }).isDisabled()).toBe(true);

  await picker.setInputFiles({
    name: 'header only.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Student Number,First Name,Last_Name\n', 'utf8'),
  });
  await page.getByRole('button', { name: 'Upload' }).click();
  await page.getByText('The file has no rows below its header.').first().waitFor();
  expect(await alert.textContent()).toBe('The file has no rows below its header.');
  // The history says it failed, and why, rather than "Uploading".
  const failed = page.getByTestId('import-history-row').filter({ hasText: 'header only.csv' });
  await failed.getByText('Failed').waitFor();
  expect(await failed.getByRole('cell').nth(3).textContent()).toBe('The file has no rows below its header.');

  // 0x81 is neither UTF-8 nor Windows-1252: the encoding is asked for. Row 3 repeats row 2 exactly.
  const odd = Buffer.concat([
    Buffer.from('Student Number,First Name,Last_Name\n00201,Zo', 'latin1'),
    Buffer.from([0x81]),
    Buffer.from('e,Brown\n00201,Zo', 'latin1'),
    Buffer.from([0x81]),
    Buffer.from('e,Brown\n00202,Ann,Lee\n', 'latin1'),
  ]);
  await picker.setInputFiles({ name: 'dos export.csv', mimeType: 'text/csv', buffer: odd });
  await page.getByRole('button', { name: 'Upload' }).click();
  await page.getByText('The file’s encoding could not be detected.', { exact: false }).waitFor();
  expect(await alert.textContent()).toBe(
    'The file’s encoding could not be detected. Choose its encoding under Encoding, then upload it again.',
  );
  await page.getByRole('combobox', { name: 'Encoding' }).click();
  await page.getByRole('option', { name: 'ISO-8859-1 (Latin-1)' }).click();
  await page.getByRole('button', { name: 'Upload' }).click();
  await page.getByRole('table', { name: 'Map Columns' }).waitFor();
  await checkImport(page);
  expect(await page.getByTestId('check-creates').textContent()).toBe('2 new');
  expect(await page.getByTestId('check-errors').textContent()).toBe('0 with errors');
  expect(await page.getByTestId('check-warnings').textContent()).toBe('1 warning');
  expect(await page.getByTestId('warning-row').first().textContent()).toContain('rows 2, 3');
});
