import { expect, test } from 'vitest';
import { closePage, freshPage, pathOf } from './helpers.js';
import { DEMO_USERS, productAndBrowser, signedInPage, signIn, signInThroughUi } from './support/server.js';

const LANDING_PAGE = 'https://landing.school-portal.test/';

const product = productAndBrowser({ REBRAND_BANNER: 'true', LANDING_PAGE_URL: LANDING_PAGE });

test('the rebrand banner stays on sign-in and can be dismissed for good elsewhere', async () => {
  const page = await freshPage(product.browser);
  await page.goto(`${product.baseUrl}/sign-in`);
  const banner = page.getByTestId('rebrand-banner');
  await banner.waitFor();
  // Persistent route: no way to dismiss it here.
  expect(await banner.getByRole('button', { name: 'Dismiss' }).count()).toBe(0);

  await signIn(page, product.baseUrl, DEMO_USERS.studio);
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await banner.waitFor({ state: 'detached' });
  await page.reload();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  expect(await page.getByTestId('rebrand-banner').count()).toBe(0);

  // Dismissal does not apply on the persistent routes.
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.getByRole('form', { name: 'Sign in' }).waitFor();
  await page.getByTestId('rebrand-banner').waitFor();
  await closePage(page);
});

test('a new deployment is announced with the old and new version', async () => {
  const page = await freshPage(product.browser);
  let version = '1.69.4';
  await page.route('**/version.txt', (route) =>
    route.fulfill({ status: 200, contentType: 'text/plain', body: `${version}\n` }),
  );
  await signIn(page, product.baseUrl, DEMO_USERS.studio);
  expect(await page.getByTestId('version-notice').count()).toBe(0);

  version = '1.70.0';
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  const notice = page.getByTestId('version-notice');
  await notice.waitFor();
  expect(await notice.textContent()).toContain(
    'This application has been updated from version 1.69.4 to 1.70.0. Please save any work, then refresh browser to use the new version.',
  );
  await closePage(page);
});

test('the help icon leads to Support', async () => {
  const page = await signedInPage(product.browser, product.baseUrl, DEMO_USERS.staff);
  const help = page.getByRole('link', { name: 'Need support? We can help.' });
  await help.hover();
  await page.getByRole('tooltip', { name: 'Need support? We can help.' }).waitFor();
  await help.click();
  await page.getByRole('heading', { level: 1, name: 'Support' }).waitFor();
  expect(pathOf(page)).toBe('/support');
  await closePage(page);
});

test('on a phone the sidebar is a drawer opened from the navigation bar', async () => {
  const context = await product.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const page = await context.newPage();
  await signInThroughUi(page, product.baseUrl, DEMO_USERS.studio);
  await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
  const nav = page.getByRole('navigation', { name: 'Main' });
  expect(await nav.isVisible()).toBe(false);

  await page.getByRole('button', { name: 'Open navigation' }).click();
  await nav.waitFor({ state: 'visible' });
  await nav.getByRole('link', { name: 'Support' }).click();
  await page.getByRole('heading', { level: 1, name: 'Support' }).waitFor();
  // Navigating closes the drawer.
  await nav.waitFor({ state: 'hidden' });
  await context.close();
});

test('the root address sends visitors to the landing page and signed-in users to the dashboard', async () => {
  const page = await freshPage(product.browser);
  await page.route(`${LANDING_PAGE}**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Landing</title><h1>Welcome</h1>' }),
  );
  await page.goto(`${product.baseUrl}/`);
  await page.waitForURL(LANDING_PAGE);

  await signIn(page, product.baseUrl, DEMO_USERS.studio);
  await page.goto(`${product.baseUrl}/`);
  await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
  expect(pathOf(page)).toBe('/projects');
  await closePage(page);
});
