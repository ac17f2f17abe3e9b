import { expect, test } from 'vitest';
import { closePage, freshPage, pathOf, SIGN_IN_ERROR, storedToken } from './helpers.js';
import {
  DEMO_PASSWORD,
  DEMO_USERS,
  fillSignInForm,
  productAndBrowser,
  signInThroughUi,
  withSignedInPage,
} from './support/server.js';

const product = productAndBrowser();

test('a studio manager signs in through the UI and lands on the projects list with the sidebar', async () => {
  const page = await freshPage(product.browser);
  await signInThroughUi(page, product.baseUrl, DEMO_USERS.studio);

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.waitFor();
  await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
  expect(pathOf(page)).toBe('/projects');
  expect(await page.getByTestId('sidebar-user').textContent()).toBe('Stella Studio');
  expect(await page.getByTestId('sidebar-organization').textContent()).toBe('Demo Studio');
  // A studio manager of the own organization sees the management entries.
  for (const name of ['Dashboard', 'Projects', 'Organizations', 'Users', 'Project Templates', 'Seasons']) {
    await nav.getByRole('link', { name, exact: true }).waitFor();
  }
  await nav.getByRole('link', { name: 'File Requests' }).waitFor();
  await nav.getByRole('link', { name: 'Support' }).waitFor();
  await page.getByText('Studio Sports Day 2026 (SSD26)').waitFor();
  expect(await storedToken(page)).toBeTruthy();
  await closePage(page);
});

test('a school user is taken from the dashboard straight into the single current-season project', async () => {
  const page = await freshPage(product.browser);
  await signInThroughUi(page, product.baseUrl, DEMO_USERS.school);
  await page.getByRole('heading', { level: 1, name: 'Maple Grove Fall 2026' }).waitFor();
  expect(pathOf(page)).toMatch(/^\/projects\/[^/]+$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  // Customers do not manage studios' templates, seasons or file requests.
  expect(await nav.getByRole('link', { name: 'Seasons' }).count()).toBe(0);
  expect(await nav.getByRole('link', { name: 'File Requests' }).count()).toBe(0);
  await closePage(page);
});

test('a wrong password shows the sign-in error and keeps the visitor on sign-in', async () => {
  const page = await freshPage(product.browser);
  await signInThroughUi(page, product.baseUrl, DEMO_USERS.studio, 'not-the-password');

  const error = page.getByTestId('sign-in-error');
  await error.waitFor();
  expect(await error.textContent()).toBe(SIGN_IN_ERROR);
  expect(await page.getByRole('form', { name: 'Sign in' }).getAttribute('data-failed')).toBe('true');
  expect(pathOf(page)).toBe('/sign-in');
  expect(await storedToken(page)).toBeNull();
  // No navigation on the sign-in screen.
  expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
  await closePage(page);
});

test('the Sign in button stays disabled until both fields are filled', async () => {
  const page = await freshPage(product.browser);
  await page.goto(`${product.baseUrl}/sign-in`);
  const button = page.getByRole('button', { name: 'Sign in' });
  expect(await button.isDisabled()).toBe(true);
  await page.getByLabel('Email').fill(DEMO_USERS.studio);
  expect(await button.isDisabled()).toBe(true);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  expect(await button.isDisabled()).toBe(false);
  await closePage(page);
});

test('signing out ends the session and protected pages then ask to sign in', async () => {
  await withSignedInPage(product, DEMO_USERS.staff, async (page) => {
    const token = await storedToken(page);
    expect(token).toBeTruthy();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    expect(pathOf(page)).toBe('/sign-in');
    expect(await storedToken(page)).toBeNull();

    // The token was revoked on the server, not only forgotten here.
    const me = await fetch(`${product.baseUrl}/api/users/me`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(me.status).toBe(401);

    await page.goto(`${product.baseUrl}/projects`);
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    expect(pathOf(page)).toBe('/sign-in');
  });
});

test('a protected route redirects to sign-in and returns there after signing in', async () => {
  const page = await freshPage(product.browser);
  await page.goto(`${product.baseUrl}/support`);
  await page.getByRole('form', { name: 'Sign in' }).waitFor();
  expect(pathOf(page)).toBe('/sign-in');

  await fillSignInForm(page, DEMO_USERS.studio);
  await page.getByRole('heading', { level: 1, name: 'Support' }).waitFor();
  expect(pathOf(page)).toBe('/support');
  await closePage(page);
});

test('a signed-in user visiting sign-in goes to the dashboard instead', async () => {
  await withSignedInPage(product, DEMO_USERS.studio, async (page) => {
    await page.goto(`${product.baseUrl}/sign-in`);
    await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
    expect(pathOf(page)).toBe('/projects');
  });
});

test('a stale token is dropped on the first 401 and sign-in returns to the page asked for', async () => {
  const page = await freshPage(product.browser);
  await page.goto(`${product.baseUrl}/sign-in`);
  await page.evaluate(() => window.localStorage.setItem('sp.token', 'a-token-that-is-no-longer-valid'));
  await page.goto(`${product.baseUrl}/users`);
  await page.getByRole('form', { name: 'Sign in' }).waitFor();
  expect(await storedToken(page)).toBeNull();

  await fillSignInForm(page, DEMO_USERS.staff);
  await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
  expect(pathOf(page)).toBe('/users');
  await closePage(page);
});
