import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { insertSubjects } from '../src/modules/subjects/bulk.js';
import { deleteSubjectWithPhotos } from '../src/modules/subjects/delete.js';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, buildOrganization, buildUser, projectThroughApi, signIn } from './support/factories.js';

// A project's subjects_count is kept by triggers (migration 0018), not counted per read: it must follow
// every way subjects come and go (one, many, deleted, moved, the project deleted).
let t: TestApp;
let token: string;
let studioId: string;

beforeAll(async () => {
  t = await createTestApp({}, { workers: false });
  const studio = await buildOrganization(t.ctx.db, { role: 'studio_role', name: 'Studio' });
  studioId = studio.id;
  const manager = await buildUser(t.ctx.db, { organizations: [studio.id], manager: true });
  token = await signIn(t.app, manager.email);
});
afterAll(() => t?.close());

const newProject = async (name: string) =>
  (
    await projectThroughApi(t.app, token, {
      name,
      organizationId: studioId,
      fields: [{ field_key: 'first_name' }],
    })
  ).id;

async function countsOf(...ids: string[]) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/organizations/${studioId}/projects`,
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  const byId = new Map(
    res.json().projects.map((p: { id: string; subjects_count: number }) => [p.id, p.subjects_count]),
  );
  return ids.map((id) => byId.get(id));
}

const actual = async (projectId: string) =>
  (
    await t.ctx.db
      .selectFrom('subjects')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow()
  ).n;

test('subjects_count follows inserts, deletes, moves and a deleted project', async () => {
  const a = await newProject('A');
  const b = await newProject('B');
  expect(await countsOf(a, b)).toEqual([0, 0]);

  // One at a time, through the API.
  for (const name of ['Ann', 'Bo']) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${a}/subjects`,
      headers: bearer(token),
      payload: { subject: { properties: {} } },
    });
    expect(res.statusCode, name).toBe(201);
  }
  // Many in one statement, as the roster import does.
  await insertSubjects(
    t.ctx.db,
    b,
    Array.from({ length: 2500 }, () => ({})),
  );
  expect(await countsOf(a, b)).toEqual([2, 2500]);

  const first = await t.ctx.db
    .selectFrom('subjects')
    .select('id')
    .where('project_id', '=', a)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const noActor = { userId: null, accountId: null, actingOrganizationId: null, ip: null };
  await deleteSubjectWithPhotos(t.ctx, noActor, { id: first.id, project_id: a, organization_id: studioId });
  await sql`DELETE FROM subjects WHERE id IN (SELECT id FROM subjects WHERE project_id = ${b} ORDER BY id LIMIT 500)`.execute(
    t.ctx.db,
  );
  expect(await countsOf(a, b)).toEqual([1, 2000]);

  // A subject moved between projects, and an update that moves nothing.
  await sql`UPDATE subjects SET project_id = ${a} WHERE id IN (SELECT id FROM subjects WHERE project_id = ${b} ORDER BY id LIMIT 10)`.execute(
    t.ctx.db,
  );
  await sql`UPDATE subjects SET updated_at = now() WHERE project_id = ${b}`.execute(t.ctx.db);
  expect(await countsOf(a, b)).toEqual([11, 1990]);
  expect(await countsOf(a, b)).toEqual([Number(await actual(a)), Number(await actual(b))]);

  // Deleting a project takes its subjects and its count row, without failing on the cascade.
  await sql`DELETE FROM projects WHERE id = ${b}`.execute(t.ctx.db);
  expect(await countsOf(a, b)).toEqual([11, undefined]);
  const left = await t.ctx.db
    .selectFrom('project_subject_counts')
    .select('project_id')
    .where('project_id', '=', b)
    .execute();
  expect(left).toEqual([]);
});
