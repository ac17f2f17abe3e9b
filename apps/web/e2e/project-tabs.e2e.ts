import { beforeAll, expect, test } from 'vitest';
import { closePage, heading, navLink } from './helpers.js';
import { threeStudentProject } from './support/factories.js';
import { apiAs, DEMO_USERS, productAndBrowser, signedInPage } from './support/server.js';

/**
 * The project's tabs (its subnav) lead to Picture day and Coverage as they do to the spec's sections,
 * each for those whose policy lets them in: the studio sees both, the school Coverage only (picture day
 * is the studio's), and a batch's page keeps the Picture day tab current.
 */
const product = productAndBrowser();
let projectId: string;

beforeAll(async () => {
  const { api } = await apiAs(product.baseUrl, DEMO_USERS.studio);
  projectId = (await threeStudentProject(product.app, api, 'Tabs Fall 2026', 7101)).id;
});

test('the studio reaches Picture day and Coverage from the project tabs', async () => {
  const page = await signedInPage(product.browser, product.baseUrl, DEMO_USERS.studio);
  try {
    await page.goto(`${product.baseUrl}/projects/${projectId}`);
    await navLink(page, 'Project', 'Picture day').click();
    await page.waitForURL(`**/projects/${projectId}/picture-day`);
    await heading(page, 'Upload Picture Day').waitFor();
    expect(await navLink(page, 'Project', 'Picture day').getAttribute('aria-current')).toBe('page');

    await navLink(page, 'Project', 'Coverage').click();
    await page.waitForURL(`**/projects/${projectId}/coverage`);
    await heading(page, 'Coverage').waitFor();
    expect(await navLink(page, 'Project', 'Coverage').getAttribute('aria-current')).toBe('page');
    expect(await navLink(page, 'Project', 'Picture day').getAttribute('aria-current')).toBeNull();
  } finally {
    await closePage(page);
  }
});

test('the school has a Coverage tab and no Picture day tab', async () => {
  const page = await signedInPage(product.browser, product.baseUrl, DEMO_USERS.school);
  try {
    await page.goto(`${product.baseUrl}/projects/${projectId}`);
    await navLink(page, 'Project', 'Coverage').click();
    await page.waitForURL(`**/projects/${projectId}/coverage`);
    await heading(page, 'Coverage').waitFor();
    await navLink(page, 'Project', 'Attachments').waitFor();
    expect(await navLink(page, 'Project', 'Picture day').count()).toBe(0);
  } finally {
    await closePage(page);
  }
});
