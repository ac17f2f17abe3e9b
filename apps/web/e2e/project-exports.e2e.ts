import { readFile } from 'node:fs/promises';
import { APP_SLUG } from '@school-portal/domain';
import type { Download, Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { readZip } from '../../api/test/support/zip.js';
import { downloadBy, storedToken } from './helpers.js';
import {
  DEMO_USERS,
  productAndBrowser,
  projectIdByName,
  sharedSignedInPage,
  standardFormatId,
  withSignedInPage,
} from './support/server.js';

// A studio manager creates a custom format through the wizard, runs an export of selected
// subjects, watches the progress reach Completed and downloads the ZIP, which the test opens; then the
// built-in PSPA format is run from the dropdown and downloaded through the download page.
const product = productAndBrowser();
/** The studio manager's page, each test going on from where the one before left it. */
const studio = sharedSignedInPage(product);
let projectId = '';
const FORMAT = 'Class Photos';

beforeAll(async () => {
  projectId = await projectIdByName(product.app, 'Maple Grove Fall 2026');
});

/** Every entry of a downloaded ZIP file, by name. */
async function savedZip(download: Download): Promise<Map<string, Buffer>> {
  const file = await download.path();
  if (!file) throw new Error(`download failed: ${await download.failure()}`);
  const entries = await readZip(await readFile(file));
  return new Map(entries.map((entry) => [entry.name, entry.data]));
}

/** Starts the run on the wizard's last step and waits until the progress label says Completed. */
async function startAndComplete(p: Page) {
  await p.getByRole('button', { name: 'Start Export' }).click();
  const status = p.getByTestId('export-status');
  await status.waitFor();
  await p.getByText("we'll e-mail you when it's ready").or(p.getByText('Your export is ready.')).waitFor();
  await p.locator('[data-testid="export-status"][data-phase="completed"]').waitFor({ timeout: 90_000 });
  expect(await status.textContent()).toMatch(/^Completed /);
}

const wizardNext = (p: Page) => p.getByTestId('wizard-actions').getByRole('button', { name: 'Next' });

/** The PSPA format's export wizard for the project, opened from the exports index, its check done. */
async function openPspaExport(p: Page) {
  const formatId = await standardFormatId(product.app, 'pspa_yearbook');
  await p.goto(`${product.baseUrl}/projects/${projectId}/exports?selectedFormatId=${formatId}`);
  await p.getByRole('link', { name: 'Download', exact: true }).click();
  await p.getByRole('heading', { name: /^Export PSPA/, level: 1 }).waitFor();
  await p.getByTestId('export-check').getByText('5 subjects will be exported.').waitFor();
}

/** Next from the check, through Select Subjects (everyone) and the duplicate check, to the last step. */
async function nextWithEveryone(p: Page) {
  await wizardNext(p).click();
  await p.getByTestId('select-subjects-step').getByText('5 subjects selected').waitFor();
  await wizardNext(p).click();
  await p.getByRole('group', { name: 'Fields to match' }).waitFor();
  await wizardNext(p).click();
}

test('the Downloads tab starts empty', async () => {
  const { page } = studio;
  await page.goto(`${product.baseUrl}/projects/${projectId}/exports`);
  await page.getByRole('heading', { name: 'Download Exports', level: 1 }).waitFor();
  await page.getByText('There are no exports to show.').waitFor();
  expect(await page.getByLabel('Auto Refresh').isChecked()).toBe(true);
});

test('a studio manager creates a custom format, exports selected subjects and downloads the ZIP', async () => {
  const { page } = studio;
  // The format wizard, shared with the school's projects.
  await page.getByRole('button', { name: 'Advanced options' }).click();
  await page.getByRole('menuitem', { name: 'Create a custom export format' }).click();
  await page.getByRole('heading', { name: 'New Export Format', level: 1 }).waitFor();
  await page.getByRole('textbox', { name: 'Format Name' }).fill(FORMAT);
  await page.getByLabel('Available to sub-organizations').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'Output Directory Name' }).waitFor();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('spinbutton', { name: 'Width (pixels)' }).waitFor();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('list', { name: 'Included fields, in column order' }).waitFor({ state: 'attached' });
  for (const field of ['Student ID', 'First Name', 'Last Name', 'Image File Name']) {
    await page.getByRole('combobox', { name: 'Add Field' }).click();
    await page.getByRole('option', { name: field, exact: true }).click();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
  }
  await page.getByText('4. Image File Name').waitFor();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/exports\?tab=custom$/);
  const custom = page.getByRole('table', { name: 'Custom formats' });

  // Its Download starts the export wizard; the first step shows the run defaults and the check.
  await custom.getByRole('link', { name: `Download with ${FORMAT}` }).click();
  await page.getByRole('heading', { name: `Export ${FORMAT}`, level: 1 }).waitFor();
  expect(await page.getByRole('switch', { name: 'Use default photo crops' }).isChecked()).toBe(true);
  expect(await page.getByRole('switch', { name: 'Include subjects without images' }).isChecked()).toBe(true);
  const check = page.getByTestId('export-check');
  await check.getByText('5 subjects will be exported.').waitFor();
  // Emma has no photo: the check says so, and the user may go on anyway.
  const missing = check.locator('[data-testid="check-issue"][data-code="missing_image"]');
  await missing.waitFor();
  await missing.getByRole('button', { name: 'Show subjects' }).click();
  await missing.getByText('Emma Kowalski').waitFor();
  await wizardNext(page).click();

  // Select Subjects: all but Emma and Diego.
  const step = page.getByTestId('select-subjects-step');
  await step.getByTestId('selected-count').getByText('5 subjects selected').waitFor();
  await step.getByRole('checkbox', { name: /Emma Kowalski/ }).uncheck();
  await step.getByRole('checkbox', { name: /Diego Ramos/ }).uncheck();
  await step.getByTestId('selected-count').getByText('3 subjects selected').waitFor();
  await wizardNext(page).click();

  // Check for Duplicate Subjects, with the format's fields.
  await page.getByRole('group', { name: 'Fields to match' }).getByText('Student ID').waitFor();
  await page.getByText('No duplicates found.').waitFor();
  await wizardNext(page).click();

  // Download: the run, its progress, then the ZIP.
  await page.getByTestId('export-run-summary').getByText('3 subjects selected').waitFor();
  await startAndComplete(page);
  const download = await downloadBy(page.getByRole('button', { name: 'Download', exact: true }));
  const entries = await savedZip(download);
  const names = [...entries.keys()];
  const images = names.filter((n) => n.startsWith(`${FORMAT}/images/`) && n.endsWith('.jpg'));
  expect(images).toHaveLength(3);
  expect(names).toContain(`${FORMAT}/readme.txt`);
  const data = entries.get(`${FORMAT}/data.csv`)?.toString('utf8') ?? '';
  const rows = data.trim().split(/\r\n/);
  expect(rows).toHaveLength(4);
  expect(data).toContain('MG-1001');
  expect(data).not.toContain('MG-1004');
  expect(data).not.toContain('MG-1005');
  // Every image named in the data file is in the archive.
  for (const image of images)
    expect(data).toContain(
      image
        .split('/')
        .pop()!
        .replace(/\.jpg$/, ''),
    );

  // The Downloads table shows the run as completed, with its subjects, creator and expiry.
  await page.getByRole('link', { name: 'Go to Downloads' }).click();
  const table = page.getByRole('table', { name: 'Downloads' });
  const row = table.getByTestId('project-export-row').first();
  await row.getByText(FORMAT).waitFor();
  await row.getByText('Stella Studio').waitFor();
  // The format is the row header; Subjects is the first cell.
  expect(await row.getByRole('cell').nth(0).textContent()).toBe('3');
  expect(await row.getByTestId('export-status').textContent()).toMatch(/^Completed /);
  await row.getByRole('button', { name: `Download the ${FORMAT} export` }).waitFor();
});

test('the PSPA format runs from the dropdown and downloads through the download page', async () => {
  const { page } = studio;
  await page.getByRole('combobox', { name: 'Choose Format' }).click();
  await page.getByRole('option', { name: /PSPA/ }).click();
  await page.getByRole('link', { name: 'Download', exact: true }).click();
  await page.getByRole('heading', { name: /^Export PSPA/, level: 1 }).waitFor();
  await page.getByTestId('export-check').getByText('5 subjects will be exported.').waitFor();
  // The check names who is left out of INDEX.TXT (Emma, without a photo).
  await page
    .getByTestId('export-check')
    .getByText('1 subject has no image and will be left out of INDEX.TXT; MASTER.TXT lists it.')
    .waitFor();
  await nextWithEveryone(page);
  await startAndComplete(page);

  const created = await product.app.ctx.db
    .selectFrom('project_exports')
    .select('id')
    .where('project_id', '=', projectId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  await page.goto(`${product.baseUrl}/projects/${projectId}/project-exports/${created.id}`);
  const dialog = page.getByRole('dialog');
  await dialog.getByText('is ready for download').waitFor();
  const download = await downloadBy(dialog.getByRole('button', { name: 'Download Now' }));
  await page.getByText('Thank you for downloading your data export.').waitFor();
  const entries = await savedZip(download);
  const index = [...entries.keys()].find((n) => n.split('/').pop()?.toUpperCase() === 'INDEX.TXT');
  expect(index, [...entries.keys()].join(', ')).toBeDefined();
  const linesOf = (name: string) =>
    (entries.get(name)?.toString('latin1') ?? '').split('\r\n').filter((l) => l.startsWith('PSPA\t'));
  const lines = linesOf(index!);
  const master = linesOf(index!.replace('INDEX.TXT', 'MASTER.TXT'));
  // INDEX.TXT: one line per subject with an image; MASTER.TXT: everyone (Emma too, without an image).
  expect(lines).toHaveLength(4);
  expect(master).toHaveLength(5);
  const cells = (l: string) => l.split('\t');
  const has = (list: string[], first: string, last: string) =>
    list.some((l) => cells(l).includes(first) && cells(l).includes(last));
  for (const [first, last] of [
    ['Ava', 'Nguyen'],
    ['Ben', 'Okafor'],
    ['Chloe', 'Schmidt'],
    ['Diego', 'Ramos'],
  ] as const) {
    expect(has(lines, first, last)).toBe(true);
    expect(has(master, first, last)).toBe(true);
  }
  expect(has(lines, 'Emma', 'Kowalski')).toBe(false);
  expect(has(master, 'Emma', 'Kowalski')).toBe(true);
  const jpegs = [...entries.keys()].filter((n) => /\.jpe?g$/i.test(n));
  expect(jpegs).toHaveLength(4);
  for (const line of lines.filter((l) => l.split('\t')[2])) {
    const image = line.split('\t')[2]!;
    expect(jpegs.some((n) => n.endsWith(`/${image}`))).toBe(true);
  }

  const audited = await product.app.ctx.db
    .selectFrom('audit_events')
    .select('action')
    .where('action', '=', 'project_export.download')
    .execute();
  expect(audited.length).toBeGreaterThanOrEqual(2);
});

test('Auto Refresh shows a run started elsewhere until Completed; a done export is deleted after Confirm Delete', async () => {
  const { page } = studio;
  await page.goto(`${product.baseUrl}/projects/${projectId}/exports?tab=downloads`);
  const table = page.getByRole('table', { name: 'Downloads' });
  const rows = table.getByTestId('project-export-row');
  await rows.nth(1).waitFor();
  expect(await rows.count()).toBe(2);

  // Another tab (here: the API) starts a PSPA run; the table picks it up and follows it without a reload.
  const formatId = await standardFormatId(product.app, 'pspa_yearbook');
  const token = await storedToken(page);
  const status = await page.evaluate(
    async ({ token, slug, projectId, formatId }) => {
      const response = await fetch(`/api/projects/${projectId}/project-exports`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'X-App-Slug': slug, 'Content-Type': 'application/json' },
        body: JSON.stringify({ project_export: { project_export_format_id: formatId } }),
      });
      return response.status;
    },
    { token, slug: APP_SLUG, projectId, formatId },
  );
  expect(status).toBe(201);
  await rows.nth(2).waitFor();
  await rows
    .first()
    .locator('[data-testid="export-status"][data-phase="completed"]')
    .waitFor({ timeout: 90_000 });

  // Delete it: Confirm Delete, Cancel / Delete!
  await rows.first().getByRole('button', { name: 'Delete the PSPA Yearbook export' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Delete' });
  await dialog.getByRole('button', { name: 'Cancel' }).waitFor();
  await dialog.getByRole('button', { name: 'Delete!' }).click();
  await dialog.waitFor({ state: 'detached' });
  await rows.nth(2).waitFor({ state: 'detached' });
  const left = await product.app.ctx.db
    .selectFrom('project_exports')
    .select('id')
    .where('project_id', '=', projectId)
    .execute();
  expect(left).toHaveLength(2);
});

test("a school's own manager runs an export of the school's project too (customers run exports, §6)", async () => {
  await withSignedInPage(product, DEMO_USERS.school, async (school) => {
    await openPspaExport(school);
    await nextWithEveryone(school);
    await startAndComplete(school);
    const run = await product.app.ctx.db
      .selectFrom('project_exports as e')
      .innerJoin('users as u', 'u.id', 'e.created_by_user_id')
      .select('u.email')
      .where('e.project_id', '=', projectId)
      .orderBy('e.id', 'desc')
      .executeTakeFirstOrThrow();
    expect(run.email).toBe(DEMO_USERS.school);
  });
});

test('the run summary counts in the plural forms: "1 subject selected, 0 duplicates left out"', async () => {
  const { page } = studio;
  await openPspaExport(page);
  const next = wizardNext(page);
  await next.click();
  const step = page.getByTestId('select-subjects-step');
  await step.getByTestId('selected-count').getByText('5 subjects selected').waitFor();
  for (const name of ['Ben Okafor', 'Chloe Schmidt', 'Diego Ramos', 'Emma Kowalski'])
    await step.getByRole('checkbox', { name: new RegExp(name) }).uncheck();
  await step.getByTestId('selected-count').getByText('1 subject selected').waitFor();
  await next.click();
  await page.getByRole('group', { name: 'Fields to match' }).waitFor();
  await next.click();
  expect(await page.getByTestId('export-run-summary').textContent()).toBe(
    'PSPA Yearbook: 1 subject selected, 0 duplicates left out.',
  );
});
