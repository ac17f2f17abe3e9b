import { readFile, writeFile } from 'node:fs/promises';
import { beforeAll, expect, test } from 'vitest';
import { uploadKeyFor } from '../../api/src/storage/uploads.js';
import { eventually } from '../../api/test/support/app.js';
import { closePage, downloadBy, navLink, pathOf, storedToken } from './helpers.js';
import { DEMO_USERS, productAndBrowser, scratchFolder, signedInPage } from './support/server.js';

// The e-mailed link and the presigned upload address are built from PUBLIC_URL: publicHost makes it
// name the address the browser opens.
const product = productAndBrowser({}, { publicHost: '127.0.0.1' });

const SCHOOL_CONTACT = 'office@maple.demo.test';
const PROJECT = 'Maple Grove Fall 2026';
const REQUEST_NAME = 'Student Roster';
const REQUEST_DESCRIPTION = 'Please send this fall’s roster as CSV: student ID, first and last name, grade.';
/** Big enough (about 600 KB) that, on a slowed upload, its progress shows for a while. */
const ROSTER = `student_id,first_name,last_name,grade\n${Array.from(
  { length: 20_000 },
  (_, i) => `${100_000 + i},First${i},Last${i},${(i % 12) + 1}`,
).join('\n')}\n`;

/** Filled in as the story goes. */
let uploadLink = '';
let projectId = '';

/** The roster as a file on the school's disk. */
const files = scratchFolder('file-requests-e2e-');
const rosterPath = () => files.file('roster.csv');

beforeAll(async () => {
  await writeFile(rosterPath(), ROSTER);
});

/** Waits for the file request e-mail to an address and returns the upload link in it. */
async function fileRequestLink(to: string): Promise<string> {
  for (let attempt = 0; attempt < 75; attempt += 1) {
    const response = await fetch(`${product.baseUrl}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
    const { messages } = (await response.json()) as { messages: { subject: string; text: string | null }[] };
    for (const message of messages) {
      if (!message.subject.includes(REQUEST_NAME)) continue;
      const match = message.text?.match(/https?:\/\/\S+\/projects\/\d+\/files\/upload\/\d+/);
      if (match) return match[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no file request e-mail to ${to}`);
}

test('a studio requests a roster for a project through the UI', async () => {
  const page = await signedInPage(product.browser, product.baseUrl, DEMO_USERS.studio);

  await navLink(page, 'Main', 'File Requests').click();
  await page.waitForURL('**/file-requests');
  await page.getByText('There are no file requests to show.').waitFor();

  await page.getByRole('link', { name: 'New File Request' }).click();
  await page.waitForURL('**/file-requests/new');
  const name = page.getByRole('textbox', { name: 'Name' });
  expect(await name.getAttribute('placeholder')).toBe('Student Roster');
  const save = page.getByRole('button', { name: 'Save' });
  await page.getByText('Be sure to fill in all required fields before saving.').waitFor();
  expect(await save.isDisabled()).toBe(true);
  await page.getByText('earliest-created user').waitFor();

  await name.fill(REQUEST_NAME);
  await page.getByRole('textbox', { name: 'Description / Special Instructions' }).fill(REQUEST_DESCRIPTION);
  // Still no project: still not savable.
  expect(await save.isDisabled()).toBe(true);
  const projects = page.getByRole('combobox', { name: 'Projects' });
  await projects.click();
  await projects.fill('Maple Grove Fall');
  await page.getByRole('option', { name: new RegExp(PROJECT) }).click();
  await page
    .getByText('Be sure to fill in all required fields before saving.')
    .waitFor({ state: 'detached' });
  await save.click();

  await page.waitForURL(/\/file-requests\/\d+$/);
  await page.getByRole('heading', { level: 1, name: REQUEST_NAME }).waitFor();
  await page.getByText(REQUEST_DESCRIPTION).waitFor();
  const row = page.getByTestId('requested-project-row').filter({ hasText: PROJECT });
  await row.getByText('Waiting for files').waitFor();
  const files = row.getByRole('link', { name: `Files of ${PROJECT}` });
  projectId = /\/projects\/(\d+)\/files$/.exec((await files.getAttribute('href')) ?? '')?.[1] ?? '';
  expect(projectId).not.toBe('');

  await page.getByRole('link', { name: 'All File Requests' }).click();
  await page.getByTestId('file-request-row').filter({ hasText: REQUEST_NAME }).waitFor();

  // The project's files show the request waiting, nothing uploaded yet.
  await page.goto(`${product.baseUrl}/projects/${projectId}/files`);
  await page.getByTestId('requested-file-row').filter({ hasText: REQUEST_NAME }).waitFor();
  await page.getByText('There are no files attached to this project.').waitFor();
  await closePage(page);
});

test('the school opens the e-mailed link and uploads the roster; a mismatched type is refused', async () => {
  uploadLink = await fileRequestLink(SCHOOL_CONTACT);
  expect(uploadLink).toContain(`/projects/${projectId}/files/upload/`);

  const page = await signedInPage(product.browser, product.baseUrl, DEMO_USERS.school);
  // File requests themselves are for studios only.
  await page.goto(`${product.baseUrl}/file-requests`);
  await page.waitForURL((url) => !url.pathname.startsWith('/file-requests'));

  await page.goto(uploadLink);
  await page.getByRole('heading', { level: 1, name: 'Upload Files' }).waitFor();
  await page.getByTestId('detail-name').getByText(REQUEST_NAME).waitFor();
  await page.getByText(REQUEST_DESCRIPTION).waitFor();
  await page.getByTestId('detail-created-by').getByText('Stella Studio').waitFor();
  await page.getByRole('button', { name: 'Select File(s) to Upload' }).waitFor();
  await page.getByText(/up to 100 MB/).waitFor();

  // A text file named .pdf: the server checks the content and refuses it.
  const input = page.getByTestId('file-input');
  await input.setInputFiles({
    name: 'roster.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('this is plain text, not a PDF\n'),
  });
  const uploadItem = (name: string) => page.getByTestId('upload-item').filter({ hasText: name });
  const fake = uploadItem('roster.pdf');
  await fake.getByText('Ready to upload').waitFor();
  await page.getByRole('button', { name: 'Upload 1 File' }).click();
  await fake.getByText('File is not a real PDF file.').waitFor();
  await page.getByTestId('upload-summary').waitFor();
  expect(pathOf(page)).toBe(new URL(uploadLink).pathname);
  await page.getByRole('button', { name: 'Remove roster.pdf' }).click();

  // The real roster goes through and the project's files open.
  await input.setInputFiles(rosterPath());
  await uploadItem('roster.csv').getByText('Ready to upload').waitFor();
  await page.getByRole('button', { name: 'Upload 1 File' }).click();
  await page.waitForURL(`**/projects/${projectId}/files`);
  const uploaded = page.getByTestId('uploaded-file-row').filter({ hasText: 'roster.csv' });
  await uploaded.waitFor();
  expect(await uploaded.getByTestId('uploaded-at').textContent()).not.toContain('Not Uploaded');
  await uploaded.getByText('CSV', { exact: true }).waitFor();
  await page.getByText('There are no pending file requests.').waitFor();
  // The refused PDF left nothing behind.
  expect(await page.getByTestId('uploaded-file-row').count()).toBe(1);
  await closePage(page);
});

test('the studio sees the roster as uploaded and downloads it byte for byte', async () => {
  const page = await signedInPage(product.browser, product.baseUrl, DEMO_USERS.studio);
  // A file whose upload never happened (record created, nothing sent) shows as Not Uploaded.
  const created = await fetch(`${product.baseUrl}/api/projects/${projectId}/attachments`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-App-Slug': 'school-portal',
      Authorization: `Bearer ${await storedToken(page)}`,
    },
    body: JSON.stringify({ attachment: { upload_file_name: 'never-sent.csv', upload_file_size: 10 } }),
  });
  expect(created.status).toBe(201);
  await page.goto(`${product.baseUrl}/projects/${projectId}/files`);
  const unsent = page.getByTestId('uploaded-file-row').filter({ hasText: 'never-sent.csv' });
  await unsent.getByText('Not Uploaded').waitFor();
  expect(await unsent.getByRole('button', { name: /Download/ }).count()).toBe(0);
  const row = page.getByTestId('uploaded-file-row').filter({ hasText: 'roster.csv' });
  await row.waitFor();
  expect(await row.getByTestId('uploaded-at').textContent()).not.toContain('Not Uploaded');
  await page.getByText('There are no pending file requests.').waitFor();

  const download = await downloadBy(row.getByRole('button', { name: 'Download roster.csv' }));
  expect(download.suggestedFilename()).toBe('roster.csv');
  const saved = await download.path();
  expect(await readFile(saved)).toEqual(await readFile(rosterPath()));

  // The request shows the files as received.
  await page.goto(`${product.baseUrl}/file-requests`);
  await page.getByTestId('file-request-row').getByRole('link', { name: REQUEST_NAME }).click();
  await page
    .getByTestId('requested-project-row')
    .filter({ hasText: PROJECT })
    .getByText('Files received')
    .waitFor();
  await closePage(page);
});

test('a batch of three files sends the requester one e-mail naming all three', async () => {
  const page = await signedInPage(product.browser, product.baseUrl, DEMO_USERS.school);
  await page.goto(uploadLink);
  await page.getByRole('heading', { level: 1, name: 'Upload Files' }).waitFor();
  const names = ['batch-a.csv', 'batch-b.csv', 'batch-c.csv'];
  await page.getByTestId('file-input').setInputFiles(
    names.map((name) => ({
      name,
      mimeType: 'text/csv',
      buffer: Buffer.from(`student_id,name\n1,${name}\n`),
    })),
  );
  await page.getByRole('button', { name: 'Upload 3 Files' }).click();
  await page.waitForURL(`**/projects/${projectId}/files`);
  for (const name of names) await page.getByTestId('uploaded-file-row').filter({ hasText: name }).waitFor();
  await closePage(page);

  const batchMails = async () => {
    const response = await fetch(
      `${product.baseUrl}/api/dev/mailbox?to=${encodeURIComponent(DEMO_USERS.studio)}`,
    );
    const { messages } = (await response.json()) as { messages: { subject: string; text: string | null }[] };
    return messages.filter((m) => m.subject.startsWith('Files uploaded for') || /batch-/.test(m.text ?? ''));
  };
  let mails = await batchMails();
  for (let attempt = 0; attempt < 75 && mails.length === 0; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    mails = await batchMails();
  }
  // Give any stray per-file e-mail the time to arrive, then count.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  mails = await batchMails();
  expect(mails).toHaveLength(1);
  expect(mails[0]!.subject).toBe(`Files uploaded for ${PROJECT}: ${REQUEST_NAME}`);
  for (const name of names) expect(mails[0]!.text).toContain(name);
});

test('a file that never arrived offers Retry and Remove, and notices stack', async () => {
  const db = product.app.ctx.db;
  const project = await db
    .selectFrom('projects')
    .select(['id', 'organization_id'])
    .where('name', '=', 'Riverside Fall 2026')
    .executeTakeFirstOrThrow();
  const prefix = `org-${project.organization_id}/projects/${project.id}/attachments`;
  // One whose upload landed after the browser gave up, one that never arrived.
  // The form uploads beside the record's key; verify takes the bytes from there.
  await product.app.ctx.storage.put(
    uploadKeyFor(`${prefix}/late`),
    Buffer.from('name,grade\nAva,3\n'),
    'text/csv',
  );
  await db
    .insertInto('attachments')
    .values(
      [
        { name: 'late-roster.csv', upload_file_name: 'late-roster.csv', storage_key: `${prefix}/late` },
        { name: 'lost-roster.csv', upload_file_name: 'lost-roster.csv', storage_key: `${prefix}/lost` },
      ].map((row) => ({
        ...row,
        project_id: project.id,
        attachment_request_id: null,
        description: null,
        upload_file_size: 18,
        upload_content_type: 'text/csv',
      })),
    )
    .execute();

  const page = await signedInPage(product.browser, product.baseUrl, DEMO_USERS.studio);
  await page.goto(`${product.baseUrl}/projects/${project.id}/files`);
  const table = page.getByRole('table', { name: 'Files uploaded' });
  const late = table.getByRole('row').filter({ hasText: 'late-roster.csv' });
  const lost = table.getByRole('row').filter({ hasText: 'lost-roster.csv' });
  await late.getByText('Not Uploaded').waitFor();
  // "Not Uploaded" is written in its row's font size.
  const sizes = await late.evaluate((row) => {
    const status = Array.from(row.querySelectorAll('span')).find((el) => el.textContent === 'Not Uploaded')!;
    return [getComputedStyle(status).fontSize, getComputedStyle(row.querySelector('th')!).fontSize];
  });
  expect(sizes[0]).toBe(sizes[1]);
  await lost.getByRole('button', { name: 'Remove lost-roster.csv' }).waitFor();

  // Retry: the late one is checked again and becomes a file to download; the lost one asks for the
  // file again. The second notice shows while the first is still there.
  await late.getByRole('button', { name: 'Retry late-roster.csv' }).click();
  await late.getByRole('button', { name: 'Download late-roster.csv' }).waitFor();
  // One Download per row (a wide screen shows it inline, no row menu besides).
  expect(await late.getByRole('button', { name: /Download|Actions for/ }).count()).toBe(1);
  await lost.getByRole('button', { name: 'Retry lost-roster.csv' }).click();
  const notices = page.getByTestId('notification');
  await notices
    .filter({ hasText: 'lost-roster.csv did not arrive. Please choose the file again.' })
    .waitFor();
  await notices.filter({ hasText: 'late-roster.csv has been uploaded.' }).waitFor();
  expect(await lost.getByText('Not Uploaded').count()).toBe(1);
  // Remove: the file that never arrived goes, from the list and from the server.
  await lost.getByRole('button', { name: 'Remove lost-roster.csv' }).click();
  const confirm = page.getByRole('dialog');
  if (await confirm.count()) await confirm.getByRole('button', { name: /Remove|Delete|OK/ }).click();
  await eventually(async () => (await lost.count()) === 0, 15_000);
  const left = await db
    .selectFrom('attachments')
    .select('id')
    .where('project_id', '=', project.id)
    .where('name', '=', 'lost-roster.csv')
    .execute();
  expect(left).toEqual([]);
  await closePage(page);
});
