import { beforeAll, expect, test } from 'vitest';
import { heading, navLink } from './helpers.js';
import { threeStudentProject } from './support/factories.js';
import { apiAs, DEMO_USERS, productAndBrowser, withSignedInPage } from './support/server.js';

/**
 * The school imports consent from the screen alone: in the Import Consent dialog it picks its
 * information system's export from its computer, the file is uploaded to the project's files and read
 * at once, and it applies; the file is then among the project's files. A file of a type the project's files
 * do not take is refused with the reason, and nothing is read.
 */
const product = productAndBrowser({}, { publicHost: '127.0.0.1' });
let projectId: string;

beforeAll(async () => {
  const { api } = await apiAs(product.baseUrl, DEMO_USERS.studio);
  projectId = (await threeStudentProject(product.app, api, 'Consent Upload Fall 2026', 5001)).id;
});

test('the school uploads its export in the dialog, previews it and applies it', async () => {
  await withSignedInPage(product, DEMO_USERS.school, async (page) => {
    await page.goto(`${product.baseUrl}/projects/${projectId}/subjects`);
    await heading(page, 'All Subjects').waitFor();
    await page.getByRole('button', { name: 'Import Consent' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Consent from a File' });
    await dialog.getByText('No spreadsheet has been uploaded to this project', { exact: false }).waitFor();

    // A file the project's files do not take: refused with the reason, nothing read.
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Upload a File' }).click();
    await (await chooser).setFiles({
      name: 'export.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"students": []}'),
    });
    await dialog.getByText('is not a supported file type', { exact: false }).waitFor();
    expect(await dialog.getByTestId('consent-import-summary').count()).toBe(0);

    const again = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Upload a File' }).click();
    await (await again).setFiles({
      name: 'sis consent.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Student Number,Directory Opt Out,Yearbook\n5001,Y,\n5002,,Yes\n'),
    });
    const summary = dialog.getByTestId('consent-import-summary');
    await summary.getByText('2 rows: 2 matched a subject by Student ID.').waitFor();
    await summary.getByText('Consent will change for 2 subjects.').waitFor();
    expect(await dialog.getByRole('combobox', { name: 'File' }).textContent()).toBe('sis consent.csv');
    await dialog.getByRole('button', { name: 'Apply to 2 Subjects' }).click();
    await page.getByText('Consent changed for 2 subjects.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const ada = page.getByTestId('subject-card').filter({ hasText: 'Ada Lane' });
    await ada.getByTestId('consent-chips').getByText('Directory information opt-out').waitFor();

    // The file is one of the project's files, uploaded.
    await navLink(page, 'Project', 'Attachments').click();
    await page.getByRole('cell', { name: 'sis consent.csv' }).first().waitFor();
  });
});
