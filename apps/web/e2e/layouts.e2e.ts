import { readFile } from 'node:fs/promises';
import { PDFParse } from 'pdf-parse';
import { beforeAll, expect, test } from 'vitest';
import { choose, downloadBy, navLink } from './helpers.js';
import { schoolProject } from './support/factories.js';
import {
  type ApiCall,
  apiAs,
  DEMO_USERS,
  organizationIdByName,
  productAndBrowser,
  projectIdByName,
  withSignedInPage,
} from './support/server.js';

const product = productAndBrowser({}, { publicHost: '127.0.0.1' });
let api: ApiCall;
let projectId: string;

const PEOPLE = [
  { first_name: 'Ava', last_name: 'Adams', grade: '3', teacher: 'Ms. Lee', student_id: 'S-100' },
  { first_name: 'Ben', last_name: 'Brown', grade: 'K', teacher: 'Mr. Ng', student_id: 'S-101' },
  { first_name: 'Иван', last_name: 'Петров', grade: '3', teacher: 'Ms. Lee', student_id: 'S-102' },
  { first_name: 'Cleo', last_name: 'Cole', grade: '3', teacher: 'Ms. Lee', student_id: 'S-103' },
  // Ava twice under two student ids: a duplicate only when Student ID is not a field to match.
  { first_name: 'Ava', last_name: 'Adams', grade: '3', teacher: 'Ms. Lee', student_id: 'S-104' },
];

beforeAll(async () => {
  ({ api } = await apiAs(product.baseUrl));
  const project = await schoolProject(product.app, api, {
    name: 'Print Day 2026',
    template: 'Layouts E2E Template',
    fields: ['first_name', 'last_name', 'student_id', 'grade', 'teacher'],
    project: { short_code: 'PR26' },
  });
  projectId = project.id;
  await project.addSubjects(PEOPLE);
}, 120_000);

async function pdfText(path: string) {
  const parser = new PDFParse({ data: new Uint8Array(await readFile(path)) });
  try {
    const text = await parser.getText();
    return { pages: text.total, text: text.text };
  } finally {
    await parser.destroy();
  }
}

test('a studio manager prints a class composite for a selection, leaving a duplicate out and printing placeholders for the missing photos', async () => {
  await withSignedInPage(product, DEMO_USERS.studio, async (page) => {
    await page.goto(`${product.baseUrl}/projects/${projectId}/layouts`);
    const menu = page.getByRole('navigation', { name: 'Layouts' });
    await menu.getByRole('link', { name: 'All Layouts' }).waitFor();
    await menu.getByRole('link', { name: 'Recent Prints' }).waitFor();
    await menu.getByRole('link', { name: 'Edit Layouts' }).waitFor();
    await choose(page, 'Choose Category', 'Class Composites');
    await page.getByTestId('layouts-count').getByText('1 layout', { exact: true }).waitFor();
    const card = page.getByTestId('layout-card').filter({ hasText: 'Class Composite' });
    await card.getByRole('img', { name: 'Preview of Class Composite' }).waitFor();
    await card.getByRole('link', { name: 'Select Layout' }).click();

    await page.getByTestId('layout-preview').getByRole('img').waitFor();
    // The subjects area's shared steps: the grid's selection, then the duplicate check.
    await page.getByRole('button', { name: 'Select Subjects' }).click();
    await page.getByTestId('select-subjects-step').waitFor();
    await page.getByTestId('selected-count').getByText('5 subjects selected').waitFor();
    // A filter narrows what is shown, not what is selected: the count says both.
    const selectStep = page.getByTestId('select-subjects-step');
    await selectStep.getByLabel('Search').fill('Cole');
    await page
      .getByTestId('selected-count')
      .getByText('5 subjects selected; the filter shows 1', { exact: true })
      .waitFor();
    await selectStep.getByLabel('Search').fill('');
    await page.getByTestId('selected-count').getByText('5 subjects selected', { exact: true }).waitFor();
    await page.getByRole('checkbox', { name: 'Select Ben Brown' }).uncheck();
    await page.getByTestId('selected-count').getByText('4 subjects selected').waitFor();
    await page.getByRole('button', { name: 'Check for Duplicate Subjects' }).click();
    const step = page.getByTestId('check-duplicates-step');
    await step.waitFor();
    // The fields to match, as in the export wizard: First Name, Last Name, Student ID; none left out yet.
    const chips = page.getByRole('group', { name: 'Fields to match' });
    for (const name of ['First Name', 'Last Name', 'Student ID'])
      await chips.getByRole('button', { name }).waitFor();
    await page.getByTestId('print-excluded').getByText('0 duplicates left out.').waitFor();
    await page.getByText('No duplicates found.').waitFor();
    // Without Student ID the two Avas match; keeping one leaves the other out.
    await chips.getByRole('button', { name: 'Student ID' }).locator('.MuiChip-deleteIcon').click();
    const group = step.getByTestId('duplicate-group');
    await expect.poll(() => group.count()).toBe(1);
    await group.getByRole('radio').first().check();
    await page.getByTestId('print-excluded').getByText('1 duplicate left out.').waitFor();
    // The decision holds: the check still shows the group it was made in once everything has loaded.
    await page.waitForLoadState('networkidle');
    await expect.poll(() => group.count()).toBe(1);
    expect(await group.getByRole('radio').first().isChecked()).toBe(true);
    await page.getByTestId('print-excluded').getByText('1 duplicate left out.').waitFor();
    await page.getByRole('button', { name: 'Confirm and Print' }).click();
    // Print defaults (§5), with their labels.
    expect(await page.getByRole('combobox', { name: 'Group By' }).textContent()).toBe('Grade');
    expect(await page.getByRole('combobox', { name: 'Sort By' }).textContent()).toBe('Last Name');
    expect(await page.getByRole('combobox', { name: 'Then By' }).textContent()).toBe('First Name');
    // None of them has a photo: left out by default (the summary says so), here printed as placeholders.
    const summary = page.getByTestId('print-summary');
    await summary
      .getByText('0 subjects to print, grouped by Grade, sorted by Last Name, First Name.')
      .waitFor();
    await summary.getByText('3 subjects without a photo left out.').waitFor();
    await summary.getByText('1 duplicate left out.').waitFor();
    const withoutPhoto = page.getByRole('radiogroup', { name: 'Subjects without a photo' });
    expect(await withoutPhoto.getByRole('radio', { name: 'Leave them out' }).isChecked()).toBe(true);
    // Left out, nobody would be printed: the wizard says so under the choice and stays on this step.
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    await page
      .getByTestId('print-none-has-photo')
      .getByText('None of the chosen subjects has a photo: print placeholders to print them.')
      .waitFor();
    expect(page.url()).not.toContain('/layouts/renders');
    await withoutPhoto.getByRole('radio', { name: 'Print a placeholder with the name' }).check();
    await summary
      .getByText('3 subjects to print, grouped by Grade, sorted by Last Name, First Name.')
      .waitFor();
    expect(await summary.getByText('without a photo').count()).toBe(0);
    await page.getByRole('textbox', { name: 'PDF Name' }).fill('Composite for Ms. Lee');
    await page.getByRole('button', { name: 'Print', exact: true }).click();

    await page.waitForURL(/\/layouts\/renders\?poll=true&highlightRenderId=\d+/);
    const row = page.getByTestId('highlighted-render');
    await row.getByText('Composite for Ms. Lee').waitFor();
    await row.getByText('Completed').waitFor({ timeout: 30_000 });
    const download = await downloadBy(row.getByRole('button', { name: 'Download' }));
    expect(download.suggestedFilename()).toBe('Composite for Ms. Lee.pdf');
    const pdf = await pdfText(await download.path());
    expect(pdf.pages).toBe(1);
    // Headed by the school and the class; each placeholder says so and names its subject.
    expect(pdf.text).toContain('Maple Grove Elementary');
    expect(pdf.text).toContain('Grade 3 · Ms. Lee');
    expect(pdf.text).toContain('No photo');
    expect(pdf.text).toContain('Иван Петров');
    expect(pdf.text).toContain('Cleo Cole');
    expect(pdf.text).toContain('Ava Adams');
    expect(pdf.text).not.toContain('Brown');
    // Polling stopped when nothing ran any more: the flag is off.
    await page.waitForURL((url) => !url.search.includes('poll=true'), { timeout: 15_000 });
    // The selection went over the wire, not a list of ids.
    const render = await product.app.ctx.db
      .selectFrom('layout_renders')
      .select(['subject_ids', 'subjects_without_photo'])
      .where('render_name', '=', 'Composite for Ms. Lee')
      .executeTakeFirstOrThrow();
    expect(render).toMatchObject({ subjects_without_photo: 'placeholder' });
    expect(render.subject_ids).toHaveLength(3);
  });
}, 120_000);

test('the confirm step counts the subjects to print: those without a photo are left out by default, and printed as placeholders when chosen', async () => {
  // The demo project: five subjects, four with a photo (Emma Kowalski, Grade 5, has none).
  const demoProjectId = await projectIdByName(product.app, 'Maple Grove Fall 2026');
  await withSignedInPage(product, DEMO_USERS.studio, async (page) => {
    await page.goto(`${product.baseUrl}/projects/${demoProjectId}/layouts`);
    await choose(page, 'Choose Category', 'Class Composites');
    const card = page.getByTestId('layout-card').filter({ hasText: 'Class Composite' });
    await card.getByRole('link', { name: 'Select Layout' }).click();
    await page.getByTestId('layout-preview').getByRole('img').waitFor();
    await page.getByRole('button', { name: 'Confirm and Print' }).click();
    const summary = page.getByTestId('print-summary');
    await summary
      .getByText('4 subjects to print, grouped by Grade, sorted by Last Name, First Name.')
      .waitFor();
    await summary.getByText('1 subject without a photo left out.').waitFor();
    await page.getByRole('radio', { name: 'Print a placeholder with the name' }).check();
    await summary
      .getByText('5 subjects to print, grouped by Grade, sorted by Last Name, First Name.')
      .waitFor();
    expect(await summary.getByText('without a photo').count()).toBe(0);
    // A selection of chosen ids is counted the same way.
    await page.getByRole('radio', { name: 'Leave them out' }).check();
    await page.getByRole('button', { name: 'Select Subjects' }).click();
    await page.getByTestId('selected-count').getByText('5 subjects selected').waitFor();
    await page.getByRole('checkbox', { name: 'Select Emma Kowalski' }).uncheck();
    await page.getByTestId('selected-count').getByText('4 subjects selected').waitFor();
    await page.getByRole('button', { name: 'Confirm and Print' }).click();
    await summary
      .getByText('4 subjects to print, grouped by Grade, sorted by Last Name, First Name.')
      .waitFor();
    expect(await summary.getByText('without a photo').count()).toBe(0);
  });
}, 120_000);

test('a school user downloads the Subject Directory of its project', async () => {
  await withSignedInPage(product, DEMO_USERS.school, async (page) => {
    await page.goto(`${product.baseUrl}/projects/${projectId}/subjects`);
    await page.getByRole('link', { name: 'Download Subject Directory' }).click();
    await page.getByRole('heading', { name: 'Download Subject Directory' }).waitFor();
    // Under the subjects sub-menu, as the other subjects screens.
    const nav = page.getByRole('navigation', { name: 'Subjects' });
    await nav.getByRole('link', { name: 'All Subjects' }).waitFor();
    await nav.getByRole('link', { name: 'Find Duplicates' }).waitFor();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Group By' }).textContent())
      .toContain('Teacher');
    // Group By is required: the fields are offered, "None" is not.
    await page.getByRole('combobox', { name: 'Group By' }).click();
    const options = page.getByRole('listbox').getByRole('option');
    await options.first().waitFor();
    expect(await options.allTextContents()).toEqual(expect.arrayContaining(['Teacher', 'Grade']));
    expect(await options.allTextContents()).not.toContain('None');
    await page.getByRole('option', { name: 'Teacher', exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    expect(await page.getByText('Group By is required.').count()).toBe(0);
    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog', { name: 'Subject Directory' });
    await dialog.waitFor();
    await page.waitForURL(/subjectDirectoryId=\d+/);
    await dialog.getByRole('button', { name: 'Download Now' }).waitFor({ timeout: 30_000 });
    // A sentence that ends with its period (it ran on into the next one).
    await dialog.getByText('Subject Directory is ready for download.').waitFor();
    const download = await downloadBy(dialog.getByRole('button', { name: 'Download Now' }));
    await dialog.waitFor({ state: 'detached' });
    const pdf = await pdfText(await download.path());
    expect(pdf.text).toContain('Adams, Ava');
    expect(pdf.text).toContain('Brown, Ben');
    expect(pdf.text).toContain('Ms. Lee');
    expect(pdf.text).toContain('Mr. Ng');
    // Groups in order of the Teacher field: Mr. Ng before Ms. Lee.
    expect(pdf.text.indexOf('Mr. Ng')).toBeLessThan(pdf.text.indexOf('Ms. Lee'));
  });
}, 120_000);

test('a studio manager copies a built-in layout, edits its definition as JSON, and the preview follows', async () => {
  await withSignedInPage(product, DEMO_USERS.studio, async (page) => {
    await page.goto(`${product.baseUrl}/projects/${projectId}/layouts`);
    await navLink(page, 'Layouts', 'Edit Layouts').click();
    await page.getByRole('heading', { level: 1, name: 'Edit Layouts' }).waitFor();
    await page.getByRole('button', { name: 'Copy Wallets 8-up' }).click();
    await page.getByTestId('notification').filter({ hasText: 'Wallets 8-up was copied.' }).waitFor();
    await page.waitForURL(/layoutId=\d+/);
    const form = page.getByRole('form', { name: 'Copy of Wallets 8-up' });
    const preview = page.getByTestId('layout-edit-preview').getByRole('img');
    await preview.waitFor();
    const before = await preview.getAttribute('src');
    const definition = form.getByRole('textbox', { name: 'Definition (JSON)' });
    const original = JSON.parse(await definition.inputValue()) as {
      grid: { width: number; height: number };
      unit: { width: number; height: number };
    };
    expect(original.grid).toEqual({ width: 4, height: 2 });

    // Broken JSON, then a grid that does not fit: told at once, Save stays off.
    const save = form.getByRole('button', { name: 'Save' });
    await definition.fill('{ "page": ');
    await page.getByTestId('definition-problems').getByText('The definition is not valid JSON.').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await definition.fill(JSON.stringify({ ...original, grid: { width: 9, height: 2 } }, null, 2));
    await page
      .getByTestId('definition-problems')
      .getByText('unit.width: Units do not fit across the page.')
      .waitFor();
    expect(await save.isDisabled()).toBe(true);

    // Four big wallets instead of eight: saved, and the preview is drawn again.
    const bigger = {
      ...original,
      grid: { width: 2, height: 2 },
      unit: { ...original.unit, width: 288, height: 360 },
    };
    await definition.fill(JSON.stringify(bigger, null, 2));
    await page.getByTestId('definition-problems').waitFor({ state: 'detached' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Wallets 4-up');
    await save.click();
    await page.getByTestId('notification').filter({ hasText: 'Wallets 4-up was saved.' }).waitFor();
    await expect.poll(() => preview.getAttribute('src'), { timeout: 15_000 }).not.toBe(before);
    const saved = await api<{ layout: { name: string; grid_width: number; organization_id: string } }>(
      `/api/layouts/${new URL(page.url()).searchParams.get('layoutId')}`,
    );
    expect(saved.layout).toMatchObject({ name: 'Wallets 4-up', grid_width: 2 });
    expect(saved.layout.organization_id).toBe(await organizationIdByName(product.app, 'Demo Studio'));
    await page.getByRole('button', { name: 'Edit Wallets 4-up' }).waitFor();
  });
}, 120_000);

test('Edit Layouts is offered to studio or lab managers only', async () => {
  await withSignedInPage(product, DEMO_USERS.school, async (page) => {
    await page.goto(`${product.baseUrl}/projects/${projectId}/layouts`);
    const menu = page.getByRole('navigation', { name: 'Layouts' });
    await menu.getByRole('link', { name: 'Recent Prints' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Edit Layouts' }).count()).toBe(0);
    await page.goto(`${product.baseUrl}/projects/${projectId}/layouts/edit`);
    await page.waitForURL((url) => url.pathname === `/projects/${projectId}/layouts`);
  });
}, 60_000);

test('for a single subject the wizard starts at the duplicate check, and prints that subject only', async () => {
  const subjects = await api<{ subjects: { id: string; display_name: string }[] }>(
    `/api/projects/${projectId}/subjects?limit=50`,
  );
  const cleo = subjects.subjects.find((s) => s.display_name.includes('Cleo'))!;
  const layouts = await api<{ layout_category: { layouts: { id: string; name: string }[] } }>(
    '/api/layout-categories/portraits',
  );
  const wallets = layouts.layout_category.layouts.find((l) => l.name === 'Wallets 8-up')!;
  await withSignedInPage(product, DEMO_USERS.studio, async (page) => {
    await page.goto(`${product.baseUrl}/projects/${projectId}/layouts/${wallets.id}?subjectId=${cleo.id}`);
    await page.getByTestId('check-duplicates-step').waitFor();
    expect(await page.getByRole('button', { name: 'Preview Layout' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Select Subjects' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Confirm and Print' }).click();
    await page.getByText('0 subjects to print, grouped by Grade, sorted by Last Name, First Name.').waitFor();
    await page.getByTestId('print-summary').getByText('1 subject without a photo left out.').waitFor();
    await page.getByRole('radio', { name: 'Print a placeholder with the name' }).check();
    await page.getByText('1 subject to print, grouped by Grade, sorted by Last Name, First Name.').waitFor();
    await page.getByRole('textbox', { name: 'PDF Name' }).fill('Wallets for Cleo');
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    const row = page.getByTestId('highlighted-render');
    await row.getByText('Completed').waitFor({ timeout: 30_000 });
    const download = await downloadBy(row.getByRole('button', { name: 'Download' }));
    const pdf = await pdfText(await download.path());
    expect(pdf.text).toContain('Cleo Cole');
    expect(pdf.text).not.toContain('Ava Adams');
  });
}, 120_000);

test('Recent Prints pages through many renders, and a failed one shows its reason', async () => {
  const db = product.app.ctx.db;
  const layout = await db.selectFrom('layouts').select('id').limit(1).executeTakeFirstOrThrow();
  await db
    .insertInto('layout_renders')
    .values(
      Array.from({ length: 55 }, (_, i) => ({
        project_id: projectId,
        layout_id: layout.id,
        render_type: 'Basic' as const,
        render_name: `Old print ${i}`,
        subject_ids: [],
        worker_token: `e2e${String(i).padStart(29, '0')}`,
        worker_status: 'failed' as const,
        failure_reason: 'the layout has no room',
        created_at: new Date(Date.UTC(2020, 0, 1, 0, i)),
      })),
    )
    .execute();
  const total = Number(
    (
      await db
        .selectFrom('layout_renders')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('project_id', '=', projectId)
        .executeTakeFirstOrThrow()
    ).n,
  );
  await withSignedInPage(product, DEMO_USERS.studio, async (page) => {
    await page.goto(`${product.baseUrl}/projects/${projectId}/layouts/renders`);
    await page.getByTestId('renders-count').getByText(`${total} renders`).waitFor();
    const table = page.getByRole('table', { name: 'Recent Prints' });
    await expect.poll(() => table.getByRole('row').count()).toBe(50 + 1);
    await page.getByTestId('pager-range').getByText(`1–50 of ${total}`).waitFor();
    await page.getByTestId('pager').getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => table.getByRole('row').count()).toBe(total - 50 + 1);
    // The oldest one is last, failed with its reason.
    await table
      .getByRole('row')
      .filter({ hasText: 'Old print 0' })
      .getByText('Failed: the layout has no room')
      .waitFor();
  });
}, 60_000);
