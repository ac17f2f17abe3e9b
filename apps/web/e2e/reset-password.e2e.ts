import { expect, test } from 'vitest';
import { closePage, freshPage, pathOf, SIGN_IN_ERROR, storedToken } from './helpers.js';
import {
  DEMO_PASSWORD,
  DEMO_USERS,
  mailedLinkPath,
  productAndBrowser,
  signIn,
  signInThroughUi,
} from './support/server.js';

const product = productAndBrowser();

test('a user resets a forgotten password through the e-mailed link and signs in with it', async () => {
  const email = DEMO_USERS.school2;
  const newPassword = 'a-brand-new-passphrase';
  const page = await freshPage(product.browser);

  await page.goto(`${product.baseUrl}/sign-in`);
  await page.getByRole('link', { name: 'Forgot Password' }).click();
  await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();
  expect(pathOf(page)).toBe('/reset-password');
  const submit = page.getByRole('button', { name: 'Submit' });
  expect(await submit.isDisabled()).toBe(true);
  await page.getByLabel('Email').fill(email);
  await submit.click();

  await page.getByRole('heading', { level: 1, name: 'Check your e-mail' }).waitFor();
  expect(pathOf(page)).toBe('/reset-password/sent');
  await page.getByText('Check your spam or junk folder.').waitFor();
  await page.getByRole('link', { name: 'Take me back to log in' }).waitFor();

  const linkPath = await mailedLinkPath(product.baseUrl, email, '/reset-password/');
  await page.goto(`${product.baseUrl}${linkPath}`);
  await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();

  // The shared password rules apply before anything is sent.
  await page.getByLabel('New Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm New Password').fill('short');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await page.getByText('Is too short (minimum is 8 characters).').waitFor();

  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await page.getByRole('heading', { level: 1, name: 'Your password has been changed' }).waitFor();
  // No automatic sign-in after a reset.
  expect(await storedToken(page)).toBeNull();

  // The link is single-use.
  await page.goto(`${product.baseUrl}${linkPath}`);
  await page.getByTestId('reset-link-invalid').waitFor();

  // The old password no longer works; the new one does.
  await signInThroughUi(page, product.baseUrl, email, DEMO_PASSWORD);
  await page.getByTestId('sign-in-error').waitFor();
  expect(await page.getByTestId('sign-in-error').textContent()).toBe(SIGN_IN_ERROR);
  await signIn(page, product.baseUrl, email, newPassword);
  await page.getByRole('heading', { level: 1, name: 'Riverside Fall 2026' }).waitFor();
  await closePage(page);
});

test('an unknown reset link explains that it can no longer be used', async () => {
  const page = await freshPage(product.browser);
  await page.goto(`${product.baseUrl}/reset-password/not-a-real-token`);
  await page.getByTestId('reset-link-invalid').waitFor();
  await page.getByRole('link', { name: 'Request a New Link' }).waitFor();
  await closePage(page);
});
