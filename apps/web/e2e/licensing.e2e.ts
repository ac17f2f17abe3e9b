import { expect, test } from 'vitest';
import { closePage, freshPage, pathOf, storedToken } from './helpers.js';
import { DEMO_USERS, productAndBrowser, signInThroughUi, withSignedInPage } from './support/server.js';

const product = productAndBrowser();

test('when the accounts fail to load, Switch Accounts says so in its own frame with Sign Out', async () => {
  await withSignedInPage(product, DEMO_USERS.multi, async (page) => {
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
  });
});

test('a user with two accounts switches to the school account and lands in its project', async () => {
  await withSignedInPage(product, DEMO_USERS.multi, async (page) => {
    expect(await page.getByTestId('sidebar-organization').textContent()).toBe('Demo Studio');

    await page.getByRole('link', { name: 'Switch Accounts' }).click();
    await page.getByRole('heading', { level: 1, name: 'Switch Accounts' }).waitFor();
    expect(pathOf(page)).toBe('/switch-accounts');
    // Navigation is hidden on switch-accounts.
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);

    const accounts = page.getByRole('list', { name: 'Accounts' }).getByRole('button');
    expect(await accounts.count()).toBe(2);
    const studio = accounts.filter({ hasText: 'Demo Studio' }).filter({ hasText: 'Demo Lab' });
    expect(await studio.textContent()).toMatch(/Default/);
    expect(await studio.textContent()).toMatch(/Current/);
    const school = accounts.filter({ hasText: 'Maple Grove Elementary' });
    expect(await school.textContent()).not.toMatch(/Current/);
    await page.getByText('Or', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Return to Dashboard' }).waitFor();
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();

    await school.click();
    await page.getByRole('heading', { level: 1, name: 'Maple Grove Fall 2026' }).waitFor();
    expect(await page.getByTestId('sidebar-organization').textContent()).toBe('Maple Grove Elementary');

    // The switch is kept by the server: a reload stays in the school account.
    await page.reload();
    await page.getByTestId('sidebar-organization').waitFor();
    expect(await page.getByTestId('sidebar-organization').textContent()).toBe('Maple Grove Elementary');
  });
});

test('a user with one account has no switch-accounts link and is sent home from that page', async () => {
  await withSignedInPage(product, DEMO_USERS.staff, async (page) => {
    expect(await page.getByRole('link', { name: 'Switch Accounts' }).count()).toBe(0);
    await page.goto(`${product.baseUrl}/switch-accounts`);
    await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
    expect(pathOf(page)).toBe('/projects');
  });
});

test('an unlicensed user meets the not-licensed screen and the session is ended', async () => {
  const page = await freshPage(product.browser);
  await signInThroughUi(page, product.baseUrl, DEMO_USERS.unlicensed);
  await page.getByTestId('not-licensed').waitFor();
  expect(pathOf(page)).toBe('/not-licensed');
  await page.getByRole('heading', { level: 1, name: 'School Portal is not licensed for you' }).waitFor();
  expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
  // No other account could help, so the session was invalidated (spec §4).
  expect(await storedToken(page)).toBeNull();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.getByRole('form', { name: 'Sign in' }).waitFor();
  expect(pathOf(page)).toBe('/sign-in');
  await closePage(page);
});
