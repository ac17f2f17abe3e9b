import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { uploadKeyFor } from '../../api/src/storage/uploads.js';
import { eventually } from '../../api/test/support/app.js';
import { makeJpeg } from '../../api/test/support/images.js';
import { closePage, freshPage, pathOf } from './helpers.js';
import { DEMO_PASSWORD, DEMO_USERS, productAndBrowser, signInThroughUi } from './support/server.js';

// Issue 11: the defects a walkthrough of every screen found, one test each where a test can catch it.

const product = productAndBrowser({}, { publicHost: '127.0.0.1' });

async function signIn(page: Page, email: string) {
  await signInThroughUi(page, product.baseUrl, email, DEMO_PASSWORD);
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

test('item 2: a school user lands in a living demo project with students and photos', async () => {
  const page = await freshPage(product.browser);
  await signIn(page, DEMO_USERS.school);
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

test('items 3 and 8: the season form shows a date order message at once and a taken name under Name', async () => {
  const page = await freshPage(product.browser);
  await signIn(page, DEMO_USERS.studio);
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

test('item 9: the projects list sorts by Subjects', async () => {
  const page = await freshPage(product.browser);
  await signIn(page, DEMO_USERS.studio);
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

test('item 4: after a batch upload the last file in the chosen order is the primary photo', async () => {
  const db = product.app.ctx.db;
  const subject = await db
    .selectFrom('subjects as s')
    .innerJoin('projects as p', 'p.id', 's.project_id')
    .select(['s.id', 's.project_id'])
    .where('p.name', '=', 'Riverside Fall 2026')
    .orderBy('s.id', 'desc')
    .executeTakeFirstOrThrow();
  const page = await freshPage(product.browser);
  await signIn(page, DEMO_USERS.studio);
  // The last file's upload is verified first, the others later: whichever finishes last must not win.
  await page.route('**/api/photos/*/verify', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { photo: { upload_file_name: string } };
    if (body.photo.upload_file_name !== 'c-last.jpg') await new Promise((r) => setTimeout(r, 1500));
    await route.fulfill({ response, json: body });
  });
  const subjectPath = `/projects/${subject.project_id}/subjects/${subject.id}`;
  await page.goto(`${product.baseUrl}${subjectPath}/upload`);
  await page.getByTestId('photo-input').setInputFiles([
    { name: 'a-first.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(640, 800) },
    { name: 'b-middle.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(600, 750) },
    { name: 'c-last.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(480, 600) },
  ]);
  await page.getByRole('button', { name: 'Upload 3 Photos' }).click();
  await page.waitForURL((url) => url.pathname === subjectPath, { timeout: 30_000 });
  const assigned = await db
    .selectFrom('subject_photo_assignments as a')
    .innerJoin('photos as ph', 'ph.id', 'a.photo_id')
    .select(['ph.upload_file_name', 'a.is_primary'])
    .where('a.subject_id', '=', subject.id)
    .orderBy('ph.upload_file_name')
    .execute();
  expect(assigned).toEqual([
    { upload_file_name: 'a-first.jpg', is_primary: false },
    { upload_file_name: 'b-middle.jpg', is_primary: false },
    { upload_file_name: 'c-last.jpg', is_primary: true },
  ]);
  await page.getByTestId('subject-photo').filter({ hasText: 'Primary' }).waitFor();
  await closePage(page);
});

test('item 7: when the accounts fail to load, Switch Accounts says so in its own frame with Sign Out', async () => {
  const page = await freshPage(product.browser);
  await signIn(page, DEMO_USERS.multi);
  await page.route('**/api/users/me?*', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal"}' }),
  );
  await page.goto(`${product.baseUrl}/switch-accounts`);
  await page.getByText('There was a problem loading your accounts.').waitFor({ timeout: 15_000 });
  await page.getByRole('heading', { level: 1, name: 'Switch Accounts' }).waitFor();
  await page.getByRole('button', { name: 'Sign Out' }).waitFor();
  await page.getByRole('link', { name: 'Return to Dashboard' }).waitFor();
  expect(await page.getByText('There was a problem loading this page.').count()).toBe(0);
  // Loading works again: the accounts appear.
  await page.unroute('**/api/users/me?*');
  await page.getByRole('button', { name: 'Try Again' }).click();
  await page.getByRole('list', { name: 'Accounts' }).waitFor();
  await closePage(page);
});

test('item 5 and notices: a file that never arrived offers Retry and Remove, and notices stack', async () => {
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

  const page = await freshPage(product.browser);
  await signIn(page, DEMO_USERS.studio);
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

test('item 6: the web offers what the server allows, no more', async () => {
  const db = product.app.ctx.db;
  const page = await freshPage(product.browser);
  await signIn(page, DEMO_USERS.school);
  const school = await db
    .selectFrom('organizations')
    .select('id')
    .where('name', '=', 'Maple Grove Elementary')
    .executeTakeFirstOrThrow();
  // Their own school: shown, but neither renamed nor given users by school staff.
  await page.goto(`${product.baseUrl}/organizations/${school.id}`);
  await heading(page, 'Maple Grove Elementary').waitFor();
  expect(await page.getByRole('button', { name: /Edit/ }).count()).toBe(0);
  expect(await page.getByRole('link', { name: 'New User' }).count()).toBe(0);
  // Their studio's reusable template is not theirs to open by address.
  const template = await db
    .selectFrom('project_templates')
    .select('id')
    .where('project_id', 'is', null)
    .executeTakeFirstOrThrow();
  const answer = page.waitForResponse((r) => r.url().endsWith(`/api/project-templates/${template.id}`));
  await page.goto(`${product.baseUrl}/project-templates/${template.id}`);
  expect((await answer).status()).toBe(403);
  expect(await page.getByRole('button', { name: /Save|Edit|Delete/ }).count()).toBe(0);
  // A user page that cannot be shown offers no New User either.
  await page.goto(`${product.baseUrl}/users/999999999`);
  await page.getByText('This user could not be found.').waitFor();
  expect(await page.getByRole('link', { name: 'New User' }).count()).toBe(0);
  await closePage(page);
});

test('one sub-navigation everywhere, with the current tab marked (a template page too), and Title Case headings', async () => {
  const page = await freshPage(product.browser);
  await signIn(page, DEMO_USERS.studio);
  const template = await product.app.ctx.db
    .selectFrom('project_templates')
    .select('id')
    .where('name', '=', 'Class Photos')
    .where('project_id', 'is', null)
    .executeTakeFirstOrThrow();
  const maple = await product.app.ctx.db
    .selectFrom('projects')
    .select('id')
    .where('name', '=', 'Maple Grove Fall 2026')
    .executeTakeFirstOrThrow();
  const screens: [string, string, string][] = [
    ['/organizations/new', 'New Organization', 'New Organization'],
    ['/users/new', 'New User', 'New User'],
    ['/file-requests', 'File Requests', 'All File Requests'],
    ['/seasons', 'Seasons', 'All Seasons'],
    [`/project-templates/${template.id}`, 'Class Photos', 'All Project Templates'],
    [`/projects/${maple.id}/subjects`, 'All Subjects', 'All Subjects'],
  ];
  const looks = new Set<string>();
  for (const [path, title, current] of screens) {
    await page.goto(`${product.baseUrl}${path}`);
    await heading(page, title).waitFor();
    const active = page.locator('main nav ul > li > a[aria-current="page"]').filter({ hasText: current });
    await active.last().waitFor();
    looks.add(
      await active.last().evaluate((link) => {
        const style = getComputedStyle(link);
        return [style.textTransform, style.borderBottomStyle, style.borderBottomWidth, style.fontSize].join(
          ' ',
        );
      }),
    );
  }
  expect([...looks]).toHaveLength(1);
  await closePage(page);
});

test('at 375 px: row actions in view, photos not full width, subjects filters folded', async () => {
  const context = await product.browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  // On a phone the main navigation is a drawer: signed in once the projects list shows.
  await signInThroughUi(page, product.baseUrl, DEMO_USERS.studio, DEMO_PASSWORD);
  await page.waitForURL((url) => url.pathname === '/projects');
  await heading(page, 'Projects').waitFor();
  const row = page.getByTestId('project-row').first();
  const action = row.getByRole('link', { name: /^Subject management: / });
  await action.waitFor();
  const box = (await action.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  expect(box.x).toBeGreaterThanOrEqual(0);

  const project = await product.app.ctx.db
    .selectFrom('projects')
    .select(['id', 'organization_id'])
    .where('name', '=', 'Maple Grove Fall 2026')
    .executeTakeFirstOrThrow();
  await page.goto(`${product.baseUrl}/projects/${project.id}/subjects`);
  await page.getByTestId('subject-card').first().waitFor();
  // The filters fold away: the first card is in view, the other filters come with "Filters".
  expect(await page.getByRole('combobox', { name: 'Images' }).isVisible()).toBe(false);
  const card = (await page.getByTestId('subject-card').first().boundingBox())!;
  expect(card.y).toBeLessThan(740);
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByRole('combobox', { name: 'Images' }).waitFor();

  await page.getByTestId('subject-card').first().getByRole('link').first().click();
  const photo = page.getByTestId('subject-photo').first();
  await photo.waitFor();
  expect((await photo.boundingBox())!.width).toBeLessThan(375 * 0.6);

  // A file row: one row menu holding Download, no inline Download besides, reachable without scrolling.
  const prefix = `org-${project.organization_id}/projects/${project.id}/attachments`;
  await product.app.ctx.storage.put(`${prefix}/narrow`, Buffer.from('name,grade\nAva,3\n'), 'text/csv');
  await product.app.ctx.db
    .insertInto('attachments')
    .values({
      project_id: project.id,
      attachment_request_id: null,
      name: 'narrow-roster.csv',
      upload_file_name: 'narrow-roster.csv',
      storage_key: `${prefix}/narrow`,
      description: null,
      upload_file_size: 18,
      upload_content_type: 'text/csv',
      uploaded_at: new Date(),
      upload_verified_at: new Date(),
    })
    .execute();
  await page.goto(`${product.baseUrl}/projects/${project.id}/files`);
  const fileRow = page.getByTestId('uploaded-file-row').filter({ hasText: 'narrow-roster.csv' });
  const menuButton = fileRow.getByRole('button', { name: 'Actions for narrow-roster.csv' });
  await menuButton.waitFor();
  expect(await fileRow.getByRole('button', { name: /Download/ }).count()).toBe(0);
  const menuBox = (await menuButton.boundingBox())!;
  expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(375);
  await menuButton.click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Download narrow-roster.csv' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('narrow-roster.csv');

  // Exports: nothing wider than the screen; the Custom Formats tab and the advanced menu (the only way
  // to a custom format) in reach.
  const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
  const onScreen = async (locator: Locator) => {
    const box = (await locator.boundingBox())!;
    return box.x >= 0 && box.x + box.width <= 375 && box.y >= 0;
  };
  await page.goto(`${product.baseUrl}/projects/${project.id}/exports`);
  await heading(page, 'Download Exports').waitFor();
  const advanced = page.getByRole('button', { name: 'Advanced options' });
  await advanced.waitFor();
  expect(await pageWidth()).toBeLessThanOrEqual(375);
  expect(await onScreen(advanced)).toBe(true);
  await page.getByRole('tab', { name: 'Custom Formats' }).click();
  await page.getByRole('tab', { name: 'Custom Formats', selected: true }).waitFor();
  expect(await onScreen(page.getByRole('tab', { name: 'Custom Formats' }))).toBe(true);
  expect(await pageWidth()).toBeLessThanOrEqual(375);
  await advanced.click();
  await page.getByRole('menuitem', { name: 'Create a custom export format' }).click();
  await page.waitForURL((url) => url.pathname === `/projects/${project.id}/exports/formats/new`);

  // The export wizard and the print wizard: the fourth step is on screen, the page not wider.
  const steps = page.locator('.MuiStepper-root .MuiStep-root');
  const format = await product.app.ctx.db
    .selectFrom('project_export_formats')
    .select('id')
    .where('standard_key', 'is not', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await page.goto(`${product.baseUrl}/projects/${project.id}/exports/formats/${format.id}/run`);
  await steps.nth(3).waitFor();
  expect(await onScreen(steps.nth(3))).toBe(true);
  expect(await pageWidth()).toBeLessThanOrEqual(375);
  const layout = await product.app.ctx.db
    .selectFrom('layouts')
    .select('id')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await page.goto(`${product.baseUrl}/projects/${project.id}/layouts/${layout.id}`);
  await steps.nth(3).waitFor();
  expect(await onScreen(steps.nth(3))).toBe(true);
  expect(await pageWidth()).toBeLessThanOrEqual(375);
  await context.close();
});

test('accessibility: axe-core finds nothing serious or critical on the main screens', async () => {
  const db = product.app.ctx.db;
  const project = await db
    .selectFrom('projects')
    .select('id')
    .where('name', '=', 'Maple Grove Fall 2026')
    .executeTakeFirstOrThrow();
  const subject = await db
    .selectFrom('subjects')
    .select('id')
    .where('project_id', '=', project.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const page = await freshPage(product.browser);
  const findings: string[] = [];
  const check = async (path: string, ready: () => Promise<unknown>) => {
    await page.goto(`${product.baseUrl}${path}`);
    await ready();
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    for (const v of violations) {
      if (v.impact === 'serious' || v.impact === 'critical') {
        findings.push(`${path}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      }
    }
  };
  await check('/sign-in', () => page.getByRole('button', { name: 'Sign in' }).waitFor());
  await signIn(page, DEMO_USERS.studio);
  const p = `/projects/${project.id}`;
  await check('/projects', () => page.getByTestId('project-row').first().waitFor());
  await check(p, () => heading(page, 'Maple Grove Fall 2026').waitFor());
  await check(`${p}/subjects`, () => page.getByTestId('subject-card').first().waitFor());
  await check(`${p}/subjects/${subject.id}`, () => page.getByTestId('subject-photo').first().waitFor());
  await check(`${p}/files`, () => heading(page, 'Attachments').waitFor());
  await check('/seasons', () => heading(page, 'Seasons').waitFor());
  await check('/seasons/new', () => heading(page, 'New Season').waitFor());
  await check('/project-templates', () => heading(page, 'Project Templates').waitFor());
  await check('/organizations', () => heading(page, 'Organizations').waitFor());
  await check('/users', () => heading(page, 'Users').waitFor());
  await check('/file-requests', () => heading(page, 'File Requests').waitFor());
  await check('/projects/new', () => heading(page, 'New Project').waitFor());
  expect(findings).toEqual([]);
  await closePage(page);
}, 180_000);

test('item 2: a manager chooses a template for a project that has none; New Subject then has its fields', async () => {
  const db = product.app.ctx.db;
  const school = await db
    .selectFrom('projects')
    .select('organization_id')
    .where('name', '=', 'Maple Grove Fall 2026')
    .executeTakeFirstOrThrow();
  const bare = await db
    .insertInto('projects')
    .values({ organization_id: school.organization_id, name: 'Bare Project', season_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();

  // A school user sees no chooser: only managers may change a project.
  const schoolPage = await freshPage(product.browser);
  await signIn(schoolPage, DEMO_USERS.school);
  await schoolPage.goto(`${product.baseUrl}/projects/${bare.id}`);
  await heading(schoolPage, 'Bare Project').waitFor();
  await schoolPage.getByRole('list', { name: 'Project overview' }).waitFor();
  expect(await schoolPage.getByLabel('Choose a Template').count()).toBe(0);
  await closePage(schoolPage);

  const page = await freshPage(product.browser);
  await signIn(page, DEMO_USERS.studio);
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
