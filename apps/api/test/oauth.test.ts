import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hashSecret } from '../src/modules/auth/tokens.js';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, buildOrganization, buildUser, signIn, TEST_PASSWORD } from './support/factories.js';

let t: TestApp;
let email: string;

beforeAll(async () => {
  t = await createTestApp();
  const org = await buildOrganization(t.ctx.db);
  email = (await buildUser(t.ctx.db, { organizations: [org.id], manager: true })).email;
});
afterAll(() => t?.close());

const token = (payload: unknown, contentType = 'application/json') =>
  t.app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { 'content-type': contentType },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

describe('POST /oauth/token', () => {
  test('the password grant answers a bearer token, stored only as a hash', async () => {
    const res = await token({ grant_type: 'password', username: email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 7200 });
    expect(typeof body.created_at).toBe('number');
    expect(Buffer.from(body.access_token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const rows = await t.ctx.db.selectFrom('access_tokens').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash.equals(hashSecret(body.access_token)))).toBe(true);
    expect(rows.some((r) => r.token_hash.toString('utf8').includes(body.access_token))).toBe(false);
  });

  test('a form-encoded body works too, and the e-mail is case-insensitive', async () => {
    const res = await token(
      `grant_type=password&username=${encodeURIComponent(email.toUpperCase())}&password=${encodeURIComponent(TEST_PASSWORD)}`,
      'application/x-www-form-urlencoded',
    );
    expect(res.statusCode).toBe(200);
  });

  test('a wrong password and an unknown e-mail get the same invalid_grant', async () => {
    const wrong = await token({
      grant_type: 'password',
      username: 'someone-else@example.test',
      password: 'nope',
    });
    const unknown = await token({
      grant_type: 'password',
      username: 'nobody@example.test',
      password: 'nope',
    });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json().error).toBe('invalid_grant');
    expect(unknown.json()).toEqual(wrong.json());
  });

  test.each([
    [{}, 'invalid_request'],
    [{ grant_type: 'client_credentials' }, 'unsupported_grant_type'],
    [{ grant_type: 'password', username: 'a@b.c' }, 'invalid_request'],
    [{ grant_type: 'password', username: 42, password: 'x' }, 'invalid_request'],
    [[1, 2], 'invalid_request'],
  ])('malformed request %j answers 400 %s', async (payload, error) => {
    const res = await token(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(error);
  });

  test('malformed JSON answers 400, never 500', async () => {
    const res = await token('{"grant_type": ');
    expect(res.statusCode).toBe(400);
    // API.md's sign-in section: malformed requests answer the OAuth way.
    expect(res.json().error).toBe('invalid_request');
  });
  // Throttling of failed sign-ins: sign-in-throttle.test.ts.
});

describe('tokens', () => {
  test('no token, a made-up token, and a malformed header answer 401', async () => {
    for (const headers of [{}, bearer('made-up-token'), { authorization: 'Basic abc' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/users/me', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'unauthorized' });
    }
  });

  test('a revoked token stops working at once; revoking an unknown token answers 200', async () => {
    const access = await signIn(t.app, email);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(access) })).statusCode,
    ).toBe(200);
    const revoke = await t.app.inject({ method: 'POST', url: '/oauth/revoke', payload: { token: access } });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json()).toEqual({});
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(access) })).statusCode,
    ).toBe(401);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/oauth/revoke',
      payload: { token: 'never-issued' },
    });
    expect(unknown.statusCode).toBe(200);
    const missing = await t.app.inject({ method: 'POST', url: '/oauth/revoke', payload: {} });
    expect(missing.statusCode).toBe(400);
  });

  test('an expired token and an idle token answer 401', async () => {
    const expired = await signIn(t.app, email);
    await t.ctx.db
      .updateTable('access_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashSecret(expired))
      .execute();
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(expired) })).statusCode,
    ).toBe(401);
    const idle = await signIn(t.app, email);
    await t.ctx.db
      .updateTable('access_tokens')
      .set({ last_used_at: new Date(Date.now() - 2 * 3600 * 1000) })
      .where('token_hash', '=', hashSecret(idle))
      .execute();
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(idle) })).statusCode,
    ).toBe(401);
  });

  test('every sign-in issues a new token', async () => {
    expect(await signIn(t.app, email)).not.toBe(await signIn(t.app, email));
  });
});
