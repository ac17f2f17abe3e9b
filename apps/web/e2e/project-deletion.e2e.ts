import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { eventually } from '../../api/test/support/app.js';
import { seedProject } from '../../api/test/support/project-data.js';
import { closePage, freshPage, pageErrors, pathOf } from './helpers.js';
import { DEMO_PASSWORD, DEMO_USERS, productAndBrowser, signIn, signInThroughUi } from './support/server.js';

/**
 * A manager deletes a project by typing its name, and its files are gone from storage (the
 * local driver's folder for the project) along with its rows.
 */
const product = productAndBrowser();

test('a manager deletes a project by typing its name; its files leave storage', async () => {
  const { ctx } = product.app;
  const school = await ctx.db
    .selectFrom('projects')
    .select(['organization_id', 'season_id'])
    .where('name', '=', 'Maple Grove Fall 2026')
    .executeTakeFirstOrThrow();
  const project = await seedProject(product.app, school.organization_id, 'Maple Grove Retakes 2026');
  // In the current season, so the projects list shows it.
  await ctx.db
    .updateTable('projects')
    .set({ season_id: school.season_id })
    .where('id', '=', project.id)
    .execute();
  const folder = path.join(ctx.config.storage.localDir, project.prefix);
  expect(existsSync(folder)).toBe(true);
  for (const key of project.keys) expect(await ctx.storage.head(key)).not.toBeNull();

  const page = await freshPage(product.browser);
  const errors = pageErrors(page);
  try {
    await signIn(page, product.baseUrl, DEMO_USERS.studio);
    // Listed before (the same locator finds no row afterwards).
    await page.goto(`${product.baseUrl}/projects`);
    await page.getByText(project.name, { exact: true }).first().waitFor();
    await page.goto(`${product.baseUrl}/projects/${project.id}`);
    await page.getByRole('heading', { level: 1, name: project.name }).waitFor();

    // The data summary is one click away and names fields, never values.
    await page.getByRole('link', { name: 'Data Summary' }).click();
    await page.getByTestId('data-summary').waitFor();
    expect(await page.getByTestId('data-summary-subjects').textContent()).toBe('2');
    expect(await page.getByTestId('data-summary-photos').textContent()).toBe('3');
    expect(await page.getByTestId('data-summary').textContent()).not.toContain('Lovelace');
    await page.goBack();

    await page.getByRole('button', { name: 'Delete Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Project' });
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: 'Delete Project' });
    // A near miss keeps the button off.
    await dialog.getByLabel('Project name').fill('Maple Grove Retakes');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Project name').fill(project.name);
    expect(await confirm.isEnabled()).toBe(true);
    // On a slow network the projects list's code arrives late; meanwhile the project's page stays and
    // must not ask for the deleted project again.
    await page.route('**/assets/ProjectsPage-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await confirm.click();

    await page.waitForURL((url) => url.pathname === '/projects');
    expect(pathOf(page)).toBe('/projects');
    await page.getByText('Maple Grove Fall 2026').first().waitFor();
    await page.getByText(`The project ${project.name} is being deleted.`).waitFor();
    // Gone from the list at once (the notification names it; no row does).
    expect(await page.getByText(project.name, { exact: true }).count()).toBe(0);
    expect(await page.getByText('Maple Grove Fall 2026', { exact: true }).count()).toBeGreaterThan(0);

    // The job removes the rows and every stored file of the project.
    await eventually(async () => {
      const row = await ctx.db
        .selectFrom('projects')
        .select('id')
        .where('id', '=', project.id)
        .executeTakeFirst();
      return !row;
    }, 30_000);
    expect(existsSync(folder)).toBe(false);
    for (const key of project.keys) expect(await ctx.storage.head(key)).toBeNull();
    const left = await ctx.db
      .selectFrom('subjects')
      .select('id')
      .where('project_id', '=', project.id)
      .execute();
    expect(left).toEqual([]);
    // The other projects keep theirs.
    const kept = await ctx.db
      .selectFrom('projects')
      .select('id')
      .where('name', '=', 'Maple Grove Fall 2026')
      .execute();
    expect(kept).toHaveLength(1);
    // The screens never asked for the deleted project again (no 404 in the console).
    expect(errors).toEqual([]);
  } finally {
    await closePage(page);
  }
});

test("a school user reads its project's data summary and prints it without the navigation", async () => {
  const { ctx } = product.app;
  const project = await ctx.db
    .selectFrom('projects')
    .select('id')
    .where('name', '=', 'Maple Grove Fall 2026')
    .executeTakeFirstOrThrow();
  const page = await freshPage(product.browser);
  try {
    await signInThroughUi(page, product.baseUrl, DEMO_USERS.school, DEMO_PASSWORD);
    const mainNav = page.getByRole('navigation', { name: 'Main' });
    await mainNav.waitFor();
    await page.goto(`${product.baseUrl}/projects/${project.id}`);
    await page.getByRole('link', { name: 'Data Summary' }).click();
    await page.getByTestId('data-summary').waitFor();
    expect(await page.getByRole('heading', { level: 1, name: 'Data Summary' }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Where files are stored' }).count()).toBe(1);
    // How long guardians and unapproved walk-ups are kept is said beside the other periods.
    const summary = await page.getByTestId('data-summary').textContent();
    expect(summary).toContain('Guardians: 400 days after their last sign-in');
    expect(summary).toContain('Walk-ups never approved: 90 days after their picture day');
    // A school user may not delete the project.
    await page.goBack();
    await page.getByRole('link', { name: 'Data Summary' }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete Project' }).count()).toBe(0);
    await page.goForward();
    await page.getByTestId('data-summary').waitFor();
    // Printed: the summary alone.
    expect(await mainNav.isVisible()).toBe(true);
    await page.emulateMedia({ media: 'print' });
    expect(await mainNav.isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await page.getByTestId('data-summary').isVisible()).toBe(true);
  } finally {
    await closePage(page);
  }
});
