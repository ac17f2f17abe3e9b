import type { Browser, Page } from 'playwright-core';

/** A page in a fresh browser context: its own localStorage, so no session leaks between tests. */
export async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

export async function closePage(page: Page): Promise<void> {
  await page.context().close();
}

/** The stored access token (`sp.token`), or null when signed out. */
export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('sp.token'));
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

export const SIGN_IN_ERROR =
  'There was a problem signing in. Please double check your account credentials and try again.';
