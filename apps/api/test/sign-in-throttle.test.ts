import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig, parseTrustProxy } from '../src/config.js';
import { emailKey } from '../src/modules/auth/sign-in.js';
import { createTestApp, type TestApp } from './support/app.js';
import { buildOrganization, buildUser, TEST_PASSWORD } from './support/factories.js';

// Failed sign-ins (SECURITY.md "Sign-in and tokens"): delays per (address, e-mail) pair, a ceiling per
// account and a far higher one per address. Each real failure costs a scrypt hash, so most of the
// history the ceilings need is written straight into sign_in_failures.
const FREE = 3;
const ACCOUNT_CEILING = 20;
const ADDRESS_CEILING = 60;
let t: TestApp;
let orgId: string;

beforeAll(async () => {
  t = await createTestApp({
    SIGN_IN_PAIR_FREE_FAILURES: String(FREE),
    SIGN_IN_ACCOUNT_FAILURES_PER_HOUR: String(ACCOUNT_CEILING),
    SIGN_IN_ADDRESS_FAILURES_PER_HOUR: String(ADDRESS_CEILING),
  });
  orgId = (await buildOrganization(t.ctx.db)).id;
});
afterAll(() => t?.close());

let addresses = 0;
const newAddress = () => `192.0.2.${++addresses}`;
const newUser = async () => (await buildUser(t.ctx.db, { organizations: [orgId] })).email;

const attempt = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: { grant_type: 'password', username: email, password },
    remoteAddress,
  });

/** Past failures, as if they had happened (`agoSeconds` before now). */
async function pastFailures(rows: { email: string; address: string }[], agoSeconds = 0) {
  await t.ctx.db
    .insertInto('sign_in_failures')
    .values(
      rows.map((r) => ({
        email_key: emailKey(r.email),
        address: r.address,
        created_at: new Date(Date.now() - agoSeconds * 1000),
      })),
    )
    .execute();
}
/** Moves a pair's failures into the past, as waiting would. */
async function wait(email: string, address: string, seconds: number) {
  await t.ctx.db
    .updateTable('sign_in_failures')
    .set({ created_at: sql`created_at - make_interval(secs => ${seconds})` })
    .where('email_key', '=', emailKey(email))
    .where('address', '=', address)
    .execute();
}
const expectLimited = (res: Awaited<ReturnType<typeof attempt>>, atLeast: number, atMost: number) => {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({ error: 'too_many_requests' });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(atLeast);
  expect(retryAfter).toBeLessThanOrEqual(atMost);
};

describe('failed sign-ins for one (address, e-mail) pair', () => {
  test('bring growing delays; the right password from another address still works meanwhile', async () => {
    const email = await newUser();
    const here = newAddress();
    for (let i = 0; i < FREE; i++) expect((await attempt(email, 'wrong', here)).statusCode).toBe(400);
    // After FREE failures: 2 s to wait, even with the right password.
    expectLimited(await attempt(email, TEST_PASSWORD, here), 1, 2);
    // The same person from elsewhere is not held up.
    expect((await attempt(email, TEST_PASSWORD, newAddress())).statusCode).toBe(200);

    await wait(email, here, 3);
    expect((await attempt(email, 'wrong', here)).statusCode).toBe(400);
    expectLimited(await attempt(email, TEST_PASSWORD, here), 3, 4); // one more failure: 4 s
    await wait(email, here, 5);
    expect((await attempt(email, TEST_PASSWORD, here)).statusCode).toBe(200);
    // The right password clears the pair: the next mistake is free again.
    expect((await attempt(email, 'wrong', here)).statusCode).toBe(400);
    expect((await attempt(email, TEST_PASSWORD, here)).statusCode).toBe(200);
  }, 90_000);

  test('attempts at once are counted as they start: only the free ones get checked', async () => {
    const email = await newUser();
    const here = newAddress();
    const answers = await Promise.all(Array.from({ length: 6 }, () => attempt(email, 'wrong', here)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([...Array(FREE).fill(400), ...Array(6 - FREE).fill(429)]);
  }, 60_000);
});

describe('bystanders', () => {
  test('fifty failures from one address for other e-mails do not stop another user behind it', async () => {
    const school = newAddress();
    await pastFailures(
      Array.from({ length: 50 }, (_, i) => ({ email: `guess-${i}@example.test`, address: school })),
    );
    expect((await attempt(await newUser(), TEST_PASSWORD, school)).statusCode).toBe(200);
  });

  test('ten failures for one e-mail from elsewhere do not lock its owner out', async () => {
    const email = await newUser();
    await pastFailures(Array.from({ length: 10 }, () => ({ email, address: newAddress() })));
    expect((await attempt(email, TEST_PASSWORD, newAddress())).statusCode).toBe(200);
  });
});

describe('ceilings', () => {
  test(`an account takes at most ${ACCOUNT_CEILING} failures an hour, from all addresses together`, async () => {
    const email = await newUser();
    await pastFailures(
      Array.from({ length: ACCOUNT_CEILING - 1 }, () => ({ email, address: newAddress() })),
      60,
    );
    expect((await attempt(email, 'wrong', newAddress())).statusCode).toBe(400);
    // The oldest of them leaves the hour in about 59 minutes.
    expectLimited(await attempt(email, TEST_PASSWORD, newAddress()), 3400, 3540);
    expect((await attempt(await newUser(), TEST_PASSWORD, newAddress())).statusCode).toBe(200);
  });

  test(`an address takes at most ${ADDRESS_CEILING} failures an hour (sprays); others are unaffected`, async () => {
    const spray = newAddress();
    await pastFailures(
      Array.from({ length: ADDRESS_CEILING }, (_, i) => ({
        email: `spray-${i}@example.test`,
        address: spray,
      })),
    );
    const email = await newUser();
    expectLimited(await attempt(email, TEST_PASSWORD, spray), 3500, 3600);
    expect((await attempt(email, TEST_PASSWORD, newAddress())).statusCode).toBe(200);
  });

  test('failures older than an hour no longer count', async () => {
    const old = newAddress();
    const email = await newUser();
    await pastFailures(
      Array.from({ length: ADDRESS_CEILING }, () => ({ email, address: old })),
      3601,
    );
    await pastFailures([{ email, address: old }]); // one recent failure: still free
    expect((await attempt(email, TEST_PASSWORD, old)).statusCode).toBe(200);
  });
});

describe('configuration', () => {
  const base = { NODE_ENV: 'test', DATABASE_URL: 'postgres://x@127.0.0.1/x' };

  test('TRUST_PROXY is off by default and takes hops or addresses, never true', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(
      loadConfig({
        ...base,
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://127.0.0.1',
        PUBLIC_URL: 'https://portal.example.test',
        STORAGE_LOCAL: 'single-instance',
      }).trustProxy,
    ).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['true', 'proxy.example.com', '10.0.0.0/33', '10.0.0.1/8/2', '1.2.3']) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  test('the retired SIGN_IN_MAX_FAILURES_* settings stop the start with what replaced them', () => {
    expect(() => loadConfig({ ...base, SIGN_IN_MAX_FAILURES_PER_EMAIL: '10' })).toThrow(
      /SIGN_IN_PAIR_FREE_FAILURES/,
    );
    expect(() => loadConfig({ ...base, SIGN_IN_ACCOUNT_FAILURES_PER_HOUR: '101' })).toThrow();
  });
});
