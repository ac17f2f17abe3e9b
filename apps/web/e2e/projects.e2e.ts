import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { eventually } from '../../api/test/support/app.js';
import {
  choose,
  closePage,
  freshPage,
  heading,
  navLink,
  pageErrors,
  pathOf,
  storedToken,
} from './helpers.js';
import { insertProjects } from './support/factories.js';
import {
  DEMO_USERS,
  mailedLinkPath,
  organizationIdByName,
  productAndBrowser,
  projectIdByName,
  signedInPage,
  signIn,
} from './support/server.js';

// Thumbnails come from the address the server names from PUBLIC_URL: publicHost makes it the browser's.
const product = productAndBrowser({}, { publicHost: '127.0.0.1' });

const NOT_ACTIVATED =
  'Oops, it appears that this project is not activated for your account. Please contact your support line for information on how to activate it.';

/** A call to the API as someone (their bearer token); throws on anything but 2xx. */
async function api<T>(token: string | null, path: string, method = 'GET', body?: unknown): Promise<T> {
  const response = await fetch(`${product.baseUrl}${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      'X-App-Slug': 'school-portal',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** The cell texts of a table's body rows. */
async function tableRows(page: Page, tableName: string): Promise<string[][]> {
  const table = page.getByRole('table', { name: tableName, exact: true });
  await table.waitFor();
  return table
    .locator('tbody tr:not([aria-hidden="true"])')
    .evaluateAll((rows) =>
      rows.map((row) =>
        Array.from(row.querySelectorAll('td, th')).map((cell) => cell.textContent?.trim() ?? ''),
      ),
    );
}

/** Waits until the list's sort order in the address is `value` (filters replace the history entry). */
async function sortParam(page: Page, value: string) {
  await page.waitForFunction((v) => new URLSearchParams(window.location.search).get('sort') === v, value);
}

test('a school user lands in a living demo project with students and photos', async () => {
  const page = await signedInPage(product.browser, product.baseUrl, DEMO_USERS.school);
  await heading(page, 'Maple Grove Fall 2026').waitFor();
  const overview = page.getByRole('list', { name: 'Project overview' });
  await overview.getByRole('link', { name: /^5\s*Subjects$/ }).click();
  await heading(page, 'All Subjects').waitFor();
  const cards = page.getByTestId('subject-card');
  await eventually(async () => (await cards.count()) === 5, 15_000);
  // Four of the five have a photo whose thumbnail loads; one is left for "Without Images".
  const photos = page.getByRole('img', { name: /^Photo of / });
  await eventually(async () => (await photos.count()) === 4, 15_000);
  await eventually(
    async () =>
      (
        await photos.evaluateAll((images) =>
          images.filter(
            (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
          ),
        )
      ).length === 4,
    15_000,
  );
  expect(await page.getByRole('img', { name: 'No photo' }).count()).toBe(1);
  // New Subject has the template's fields.
  await page.getByRole('link', { name: 'New Subject' }).first().click();
  await heading(page, 'New Subject').waitFor();
  await page.getByLabel('First Name').waitFor();
  expect(await page.getByText('no subject fields').count()).toBe(0);
  await closePage(page);
});

test('a studio manager sets up a season, a template with a hidden field and a project for a new school, whose user sees the project but not the hidden field', async () => {
  const page = await freshPage(product.browser);
  await signIn(page, product.baseUrl, DEMO_USERS.studio);
  await heading(page, 'Projects').waitFor();

  // The season filter starts on the current season, since projects have it.
  expect(await page.getByRole('combobox', { name: 'Season' }).textContent()).toBe('2026-2027 (Current)');
  const current = (await tableRows(page, 'Projects')).map((cells) => cells[0]);
  expect(current).toHaveLength(3);
  expect(current.join('|')).toContain('Maple Grove Fall 2026');
  expect(current.join('|')).not.toContain('Maple Grove Spring 2026');

  // New season.
  await mainNav(page).getByRole('link', { name: 'Seasons' }).click();
  await heading(page, 'Seasons').waitFor();
  await navLink(page, 'Seasons', 'New Season').click();
  await heading(page, 'New Season').waitFor();
  const saveSeason = page.getByRole('button', { name: 'Save Season' });
  expect(await saveSeason.isDisabled()).toBe(true);
  await page.getByLabel('Name').fill('2027-2028');
  await saveSeason.click();
  await heading(page, 'Seasons').waitFor();
  expect(pathOf(page)).toBe('/seasons');
  const seasons = await tableRows(page, 'Seasons');
  expect(seasons.map((cells) => cells[0])).toContain('2027-2028');

  // New template: First Name for everyone, a Custom field hidden from customers.
  await mainNav(page).getByRole('link', { name: 'Project Templates' }).click();
  await heading(page, 'Project Templates').waitFor();
  await navLink(page, 'Project templates', 'New Project Template').click();
  await heading(page, 'New Project Template').waitFor();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Portrait Day Template');
  const first = page.getByRole('group', { name: 'Subject field 1' });
  await first.getByRole('combobox', { name: 'Field Type' }).click();
  await page.getByRole('option', { name: 'First Name', exact: true }).click();
  await page.getByRole('button', { name: 'Add Subject Field' }).click();
  const second = page.getByRole('group', { name: 'Subject field 2' });
  // A Custom field needs its label.
  await page.getByRole('button', { name: 'Save Template' }).click();
  await second.getByText("Can't be blank for a Custom field.").waitFor();
  await second.getByLabel('Custom Label').fill('Photographer Notes');
  await second.getByLabel('Visible to customers').uncheck();
  // Remove is offered on a new template.
  expect(await second.getByRole('button', { name: 'Remove subject field 2' }).count()).toBe(1);
  await page.getByRole('button', { name: 'Save Template' }).click();
  await heading(page, 'Portrait Day Template').waitFor();
  expect(await tableRows(page, 'Subject Fields')).toEqual([
    ['First Name', 'First Name', 'Yes'],
    ['Custom', 'Photographer Notes', 'No'],
  ]);

  // New project for a school created on the spot.
  await mainNav(page).getByRole('link', { name: 'Projects' }).click();
  await heading(page, 'Projects').waitFor();
  await page.getByRole('link', { name: 'New Project' }).click();
  await heading(page, 'New Project').waitFor();
  const saveProject = page.getByRole('button', { name: 'Save Project' });
  expect(await saveProject.isDisabled()).toBe(true);
  await page.getByText('Be sure to fill in all required fields before saving.').waitFor();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Birch Hill Picture Day 2027');
  await page.getByLabel('Short Code').fill('BH27');
  await choose(page, 'Template', 'Portrait Day Template');
  await page.getByRole('button', { name: 'New Organization' }).click();
  await page.getByLabel('New Organization Name').fill('Birch Hill Academy');
  await page.getByRole('button', { name: 'Create Organization' }).click();
  await page.getByText('The organization Birch Hill Academy has been created.').waitFor();
  expect(await page.getByRole('combobox', { name: 'Organization' }).textContent()).toBe('Birch Hill Academy');
  await choose(page, 'Season', '2027-2028');
  await saveProject.click();
  await heading(page, 'Birch Hill Picture Day 2027').waitFor();
  const projectId = pathOf(page).split('/')[2]!;
  expect(pathOf(page)).toBe(`/projects/${projectId}`);
  const subnav = page.getByRole('navigation', { name: 'Project' });
  for (const name of [
    'Birch Hill Picture Day 2027',
    'Subject management',
    'Download exports',
    'Print layouts',
    'Attachments',
  ]) {
    await subnav.getByRole('link', { name, exact: true }).waitFor();
  }
  // No pending file requests, no banner.
  expect(await page.getByTestId('files-requested').count()).toBe(0);

  const studioToken = (await storedToken(page))!;
  const { project } = await api<{ project: { organization_id: string; project_template_id: string } }>(
    studioToken,
    `/api/projects/${projectId}`,
  );

  // The studio manager sees the project's own copy of the template with the hidden field.
  await page.goto(`${product.baseUrl}/project-templates/${project.project_template_id}`);
  await heading(page, 'Portrait Day Template').waitFor();
  expect(await tableRows(page, 'Subject Fields')).toEqual([
    ['First Name', 'First Name', 'Yes'],
    ['Custom', 'Photographer Notes', 'No'],
  ]);
  // A project's copy cannot be edited or deleted.
  expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
  await closePage(page);

  // A user of the new school, invited through the API.
  const email = 'hazel.head@birchhill.test';
  const password = 'birch-hill-password';
  const { user } = await api<{ user: { id: string } }>(
    studioToken,
    `/api/organizations/${project.organization_id}/users`,
    'POST',
    { user: { name: 'Hazel Head', email } },
  );
  await api(studioToken, `/api/users/${user.id}/invite`, 'POST', { plic_app_id: 'school-portal' });
  const token = (await mailedLinkPath(product.baseUrl, email, '/invitations/')).split('/').pop()!;
  await api(null, `/api/invitations/${token}/accept`, 'POST', { password });

  // With one project they go straight into it.
  const school = await freshPage(product.browser);
  await signIn(school, product.baseUrl, email, password);
  await heading(school, 'Birch Hill Picture Day 2027').waitFor();
  expect(pathOf(school)).toBe(`/projects/${projectId}`);
  expect(await mainNav(school).getByRole('link', { name: 'Project Templates' }).count()).toBe(0);
  expect(await mainNav(school).getByRole('link', { name: 'Seasons' }).count()).toBe(0);

  // The hidden field is not shown to them.
  await school.goto(`${product.baseUrl}/project-templates/${project.project_template_id}`);
  await heading(school, 'Portrait Day Template').waitFor();
  expect(await tableRows(school, 'Subject Fields')).toEqual([['First Name', 'First Name', 'Yes']]);
  expect(await school.getByText('Photographer Notes').count()).toBe(0);

  // Customers may not create projects: the form sends them home (and home is their project).
  await school.goto(`${product.baseUrl}/projects/new`);
  await heading(school, 'Birch Hill Picture Day 2027').waitFor();
  await closePage(school);
});

test('sub-screens of a project not activated for School Portal show the not-activated screen', async () => {
  const [inactiveId] = await insertProjects(product.app, 'Maple Grove Elementary', [
    {
      name: 'Maple Grove Companion Only',
      short_code: 'MGCO',
      enable_plic_app_whitelist: true,
      plic_app_whitelist_slugs: ['plic-io'],
    },
  ]);
  const inactive = { id: inactiveId! };
  const activeId = await projectIdByName(product.app, 'Maple Grove Fall 2026');

  const page = await freshPage(product.browser);
  await signIn(page, product.baseUrl, DEMO_USERS.studio);
  const activations: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/activate')) activations.push(response.status());
  });

  // An activated project's sub-screens open (exports and layouts are placeholders for now).
  await page.goto(`${product.baseUrl}/projects/${activeId}/layouts`);
  await heading(page, 'Print Layouts').waitFor();
  await navLink(page, 'Project', 'Download exports').click();
  await heading(page, 'Download Exports').waitFor();

  // Its dashboard opens without activation; each sub-screen needs it.
  await page.goto(`${product.baseUrl}/projects/${inactive.id}`);
  await heading(page, 'Maple Grove Companion Only').waitFor();
  for (const link of ['Subject management', 'Download exports', 'Print layouts', 'Attachments']) {
    await page.goto(`${product.baseUrl}/projects/${inactive.id}`);
    await heading(page, 'Maple Grove Companion Only').waitFor();
    await navLink(page, 'Project', link).click();
    await page.getByTestId('project-not-activated').waitFor();
    expect(pathOf(page)).toBe(`/projects/${inactive.id}/not-activated`);
    expect(await page.getByTestId('project-not-activated').textContent()).toBe(NOT_ACTIVATED);
  }
  expect(activations).toContain(200);
  expect(activations).toContain(403);
  await page.getByRole('link', { name: 'Back to Projects' }).click();
  await heading(page, 'Projects').waitFor();
  await closePage(page);
});

test('the project dashboard links its statistics and warns of pending file requests', async () => {
  const projectId = await projectIdByName(product.app, 'Riverside Fall 2026');
  const page = await freshPage(product.browser);
  // The demo data has no pending file requests nor these counts: the project's answer is adjusted to
  // carry them.
  await page.route(`**/api/projects/${projectId}`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { project: Record<string, unknown> };
    body.project.pending_attachment_requests_count = 2;
    body.project.subjects_count = 41;
    body.project.attachments_count = 3;
    await route.fulfill({ response, json: body });
  });
  await signIn(page, product.baseUrl, DEMO_USERS.school2);
  // Riley's school has one project: straight into it.
  await heading(page, 'Riverside Fall 2026').waitFor();
  const banner = page.getByTestId('files-requested');
  await banner.getByText('Files Requested').waitFor();
  expect(await banner.textContent()).toContain('This project has 2 pending file requests.');
  const overview = page.getByRole('list', { name: 'Project overview' });
  expect(await overview.getByRole('link').allTextContents()).toEqual([
    '41Subjects',
    'Download Exports',
    'Print Layouts',
    '3Attachments',
  ]);
  await banner.getByRole('link', { name: 'View Files' }).click();
  await page.waitForFunction((path) => window.location.pathname === path, `/projects/${projectId}/files`);
  await closePage(page);
});

test('project templates are listed, and deleted only after confirmation', async () => {
  const page = await freshPage(product.browser);
  await signIn(page, product.baseUrl, DEMO_USERS.studio);
  const token = (await storedToken(page))!;
  const organizationId = await organizationIdByName(product.app, 'Demo Studio');
  await api(token, '/api/project-templates', 'POST', {
    project_template: {
      name: 'Short-lived Template',
      organization_id: organizationId,
      subject_fields_attributes: [{ field_key: 'last_name', label: null, visible_to_customers: true }],
    },
  });
  await page.goto(`${product.baseUrl}/project-templates`);
  await heading(page, 'Project Templates').waitFor();
  const rows = await tableRows(page, 'Project templates');
  const row = rows.find((cells) => cells[0] === 'Short-lived Template');
  expect(row?.[1]).toBe('Demo Studio');

  // Editing: no Remove on an existing template.
  await page.getByRole('link', { name: 'Edit Short-lived Template' }).click();
  await heading(page, 'Edit Project Template').waitFor();
  const nameBox = page.getByRole('textbox', { name: 'Name', exact: true });
  await expect.poll(() => nameBox.inputValue()).toBe('Short-lived Template');
  await page.getByRole('group', { name: 'Subject field 1' }).waitFor();
  expect(await page.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
  await nameBox.fill('Soon-gone Template');
  await page.getByRole('button', { name: 'Save Template' }).click();
  await heading(page, 'Soon-gone Template').waitFor();
  expect(await tableRows(page, 'Subject Fields')).toEqual([['Last Name', 'Last Name', 'Yes']]);
  await page.getByRole('link', { name: 'All Project Templates' }).click();
  await heading(page, 'Project Templates').waitFor();

  await page.getByRole('button', { name: 'Delete Soon-gone Template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Project Template' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('link', { name: 'Soon-gone Template', exact: true }).waitFor();

  await page.getByRole('button', { name: 'Delete Soon-gone Template' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await page.getByText('The project template Soon-gone Template has been deleted.').waitFor();
  await page.getByRole('link', { name: 'Soon-gone Template', exact: true }).waitFor({ state: 'detached' });
  await closePage(page);
});

test('studio staff filter the projects by organization without asking for the organization list they may not read', async () => {
  // A school whose one project is the oldest, behind more than a page of newer ones: its option comes
  // from the server, not from the pages the screen happens to have loaded.
  const db = product.app.ctx.db;
  const studioId = await organizationIdByName(product.app, 'Demo Studio');
  await db
    .insertInto('organizations')
    .values({ name: 'Oak Hollow Academy', role: 'customer_role', parent_organization_id: studioId })
    .execute();
  // In a past season of their own, so that the other tests' counts (no season, the current one) hold.
  const past = await db
    .insertInto('seasons')
    .values({ organization_id: studioId, name: '2018-2019' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const season_id = String(past.id);
  await insertProjects(product.app, 'Oak Hollow Academy', [
    { name: 'Oak Hollow 2019', short_code: null, season_id, created_at: new Date('2019-09-01T12:00:00Z') },
  ]);
  await insertProjects(
    product.app,
    'Maple Grove Elementary',
    Array.from({ length: 120 }, (_, i) => ({
      name: `Maple Grove Extra ${i + 1}`,
      short_code: null,
      season_id,
    })),
  );
  const page = await freshPage(product.browser);
  const errors = pageErrors(page);
  await signIn(page, product.baseUrl, DEMO_USERS.staff);
  await heading(page, 'Projects').waitFor();
  expect(pathOf(page)).toBe('/projects');
  // The options are the organizations of the projects staff see.
  await choose(page, 'Season', 'Any');
  await page.getByRole('combobox', { name: 'Organization' }).click();
  await page.getByRole('option', { name: 'Oak Hollow Academy', exact: true }).waitFor();
  const option = page.getByRole('option', { name: 'Maple Grove Elementary', exact: true });
  await option.waitFor({ timeout: 5000 }).catch(() => undefined);
  expect(errors).toEqual([]);
  await option.click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  await expect
    .poll(async () => {
      const names = (await tableRows(page, 'Projects')).map((cells) => cells[0] ?? '');
      return names.length >= 1 && names.every((name) => name.startsWith('Maple Grove'));
    })
    .toBe(true);
  expect(errors).toEqual([]);
  await closePage(page);
});

test('the season form shows a date order message at once and a taken name under Name', async () => {
  const page = await signedInPage(product.browser, product.baseUrl, DEMO_USERS.studio);
  await page.goto(`${product.baseUrl}/seasons/new`);
  await heading(page, 'New Season').waitFor();
  await page.getByLabel('Name').fill('2026-2027');
  await page.getByLabel('Period Start').fill('2026-09-01');
  // An end before the start: the message shows while the field still has the focus.
  await page.getByLabel('Period End').fill('2026-08-01');
  await page.getByText('Must be on or after the start.').waitFor();
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('season-period-end');
  await page.getByLabel('Period End').fill('2027-07-31');
  await page.getByText('Must be on or after the start.').waitFor({ state: 'detached' });
  // The demo studio already has a 2026-2027 season.
  await page.getByRole('button', { name: 'Save Season' }).click();
  const name = page.getByRole('textbox', { name: 'Name' });
  await page.getByText('Has already been taken.').waitFor();
  expect(await name.getAttribute('aria-invalid')).toBe('true');
  expect(await name.getAttribute('aria-describedby')).toBeTruthy();
  const describedBy = (await name.getAttribute('aria-describedby'))!;
  expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('Has already been taken.');
  expect(pathOf(page)).toBe('/seasons/new');
  await closePage(page);
});

test('the projects list sorts by Subjects', async () => {
  const page = await signedInPage(product.browser, product.baseUrl, DEMO_USERS.studio);
  await heading(page, 'Projects').waitFor();
  await page.getByRole('combobox', { name: 'Season' }).click();
  await page.getByRole('option', { name: 'Any', exact: true }).click();
  const sortBy = page.getByRole('button', { name: 'Subjects', exact: true });
  await sortBy.click();
  await page.waitForFunction(
    () => new URLSearchParams(window.location.search).get('sort') === 'subjects_count',
  );
  await sortBy.click();
  await page.waitForFunction(
    () => new URLSearchParams(window.location.search).get('sort') === '-subjects_count',
  );
  await page.locator('th[aria-sort="descending"]', { hasText: 'Subjects' }).waitFor();
  const first = page.getByTestId('project-row').first();
  await first.getByRole('link', { name: 'Maple Grove Fall 2026', exact: true }).waitFor();
  await closePage(page);
});

test('the project list filters, sorts and stays light with a thousand projects', async () => {
  await insertProjects(
    product.app,
    'Riverside High School',
    Array.from({ length: 1000 }, (_, i) => ({
      name: `Bulk Project ${String(i + 1).padStart(4, '0')}`,
      short_code: null,
    })),
  );
  // A season of the studio's with no project in it.
  await product.app.ctx.db
    .insertInto('seasons')
    .values({
      organization_id: await organizationIdByName(product.app, 'Demo Studio'),
      name: 'Empty Season 2030',
    })
    .execute();

  const page = await freshPage(product.browser);
  // The server filters, sorts and pages: the screen asks only for the pages in view.
  const listRequests: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/^\/api\/organizations\/\d+\/projects$/.test(url.pathname)) listRequests.push(url);
  });
  await signIn(page, product.baseUrl, DEMO_USERS.studio);
  await heading(page, 'Projects').waitFor();

  // No season: the thousand new ones, in a window of rendered rows.
  await choose(page, 'Season', 'No Season');
  await page
    .getByTestId('projects-count')
    .getByText(/^10\d\d projects$/)
    .waitFor();
  const rendered = await page.getByTestId('project-row').count();
  expect(rendered).toBeGreaterThan(7);
  expect(rendered).toBeLessThan(40);
  const scroller = page.getByTestId('projects-scroll');
  const box = await scroller.boundingBox();
  expect(box?.height).toBeLessThanOrEqual(56 * 9 + 2);

  // Sorted by name, descending: the last one first; scrolling to the end renders the first one.
  await page.getByLabel('Search').fill('Bulk Project');
  await page.getByTestId('projects-count').getByText('1000 projects', { exact: true }).waitFor();
  const sortBy = page.getByRole('button', { name: 'Project', exact: true });
  await sortBy.click();
  await sortParam(page, 'name');
  await page.locator('th[aria-sort="ascending"]', { hasText: 'Project' }).waitFor();
  await sortBy.click();
  await sortParam(page, '-name');
  await page.locator('th[aria-sort="descending"]', { hasText: 'Project' }).waitFor();
  await page
    .getByTestId('project-row')
    .first()
    .getByRole('link', { name: 'Bulk Project 1000', exact: true })
    .waitFor();
  await scroller.evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
  await page.getByRole('link', { name: 'Bulk Project 0001', exact: true }).waitFor();
  expect(listRequests.every((url) => Number(url.searchParams.get('limit')) <= 100)).toBe(true);
  const byName = listRequests.filter(
    (url) => url.searchParams.get('sort') === '-name' && url.searchParams.get('keyword') === 'Bulk Project',
  );
  // The first page, then straight to the last one: not every page in between.
  expect(byName.map((url) => url.searchParams.get('page'))).toContain('10');
  expect(byName.length).toBeLessThan(5);

  // Keyword search.
  await page.getByLabel('Search').fill('project 0042');
  await page.getByTestId('projects-count').getByText('1 project', { exact: true }).waitFor();

  // Empty texts: a keyword that matches nothing gets the plain text, not the season's (spec §2).
  const seasonEmpty = 'There are no projects in the selected season. Perhaps try selecting another season.';
  await page.getByLabel('Search').fill('no such project');
  await page.getByText('There are no projects to show.').waitFor();
  expect(await page.getByText(seasonEmpty).count()).toBe(0);
  await choose(page, 'Season', 'Any');
  await page.getByText('There are no projects to show.').waitFor();
  // Only a season that holds no projects, with no keyword, is blamed.
  await page.getByLabel('Search').fill('');
  await choose(page, 'Season', 'Empty Season 2030');
  await page.getByText(seasonEmpty).waitFor();
  await choose(page, 'Season', 'Any');

  // Organization filter.
  await page.getByLabel('Search').fill('');
  await choose(page, 'Organization', 'Maple Grove Elementary');
  await expect
    .poll(async () => {
      const names = (await tableRows(page, 'Projects')).map((cells) => cells[0] ?? '');
      return names.length >= 2 && names.every((name) => name.startsWith('Maple Grove'));
    })
    .toBe(true);
  await closePage(page);
});

test('a manager chooses a template for a project that has none; New Subject then has its fields', async () => {
  const db = product.app.ctx.db;
  // In the school of the demo project Maple Grove Fall 2026.
  const [bareId] = await insertProjects(product.app, 'Maple Grove Elementary', [{ name: 'Bare Project' }]);
  const bare = { id: bareId! };

  // A school user sees no chooser: only managers may change a project.
  const schoolPage = await signedInPage(product.browser, product.baseUrl, DEMO_USERS.school);
  await schoolPage.goto(`${product.baseUrl}/projects/${bare.id}`);
  await heading(schoolPage, 'Bare Project').waitFor();
  await schoolPage.getByRole('list', { name: 'Project overview' }).waitFor();
  expect(await schoolPage.getByLabel('Choose a Template').count()).toBe(0);
  await closePage(schoolPage);

  const page = await signedInPage(product.browser, product.baseUrl, DEMO_USERS.studio);
  await page.goto(`${product.baseUrl}/projects/${bare.id}`);
  await heading(page, 'Bare Project').waitFor();
  const chooser = page.getByRole('form', { name: 'Choose a Template' });
  await chooser.getByLabel('Choose a Template').click();
  await page.getByRole('option', { name: 'Class Photos' }).click();
  await chooser.getByRole('button', { name: 'Save' }).click();
  await page.getByTestId('notification').filter({ hasText: "The project's template was saved." }).waitFor();
  await eventually(async () => (await chooser.count()) === 0, 15_000);
  const project = await db
    .selectFrom('projects')
    .select('project_template_id')
    .where('id', '=', bare.id)
    .executeTakeFirstOrThrow();
  expect(project.project_template_id).not.toBeNull();

  await page.goto(`${product.baseUrl}/projects/${bare.id}/subjects/new`);
  await heading(page, 'New Subject').waitFor();
  await page.getByLabel('First Name').waitFor();
  expect(await page.getByText('no subject fields').count()).toBe(0);
  await closePage(page);
});
