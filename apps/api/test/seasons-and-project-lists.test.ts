import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eventually, type TestApp } from './support/app.js';
import { bearer, buildOrganization, buildProject, signIn } from './support/factories.js';
import { type World, worldApp } from './support/world.js';

// Season names unique per organization; the projects list sorts by subjects; a project without a
// template gets one.

let t: TestApp;
let w: World;
let token: string;
let staffToken: string;

beforeAll(async () => {
  let tokens: Record<string, string>;
  ({ t, w, tokens } = await worldApp(['studioManager', 'studioStaff']));
  token = tokens.studioManager!;
  staffToken = tokens.studioStaff!;
});
afterAll(() => t?.close());

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

describe('season names', () => {
  test('a second season of the same name (any case, any spaces) is 422 "has already been taken"', async () => {
    const url = `/api/organizations/${w.orgs.studioA.id}/seasons`;
    expect((await post(url, { season: { name: 'Spring 2031' } })).statusCode).toBe(201);
    for (const name of ['Spring 2031', ' spring 2031 ']) {
      const again = await post(url, { season: { name } });
      expect(again.statusCode).toBe(422);
      expect(again.json()).toEqual({ errors: { name: ['has already been taken'] } });
    }
    const seasons = await t.ctx.db
      .selectFrom('seasons')
      .select('id')
      .where('organization_id', '=', w.orgs.studioA.id)
      .where('name', 'ilike', '%spring 2031%')
      .execute();
    expect(seasons).toHaveLength(1);
  });

  test('another organization may use the same name', async () => {
    await t.ctx.db
      .insertInto('seasons')
      .values({ organization_id: w.orgs.studioB.id, name: 'Autumn 2031' })
      .execute();
    const res = await post(`/api/organizations/${w.orgs.studioA.id}/seasons`, {
      season: { name: 'Autumn 2031' },
    });
    expect(res.statusCode).toBe(201);
  });

  test('the database refuses a duplicate a racing request would insert', async () => {
    await expect(
      t.ctx.db
        .insertInto('seasons')
        .values([
          { organization_id: w.orgs.studioB.id, name: 'Race' },
          { organization_id: w.orgs.studioB.id, name: 'RACE' },
        ])
        .execute(),
    ).rejects.toMatchObject({ code: '23505' });
  });
});

describe('projects list sort', () => {
  test('sort=subjects_count and -subjects_count order by the number of subjects', async () => {
    const db = t.ctx.db;
    const made: string[] = [];
    for (const [name, subjects] of [
      ['Sort Few', 1],
      ['Sort Many', 3],
      ['Sort None', 0],
    ] as const) {
      const projectId = await buildProject(db, w.orgs.schoolA1.id, name);
      made.push(projectId);
      for (let i = 0; i < subjects; i += 1) {
        await db.insertInto('subjects').values({ project_id: projectId, properties: '{}' }).execute();
      }
    }
    const names = async (sort: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/organizations/${w.orgs.schoolA1.id}/projects?keyword=Sort&sort=${sort}`,
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(200);
      return (res.json().projects as { name: string; subjects_count: number }[]).map((p) => p.name);
    };
    expect(await names('subjects_count')).toEqual(['Sort None', 'Sort Few', 'Sort Many']);
    expect(await names('-subjects_count')).toEqual(['Sort Many', 'Sort Few', 'Sort None']);
    expect(made).toHaveLength(3);
  });
});

describe("the projects list's organization filter", () => {
  const optionsOf = async (organizationId: string, query = '') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/organizations/${organizationId}/project-organizations${query}`,
      headers: bearer(staffToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { organizations: { id: string; name: string }[]; meta: { total: number } };
  };

  test('studio staff are offered the organizations of every project listed, once each, by name, past the first page', async () => {
    const db = t.ctx.db;
    // Many projects of one school (more than the Projects page's first page), one of another, one of the
    // studio itself, one of another tree, one being deleted.
    for (let i = 0; i < 105; i += 1) await buildProject(db, w.orgs.schoolA2.id, `Filter A2 ${i}`);
    await buildProject(db, w.orgs.schoolA1.id, 'Filter A1');
    await buildProject(db, w.orgs.studioA.id, 'Filter Studio');
    await buildProject(db, w.orgs.schoolB.id, 'Filter B');
    const onlyDeleting = await buildOrganization(db, {
      role: 'customer_role',
      parent: w.orgs.studioA.id,
      name: 'School A3',
    });
    const deleting = await buildProject(db, onlyDeleting.id, 'Filter Deleting');
    await db.updateTable('projects').set({ deleting_at: new Date() }).where('id', '=', deleting).execute();

    const options = await optionsOf(w.orgs.studioA.id);
    const expected = [w.orgs.schoolA1, w.orgs.schoolA2, w.orgs.studioA]
      .map((o) => ({ id: o.id, name: o.name }))
      .sort((a, b) => a.name.localeCompare(b.name));
    expect(options.organizations).toEqual(expected);
    expect(options.meta.total).toBe(3);
    // Paged like every list.
    const second = await optionsOf(w.orgs.studioA.id, '?limit=1&page=2');
    expect(second.organizations).toEqual([expected[1]]);
  });

  test('another tree is 404, and bad paging is 400 naming the field', async () => {
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/organizations/${w.orgs.studioB.id}/project-organizations`,
      headers: bearer(staffToken),
    });
    expect(other.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/organizations/${w.orgs.studioA.id}/project-organizations?limit=0`,
      headers: bearer(staffToken),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('limit');
  });
});

describe('choosing a template for a project that has none', () => {
  const patch = (as: string, id: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/projects/${id}`, headers: bearer(as), payload });

  const reusableTemplate = async (organizationId: string, name: string) => {
    const template = await t.ctx.db
      .insertInto('project_templates')
      .values({ organization_id: organizationId, name, project_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/project-templates/${template.id}`,
      headers: bearer(token),
      payload: {
        project_template: {
          name,
          subject_fields_attributes: [{ field_key: 'first_name' }, { field_key: 'last_name' }],
        },
      },
    });
    expect(res.statusCode).toBe(200);
    return template.id;
  };
  const bareProject = (name: string) => buildProject(t.ctx.db, w.orgs.schoolA1.id, name);
  /** The copies of templates a project holds (its own template rows). */
  const templateCopiesOf = (projectId: string) =>
    t.ctx.db.selectFrom('project_templates').select('id').where('project_id', '=', projectId).execute();
  const fieldKeysOf = async (templateId: string) =>
    (
      await t.ctx.db
        .selectFrom('subject_fields')
        .select('field_key')
        .where('project_template_id', '=', templateId)
        .orderBy('arrangement_position')
        .execute()
    ).map((f) => f.field_key);

  test('a manager chooses one: the project gets its own copy of the fields, once', async () => {
    const templateId = await reusableTemplate(w.orgs.studioA.id, 'Chooser Template');
    const projectId = await bareProject('No Template Yet');
    const res = await patch(token, projectId, { project_template_id: templateId });
    expect(res.statusCode).toBe(200);
    const copyId = res.json().project.project_template_id as string;
    expect(copyId).not.toBeNull();
    expect(copyId).not.toBe(templateId);
    const copy = await t.ctx.db
      .selectFrom('project_templates')
      .select(['project_id', 'name'])
      .where('id', '=', copyId)
      .executeTakeFirstOrThrow();
    expect(copy).toEqual({ project_id: projectId, name: 'Chooser Template' });
    expect(await fieldKeysOf(copyId)).toEqual(['first_name', 'last_name']);

    // A second choice (with other changes) is refused, and nothing of it is written.
    const other = await reusableTemplate(w.orgs.studioA.id, 'Second Template');
    const again = await patch(token, projectId, { project: { name: 'Renamed' }, project_template_id: other });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ errors: { project_template_id: ['has already been chosen'] } });
    const after = await t.ctx.db
      .selectFrom('projects')
      .select(['name', 'project_template_id'])
      .where('id', '=', projectId)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ name: 'No Template Yet', project_template_id: copyId });
    expect(await templateCopiesOf(projectId)).toHaveLength(1);
  });

  test('two managers choosing at once: one copy, the other is told it has been chosen', async () => {
    const templateId = await reusableTemplate(w.orgs.studioA.id, 'Race Template');
    const projectId = await bareProject('Race Project');
    // Both requests are made to wait on the project row until both are inside their transactions, then
    // let go at once: without the route's row lock both would read "no template" and both would copy.
    const racing = await t.ctx.db.transaction().execute(async (trx) => {
      await trx.selectFrom('projects').select('id').where('id', '=', projectId).forUpdate().execute();
      const both = Promise.all([
        patch(token, projectId, { project_template_id: templateId }),
        patch(token, projectId, { project_template_id: templateId }),
      ]);
      await eventually(async () => {
        const { rows } = await sql<{ waiting: number }>`
          SELECT count(*)::int AS waiting FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(t.ctx.db);
        return rows[0]!.waiting >= 2;
      });
      // Wrapped: returning the promise itself would make the transaction wait for the requests it blocks.
      return { both };
    });
    const answers = await racing.both;
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    expect(await templateCopiesOf(projectId)).toHaveLength(1);
  });

  test('not a reusable template in view is invalid; a project copy is not reusable; staff may not', async () => {
    const projectId = await bareProject('Still Bare');
    const foreign = await t.ctx.db
      .insertInto('project_templates')
      .values({ organization_id: w.orgs.studioB.id, name: 'Theirs', project_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const chosen = await bareProject('Has A Copy');
    const mine = await reusableTemplate(w.orgs.studioA.id, 'Mine');
    const copyId = (await patch(token, chosen, { project_template_id: mine })).json().project
      .project_template_id as string;
    for (const id of [foreign.id, copyId, '999999999']) {
      const res = await patch(token, projectId, { project_template_id: id });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ errors: { project_template_id: ['is invalid'] } });
    }
    const bad = await patch(token, projectId, { project_template_id: 'abc' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['project_template_id']);
    const staff = await signIn(t.app, w.users.studioStaff!.email);
    expect((await patch(staff, projectId, { project_template_id: mine })).statusCode).toBe(403);
    const project = await t.ctx.db
      .selectFrom('projects')
      .select('project_template_id')
      .where('id', '=', projectId)
      .executeTakeFirstOrThrow();
    expect(project.project_template_id).toBeNull();
  });
});
