import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { insertSubjects } from '../src/modules/subjects/bulk.js';
import { gridFilterCondition } from '../src/modules/subjects/queries.js';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, buildOrganization, buildUser, projectThroughApi, signIn } from './support/factories.js';

// Subject values are stored trimmed (migration 0018), so the grid filters by jsonb containment, which the
// GIN index on properties serves, and narrows keywords through the trigram index on search_text.
let t: TestApp;
let token: string;
let projectId: string;
let field: Record<string, string>;

const grid = async (query: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/projects/${projectId}/subjects?limit=100&${query}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return {
    total: body.meta.total as number,
    names: (body.subjects as { properties: Record<string, string> }[]).map(
      (s) => s.properties[field.first_name!],
    ),
  };
};

beforeAll(async () => {
  t = await createTestApp({}, { workers: false });
  const studio = await buildOrganization(t.ctx.db, { role: 'studio_role', name: 'Studio' });
  const manager = await buildUser(t.ctx.db, { organizations: [studio.id], manager: true });
  token = await signIn(t.app, manager.email);
  ({ id: projectId, fields: field } = await projectThroughApi(t.app, token, {
    name: 'P',
    organizationId: studio.id,
    fields: [{ field_key: 'first_name' }, { field_key: 'teacher' }],
  }));
});
afterAll(() => t?.close());

test('values are stored trimmed, whoever writes them, and the field filter finds them', async () => {
  const created = await t.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/subjects`,
    headers: bearer(token),
    payload: { subject: { properties: { [field.first_name!]: '  Zoë ', [field.teacher!]: ' Ms "Q" ' } } },
  });
  expect(created.statusCode, created.body).toBe(201);
  expect(created.json().subject.properties).toEqual({
    [field.first_name!]: 'Zoë',
    [field.teacher!]: 'Ms "Q"',
  });
  await insertSubjects(t.ctx.db, projectId, [
    { [field.first_name!]: 'Ann  ', [field.teacher!]: '  Smith' },
    { [field.first_name!]: 'Bo', [field.teacher!]: '' },
    { [field.first_name!]: 'Cy' },
    { [field.first_name!]: 'Di\\x', [field.teacher!]: 'Smith' },
  ]);
  const stored = await t.ctx.db
    .selectFrom('subjects')
    .select('properties')
    .where('project_id', '=', projectId)
    .execute();
  for (const { properties } of stored) {
    for (const value of Object.values(properties)) expect(value).toBe(value.trim());
  }

  expect(
    await grid(
      `filter[field_1]=${field.teacher}&filter[value_1]=${encodeURIComponent(' Smith ')}&sort=full_name`,
    ),
  ).toEqual({
    total: 2,
    names: ['Ann', 'Di\\x'],
  });
  // Blank: the value empty or missing.
  expect(await grid(`filter[field_1]=${field.teacher}&filter[value_1]=__blank__&sort=full_name`)).toEqual({
    total: 2,
    names: ['Bo', 'Cy'],
  });
  // Keywords, also ones JSON escapes (a quote, a backslash) and so not looked for in search_text.
  expect((await grid('keyword=ZO')).names).toEqual(['Zoë']);
  expect((await grid(`keyword=${encodeURIComponent('"q"')}`)).names).toEqual(['Zoë']);
  expect((await grid(`keyword=${encodeURIComponent('i\\')}`)).names).toEqual(['Di\\x']);
  expect((await grid(`keyword=${encodeURIComponent('n "')}`)).names).toEqual([]);

  // An update is trimmed too.
  const ann = await t.ctx.db
    .selectFrom('subjects')
    .select('id')
    .where(sql<boolean>`properties ->> ${field.first_name!} = 'Ann'`)
    .executeTakeFirstOrThrow();
  const patched = await t.app.inject({
    method: 'PATCH',
    url: `/api/subjects/${ann.id}`,
    headers: bearer(token),
    payload: { subject: { properties: { [field.teacher!]: ' Jones  ' } } },
  });
  expect(patched.statusCode, patched.body).toBe(200);
  expect(patched.json().subject.properties[field.teacher!]).toBe('Jones');
});

test('the field filter and the keyword are served by the indexes', async () => {
  const db = t.ctx.db;
  const condition = (filter: Parameters<typeof gridFilterCondition>[1]) =>
    gridFilterCondition(
      {
        fields: [
          { id: field.first_name!, field_key: 'first_name' },
          { id: field.teacher!, field_key: 'teacher' },
        ],
      } as never,
      filter,
    );
  const planOf = async (filter: Parameters<typeof gridFilterCondition>[1]) =>
    db.transaction().execute(async (trx) => {
      // Planner choices aside (small tables), the conditions must be ones an index can serve at all.
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      await sql`SET LOCAL enable_indexscan = off`.execute(trx);
      const query = trx.selectFrom('subjects as s').select('s.id').where(condition(filter)).compile();
      const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>({
        ...query,
        sql: `EXPLAIN ${query.sql}`,
      });
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  expect(await planOf({ field_1: field.teacher, value_1: 'Smith' })).toContain('subjects_properties_idx');
  expect(await planOf({ keyword: 'smith' })).toContain('subjects_search_trgm_idx');
});
