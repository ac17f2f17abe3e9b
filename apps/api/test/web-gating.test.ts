import { abilitiesForUser, can, type User, WEB_ONLY_ACTIONS } from '@school-portal/domain';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, signIn } from './support/factories.js';
import { builtInLayoutId } from './support/renders.js';
import { buildWorld, type World } from './support/world.js';

/**
 * Policies the web alone asks (screens it offers), computed as the web computes them: from the signed-in
 * user as `GET /api/users/me` answers it, through the domain's rules. Each must agree with what the API
 * then allows.
 */

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t.ctx.db);
});
afterAll(() => t?.close());

async function webAbilities(who: string) {
  const token = await signIn(t.app, w.users[who]!.email);
  const me = await t.app.inject({
    method: 'GET',
    url: '/api/users/me?include_accounts=true',
    headers: bearer(token),
  });
  expect(me.statusCode).toBe(200);
  return { abilities: abilitiesForUser(me.json().user as User), token };
}

test('Edit Layouts is offered to the managers who may copy a layout, and to no one else', async () => {
  const layoutId = await builtInLayoutId(t.ctx.db);
  const offered: Record<string, boolean> = {};
  for (const who of ['labManager', 'studioManager', 'studioStaff', 'schoolStaff']) {
    const { abilities, token } = await webAbilities(who);
    offered[who] = can(abilities, 'layout.edit');
    const copy = await t.app.inject({
      method: 'POST',
      url: `/api/layouts/${layoutId}/copy`,
      headers: bearer(token),
      payload: {},
    });
    // The screen is offered exactly where its first step, copying a built-in layout, is allowed.
    expect(copy.statusCode < 300, `${who}: ${copy.statusCode} ${copy.body}`).toBe(offered[who]);
  }
  expect(offered).toEqual({ labManager: true, studioManager: true, studioStaff: false, schoolStaff: false });
});

test('the screens and links only the web offers go to the accounts the domain names, and no one else', async () => {
  const offered: Record<string, Record<string, boolean>> = {};
  const own = {
    labManager: 'labA',
    studioManager: 'studioA',
    studioStaff: 'studioA',
    schoolStaff: 'schoolA1',
  };
  for (const [who, organization] of Object.entries(own)) {
    const { abilities, token } = await webAbilities(who);
    offered[who] = Object.fromEntries(WEB_ONLY_ACTIONS.map((action) => [action, can(abilities, action)]));
    // The sidebar's Organizations and Project Templates lead to their organization's lists, which the
    // API then answers.
    for (const [action, list] of [
      ['organization.browse', 'organizations'],
      ['template.browse', 'project-templates'],
    ] as const) {
      const url = `/api/organizations/${w.orgs[organization as keyof World['orgs']].id}/${list}`;
      const answer = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      if (offered[who][action]) expect(answer.statusCode, `${who}: ${url}`).toBe(200);
    }
  }
  const managers = {
    'organization.browse': true,
    'template.browse': true,
    'current-user.list-accounts': false,
    'support.chat': false,
    'companion-app.open': true,
    'user.admin-link': true,
    'project.choose-organization': true,
  };
  const none = Object.fromEntries(WEB_ONLY_ACTIONS.map((action) => [action, false]));
  expect(offered).toEqual({
    labManager: managers,
    studioManager: managers,
    // Studio staff pick among their studio's schools for a new project; a school has only itself.
    studioStaff: { ...none, 'project.choose-organization': true },
    schoolStaff: none,
  });
});
