import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { freePort } from '../../../api/src/db/embedded.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../../../api/src/db/seed.js';
import { createTestApp, type TestApp } from '../../../api/test/support/app.js';
import { closePage, freshPage, pageErrors } from '../helpers.js';

export { DEMO_PASSWORD, DEMO_USERS } from '../../../api/src/db/seed.js';

interface E2EServer {
  baseUrl: string;
  server: TestApp;
  close(): Promise<void>;
}

/**
 * The whole product for one spec file: the real API with workers on a fresh database seeded with the
 * demo data, serving the built web app (apps/web/dist: `npm run build` first) on a free port, opened
 * at `http://127.0.0.1:<port>`. With `publicHost`, the port is chosen first and PUBLIC_URL (e-mailed
 * links; storage addresses are same-origin paths) names that host: '127.0.0.1' for the same
 * origin, 'localhost' for the address a server prints while the browser uses another.
 */
async function startServer(
  env: Record<string, string> = {},
  options: { publicHost?: string } = {},
): Promise<E2EServer> {
  const chosen = options.publicHost ? await freePort() : 0;
  const publicEnv: Record<string, string> = options.publicHost
    ? { PORT: String(chosen), PUBLIC_URL: `http://${options.publicHost}:${chosen}` }
    : {};
  // E2E_WEB_DIST_DIR serves another build of the web app than apps/web/dist.
  const webDist: Record<string, string> = process.env.E2E_WEB_DIST_DIR
    ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR }
    : {};
  const server = await createTestApp({ ...webDist, ...publicEnv, ...env }, { seedDemo: true });
  await server.app.listen({ port: chosen, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, server, close: () => server.close() };
}

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Debian's Chromium, never a downloaded one; `extraFlags` for a spec that needs more (a fake camera). */
export function launchBrowser(extraFlags: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_FLAGS, ...extraFlags],
  });
}

/** The product and a browser a spec file's tests share: read them inside hooks and tests, once started. */
export interface SpecProduct {
  /** The running API with its context (database, storage, mail). */
  readonly app: TestApp;
  /** Where the web app is served, `http://127.0.0.1:<port>`. */
  readonly baseUrl: string;
  readonly browser: Browser;
}

/**
 * Starts the product (`startServer(env, options)`) and Debian's Chromium before the spec file's tests and
 * closes both after them. Call it at the top of a spec; a spec's own `beforeAll`, registered after it,
 * runs once both are up, and its `afterAll` runs before they close.
 */
export function productAndBrowser(
  env: Record<string, string> = {},
  options: { publicHost?: string } = {},
): SpecProduct {
  let server: E2EServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer(env, options);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  const started = () => {
    if (!server || !browser) throw new Error('the product is read before its beforeAll has started it');
    return { server, browser };
  };
  return {
    get app() {
      return started().server.server;
    },
    get baseUrl() {
      return started().server.baseUrl;
    },
    get browser() {
      return started().browser;
    },
  };
}

/** Signs in through the sign-in screen like a person would. */
export async function signInThroughUi(
  page: Page,
  baseUrl: string,
  email: string,
  password: string = DEMO_PASSWORD,
) {
  await page.goto(`${baseUrl}/sign-in`);
  await fillSignInForm(page, email, password);
}

/** Fills in and sends the sign-in form the page shows (the sign-in screen, or a protected page's redirect to it). */
export async function fillSignInForm(page: Page, email: string, password: string = DEMO_PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A JSON API call as one user: `api(path, method, body)` answers the parsed body, and throws on an error status. */
export type ApiCall = <T>(path: string, method?: string, body?: unknown) => Promise<T>;

/**
 * A demo user's bearer token (the password grant, as the web app signs in) and a JSON API caller with it:
 * for the data a spec sets up through the API before the browser takes over.
 */
export async function apiAs(
  baseUrl: string,
  email: string = DEMO_USERS.studio,
): Promise<{ token: string; api: ApiCall }> {
  const response = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-App-Slug': 'school-portal' },
    body: JSON.stringify({ grant_type: 'password', username: email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email}: ${response.status}`);
  const token = ((await response.json()) as { access_token: string }).access_token;
  const api: ApiCall = async <T>(path: string, method = 'GET', body?: unknown) => {
    const answer = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        'X-App-Slug': 'school-portal',
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await answer.text();
    if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  };
  return { token, api };
}

/** A row's id by its name, in one of the tables whose rows the demo data and the specs name. */
async function idByName(
  server: TestApp,
  table: 'projects' | 'organizations' | 'layouts',
  name: string,
): Promise<string> {
  const row = await server.ctx.db
    .selectFrom(table)
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** A (demo) project's id by its name. */
export const projectIdByName = (server: TestApp, name: string) => idByName(server, 'projects', name);

/** A (demo) organization's id by its name. */
export const organizationIdByName = (server: TestApp, name: string) =>
  idByName(server, 'organizations', name);

/** A layout's id by its name (a built-in one, or one a spec made). */
export const layoutIdByName = (server: TestApp, name: string) => idByName(server, 'layouts', name);

/** The id of a standard export format (`pspa_yearbook`, ...), as the demo data seeds it. */
export async function standardFormatId(server: TestApp, key: string): Promise<string> {
  const format = await server.ctx.db
    .selectFrom('project_export_formats')
    .select('id')
    .where('standard_key', '=', key)
    .executeTakeFirstOrThrow();
  return String(format.id);
}

/** Signs in through the sign-in screen and waits for the main navigation (a wide screen's sidebar). */
export async function signIn(page: Page, baseUrl: string, email: string, password = DEMO_PASSWORD) {
  await signInThroughUi(page, baseUrl, email, password);
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

/** A fresh page signed in through the sign-in screen as a demo user (the studio manager by default), on the dashboard. */
export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  email: string = DEMO_USERS.studio,
): Promise<Page> {
  const page = await freshPage(browser);
  await signIn(page, baseUrl, email);
  return page;
}

/**
 * Runs `use` on a fresh page signed in as a demo user and closes the page afterwards, passed or failed.
 * `errors` holds what the page met from before the sign-in on (see `pageErrors`), for a test that
 * expects none.
 */
export async function withSignedInPage<T>(
  product: SpecProduct,
  email: string,
  use: (page: Page, errors: string[]) => Promise<T>,
): Promise<T> {
  const page = await freshPage(product.browser);
  const errors = pageErrors(page);
  try {
    await signIn(page, product.baseUrl, email);
    return await use(page, errors);
  } finally {
    await closePage(page);
  }
}

/**
 * One page signed in as a demo user (the studio manager by default) that a spec file's tests share, each
 * going on from where the one before left it: signed in once the product is up, closed after the tests.
 * Read `.page` inside hooks and tests.
 */
export function sharedSignedInPage(
  product: SpecProduct,
  email: string = DEMO_USERS.studio,
): { readonly page: Page } {
  let page: Page | undefined;
  beforeAll(async () => {
    page = await signedInPage(product.browser, product.baseUrl, email);
  });
  afterAll(async () => {
    if (page) await closePage(page);
  });
  return {
    get page() {
      if (!page) throw new Error('the shared page is read before its beforeAll has signed it in');
      return page;
    },
  };
}

/**
 * A scratch folder for a spec file's files on disk (made before its tests, removed after them); read
 * `.path` inside hooks and tests, `file(name)` names a file in it.
 */
export function scratchFolder(prefix: string): { readonly path: string; file(name: string): string } {
  let folder: string | undefined;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), prefix));
  });
  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });
  const made = () => {
    if (!folder) throw new Error('the scratch folder is read before its beforeAll has made it');
    return folder;
  };
  return {
    get path() {
      return made();
    },
    file: (name) => path.join(made(), name),
  };
}

interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Waits for an e-mail to `email` in the development mailbox with a link whose path starts with
 * `pathPrefix` (`/invitations/`, `/reset-password/`) and answers that path.
 */
export async function mailedLinkPath(baseUrl: string, email: string, pathPrefix: string): Promise<string> {
  const link = new RegExp(`https?://\\S+?(${pathPrefix}[^\\s/?#]+)`);
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await fetch(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(email)}`);
    const { messages } = (await response.json()) as { messages: MailboxMessage[] };
    for (const message of messages) {
      const match = message.text.match(link);
      if (match?.[1]) return match[1];
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No e-mail to ${email} with a ${pathPrefix} link`);
}
