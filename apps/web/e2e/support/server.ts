import type { AddressInfo } from 'node:net';
import { type Browser, chromium, type Page } from 'playwright-core';
import { freePort } from '../../../api/src/db/embedded.js';
import { createTestApp, type TestApp } from '../../../api/test/support/app.js';

export { DEMO_PASSWORD, DEMO_USERS } from '../../../api/src/db/seed.js';

export interface E2EServer {
  baseUrl: string;
  server: TestApp;
  close(): Promise<void>;
}

/**
 * The whole product for one spec file: the real API with workers on a fresh database seeded with the
 * demo data, serving the built web app (apps/web/dist: `npm run build` first) on a free port, opened
 * at `http://127.0.0.1:<port>`. With `publicHost`, the port is chosen first and PUBLIC_URL (e-mailed
 * links, and until issue 11 item 1 the storage addresses) names that host: '127.0.0.1' for the same
 * origin, 'localhost' for the address a server prints while the browser uses another.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { publicHost?: string } = {},
): Promise<E2EServer> {
  const chosen = options.publicHost ? await freePort() : 0;
  const publicEnv: Record<string, string> = options.publicHost
    ? { PORT: String(chosen), PUBLIC_URL: `http://${options.publicHost}:${chosen}` }
    : {};
  const server = await createTestApp({ ...publicEnv, ...env }, { seedDemo: true });
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

/** Debian's Chromium, never a downloaded one. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
  });
}

/** Signs in through the sign-in screen like a person would. */
export async function signInThroughUi(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/sign-in`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
