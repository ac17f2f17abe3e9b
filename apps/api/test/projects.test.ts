import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, buildOrganization, buildUser, signIn } from './support/factories.js';
import { insertId } from './support/rows.js';

let t: TestApp;
let ids: Record<string, string>;
let tokens: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.ctx.db;
  const studio = await buildOrganization(db, { role: 'studio_role' });
  const school = await buildOrganization(db, { role: 'customer_role', parent: studio.id });
  const sibling = await buildOrganization(db, { role: 'customer_role', parent: studio.id });
  const foreign = await buildOrganization(db, { role: 'studio_role' });
  const old = await insertId(db, 'seasons', { organization_id: studio.id, name: '2025' });
  const current = await insertId(db, 'seasons', { organization_id: studio.id, name: '2026' });
  await db
    .updateTable('organizations')
    .set({ current_season_id: current })
    .where('id', '=', studio.id)
    .execute();
  const project = (organization_id: string, name: string, season_id: string | null, whitelist?: string[]) =>
    insertId(db, 'projects', {
      organization_id,
      name,
      season_id,
      enable_plic_app_whitelist: !!whitelist,
      plic_app_whitelist_slugs: whitelist ?? [],
    });
  ids = {
    studio: studio.id,
    school: school.id,
    sibling: sibling.id,
    foreign: foreign.id,
    oldProject: await project(school.id, 'Old', old),
    currentProject: await project(school.id, 'Current', current),
    otherApp: await project(school.id, 'Other app only', current, ['plic-io']),
    unseasoned: await project(school.id, 'Unseasoned', null),
    siblingProject: await project(sibling.id, 'Sibling', current),
    foreignProject: await project(foreign.id, 'Foreign', null),
  };
  const schoolUser = await buildUser(db, { organizations: [school.id], manages: 'own' });
  const manager = await buildUser(db, { organizations: [studio.id], manager: true });
  tokens = { school: await signIn(t.app, schoolUser.email), manager: await signIn(t.app, manager.email) };
});
afterAll(() => t?.close());

const list = async (token: string, organizationId: string, query = '') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/organizations/${organizationId}/projects${query}`,
    headers: bearer(token),
  });
  return { status: res.statusCode, body: res.json() };
};
const names = (body: { projects: { name: string }[] }) => body.projects.map((p) => p.name);

describe('GET /api/organizations/:id/projects (dashboard)', () => {
  test('the current season of a school is its studio’s; the dashboard query finds the one project', async () => {
    const { status, body } = await list(
      tokens.school!,
      ids.school!,
      '?filter[plic_app_slug]=school-portal&filter[season_id]=current',
    );
    expect(status).toBe(200);
    expect(names(body)).toEqual(['Current']);
    const withUnseasoned = await list(
      tokens.school!,
      ids.school!,
      '?filter[season_id]=current&include_unseasoned=true',
    );
    expect(names(withUnseasoned.body).sort()).toEqual(['Current', 'Other app only', 'Unseasoned']);
  });

  test('newest first, paged, with totals', async () => {
    const { body } = await list(tokens.school!, ids.school!, '?limit=2&page=2');
    expect(body.meta).toEqual({ page: 2, limit: 2, total: 4 });
    expect(names(body)).toEqual(['Current', 'Old']);
    // Past the end: no rows to carry the total, which is still given.
    const past = await list(tokens.school!, ids.school!, '?limit=2&page=9');
    expect(past.body.meta).toEqual({ page: 9, limit: 2, total: 4 });
    expect(names(past.body)).toEqual([]);
  });

  test('a studio sees its schools’ projects with traverse_sub_organizations', async () => {
    const { body } = await list(tokens.manager!, ids.studio!, '?traverse_sub_organizations=true');
    expect(names(body)).toContain('Sibling');
    expect(names(body)).not.toContain('Foreign');
  });

  test('siblings, parents and foreign trees answer 404', async () => {
    for (const org of [ids.sibling!, ids.studio!, ids.foreign!, '99999999', 'abc']) {
      const { status, body } = await list(tokens.school!, org);
      expect(status).toBe(404);
      expect(body).toEqual({ error: 'not_found' });
    }
  });

  test('bad query parameters answer 400', async () => {
    expect((await list(tokens.school!, ids.school!, '?limit=5000')).status).toBe(400);
    expect((await list(tokens.school!, ids.school!, '?page=0')).status).toBe(400);
    expect((await list(tokens.school!, ids.school!, '?filter[season_id]=drop')).status).toBe(400);
  });
});

describe('GET /api/projects/:id', () => {
  test('a project in view, and 404 for others', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${ids.currentProject}`,
      headers: bearer(tokens.school!),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().project).toMatchObject({ name: 'Current', season_name: '2026' });
    for (const id of [ids.siblingProject!, ids.foreignProject!, 'x']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/projects/${id}`,
        headers: bearer(tokens.school!),
      });
      expect(res.statusCode).toBe(404);
    }
  });
});
