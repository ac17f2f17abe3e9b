import type { Browser, Download, Locator, Page, Request } from 'playwright-core';

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

/** The screen's title (its one level-1 heading), by its exact text. */
export const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true });

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

export const SIGN_IN_ERROR =
  'There was a problem signing in. Please double check your account credentials and try again.';

/**
 * From now on, every answer of 400 or more the page gets and every error it logs: a screen that asks
 * for what the caller may not read, or for a record just deleted, shows up here.
 */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) {
      errors.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
    }
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}

/** Clicks what starts a download and answers the download. */
export async function downloadBy(trigger: Locator): Promise<Download> {
  const [download] = await Promise.all([trigger.page().waitForEvent('download'), trigger.click()]);
  return download;
}

/** Chooses `option` in the drop-down labelled `label` and waits for its list to close. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/**
 * The values (`dd`) of a list of terms shown in `scope`, by key: each term stands in an element whose test
 * id is `prefix` + its key (a batch report's numbers, an export format's review).
 */
export async function termValues(scope: Page | Locator, prefix: string): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  for (const term of await scope.locator(`[data-testid^="${prefix}"]:has(> dd)`).all()) {
    const key = (await term.getAttribute('data-testid'))?.slice(prefix.length) ?? '';
    values[key] = (await term.locator('dd').textContent()) ?? '';
  }
  return values;
}

/** A link in the navigation landmark named `navigation` (Main, Project, Subjects, Layouts, ...). */
export const navLink = (page: Page, navigation: string, name: string) =>
  page.getByRole('navigation', { name: navigation }).getByRole('link', { name });

/**
 * From now on, how many of the page's requests are still unanswered, live event streams aside (they stay
 * open by design, so the page is never "network idle" while one is).
 */
export function requestsInFlight(page: Page): () => number {
  const open = new Set<Request>();
  page.on('request', (request) => {
    if (!new URL(request.url()).pathname.endsWith('/events')) open.add(request);
  });
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return () => open.size;
}
