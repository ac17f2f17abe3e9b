import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eventually, type TestApp } from './support/app.js';
import { bearer, injectAs, signIn } from './support/factories.js';
import { SIGNED_IN, type World, worldApp } from './support/world.js';

let t: TestApp;
let w: World;
let tokens: Record<string, string>;

beforeAll(async () => {
  ({ t, w, tokens } = await worldApp(SIGNED_IN, {
    PUBLIC_URL: 'https://portal.example.test',
  }));
});
afterAll(() => t?.close());

const call = (who: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  injectAs(t.app, tokens[who]!, method, url, payload);
const createUser = (who: string, orgId: string, user: object) =>
  call(who, 'POST', `/api/organizations/${orgId}/users`, { user, plic_app_id: 'school-portal' });

async function inviteLinkFor(email: string): Promise<string> {
  const message = await eventually(async () =>
    t.ctx.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('to_address', '=', email)
      .where('status', '=', 'stored')
      .orderBy('id', 'desc')
      .executeTakeFirst(),
  );
  return /https:\/\/portal\.example\.test\/invitations\/([A-Za-z0-9_-]+)/.exec(message.text_body)![1]!;
}

describe('creating users', () => {
  test('a new user is limited to this app by default, with a license for it', async () => {
    const res = await createUser('studioManager', w.orgs.schoolA1.id, {
      name: 'Nora New',
      email: 'Nora@Example.test',
    });
    expect(res.statusCode).toBe(201);
    const user = res.json().user;
    expect(user).toMatchObject({
      name: 'Nora New',
      email: 'nora@example.test',
      organization_id: w.orgs.schoolA1.id,
      enable_plic_app_whitelist: true,
      plic_app_whitelist_slugs: ['school-portal'],
      active_plic_app_slugs: ['school-portal'],
      invitation_sent: false,
      invitation_accepted: false,
    });
    expect(user.accounts[0]).toMatchObject({ enabled_for_school_portal: true, enabled_for_plic_io: false });
  });

  test('all apps only when a manager chooses it', async () => {
    const manager = await createUser('studioManager', w.orgs.schoolA1.id, {
      name: 'All Apps',
      email: 'all-apps@example.test',
      enable_for_all_apps: true,
    });
    expect(manager.json().user.enable_plic_app_whitelist).toBe(false);
    const staff = await createUser('studioStaff', w.orgs.schoolA1.id, {
      name: 'Not Allowed',
      email: 'not-allowed@example.test',
      enable_for_all_apps: true,
    });
    // The policy refuses it before anything is written (portal-core §6).
    expect(staff.statusCode).toBe(403);
    expect(staff.json()).toEqual({ error: 'forbidden', reason: 'not_allowed' });
    const written = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'not-allowed@example.test')
      .execute();
    expect(written).toHaveLength(0);
  });

  test('another app only when a manager chooses it: staff may create users for this app alone', async () => {
    const createAs = (token: string, email: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/organizations/${w.orgs.schoolA1.id}/users`,
        headers: bearer(token),
        payload: { user: { name: 'Other App', email }, plic_app_id: 'admin-console' },
      });
    const staff = await createAs(tokens.studioStaff!, 'other-app-staff@example.test');
    expect(staff.statusCode).toBe(403);
    const manager = await createAs(tokens.studioManager!, 'other-app-manager@example.test');
    expect(manager.statusCode).toBe(201);
    expect(manager.json().user.plic_app_whitelist_slugs).toEqual(['admin-console']);
    // Out of the other tests' lists, which count who is licensed for this app.
    await t.ctx.db
      .updateTable('users')
      .set({ deleted_at: new Date() })
      .where('id', '=', manager.json().user.id)
      .execute();
  });

  test('an e-mail already taken is a 422 on the e-mail field, whatever its case', async () => {
    const res = await createUser('studioManager', w.orgs.schoolA1.id, {
      name: 'Again',
      email: w.users.memberSchoolB!.email.toUpperCase(),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { email: ['has already been taken'] } });
  });

  test.each([
    [{}, ['email', 'name']],
    [{ name: '', email: '' }, ['email', 'name']],
    [{ name: 'X', email: 'not-an-email' }, ['email']],
    [{ name: 42, email: 'x@example.test' }, ['name']],
  ])('bad user %j answers 422 on %j and writes nothing', async (user, fields) => {
    const before = await t.ctx.db.selectFrom('users').select('id').execute();
    const res = await createUser('studioManager', w.orgs.schoolA1.id, user);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(fields);
    expect((await t.ctx.db.selectFrom('users').select('id').execute()).length).toBe(before.length);
  });
});

describe('accounts list (All Users)', () => {
  /** The accounts of `org`'s whole tree as `who` reads them, with more of the query after. */
  const treeAccounts = async (who: string, org: string, more = '') =>
    (
      await call(who, 'GET', `/api/organizations/${org}/accounts?traverse_sub_organizations=true${more}`)
    ).json();

  test('recursive, with users and organizations, filtered by permission, invite status and keyword', async () => {
    const base = `/api/organizations/${w.orgs.studioA.id}/accounts?traverse_sub_organizations=true&include_users=true&include_organizations=true&limit=500`;
    const all = (await call('studioManager', 'GET', base)).json();
    const orgNames = new Set(
      all.accounts.map((a: { organization: { name: string } }) => a.organization.name),
    );
    expect(orgNames).toEqual(new Set(['Studio A', 'School A1', 'School A2']));
    expect(all.accounts[0].user).toHaveProperty('email');

    const notAllowed = (
      await call('studioManager', 'GET', `${base}&filter[school_portal_permission]=not-allowed`)
    ).json();
    expect(notAllowed.accounts.map((a: { user_id: string }) => a.user_id)).toEqual([w.users.unlicensed!.id]);
    const allowed = (
      await call('studioManager', 'GET', `${base}&filter[school_portal_permission]=allowed`)
    ).json();
    expect(allowed.meta.total).toBe(all.meta.total - 1);

    const kw = (await call('studioManager', 'GET', `${base}&keyword=School%20A2`)).json();
    expect(kw.accounts.length).toBeGreaterThan(0);
    expect(kw.meta.total).toBeLessThan(all.meta.total);
    expect(
      kw.accounts.every((a: { organization: { name: string } }) => a.organization.name === 'School A2'),
    ).toBe(true);

    const notSent = (await call('studioManager', 'GET', `${base}&filter[invite_status]=not-sent`)).json();
    expect(notSent.meta.total).toBe(all.meta.total);
    expect((await call('studioManager', 'GET', `${base}&filter[invite_status]=maybe`)).statusCode).toBe(400);
    const paged = await treeAccounts('studioManager', w.orgs.studioA.id);
    expect(paged.meta.limit).toBe(10);
  });

  test('a school sees only its own accounts', async () => {
    const res = await treeAccounts(
      'schoolStaff',
      w.orgs.schoolA1.id,
      '&include_organizations=true&limit=500',
    );
    expect(new Set(res.accounts.map((a: { organization: { name: string } }) => a.organization.name))).toEqual(
      new Set(['School A1']),
    );
  });
});

describe('invitations', () => {
  test('invite -> e-mail -> accept sets the password, marks accepted and signs in; the school user sees only the school', async () => {
    const created = (
      await createUser('studioManager', w.orgs.schoolA2.id, {
        name: 'Ivy Invitee',
        email: 'ivy@example.test',
      })
    ).json().user;
    const invite = await call('studioManager', 'POST', `/api/users/${created.id}/invite`, {
      plic_app_id: 'school-portal',
    });
    expect(invite.statusCode).toBe(200);
    expect(invite.json().user.invitation_sent).toBe(true);
    expect(invite.json().user.invitation_sent_at).not.toBeNull();
    const first = await inviteLinkFor('ivy@example.test');

    // Sending again replaces the old link.
    await call('studioManager', 'POST', `/api/users/${created.id}/invite`, { plic_app_id: 'school-portal' });
    const second = await eventually(async () => {
      const link = await inviteLinkFor('ivy@example.test');
      return link !== first ? link : null;
    });
    expect((await t.app.inject(`/api/invitations/${first}`)).statusCode).toBe(404);
    const info = await t.app.inject(`/api/invitations/${second}`);
    expect(info.json().invitation).toMatchObject({ name: 'Ivy Invitee', email: 'ivy@example.test' });

    const weak = await t.app.inject({
      method: 'POST',
      url: `/api/invitations/${second}/accept`,
      payload: { password: 'short' },
    });
    expect(weak.statusCode).toBe(422);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/invitations/${second}/accept`,
      payload: { password: 'ivy chooses a password' },
    });
    expect(accepted.statusCode).toBe(200);
    const token = accepted.json().access_token;
    const me = (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) })).json()
      .user;
    expect(me).toMatchObject({
      email: 'ivy@example.test',
      invitation_accepted: true,
      organization_id: w.orgs.schoolA2.id,
    });
    // Only her school: the sibling school and the studio are not found.
    const sibling = await t.app.inject({
      method: 'GET',
      url: `/api/organizations/${w.orgs.schoolA1.id}/projects`,
      headers: bearer(token),
    });
    expect(sibling.statusCode).toBe(404);
    const studio = await t.app.inject({
      method: 'GET',
      url: `/api/organizations/${w.orgs.studioA.id}/users`,
      headers: bearer(token),
    });
    expect(studio.statusCode).toBe(404);
    expect(await signIn(t.app, 'ivy@example.test', 'ivy chooses a password')).toBeTruthy();

    // Used up, and no re-sending to someone who accepted.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/invitations/${second}/accept`,
          payload: { password: 'another password here' },
        })
      ).statusCode,
    ).toBe(404);
    const again = await call('studioManager', 'POST', `/api/users/${created.id}/invite`, {
      plic_app_id: 'school-portal',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.base).toBeDefined();
  });
});
