import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../src/http/app.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, buildOrganization, buildUser, signIn } from './support/factories.js';

// Unauthenticated callers must not be able to make the server hash (SECURITY.md "Sign-in and tokens").
const LINK_LIMIT = 12;
let t: TestApp;
let access: string;
let projectId: string;

beforeAll(async () => {
  t = await createTestApp({ TOKEN_LINK_REQUESTS_PER_ADDRESS: String(LINK_LIMIT) });
  const org = await buildOrganization(t.ctx.db);
  const user = await buildUser(t.ctx.db, { organizations: [org.id], manager: true });
  access = await signIn(t.app, user.email);
  projectId = (
    await t.ctx.db
      .insertInto('projects')
      .values({ organization_id: org.id, name: 'Spring pictures' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t?.close());

const bogusToken = () => randomBytes(32).toString('base64url'); // 43 characters, like a real one
let addressCounter = 0;
/** A client address of its own, so that one test's requests don't use up another's allowance. */
const nextAddress = () => `10.1.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

const bogusReset = (remoteAddress: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/password-resets/${bogusToken()}`,
    payload: { password: 'Long-enough-pw-1' },
    remoteAddress,
  });
const bogusAccept = (remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/invitations/${bogusToken()}/accept`,
    payload: { password: 'Long-enough-pw-1' },
    remoteAddress,
  });
const getProject = async () => {
  const started = performance.now();
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/projects/${projectId}`,
    headers: bearer(access),
  });
  expect(res.statusCode).toBe(200);
  return performance.now() - started;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** CPU time (user + system, ms) of this process, worker threads (where scrypt runs) included. */
const cpuMs = () => {
  const u = process.resourceUsage();
  return (u.userCPUTime + u.systemCPUTime) / 1000;
};
/** Runs `work` while sampling the resident memory; answers the highest sample. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, peak };
  } finally {
    clearInterval(timer);
  }
}
const MiB = 1024 * 1024;

describe('unknown reset and invitation links', () => {
  test('answer 404 without hashing the password: eight cost less CPU than one hash', async () => {
    const before = cpuMs();
    await hashPassword('one real hash, for scale');
    const oneHash = cpuMs() - before;

    const start = cpuMs();
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => bogusReset(nextAddress())),
      ...Array.from({ length: 4 }, () => bogusAccept(nextAddress())),
    ]);
    const eight = cpuMs() - start;
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(404));
    expect(eight).toBeLessThan(oneHash);
  });

  test('eight at once leave a signed-in request fast and the memory flat', async () => {
    for (let i = 0; i < 3; i++) await getProject(); // warm up
    const alone: number[] = [];
    for (let i = 0; i < 9; i++) alone.push(await getProject());

    // Any eight requests at once slow the ninth a little (they share the pool and the event loop): the
    // reference is eight look-ups of unknown links, which never hash. Rounds alternate, so both see the
    // same load from the rest of the machine.
    const lookUps = () =>
      Array.from({ length: 8 }, (_, i) =>
        t.app.inject({
          method: 'GET',
          url: `/api/${i % 2 ? 'invitations' : 'password-resets'}/${bogusToken()}`,
          remoteAddress: nextAddress(),
        }),
      );
    const bogus = () => {
      const address = nextAddress();
      return [
        ...Array.from({ length: 4 }, () => bogusReset(address)),
        ...Array.from({ length: 4 }, () => bogusAccept(address)),
      ];
    };
    const baseline = process.memoryUsage.rss();
    const withLookUps: number[] = [];
    const withBogus: number[] = [];
    const { peak } = await peakRss(async () => {
      for (let round = 0; round < 14; round++) {
        const [latency, ...answers] = await Promise.all([getProject(), ...(round % 2 ? bogus() : lookUps())]);
        for (const a of answers) expect((a as { statusCode: number }).statusCode).toBe(404);
        (round % 2 ? withBogus : withLookUps).push(latency as number);
      }
    });
    const ms = (xs: number[]) => xs.map(Math.round).join(', ');
    const timings = `alone ${ms(alone)}; with look-ups ${ms(withLookUps)}; with bogus ${ms(withBogus)} (ms)`;
    // Before the fix: 4.5-8 s against about 10 ms alone.
    expect(median(withBogus) / median(alone), timings).toBeLessThan(20);
    expect(median(withBogus) / median(withLookUps), timings).toBeLessThan(3);
    expect((peak - baseline) / MiB).toBeLessThan(100);
  });

  test('are limited per address: 429 too_many_requests with Retry-After, other addresses unaffected', async () => {
    for (const [name, send] of [
      ['reset', bogusReset],
      ['accept', bogusAccept],
    ] as const) {
      const address = nextAddress();
      for (let i = 0; i < LINK_LIMIT; i++) expect((await send(address)).statusCode, name).toBe(404);
      const limited = await send(address);
      expect(limited.statusCode, name).toBe(429);
      expect(limited.json()).toEqual({ error: 'too_many_requests' });
      const wait = Number(limited.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(15 * 60);
      expect((await send(nextAddress())).statusCode, name).toBe(404);
    }
  });

  test('the allowance is one across instances: requests alternating between two API instances are counted together', async () => {
    // A second instance on the same database (its own Fastify app and limiters, as another process has).
    const other = await buildApp(t.ctx, { logger: false });
    try {
      const address = nextAddress();
      const send = (n: number) =>
        (n % 2 ? other : t.app).inject({
          method: 'POST',
          url: '/api/password-resets',
          payload: { email: 'nobody-here@example.test' },
          remoteAddress: address,
        });
      for (let i = 0; i < LINK_LIMIT; i++) expect((await send(i)).statusCode, `request ${i}`).toBe(202);
      expect((await send(LINK_LIMIT)).statusCode).toBe(429);
      expect((await send(LINK_LIMIT + 1)).statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });

  test('reset requests are limited per address too', async () => {
    const address = nextAddress();
    const request = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/password-resets',
        payload: { email: 'nobody-here@example.test' },
        remoteAddress: address,
      });
    for (let i = 0; i < LINK_LIMIT; i++) expect((await request()).statusCode).toBe(202);
    const limited = await request();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('password hashing', () => {
  test('runs at most PASSWORD_HASH_CONCURRENCY (2) at once: four wrong sign-ins stay within two hashes of memory', async () => {
    const attempt = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/oauth/token',
        payload: { grant_type: 'password', username: `nobody-${i}@example.test`, password: 'wrong password' },
        remoteAddress: nextAddress(),
      });
    await attempt(-1); // the decoy hash is made once, on first use
    const baseline = process.memoryUsage.rss();
    const { result, peak } = await peakRss(() =>
      Promise.all(Array.from({ length: 4 }, (_, i) => attempt(i))),
    );
    for (const r of result) expect(r.statusCode).toBe(400);
    // One scrypt hash takes 128 MiB; without the bound the thread pool runs four at once (512 MiB).
    expect((peak - baseline) / MiB).toBeLessThan(2 * 128 + 100);
  });
});
