import { readFile } from 'node:fs/promises';
import { beforeAll, expect, test } from 'vitest';
import { downloadBy, pathOf } from './helpers.js';
import { schoolProject } from './support/factories.js';
import {
  type ApiCall,
  apiAs,
  DEMO_USERS,
  layoutIdByName,
  productAndBrowser,
  standardFormatId,
  withSignedInPage,
} from './support/server.js';

/**
 * The activity trail for a school: a studio user downloads a print and an export of a school's
 * project in the studio's screens; the school's user opens Activity and sees who did it, when, for which
 * project.
 */
const product = productAndBrowser({}, { publicHost: '127.0.0.1' });
let api: ApiCall;
let projectId: string;
let renderId: string;
let exportId: string;
const PROJECT = 'Activity Day 2026';
const PRINT = 'Activity composite';

beforeAll(async () => {
  // The school's project with a few students, printed by the studio (set up through the API).
  ({ api } = await apiAs(product.baseUrl));
  const project = await schoolProject(product.app, api, {
    name: PROJECT,
    template: 'Activity E2E Template',
    fields: ['first_name', 'last_name', 'grade'],
    // As the project form sends it when left alone.
    project: { season_id: undefined, enable_for_all_apps: undefined },
  });
  projectId = project.id;
  for (const [first, last] of [
    ['Ava', 'Adams'],
    ['Ben', 'Brown'],
  ]) {
    await project.addSubject({ first_name: first!, last_name: last!, grade: '3' });
  }
  const { layout_render: render } = await api<{ layout_render: { id: string } }>(
    '/api/layout-renders',
    'POST',
    {
      // No photos: placeholders with the names (left out, there would be nothing to print).
      layout_render: {
        layout_id: await layoutIdByName(product.app, 'Class Composite'),
        project_id: projectId,
        pdf_name: PRINT,
        subjects_without_photo: 'placeholder',
      },
    },
  );
  renderId = render.id;
  // And a PSPA export of it.
  const { project_export: run } = await api<{ project_export: { id: string } }>(
    `/api/projects/${projectId}/project-exports`,
    'POST',
    { project_export: { project_export_format_id: await standardFormatId(product.app, 'pspa_yearbook') } },
  );
  exportId = run.id;
}, 120_000);

test("a studio user downloads a print and an export of a school's project; the school sees it in Activity", async () => {
  await withSignedInPage(product, DEMO_USERS.studio, async (studio) => {
    await studio.goto(
      `${product.baseUrl}/projects/${projectId}/layouts/renders?highlightRenderId=${renderId}&poll=true`,
    );
    const row = studio.getByTestId('highlighted-render');
    await row.getByText('Completed').waitFor({ timeout: 30_000 });
    const download = await downloadBy(row.getByRole('button', { name: 'Download' }));
    expect(download.suggestedFilename()).toBe(`${PRINT}.pdf`);
    // And the export, through its download page.
    await studio.goto(`${product.baseUrl}/projects/${projectId}/project-exports/${exportId}`);
    const dialog = studio.getByRole('dialog');
    await dialog.getByText('is ready for download').waitFor({ timeout: 30_000 });
    await downloadBy(dialog.getByRole('button', { name: 'Download Now' }));
    await studio.getByText('Thank you for downloading your data export.').waitFor();
  });

  await withSignedInPage(product, DEMO_USERS.school, async (school) => {
    const nav = school.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Activity' }).click();
    await school.getByRole('heading', { name: 'Activity', level: 1 }).waitFor();
    expect(pathOf(school)).toBe('/activity');
    const exported = school.getByTestId('activity-row').filter({ hasText: 'Export downloaded' });
    await exported.waitFor();
    await expect.poll(() => exported.getByTestId('activity-who').textContent()).toContain('Stella Studio');
    expect(await exported.textContent()).toContain('Demo Studio');
    expect(await exported.getByTestId('activity-project').textContent()).toBe(PROJECT);
    // The print and its download, and the export's run, are there too; the school sees no sign-ins
    // (not its projects' data).
    for (const what of ['Printed layout downloaded', 'Layout printed', 'Export created'])
      await school.getByTestId('activity-row').filter({ hasText: what }).first().waitFor();
    expect(await school.getByTestId('activity-row').filter({ hasText: 'Signed in' }).count()).toBe(0);

    // Who offers the people in this trail: the studio's user, not the school's own (whose sign-ins it
    // doesn't read), whatever page is shown.
    const who = school.getByRole('combobox', { name: 'Who' }).locator('option');
    await expect.poll(() => who.allTextContents()).toContain('Stella Studio');
    expect(await who.allTextContents()).not.toContain('Sasha School');

    // Filter by what happened: only the export's download is left.
    await school.getByRole('combobox', { name: 'What' }).selectOption({ label: 'Export downloaded' });
    await school.waitForURL(/action=project_export\.download/);
    await expect.poll(() => school.getByTestId('activity-row').count()).toBe(1);
    // Filter by who: the studio user, chosen from the row.
    await exported.getByRole('button', { name: "Show only Stella Studio's activity" }).click();
    await school.waitForURL(/actor_id=\d+/);
    await expect.poll(() => school.getByTestId('activity-row').count()).toBe(1);

    // The CSV holds the same row.
    const csv = await downloadBy(school.getByRole('button', { name: 'Download CSV' }));
    expect(csv.suggestedFilename()).toBe('activity.csv');
    const lines = (await readFile((await csv.path())!, 'utf8')).trim().split(/\r\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('project_export.download');
    expect(lines[1]).toContain('Stella Studio');
    expect(lines[1]).toContain(PROJECT);
  });
}, 120_000);

test('studio staff without the manager role have no Activity page', async () => {
  await withSignedInPage(product, DEMO_USERS.staff, async (page) => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Projects' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Activity' }).count()).toBe(0);
    await page.goto(`${product.baseUrl}/activity`);
    await page.waitForURL((url) => url.pathname !== '/activity');
  });
}, 60_000);
