import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { type BuiltUser, bearer, buildOrganization, buildUser, signIn } from './support/factories.js';

let t: TestApp;
let studio: { id: string };
let school: { id: string };
let foreignStudio: { id: string };
let manager: BuiltUser;
let multi: BuiltUser;
let unlicensed: BuiltUser;
let disabledAccount: BuiltUser;
let foreigner: BuiltUser;
let schoolUser: BuiltUser;
let tokens: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.ctx.db;
  const lab = await buildOrganization(db, { role: 'lab_role', name: 'Lab' });
  studio = await buildOrganization(db, { role: 'studio_role', parent: lab.id, name: 'Studio' });
  school = await buildOrganization(db, { role: 'customer_role', parent: studio.id, name: 'School' });
  foreignStudio = await buildOrganization(db, { role: 'studio_role', name: 'Foreign Studio' });
  manager = await buildUser(db, { organizations: [studio.id], manager: true });
  multi = await buildUser(db, { organizations: [studio.id, school.id] });
  unlicensed = await buildUser(db, { organizations: [studio.id], slugs: ['plic-io'] });
  disabledAccount = await buildUser(db, { organizations: [studio.id], whitelist: ['plic-io'] });
  foreigner = await buildUser(db, { organizations: [foreignStudio.id], manager: true });
  schoolUser = await buildUser(db, { organizations: [school.id], manages: 'own' });
  tokens = {};
  for (const [key, user] of Object.entries({
    manager,
    multi,
    unlicensed,
    disabledAccount,
    foreigner,
    schoolUser,
  })) {
    tokens[key] = await signIn(t.app, user.email);
  }
});
afterAll(() => t?.close());

const get = (url: string, token: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });
const patchMe = (token: string, payload: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/users/me',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

describe('GET /api/users/me', () => {
  test('carries what API.md lists, and the accounts with their organizations on request', async () => {
    const res = await get('/api/users/me?include_accounts=true', tokens.manager!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { user } = res.json();
    expect(user).toMatchObject({
      id: manager.id,
      email: manager.email,
      organization_id: studio.id,
      organization_name: 'Studio',
      roles: ['manager'],
      current_account_id: manager.accountIds[0],
      default_account_id: manager.accountIds[0],
      active_plic_app_slugs: ['school-portal'],
      manages_own_organization: true,
      managed_sub_organization_ids: [],
      invitation_sent_at: null,
      invitation_accepted_at: null,
    });
    expect(user.accounts).toHaveLength(1);
    expect(user.accounts[0]).toMatchObject({
      enabled_for_school_portal: true,
      is_default: true,
      is_current: true,
      organization: { id: studio.id, name: 'Studio', role: 'studio_role', parent_organization_name: 'Lab' },
    });
    const without = (await get('/api/users/me', tokens.manager!)).json().user;
    expect(without.accounts).toBeUndefined();
  });

  test('X-Current-Account-Id selects one of the caller’s accounts and refuses anyone else’s', async () => {
    const school = await get('/api/users/me', tokens.multi!, {
      'x-current-account-id': multi.accountIds[1]!,
    });
    expect(school.statusCode).toBe(200);
    expect(school.json().user.current_account_id).toBe(multi.accountIds[1]);
    for (const id of [manager.accountIds[0]!, '999999', 'abc', '1 OR 1=1']) {
      const refused = await get('/api/users/me', tokens.multi!, { 'x-current-account-id': id });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: 'forbidden', reason: 'account_not_owned' });
    }
  });

  test('rejects unknown query parameters and non-boolean flags with 400', async () => {
    expect((await get('/api/users/me?include_accounts=yes', tokens.manager!)).statusCode).toBe(400);
    expect((await get('/api/users/me?surprise=1', tokens.manager!)).statusCode).toBe(400);
  });

  test('an unlicensed user can read themselves (for the not-licensed screen) but nothing else', async () => {
    for (const who of ['unlicensed', 'disabledAccount']) {
      const me = await get('/api/users/me?include_accounts=true', tokens[who]!);
      expect(me.statusCode).toBe(200);
      const refused = await get(`/api/organizations/${studio.id}/projects`, tokens[who]!);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: 'forbidden', reason: 'not_licensed' });
    }
    const me = (await get('/api/users/me?include_accounts=true', tokens.disabledAccount!)).json().user;
    expect(me.accounts[0].enabled_for_school_portal).toBe(false);
  });

  test('an unserved API version answers 406', async () => {
    const res = await get('/api/users/me', tokens.manager!, {
      accept: 'application/vnd.school-portal.v9+json',
    });
    expect(res.statusCode).toBe(406);
    const v1 = await get('/api/users/me', tokens.manager!, {
      accept: 'application/vnd.school-portal.v1+json',
    });
    expect(v1.statusCode).toBe(200);
  });
});

describe('PATCH /api/users/me (switch account)', () => {
  test('switches to another of the caller’s accounts, and the choice sticks', async () => {
    const res = await patchMe(tokens.multi!, { user: { current_account_id: multi.accountIds[1] } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      current_account_id: multi.accountIds[1],
      organization_id: school.id,
    });
    const me = (await get('/api/users/me', tokens.multi!)).json().user;
    expect(me.current_account_id).toBe(multi.accountIds[1]);
    expect(me.default_account_id).toBe(multi.accountIds[0]);
    await patchMe(tokens.multi!, { user: { current_account_id: Number(multi.accountIds[0]) } });
    expect((await get('/api/users/me', tokens.multi!)).json().user.current_account_id).toBe(
      multi.accountIds[0],
    );
  });

  test('someone else’s account is refused with 403 and changes nothing', async () => {
    const res = await patchMe(tokens.multi!, { user: { current_account_id: foreigner.accountIds[0] } });
    expect(res.statusCode).toBe(403);
    expect((await get('/api/users/me', tokens.multi!)).json().user.current_account_id).toBe(
      multi.accountIds[0],
    );
  });

  test.each([
    [{}, 'user'],
    [{ user: {} }, 'current_account_id'],
    [{ user: { current_account_id: true } }, 'current_account_id'],
    [{ user: 'x' }, 'user'],
  ])('bad body %j answers 422 on %s', async (payload, field) => {
    const res = await patchMe(tokens.multi!, payload);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toContain(field);
  });

  test('malformed JSON answers 400', async () => {
    const res = await patchMe(tokens.multi!, '{"user":');
    expect(res.statusCode).toBe(400);
  });

  test('without a token it is 401', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      payload: { user: { current_account_id: '1' } },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/users/:id', () => {
  test('yourself, with accounts', async () => {
    const res = await get(`/api/users/${multi.id}?include_accounts=true`, tokens.multi!);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.accounts).toHaveLength(2);
  });

  test('a user below you is visible, with only the accounts you may see', async () => {
    const res = await get(`/api/users/${multi.id}?include_accounts=true`, tokens.schoolUser!);
    expect(res.statusCode).toBe(200);
    const user = res.json().user;
    expect(user.accounts.map((a: { organization_id: string }) => a.organization_id)).toEqual([school.id]);
    // The hidden studio account does not leak, not even by id.
    expect(user.default_account_id).toBeNull();
    expect(user.accounts.map((a: { id: string }) => a.id)).toEqual([multi.accountIds[1]]);
    expect(user.current_account.id).toBe(multi.accountIds[1]);
  });

  test('users of another tree, unknown ids and malformed ids all answer 404', async () => {
    for (const id of [foreigner.id, '99999999', 'abc', '1;DROP']) {
      const res = await get(`/api/users/${encodeURIComponent(id)}`, tokens.manager!);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found' });
    }
    // And the other way round: the foreign manager can't see our users.
    expect((await get(`/api/users/${manager.id}`, tokens.foreigner!)).statusCode).toBe(404);
  });

  test('a user above you (your studio’s manager) is not visible to a school user', async () => {
    expect((await get(`/api/users/${manager.id}`, tokens.schoolUser!)).statusCode).toBe(404);
  });
});

describe('GET /api/plic-app-licenses', () => {
  test('lists the caller’s licenses', async () => {
    const res = await get('/api/plic-app-licenses', tokens.unlicensed!);
    expect(res.statusCode).toBe(200);
    expect(res.json().plic_app_licenses).toEqual([
      expect.objectContaining({ plic_app_slug: 'plic-io', active: true, expires_at: null }),
    ]);
  });
});
