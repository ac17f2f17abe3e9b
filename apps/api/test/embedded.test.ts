import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { REPO_ROOT } from '../src/config.js';
import {
  type EmbeddedDatabase,
  embeddedDataDirectory,
  freePort,
  openEmbeddedDatabase,
} from '../src/db/embedded.js';

/**
 * Two checkouts on one machine: each gets its own embedded database, even when the second one finds the
 * first one's cluster on the configured port. Processes of one checkout share theirs.
 */
const base = path.join(REPO_ROOT, 'var', `test-embedded-${randomBytes(3).toString('hex')}`);
const first = path.join(base, 'first', 'postgres');
const second = path.join(base, 'second', 'postgres');
const started: EmbeddedDatabase[] = [];

afterAll(async () => {
  for (const db of started.reverse()) await db.stop().catch(() => {});
  await rm(base, { recursive: true, force: true });
});

function recorder() {
  const lines: string[] = [];
  const log = {
    info: (_: object, message: string) => lines.push(`info ${message}`),
    warn: (_: object, message: string) => lines.push(`warn ${message}`),
  };
  return { lines, log };
}

const portOf = (url: string) => Number(new URL(url).port);

test('a second checkout never uses the first one’s embedded database, and says which port it took', async () => {
  const port = await freePort();

  // The first checkout starts its cluster on the configured port.
  const a = recorder();
  const firstOpen = await openEmbeddedDatabase({ dir: first, port, log: a.log });
  expect(firstOpen.embedded).toBeDefined();
  started.push(firstOpen.embedded!);
  expect(portOf(firstOpen.url)).toBe(port);

  // A worker of the same checkout shares it.
  const again = await openEmbeddedDatabase({ dir: first, port, log: recorder().log });
  expect(again.embedded).toBeUndefined();
  expect(again.url).toBe(firstOpen.url);

  // The second checkout, configured with the same port, starts its own elsewhere and says so.
  const b = recorder();
  const secondOpen = await openEmbeddedDatabase({ dir: second, port, log: b.log });
  expect(secondOpen.embedded).toBeDefined();
  started.push(secondOpen.embedded!);
  const secondPort = portOf(secondOpen.url);
  expect(secondPort).not.toBe(port);
  expect(b.lines.some((l) => l.startsWith('warn') && l.includes(String(port)))).toBe(true);
  expect(b.lines.some((l) => l.includes(`on port ${secondPort}`))).toBe(true);
  const secondDir = await embeddedDataDirectory(secondPort);
  expect(secondDir).not.toBe(await embeddedDataDirectory(port));
  expect(path.basename(path.dirname(secondDir!))).toBe('second');

  // A worker of the second checkout finds the second cluster (through its postmaster.pid), not the first.
  const secondAgain = await openEmbeddedDatabase({ dir: second, port, log: recorder().log });
  expect(secondAgain.embedded).toBeUndefined();
  expect(portOf(secondAgain.url)).toBe(secondPort);
}, 180_000);
