import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { closePage, freshPage } from './helpers.js';
import { schoolProject } from './support/factories.js';
import { type ApiCall, apiAs, DEMO_USERS, productAndBrowser, signIn } from './support/server.js';

const product = productAndBrowser({}, { publicHost: '127.0.0.1' });
let page: Page;
let files: string;
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

  files = await mkdtemp(path.join(tmpdir(), 'roster-e2e-'));
  await writeFile(path.join(files, 'roster edited.csv'), EDITED);
  page = await freshPage(product.browser);
  await signIn(page, product.baseUrl, DEMO_USERS.studio);
});

afterAll(async () => {
  if (page) await closePage(page);
  if (files) await rm(files, { recursive: true, force: true });
});

test('the studio imports the school’s roster with the suggested mapping, checks, applies, finds the students', async () => {
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
  await page.getByRole('button', { name: 'Check' }).click();
  await page.getByTestId('import-check').waitFor();
  expect(await page.getByTestId('check-creates').textContent()).toBe('3 new');
  expect(await page.getByTestId('check-errors').textContent()).toBe('0 with errors');
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByText('Import complete: 3 created, 0 updated, 0 unchanged, 0 skipped.').waitFor();
  await page.getByRole('link', { name: 'View Subjects' }).click();
  const cards = page.getByRole('list', { name: 'Subjects' }).getByTestId('subject-card');
  await cards.nth(2).waitFor();
  const text = (await cards.allTextContents()).join(' ');
  for (const name of ['Ava Nguyen', 'Ben Okafor', 'Zoë Martin']) expect(text).toContain(name);
});

test('re-importing an edited file shows exactly the changed rows as updates', async () => {
  await page
    .getByRole('navigation', { name: 'Subjects' })
    .getByRole('link', { name: 'Import Roster' })
    .click();
  await page.getByTestId('roster-file').setInputFiles(path.join(files, 'roster edited.csv'));
  await page.getByRole('button', { name: 'Upload' }).click();
  await page.getByRole('table', { name: 'Map Columns' }).waitFor();
  await page.getByRole('button', { name: 'Check' }).click();
  await page.getByTestId('import-check').waitFor();
  expect(await page.getByTestId('check-creates').textContent()).toBe('0 new');
  expect(await page.getByTestId('check-updates').textContent()).toBe('1 updated');
  expect(await page.getByTestId('check-unchanged').textContent()).toBe('2 unchanged');
  const updates = page.getByTestId('update-row');
  expect(await updates.count()).toBe(1);
  expect(await updates.first().textContent()).toContain('Teacher: Mr. Diaz → Ms. Rivera');
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByText('Import complete: 0 created, 1 updated, 2 unchanged, 0 skipped.').waitFor();
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
