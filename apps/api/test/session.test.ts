import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { type BuiltUser, bearer, buildOrganization, buildUser, signIn } from './support/factories.js';
import { countQueries } from './support/query-count.js';

// The session (token, user, accounts, licences) is read in one round trip and never cached: whatever
// changes a caller's rights takes effect on the very next request.
let t: TestApp;
let studio: { id: string };
let school: { id: string };

beforeAll(async () => {
  t = await createTestApp({}, { workers: false });
  studio = await buildOrganization(t.ctx.db, { role: 'studio_role', name: 'Studio' });
  school = await buildOrganization(t.ctx.db, { role: 'customer_role', parent: studio.id, name: 'School' });
});
afterAll(() => t?.close());

const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/users/me?include_accounts=true', headers: bearer(token) });

async function freshUser(): Promise<{ user: BuiltUser; token: string }> {
  const user = await buildUser(t.ctx.db, { organizations: [studio.id, school.id], manager: true });
  const token = await signIn(t.app, user.email);
  // Touch now, so that the once-a-minute last_used_at write is not part of what we count.
  expect((await me(token)).statusCode).toBe(200);
  return { user, token };
}

describe('the session of a signed-in request', () => {
  test('token, user, accounts and licences come back in one query', async () => {
    const { token } = await freshUser();
    const { value: res, count, statements } = await countQueries(() => me(token));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.accounts).toHaveLength(2);
    const sessionReads = statements.filter((q) => /access_tokens/.test(q));
    expect(sessionReads).toHaveLength(1);
    expect(statements.some((q) => /from\s+"?accounts"?/i.test(q) && !/access_tokens/.test(q))).toBe(false);
    expect(statements.some((q) => /app_licenses/.test(q) && !/access_tokens/.test(q))).toBe(false);
    expect(count).toBeGreaterThanOrEqual(1);
  });

  test('a revoked token is refused on the very next request', async () => {
    const { token } = await freshUser();
    const revoke = await t.app.inject({ method: 'POST', url: '/oauth/revoke', payload: { token } });
    expect(revoke.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });

  test('a password reset (every token revoked) is refused on the next request', async () => {
    const { user, token } = await freshUser();
    await t.ctx.db
      .updateTable('access_tokens')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', user.id)
      .execute();
    expect((await me(token)).statusCode).toBe(401);
  });

  test('a deleted user is refused on the next request', async () => {
    const { user, token } = await freshUser();
    await t.ctx.db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', user.id).execute();
    expect((await me(token)).statusCode).toBe(401);
  });

  test('a role change and a withdrawn licence show on the next request', async () => {
    const { user, token } = await freshUser();
    expect((await me(token)).json().user.roles).toContain('manager');
    await t.ctx.db.updateTable('users').set({ roles: [] }).where('id', '=', user.id).execute();
    expect((await me(token)).json().user.roles).not.toContain('manager');
    const projects = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/organizations/${studio.id}/projects`,
        headers: bearer(token),
      });
    expect((await projects()).statusCode).toBe(200);
    await t.ctx.db
      .updateTable('app_licenses')
      .set({ active: false })
      .where('user_id', '=', user.id)
      .execute();
    const refused = await projects();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().reason).toBe('not_licensed');
  });

  test('accounts arrive with their organizations, in creation order', async () => {
    const { token } = await freshUser();
    const accounts = (await me(token)).json().user.accounts as {
      organization: { id: string; name: string };
    }[];
    expect(accounts.map((a) => a.organization.name)).toEqual(['Studio', 'School']);
  });
});
