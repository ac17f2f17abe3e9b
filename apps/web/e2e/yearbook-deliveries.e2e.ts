import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { eventually } from '../../api/test/support/app.js';
import { makeJpeg } from '../../api/test/support/images.js';
import { downloadBy, heading, navLink } from './helpers.js';
import {
  apiAs,
  DEMO_USERS,
  productAndBrowser,
  projectIdByName,
  sharedSignedInPage,
  withSignedInPage,
} from './support/server.js';

// The studio makes a yearbook target for the school's project on the screens, a full delivery, then,
// after a corrected name, a changes delivery that holds only that; it downloads the first. The school's
// staff open the Yearbook tab and read the ledger (no delivery buttons), the change list and the check's
// not-pictured list; the deadline shows on the project dashboard and on Coverage.
const product = productAndBrowser();
const studio = sharedSignedInPage(product);
let projectId = '';

/** A date `days` from today, as the date field takes it (YYYY-MM-DD). */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const PORTRAIT_DEADLINE = inDays(20);
const FINAL_DEADLINE = inDays(45);

beforeAll(async () => {
  projectId = await projectIdByName(product.app, 'Maple Grove Fall 2026');
});

/** A demo student of the project by first name: its id, and the id of the First Name field. */
async function subjectByFirstName(first: string): Promise<{ id: string; firstName: string }> {
  const { api } = await apiAs(product.baseUrl, DEMO_USERS.studio);
  const { project } = await api<{ project: { project_template_id: string } }>(`/api/projects/${projectId}`);
  const { project_template: template } = await api<{
    project_template: { subject_fields: { id: string; field_key: string | null }[] };
  }>(`/api/project-templates/${project.project_template_id}`);
  const firstName = template.subject_fields.find((f) => f.field_key === 'first_name')!.id;
  const subjects = await product.app.ctx.db
    .selectFrom('subjects')
    .select(['id', 'properties'])
    .where('project_id', '=', projectId)
    .execute();
  const subject = subjects.find((s) => (s.properties as Record<string, string>)[firstName] === first);
  if (!subject) throw new Error(`no subject ${first}`);
  return { id: String(subject.id), firstName };
}

const ledgerRows = (p: Page) =>
  p.getByRole('table', { name: 'Deliveries to the publisher' }).getByTestId('yearbook-delivery-row');

/** Starts a delivery of the kind from its button, confirms it, and waits until its ledger row is ready. */
async function deliver(p: Page, button: string, expectedRows: number) {
  await p.getByRole('button', { name: button }).click();
  const dialog = p.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Start Delivery' }).click();
  await dialog.waitFor({ state: 'detached' });
  await ledgerRows(p)
    .nth(expectedRows - 1)
    .waitFor();
  expect(await ledgerRows(p).count()).toBe(expectedRows);
  // Newest first: the new delivery is the top row, polled until it is ready.
  await ledgerRows(p)
    .first()
    .locator('[data-testid="yearbook-delivery-status"][data-status="completed"]')
    .waitFor({ timeout: 120_000 });
}

test('the studio makes a yearbook target with its publisher, format and deadlines', async () => {
  const { page } = studio;
  await page.goto(`${product.baseUrl}/projects/${projectId}`);
  await navLink(page, 'Project', 'Yearbook').click();
  await page.waitForURL(`**/projects/${projectId}/yearbook`);
  await heading(page, 'Yearbook').waitFor();
  await page.getByText('This project has no yearbook target yet.').waitFor();

  await page.getByRole('link', { name: 'New Yearbook Target' }).click();
  await heading(page, 'New Yearbook Target').waitFor();
  await page.getByRole('combobox', { name: 'Publisher' }).click();
  await page.getByRole('option', { name: 'Jostens', exact: true }).click();
  await page.getByText('This preset fixes: images of 640 × 800 px').waitFor();
  // PSPA is the format a new target starts with.
  expect(await page.getByRole('combobox', { name: 'Export format' }).textContent()).toMatch(/PSPA/);
  await page.getByLabel('Date 1').fill(PORTRAIT_DEADLINE);
  await page.getByLabel('Date 2').fill(FINAL_DEADLINE);
  await page.getByRole('button', { name: 'Save' }).click();

  await heading(page, 'Yearbook: Jostens').waitFor();
  const deadlines = page.getByRole('list', { name: 'Deadlines' });
  await deadlines.getByText(/^Portrait deadline: .* \(in 20 days\)$/).waitFor();
  await deadlines.getByText(/^Final corrections: .* \(in 45 days\)$/).waitFor();
  expect(await page.getByTestId('yearbook-target-image-size').locator('dd').textContent()).toBe(
    '640 × 800 px',
  );
  await page.getByText('Nothing has been delivered to this publisher yet.').waitFor();
  // A changes delivery needs a full one before it.
  expect(await page.getByRole('button', { name: 'Make a Changes Delivery' }).isDisabled()).toBe(true);
  // A target nothing was delivered to may still be deleted.
  await page.getByRole('button', { name: 'Delete' }).waitFor();
});

test('a full delivery, then after a corrected name a changes delivery holding only that', async () => {
  const { page } = studio;
  await deliver(page, 'Make a Full Delivery', 1);
  const first = ledgerRows(page).first();
  expect(await first.getAttribute('data-kind')).toBe('full');
  await first.getByText('Stella Studio').waitFor();
  expect(await first.getByTestId('yearbook-delivery-counts').textContent()).toBe(
    '5 subjects, 4 with a portrait',
  );
  expect(await first.getByTestId('yearbook-delivery-downloads').textContent()).toBe('Not downloaded yet');
  // Delivered to: the target stays, with its ledger.
  expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);

  // Ben's first name is corrected (as the subject form saves it).
  const { api } = await apiAs(product.baseUrl, DEMO_USERS.studio);
  const { firstName, id: benId } = await subjectByFirstName('Ben');
  await api(`/api/subjects/${benId}`, 'PATCH', { subject: { properties: { [firstName]: 'Benjamin' } } });

  // The check before the changes delivery says what it would hold.
  await page.getByRole('link', { name: 'Check Before Delivery' }).click();
  await heading(page, 'Check Before Delivery: Jostens').waitFor();
  await page.getByRole('button', { name: 'Changes' }).click();
  await page
    .getByTestId('yearbook-check-change')
    .getByText(/Benjamin Okafor/)
    .waitFor();
  expect(await page.getByTestId('yearbook-check-count-corrected').locator('dd').textContent()).toBe('1');
  await page.getByRole('link', { name: 'Back to the Target' }).click();

  await deliver(page, 'Make a Changes Delivery', 2);
  const second = ledgerRows(page).first();
  expect(await second.getAttribute('data-kind')).toBe('changes');
  expect(await second.getByRole('rowheader').textContent()).toBe('2');
  expect(await second.getByTestId('yearbook-delivery-counts').textContent()).toBe(
    '0 new, 0 replaced, 1 corrected, 0 to remove',
  );

  // Its details: the change list in plain words, since delivery 1.
  await second.getByRole('link', { name: 'Details of delivery 2' }).click();
  await heading(page, 'Delivery 2: Changes').waitFor();
  await page.getByTestId('yearbook-delivery-kind').getByText('Changes (since delivery 1)').waitFor();
  const changes = page
    .getByRole('table', { name: 'Changes in this delivery' })
    .getByTestId('yearbook-change');
  await changes.first().waitFor();
  expect(await changes.count()).toBe(1);
  expect(await changes.first().getAttribute('data-kind')).toBe('corrected');
  await changes.first().getByRole('rowheader', { name: 'Benjamin Okafor' }).waitFor();
  expect(await changes.first().getByRole('cell').last().textContent()).toMatch(
    /^Correct Benjamin Okafor \(grade 3, Ms. Ortiz\)/,
  );
  const csv = await downloadBy(page.getByRole('button', { name: 'Change List (CSV)' }));
  expect(csv.suggestedFilename()).toMatch(/delivery 2\.csv$/);
  await page.getByRole('link', { name: 'Back to the Target' }).click();

  // Downloading is deliberate: a click, recorded and named in the ledger.
  const zip = await downloadBy(ledgerRows(page).nth(1).getByRole('button', { name: 'Download delivery 1' }));
  expect(await zip.failure()).toBeNull();
  await ledgerRows(page)
    .nth(1)
    .getByTestId('yearbook-delivery-downloads')
    .getByText('Stella Studio')
    .waitFor();
});

test("the school reads the ledger, the check's not-pictured list and the next deadline; it makes no delivery", async () => {
  await withSignedInPage(product, DEMO_USERS.school, async (page) => {
    // The project dashboard names the next deadline and what is still missing for it.
    await page.goto(`${product.baseUrl}/projects/${projectId}`);
    const card = page.getByTestId('yearbook-deadline-card');
    await card.getByText(/^Portrait deadline for Jostens: .* \(in 20 days\)$/).waitFor();
    expect(await card.getByTestId('yearbook-deadline-without_photo').locator('dd').textContent()).toBe('1');

    await navLink(page, 'Project', 'Yearbook').click();
    await heading(page, 'Yearbook').waitFor();
    await page.getByRole('link', { name: 'Open the Jostens target' }).click();
    await heading(page, 'Yearbook: Jostens').waitFor();
    const rows = ledgerRows(page);
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).getAttribute('data-kind')).toBe('changes');
    expect(await rows.nth(1).getAttribute('data-kind')).toBe('full');
    await rows.nth(1).getByTestId('yearbook-delivery-downloads').getByText('Stella Studio').waitFor();
    // Reading only: no delivery and no edit for the school.
    expect(await page.getByRole('button', { name: 'Make a Full Delivery' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0);

    // The check names Emma, who has no photo, among those not pictured.
    await page.getByRole('link', { name: 'Check Before Delivery' }).click();
    await heading(page, 'Check Before Delivery: Jostens').waitFor();
    const notPictured = page.getByRole('table', { name: 'Not pictured' });
    await notPictured.getByRole('rowheader', { name: 'Emma Kowalski' }).waitFor();
    await page
      .locator('[data-testid="yearbook-check-warning"][data-code="no_yearbook_photo"]')
      .getByText(/Emma Kowalski/)
      .waitFor();

    // Coverage names the deadline too.
    await navLink(page, 'Project', 'Coverage').click();
    await page
      .getByTestId('yearbook-deadline-note')
      .getByText(/^Portrait deadline for Jostens/)
      .waitFor();
  });
});

test("the school chooses the yearbook pose of a student with two photos, until the target's pose deadline", async () => {
  // The studio uploads a second portrait of Ava on her subject page.
  const { page } = studio;
  const ava = await subjectByFirstName('Ava');
  const before = await product.app.ctx.db
    .selectFrom('subjects')
    .select('yearbook_photo_id')
    .where('id', '=', ava.id)
    .executeTakeFirstOrThrow();
  expect(before.yearbook_photo_id).toBeNull();
  await page.goto(`${product.baseUrl}/projects/${projectId}/subjects/${ava.id}/upload`);
  await page
    .getByTestId('photo-input')
    .setInputFiles([{ name: 'ava-second.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(800, 1000) }]);
  await page.getByRole('button', { name: 'Upload 1 Photo' }).click();
  // One photo leads on to its crop; then the subject page shows both once their thumbnails are made.
  await page.waitForURL((url) => url.pathname.endsWith('/crop'));
  await page.goto(`${product.baseUrl}/projects/${projectId}/subjects/${ava.id}`);
  await eventually(
    async () => (await page.getByTestId('subject-photo').getByRole('img').count()) === 2,
    30_000,
  );

  await withSignedInPage(product, DEMO_USERS.school, async (school) => {
    await school.goto(`${product.baseUrl}/projects/${projectId}/yearbook`);
    await school.getByRole('link', { name: 'Open the Jostens target' }).click();
    const poses = school.getByRole('region', { name: 'Choose Yearbook Poses' });
    await poses.getByText(/Choose one until /).waitFor();
    const student = poses.getByTestId('yearbook-pose-student');
    await student.getByRole('heading', { name: 'Ava Nguyen (3, Ms. Ortiz)' }).waitFor();
    expect(await student.count()).toBe(1);
    await student.getByRole('button', { name: 'Use photo 2 of Ava Nguyen for the yearbook' }).click();
    await school.getByText('The yearbook pose of Ava Nguyen was saved.').waitFor();
    await student.getByTestId('yearbook-pose').nth(1).getByText('Yearbook pose').waitFor();
  });
  const chosen = await product.app.ctx.db
    .selectFrom('subjects')
    .select('yearbook_photo_id')
    .where('id', '=', ava.id)
    .executeTakeFirstOrThrow();
  expect(chosen.yearbook_photo_id).not.toBeNull();

  // Once the pose deadline has passed, the choice is closed on the screen.
  const target = await product.app.ctx.db
    .selectFrom('yearbook_targets')
    .select('id')
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  await product.app.ctx.db
    .updateTable('yearbook_targets')
    .set({ deadlines: JSON.stringify([{ name: 'Portrait deadline', date: inDays(-1) }]) })
    .where('id', '=', target.id)
    .execute();
  await withSignedInPage(product, DEMO_USERS.school, async (school) => {
    await school.goto(`${product.baseUrl}/projects/${projectId}/yearbook/targets/${target.id}`);
    await school
      .getByRole('region', { name: 'Choose Yearbook Poses' })
      .getByText('The pose deadline has passed: poses can no longer be chosen here.')
      .waitFor();
  });
});
