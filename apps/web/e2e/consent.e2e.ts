import { beforeAll, expect, test } from 'vitest';
import { heading } from './helpers.js';
import { threeStudentProject } from './support/factories.js';
import {
  apiAs,
  DEMO_USERS,
  productAndBrowser,
  standardFormatId,
  withSignedInPage,
} from './support/server.js';

/**
 * Consent, owned by the school (it is the school's to give, not the studio's): the school's staff leave
 * a selection out of the yearbook from the subjects grid and opt a subject out of directory information
 * on its page; the studio sees both as chips, cannot change them, and the PSPA yearbook export's check
 * names who it leaves out.
 */
const product = productAndBrowser({}, { publicHost: '127.0.0.1' });
let projectId: string;
let adaId: string;
let benId: string;

beforeAll(async () => {
  const { api } = await apiAs(product.baseUrl, DEMO_USERS.studio);
  const project = await threeStudentProject(product.app, api, 'Consent Fall 2026', 3001);
  projectId = project.id;
  const [ada, ben] = project.studentIds;
  adaId = ada!;
  benId = ben!;
});

test('the school sets consent for a selection and on a subject page', async () => {
  await withSignedInPage(product, DEMO_USERS.school, async (page) => {
    await page.goto(`${product.baseUrl}/projects/${projectId}/subjects`);
    await heading(page, 'All Subjects').waitFor();
    await page.getByRole('checkbox', { name: 'Select Ada Lane' }).check();
    await page.getByTestId('selected-count').getByText('1 subject selected').waitFor();
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Leave out of the yearbook' }).click();
    await page.getByText('Consent changed for 1 subject.').waitFor();
    const ada = page.getByTestId('subject-card').filter({ hasText: 'Ada Lane' });
    await ada.getByTestId('consent-chips').getByText('Leave out of the yearbook').waitFor();

    // Ben's page: the switch saves at once.
    await page.goto(`${product.baseUrl}/projects/${projectId}/subjects/${benId}`);
    const directory = page.getByRole('switch', { name: 'Directory information opt-out' });
    await directory.waitFor();
    expect(await directory.isChecked()).toBe(false);
    // Controlled by the saved subject: it turns on once the server has it.
    await directory.click();
    await page.getByText('Consent saved.').waitFor();
    await expect.poll(() => directory.isChecked()).toBe(true);
  });
});

test('the studio sees the flags, cannot change them, and the yearbook export names who it leaves out', async () => {
  await withSignedInPage(product, DEMO_USERS.studio, async (page) => {
    await page.goto(`${product.baseUrl}/projects/${projectId}/subjects/${adaId}`);
    await page.getByRole('heading', { name: 'Consent', level: 2 }).waitFor();
    await page.getByTestId('consent-chips').getByText('Leave out of the yearbook').waitFor();
    expect(await page.getByRole('switch', { name: 'Leave out of the yearbook' }).count()).toBe(0);

    // The grid: the chips on the cards, and no consent actions in the selection menu.
    await page.goto(`${product.baseUrl}/projects/${projectId}/subjects`);
    const ben = page.getByTestId('subject-card').filter({ hasText: 'Ben Moss' });
    await ben.getByTestId('consent-chips').getByText('Directory information opt-out').waitFor();
    await page.getByRole('checkbox', { name: 'Select Cy North' }).check();
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Select Page' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Leave out of the yearbook' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    // The PSPA yearbook format: the check names Ada, left out; two subjects will be exported.
    const pspa = await standardFormatId(product.app, 'pspa_yearbook');
    await page.goto(`${product.baseUrl}/projects/${projectId}/exports/formats/${pspa}/run`);
    const check = page.getByTestId('export-check');
    await check
      .locator('[data-testid="check-issue"][data-code="yearbook_opt_out"]')
      .getByText('1 subject asked to be left out of the yearbook and will be left out.')
      .waitFor();
    await check.getByText('2 subjects will be exported.').waitFor();
  });
});
