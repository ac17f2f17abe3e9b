import AxeBuilder from '@axe-core/playwright';
import type { Locator } from 'playwright-core';
import { expect, test } from 'vitest';
import { closePage, downloadBy, freshPage, heading } from './helpers.js';
import {
  DEMO_PASSWORD,
  DEMO_USERS,
  productAndBrowser,
  projectIdByName,
  signedInPage,
  signIn,
  signInThroughUi,
} from './support/server.js';

// What every screen shares: one sub-navigation, a layout that holds at phone width, and no serious
// accessibility findings.

const product = productAndBrowser({}, { publicHost: '127.0.0.1' });

test('one sub-navigation everywhere, with the current tab marked (a template page too), and Title Case headings', async () => {
  const page = await signedInPage(product.browser, product.baseUrl, DEMO_USERS.studio);
  const template = await product.app.ctx.db
    .selectFrom('project_templates')
    .select('id')
    .where('name', '=', 'Class Photos')
    .where('project_id', 'is', null)
    .executeTakeFirstOrThrow();
  const mapleId = await projectIdByName(product.app, 'Maple Grove Fall 2026');
  const screens: [string, string, string][] = [
    ['/organizations/new', 'New Organization', 'New Organization'],
    ['/users/new', 'New User', 'New User'],
    ['/file-requests', 'File Requests', 'All File Requests'],
    ['/seasons', 'Seasons', 'All Seasons'],
    [`/project-templates/${template.id}`, 'Class Photos', 'All Project Templates'],
    [`/projects/${mapleId}/subjects`, 'All Subjects', 'All Subjects'],
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
  const download = await downloadBy(page.getByRole('menuitem', { name: 'Download narrow-roster.csv' }));
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

test('at 375 px: a table wider than the screen shows a cue at the edge where columns are hidden', async () => {
  const context = await product.browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await signInThroughUi(page, product.baseUrl, DEMO_USERS.studio, DEMO_PASSWORD);
  await page.waitForURL((url) => url.pathname === '/projects');
  await heading(page, 'Projects').waitFor();
  const visible = (testId: string) => page.getByTestId(testId).isVisible();
  const cuesOf = async (scroller: Locator) => {
    // Columns hidden to the right: the cue sits at the right edge (beside the pinned actions), none left.
    await page.getByTestId('scroll-cue-end').waitFor();
    expect(await visible('scroll-cue-start')).toBe(false);
    const area = (await scroller.boundingBox())!;
    const end = (await page.getByTestId('scroll-cue-end').boundingBox())!;
    expect(end.x + end.width).toBeLessThanOrEqual(area.x + area.width + 1);
    expect(end.x).toBeGreaterThan(area.x + area.width / 2);
    // Scrolled to the end: the cue moves to the left edge.
    await scroller.evaluate((element) => {
      element.scrollLeft = element.scrollWidth;
    });
    await page.getByTestId('scroll-cue-start').waitFor();
    await expect.poll(() => visible('scroll-cue-end')).toBe(false);
  };
  await cuesOf(page.getByTestId('projects-scroll'));
  for (const path of ['/users', '/activity']) {
    await page.goto(`${product.baseUrl}${path}`);
    await page.locator('main table tbody tr').first().waitFor();
    await cuesOf(page.locator('main .MuiTableContainer-root').first());
  }
  // Wide enough for every column: no cue.
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(`${product.baseUrl}/users`);
  await page.locator('main table tbody tr').first().waitFor();
  expect(await page.getByTestId('scroll-cue-end').count()).toBe(0);
  expect(await page.getByTestId('scroll-cue-start').count()).toBe(0);
  await context.close();
});

test('accessibility: axe-core finds nothing serious or critical on the main screens', async () => {
  const db = product.app.ctx.db;
  const projectId = await projectIdByName(product.app, 'Maple Grove Fall 2026');
  const subject = await db
    .selectFrom('subjects')
    .select('id')
    .where('project_id', '=', projectId)
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
  await signIn(page, product.baseUrl, DEMO_USERS.studio);
  const p = `/projects/${projectId}`;
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
