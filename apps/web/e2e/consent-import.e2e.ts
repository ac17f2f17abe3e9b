import { beforeAll, expect, test } from 'vitest';
import { heading } from './helpers.js';
import { threeStudentProject } from './support/factories.js';
import { apiAs, DEMO_USERS, productAndBrowser, withSignedInPage } from './support/server.js';

/**
 * Consent from the school's own file: the school's staff pick their information system's export among
 * the project's files, see which columns are read and what will change, and apply; a file with a value
 * that is not yes or no cannot be applied; the studio has no such action.
 */
const product = productAndBrowser({}, { publicHost: '127.0.0.1' });
let projectId: string;

/** A spreadsheet the school uploads to the project's files (through the API, as its Files tab does). */
async function schoolFile(name: string, text: string) {
  const { api } = await apiAs(product.baseUrl, DEMO_USERS.school);
  const { attachment } = await api<{
    attachment: { id: string; presigned_post: { url: string; fields: Record<string, string> } };
  }>(`/api/projects/${projectId}/attachments`, 'POST', {
    attachment: { upload_file_name: name, upload_file_size: Buffer.byteLength(text) },
  });
  const form = new FormData();
  for (const [key, value] of Object.entries(attachment.presigned_post.fields)) form.append(key, value);
  form.append('file', new Blob([text], { type: 'text/csv' }), name);
  const sent = await fetch(new URL(attachment.presigned_post.url, product.baseUrl), {
    method: 'POST',
    body: form,
  });
  expect(sent.status).toBe(204);
  await api(`/api/attachments/${attachment.id}/verify`, 'PATCH', {});
}

beforeAll(async () => {
  const { api } = await apiAs(product.baseUrl, DEMO_USERS.studio);
  projectId = (await threeStudentProject(product.app, api, 'Consent File Fall 2026', 4001)).id;
  await schoolFile(
    'sis export.csv',
    'Student Number,Directory Opt Out,Yearbook\n4001,Y,\n4002,,Yes\n9999,Y,Y\n',
  );
  await schoolFile('typo.csv', 'Student Number,Yearbook\n4003,maybe\n');
});

test('the school previews its file, sees what will change, and applies it', async () => {
  await withSignedInPage(product, DEMO_USERS.school, async (page) => {
    await page.goto(`${product.baseUrl}/projects/${projectId}/subjects`);
    await heading(page, 'All Subjects').waitFor();
    await page.getByRole('button', { name: 'Import Consent' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Consent from a File' });
    await dialog.getByRole('combobox', { name: 'File' }).click();
    await page.getByRole('option', { name: 'typo.csv' }).click();
    await dialog.getByText('1 value is not yes or no.', { exact: false }).waitFor();
    await dialog.getByText('Line 2, Yearbook: “maybe”').waitFor();
    expect(await dialog.getByRole('button', { name: /^Apply to/ }).isDisabled()).toBe(true);

    await dialog.getByRole('combobox', { name: 'File' }).click();
    await page.getByRole('option', { name: 'sis export.csv' }).click();
    const summary = dialog.getByTestId('consent-import-summary');
    await summary.getByText('3 rows: 2 matched a subject by Student ID.').waitFor();
    await summary.getByText('1 row matched no subject of this project (line 4).').waitFor();
    await summary.getByText('Consent will change for 2 subjects.').waitFor();
    await expect
      .poll(() => dialog.getByRole('combobox', { name: 'Leave out of the yearbook column' }).textContent())
      .toBe('Yearbook');
    await dialog.getByRole('button', { name: 'Apply to 2 Subjects' }).click();
    await page.getByText('Consent changed for 2 subjects.').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const ada = page.getByTestId('subject-card').filter({ hasText: 'Ada Lane' });
    await ada.getByTestId('consent-chips').getByText('Directory information opt-out').waitFor();
    const ben = page.getByTestId('subject-card').filter({ hasText: 'Ben Moss' });
    await ben.getByTestId('consent-chips').getByText('Leave out of the yearbook').waitFor();
    const cy = page.getByTestId('subject-card').filter({ hasText: 'Cy North' });
    expect(await cy.getByTestId('consent-chips').count()).toBe(0);
  });
});

test('the studio has no consent import', async () => {
  await withSignedInPage(product, DEMO_USERS.studio, async (page) => {
    await page.goto(`${product.baseUrl}/projects/${projectId}/subjects`);
    await heading(page, 'All Subjects').waitFor();
    await page.getByTestId('subjects-grid').waitFor();
    expect(await page.getByRole('button', { name: 'Import Consent' }).count()).toBe(0);
  });
});
