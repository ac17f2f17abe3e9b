import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { choose, termValues } from './helpers.js';
import {
  DEMO_USERS,
  productAndBrowser,
  projectIdByName,
  sharedSignedInPage,
  withSignedInPage,
} from './support/server.js';

// A studio manager, on the studio's own project, builds a custom export format through the 5-step
// wizard (meeting the §5 messages on the way), finds it under Custom Formats, copies it and deletes the copy.
const product = productAndBrowser();
/** The studio manager's page, each test going on from where the one before left it. */
const studio = sharedSignedInPage(product);
let projectId = '';
const FORMAT = 'Sports Yearbook';

beforeAll(async () => {
  projectId = await projectIdByName(product.app, 'Studio Sports Day 2026');
});

/**
 * Next through steps 1-4 to Review and Save, each time waiting for the next step's own fields: a click on
 * Next while the previous one is still being handled (a busy machine) otherwise lands on a step too early.
 */
async function nextThroughSteps(p: Page) {
  const markers = [
    p.getByRole('textbox', { name: 'Output Directory Name' }),
    p.getByRole('spinbutton', { name: 'Width (pixels)' }),
    p.getByRole('list', { name: 'Included fields, in column order' }),
    p.getByRole('button', { name: 'Save' }),
  ];
  for (const marker of markers) {
    await p.getByRole('button', { name: 'Next' }).click();
    await marker.waitFor({ state: 'attached' });
  }
}

test('the exports index shows its tabs, the empty downloads and the built-in formats without Edit', async () => {
  const { page } = studio;
  await page.goto(`${product.baseUrl}/projects/${projectId}/exports`);
  await page.getByRole('heading', { name: 'Download Exports', level: 1 }).waitFor();
  await page.getByText('There are no exports to show.').waitFor();
  await page.getByRole('tab', { name: 'Standard Formats' }).click();
  const standard = page.getByRole('table', { name: 'Standard formats' });
  await standard.getByRole('row', { name: /PSPA Yearbook/ }).waitFor();
  expect(await standard.getByRole('button', { name: /^Edit / }).count()).toBe(0);
  expect(await standard.getByRole('link', { name: /^Edit / }).count()).toBe(0);
  // The five of the spec, and the school systems' photo imports: Infinite Campus, Aeries, ID Card Import.
  for (const name of ['Infinite Campus', 'Aeries', 'ID Card Import'])
    await standard.getByRole('row', { name: new RegExp(name) }).waitFor();
  expect(await standard.getByTestId('export-format-row').count()).toBe(8);
});

test('a studio manager creates a custom format through the wizard, copies it and deletes the copy', async () => {
  const { page } = studio;
  await page.getByRole('button', { name: 'Advanced options' }).click();
  await page.getByRole('menuitem', { name: 'Create a custom export format' }).click();
  await page.getByRole('heading', { name: 'New Export Format', level: 1 }).waitFor();

  // Step 1: Choose a Name. A studio manager is offered the sub-organizations option.
  await page.getByText('Choose a Name').waitFor();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText("Can't be blank.").waitFor();
  await page.getByRole('textbox', { name: 'Format Name' }).fill(FORMAT);
  await page.getByLabel('Available to sub-organizations').waitFor();
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: Directory Names (optional; defaults apply).
  await page.getByRole('textbox', { name: 'Output Directory Name' }).waitFor();
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: Image Settings: zero padding needs a length.
  await page.getByLabel('Zero pad image names').check();
  await page.getByRole('spinbutton', { name: 'Zero Pad Length' }).fill('');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('This is required if zero padding is enabled.').waitFor();
  await page.getByRole('spinbutton', { name: 'Zero Pad Length' }).fill('4');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 4: Data Settings: at least one field.
  await page.getByRole('list', { name: 'Included fields, in column order' }).waitFor({ state: 'attached' });
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText("No fields have been included. Please add your format's required fields.").waitFor();
  for (const field of ['Student ID', 'Last Name', 'Image File Name']) {
    await page.getByRole('combobox', { name: 'Add Field' }).click();
    await page.getByRole('option', { name: field, exact: true }).click();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
  }
  await page.getByText('3. Image File Name').waitFor();
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 5: Review and Save.
  await page.getByText('Student ID, Last Name, Image File Name').waitFor();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/exports\?tab=custom$/);
  const custom = page.getByRole('table', { name: 'Custom formats' });
  const row = custom.getByRole('row', { name: new RegExp(`^${FORMAT}`) });
  await row.waitFor();

  const saved = await product.app.ctx.db
    .selectFrom('project_export_formats')
    .select(['images_name_zero_pad_enabled', 'images_name_zero_pad_length'])
    .where('name', '=', FORMAT)
    .executeTakeFirstOrThrow();
  expect(saved).toEqual({ images_name_zero_pad_enabled: true, images_name_zero_pad_length: 4 });

  // Copy: the wizard again, starting from the format's values as "name (Copy)".
  await custom.getByRole('link', { name: `Copy ${FORMAT}` }).click();
  await page.getByRole('heading', { name: 'New Export Format', level: 1 }).waitFor();
  expect(await page.getByRole('textbox', { name: 'Format Name' }).inputValue()).toBe(`${FORMAT} (Copy)`);
  await nextThroughSteps(page);
  await page.getByText('Student ID, Last Name, Image File Name').waitFor();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/exports\?tab=custom$/);
  const copyRow = custom.getByRole('row', { name: new RegExp(`^${FORMAT} \\(Copy\\)`) });
  await copyRow.waitFor();

  // Delete the copy, after confirming.
  await custom.getByRole('button', { name: `Delete ${FORMAT} (Copy)` }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Delete' });
  await dialog.getByRole('button', { name: 'Delete!' }).click();
  await dialog.waitFor({ state: 'detached' });
  await copyRow.waitFor({ state: 'detached' });
  await row.waitFor();
  expect(await custom.getByTestId('export-format-row').count()).toBe(1);
});

test('the studio manager edits the format through the same wizard', async () => {
  const { page } = studio;
  const custom = page.getByRole('table', { name: 'Custom formats' });
  await custom.getByRole('link', { name: `Edit ${FORMAT}` }).click();
  await page.getByRole('heading', { name: 'Edit Export Format', level: 1 }).waitFor();
  const name = page.getByRole('textbox', { name: 'Format Name' });
  expect(await name.inputValue()).toBe(FORMAT);
  await name.fill(`${FORMAT} 2`);
  await nextThroughSteps(page);
  // The fields kept their order through the round trip.
  await page.getByText('Student ID, Last Name, Image File Name').waitFor();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/exports\?tab=custom$/);
  await custom.getByRole('row', { name: new RegExp(`^${FORMAT} 2`) }).waitFor();
});

test('a school account is not offered "Available to sub-organizations"', async () => {
  await withSignedInPage(product, DEMO_USERS.school, async (school) => {
    const mapleGrove = await projectIdByName(product.app, 'Maple Grove Fall 2026');
    await school.goto(`${product.baseUrl}/projects/${mapleGrove}/exports/formats/new`);
    await school.getByRole('heading', { name: 'New Export Format', level: 1 }).waitFor();
    await school.getByLabel('Only I can edit this format').waitFor();
    expect(await school.getByLabel('Available to sub-organizations').count()).toBe(0);
  });
});

test("on a school's project, the studio's format says who will see it, maps the project's custom fields, reviews every setting and is listed there", async () => {
  const { page } = studio;
  const schoolProject = await projectIdByName(product.app, 'Maple Grove Fall 2026');
  const project = await product.app.ctx.db
    .selectFrom('projects')
    .select('project_template_id')
    .where('id', '=', schoolProject)
    .executeTakeFirstOrThrow();
  await product.app.ctx.db
    .insertInto('subject_fields')
    .values({
      project_template_id: project.project_template_id!,
      field_key: null,
      label: 'Medical Alert',
      arrangement_position: 50,
      visible_to_customers: true,
    })
    .execute();
  const name = 'Maple Yearbook';
  await page.goto(`${product.baseUrl}/projects/${schoolProject}/exports/formats/new`);
  await page.getByRole('heading', { name: 'New Export Format', level: 1 }).waitFor();
  await page.getByRole('textbox', { name: 'Format Name' }).fill(name);
  expect(await page.getByTestId('format-audience').textContent()).toBe(
    'This format belongs to Demo Studio. Maple Grove Elementary will not see it unless it is made available to sub-organizations.',
  );
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'Output Directory Name' }).waitFor();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('spinbutton', { name: 'Pixels per Inch' }).fill('300');
  await page.getByRole('button', { name: 'Next' }).click();

  // Add Field: a catalogue field, this project's custom field (offered), and a label typed in.
  const add = page.getByRole('combobox', { name: 'Add Field' });
  await add.click();
  await page.getByRole('option', { name: 'Last Name', exact: true }).click();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await add.click();
  await page.getByRole('option', { name: 'Medical Alert', exact: true }).click();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await add.fill('Bus Route');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByText('3. Bus Route (custom field)').waitFor();
  await page.getByRole('textbox', { name: 'Data File Name' }).fill('INDEX');
  await choose(page, 'Extension', 'txt');
  await choose(page, 'Text Encoding', 'Windows-1252');
  await page.getByLabel('Include headers').uncheck();
  await page.getByLabel(/Also write a MASTER file/).check();
  await page.getByRole('button', { name: 'Next' }).click();

  // Review: every setting as the archive will use it, the file names in the archive's case.
  await page.getByRole('button', { name: 'Save' }).waitFor();
  expect(await termValues(page, 'review-')).toMatchObject({
    'data-file': 'INDEX.TXT',
    'master-file': 'MASTER.TXT lists everyone; INDEX.TXT only subjects with an image',
    rows: 'Only subjects with an image',
    'pixels-per-inch': '300',
    'name-separator': 'Underscore (_)',
    'image-zero-pad': 'No',
    headers: 'No',
    encoding: 'Windows-1252',
    'data-zero-pad': 'None',
    fields: 'Last Name, Medical Alert (custom field), Bus Route (custom field)',
    audience: expect.stringContaining('Maple Grove Elementary will not see it'),
  });

  // Saved, it is listed on the school's project (the studio's own format, made for it).
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/exports\?tab=custom$/);
  await page
    .getByRole('table', { name: 'Custom formats' })
    .getByRole('row', { name: new RegExp(`^${name}`) })
    .waitFor();
  const saved = await product.app.ctx.db
    .selectFrom('project_export_format_field_mappings as m')
    .innerJoin('project_export_formats as f', 'f.id', 'm.project_export_format_id')
    .select(['m.field_key', 'm.custom_label', 'f.data_encoding', 'f.images_pixels_per_inch'])
    .where('f.name', '=', name)
    .orderBy('m.position')
    .execute();
  expect(saved).toEqual([
    {
      field_key: 'last_name',
      custom_label: null,
      data_encoding: 'windows-1252',
      images_pixels_per_inch: 300,
    },
    {
      field_key: null,
      custom_label: 'Medical Alert',
      data_encoding: 'windows-1252',
      images_pixels_per_inch: 300,
    },
    {
      field_key: null,
      custom_label: 'Bus Route',
      data_encoding: 'windows-1252',
      images_pixels_per_inch: 300,
    },
  ]);
});

test('a format writes its files at the root, a usage statement and ASCII; the check says what a name becomes', async () => {
  const { page } = studio;
  const name = 'Root Yearbook';
  await page.goto(`${product.baseUrl}/projects/${projectId}/exports/formats/new`);
  await page.getByRole('textbox', { name: 'Format Name' }).fill(name);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'Output Directory Name' }).waitFor();
  await page.getByLabel(/^Files at the archive's root/).check();
  await page
    .getByRole('textbox', { name: 'Usage Statement (COPYRIGHT.TXT)' })
    .fill('Lumen Studio. Yearbook use only.');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('spinbutton', { name: 'Width (pixels)' }).waitFor();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('combobox', { name: 'Add Field' }).click();
  await page.getByRole('option', { name: 'Last Name', exact: true }).click();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByText('1. Last Name').waitFor();
  await choose(page, 'Text Encoding', 'ASCII');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Save' }).waitFor();
  expect(await termValues(page, 'review-')).toMatchObject({
    output: "None: files at the archive's root",
    contents: expect.stringContaining('COPYRIGHT.TXT'),
    encoding: 'ASCII',
  });
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/exports\?tab=custom$/);
  expect(
    await product.app.ctx.db
      .selectFrom('project_export_formats')
      .select(['files_at_root', 'copyright_statement', 'data_encoding'])
      .where('name', '=', name)
      .executeTakeFirstOrThrow(),
  ).toEqual({
    files_at_root: true,
    copyright_statement: 'Lumen Studio. Yearbook use only.',
    data_encoding: 'ascii',
  });

  // A subject of the school's project whose last name ASCII can't hold: the check names her, the column, and
  // what it becomes.
  const db = product.app.ctx.db;
  const schoolProject = await projectIdByName(product.app, 'Maple Grove Fall 2026');
  const lastName = await db
    .selectFrom('subject_fields as f')
    .innerJoin('projects as p', 'p.project_template_id', 'f.project_template_id')
    .select('f.id')
    .where('p.id', '=', schoolProject)
    .where('f.field_key', '=', 'last_name')
    .executeTakeFirstOrThrow();
  const subject = await db
    .selectFrom('subjects')
    .select(['id', 'properties'])
    .where('project_id', '=', schoolProject)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('subjects')
    .set({ properties: JSON.stringify({ ...subject.properties, [lastName.id]: 'Łukasz' }) })
    .where('id', '=', subject.id)
    .execute();
  const format = await db
    .selectFrom('project_export_formats')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  await page.goto(`${product.baseUrl}/projects/${schoolProject}/exports/formats/${format.id}/run`);
  const issue = page
    .getByTestId('export-check')
    .locator('[data-testid="check-issue"][data-code="transliterated"]');
  await issue.getByText(/^1 subject has characters that ASCII can't hold; data\.csv will have/).waitFor();
  await issue.getByRole('button', { name: 'Show subjects' }).click();
  await issue.getByTestId('check-change').getByText('Last Name: “Łukasz” becomes “Lukasz”').waitFor();
});
