import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestApp } from './support/app.js';
import { injectAs } from './support/factories.js';
import { type World, worldApp } from './support/world.js';

let t: TestApp;
let w: World;
let tokens: Record<string, string>;

beforeAll(async () => {
  ({ t, w, tokens } = await worldApp());
});
afterAll(() => t?.close());

const call = (
  who: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) => injectAs(t.app, tokens[who]!, method, url, payload);

const fields = [
  { field_key: 'student_id' },
  { field_key: 'first_name' },
  { field_key: 'last_name' },
  { field_key: 'grade', label: 'Class' },
  { label: 'Allergy notes', visible_to_customers: false },
];

describe('seasons', () => {
  test('a studio manager creates seasons; the first becomes current; schools read them through inheritance', async () => {
    const created = await call('studioManager', 'POST', `/api/organizations/${w.orgs.studioA.id}/seasons`, {
      season: { name: '2026-2027', period_start: '2026-08-01', period_end: '2027-07-31' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().season).toMatchObject({
      name: '2026-2027',
      current: true,
      projects_count: 0,
      period_start: '2026-08-01',
    });
    const later = await call('studioManager', 'POST', `/api/organizations/${w.orgs.studioA.id}/seasons`, {
      season: { name: '2027-2028' },
    });
    expect(later.json().season.current).toBe(false);
    const list = (
      await call('studioManager', 'GET', `/api/organizations/${w.orgs.studioA.id}/seasons`)
    ).json();
    expect(list.seasons.map((s: { name: string }) => s.name)).toEqual(['2027-2028', '2026-2027']);
    const inherited = (
      await call(
        'schoolStaff',
        'GET',
        `/api/organizations/${w.orgs.schoolA1.id}/seasons?include_inherited=true`,
      )
    ).json();
    expect(inherited.seasons.map((s: { name: string }) => s.name)).toContain('2026-2027');
    expect((await call('schoolStaff', 'GET', `/api/seasons/${created.json().season.id}`)).statusCode).toBe(
      200,
    );
  });

  test('validation and permission', async () => {
    const blank = await call('studioManager', 'POST', `/api/organizations/${w.orgs.studioA.id}/seasons`, {
      season: { name: ' ' },
    });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual({ name: ["can't be blank"] });
    const backwards = await call('studioManager', 'POST', `/api/organizations/${w.orgs.studioA.id}/seasons`, {
      season: { name: 'X', period_start: '2027-01-01', period_end: '2026-01-01' },
    });
    expect(backwards.json().errors.period_end).toBeDefined();
    expect(
      (
        await call('studioStaff', 'POST', `/api/organizations/${w.orgs.studioA.id}/seasons`, {
          season: { name: 'X' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call('schoolStaff', 'POST', `/api/organizations/${w.orgs.schoolA1.id}/seasons`, {
          season: { name: 'X' },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('project templates', () => {
  let templateId: string;

  test('the field-key catalogue holds the keys the spec relies on', async () => {
    const keys = (await call('studioStaff', 'GET', '/api/project-templates/field-keys')).json().field_keys;
    const labels = keys.map((k: { label: string }) => k.label);
    for (const label of [
      'Student ID',
      'First Name',
      'Last Name',
      'Teacher',
      'Grade',
      'Home Room',
      'Period',
      'Track',
      'Department',
      'Title',
      'Email',
    ]) {
      expect(labels).toContain(label);
    }
  });

  test('create keeps field order; hidden fields reach only callers who may view them', async () => {
    const res = await call('studioManager', 'POST', '/api/project-templates', {
      project_template: {
        name: 'Elementary',
        organization_id: w.orgs.studioA.id,
        subject_fields_attributes: fields,
      },
    });
    expect(res.statusCode).toBe(201);
    const template = res.json().project_template;
    templateId = template.id;
    expect(template.subject_fields.map((f: { effective_label: string }) => f.effective_label)).toEqual([
      'Student ID',
      'First Name',
      'Last Name',
      'Class',
      'Allergy notes',
    ]);
    expect(template.subject_fields[4]).toMatchObject({ is_custom: true, visible_to_customers: false });
    const asStaff = (await call('studioStaff', 'GET', `/api/project-templates/${templateId}`)).json()
      .project_template;
    expect(asStaff.subject_fields).toHaveLength(4);
    expect(JSON.stringify(asStaff)).not.toContain('Allergy');
  });

  test.each([
    [{ name: '', subject_fields_attributes: [{ field_key: 'grade' }] }, 'name'],
    [{ name: 'No fields', subject_fields_attributes: [] }, 'subject_fields_attributes'],
    [
      { name: 'Custom without label', subject_fields_attributes: [{ label: '' }] },
      'subject_fields_attributes.0.label',
    ],
    [
      { name: 'Unknown key', subject_fields_attributes: [{ field_key: 'shoe_size' }] },
      'subject_fields_attributes.0.field_key',
    ],
  ])('rules: %j fails on %s', async (template, field) => {
    const res = await call('studioManager', 'POST', '/api/project-templates', { project_template: template });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toContain(field);
  });

  test('only studio or lab managers of the own organization create, edit and delete', async () => {
    const body = { project_template: { name: 'Nope', subject_fields_attributes: [{ field_key: 'grade' }] } };
    expect((await call('studioStaff', 'POST', '/api/project-templates', body)).statusCode).toBe(403);
    expect((await call('studioStaff', 'PUT', `/api/project-templates/${templateId}`, body)).statusCode).toBe(
      403,
    );
    expect((await call('studioStaff', 'DELETE', `/api/project-templates/${templateId}`)).statusCode).toBe(
      403,
    );
    const edit = await call('studioManager', 'PUT', `/api/project-templates/${templateId}`, {
      project_template: {
        name: 'Elementary 2',
        subject_fields_attributes: [...fields, { field_key: 'teacher' }],
      },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().project_template.subject_fields).toHaveLength(6);
  });

  describe('projects', () => {
    test('a manager creates a school project from the template; it gets a copy of the fields', async () => {
      const season = (
        await call('studioManager', 'GET', `/api/organizations/${w.orgs.studioA.id}/seasons`)
      ).json().seasons[1];
      const res = await call('studioManager', 'POST', '/api/projects', {
        project: { name: 'Fall Portraits', organization_id: w.orgs.schoolA1.id, season_id: season.id },
        project_template_id: templateId,
      });
      expect(res.statusCode).toBe(201);
      const project = res.json().project;
      expect(project).toMatchObject({
        name: 'Fall Portraits',
        organization_id: w.orgs.schoolA1.id,
        season_name: '2026-2027',
        enable_plic_app_whitelist: true,
        plic_app_whitelist_slugs: ['school-portal'],
        subjects_count: 0,
      });
      expect(project.project_template_id).not.toBe(templateId);
      // Editing the template later does not change the project's fields.
      await call('studioManager', 'PUT', `/api/project-templates/${templateId}`, {
        project_template: { name: 'Changed', subject_fields_attributes: [{ field_key: 'grade' }] },
      });
      const copy = (
        await call('schoolStaff', 'GET', `/api/project-templates/${project.project_template_id}`)
      ).json().project_template;
      expect(copy.subject_fields.map((f: { effective_label: string }) => f.effective_label)).toEqual([
        'Student ID',
        'First Name',
        'Last Name',
        'Class',
        'Teacher',
      ]);
      // The copy is tied to the project: nobody edits it.
      const tied = await call(
        'studioManager',
        'PUT',
        `/api/project-templates/${project.project_template_id}`,
        {
          project_template: { name: 'X', subject_fields_attributes: [{ field_key: 'grade' }] },
        },
      );
      expect(tied.statusCode).toBe(403);

      // The school user's dashboard query finds it, and the project opens.
      const dashboard = (
        await call(
          'schoolStaff',
          'GET',
          `/api/organizations/${w.orgs.schoolA1.id}/projects?filter[plic_app_slug]=school-portal&filter[season_id]=current`,
        )
      ).json();
      expect(dashboard.projects.map((p: { name: string }) => p.name)).toEqual(['Fall Portraits']);
      const activate = await call('schoolStaff', 'PATCH', `/api/projects/${project.id}/activate`, {
        plic_app_id: 'school-portal',
      });
      expect(activate.statusCode).toBe(200);
    });

    test('server errors name the fields; references out of view are just invalid', async () => {
      const foreignSeason = (
        await t.ctx.db
          .insertInto('seasons')
          .values({ organization_id: w.orgs.studioB.id, name: 'Theirs' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      const res = await call('studioManager', 'POST', '/api/projects', {
        project: { name: 'X', organization_id: w.orgs.schoolB.id, season_id: foreignSeason },
        project_template_id: '999999',
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        organization_id: ['is invalid'],
        project_template_id: ['is invalid'],
        season_id: ['is invalid'],
      });
      const blank = await call('studioManager', 'POST', '/api/projects', { project: { name: '' } });
      expect(blank.statusCode).toBe(422);
      expect(Object.keys(blank.json().errors).sort()).toEqual([
        'name',
        'organization_id',
        'project_template_id',
      ]);
      expect(
        (await call('studioStaff', 'POST', '/api/projects', { project: { name: 'X' } })).statusCode,
      ).toBe(403);
    });

    test('a project not enabled for this app is not activated', async () => {
      const other = await t.ctx.db
        .insertInto('projects')
        .values({
          organization_id: w.orgs.schoolA1.id,
          name: 'Other app',
          enable_plic_app_whitelist: true,
          plic_app_whitelist_slugs: ['plic-io'],
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const res = await call('schoolStaff', 'PATCH', `/api/projects/${other.id}/activate`, {
        plic_app_id: 'school-portal',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'forbidden', reason: 'not_activated' });
    });

    test('list: keyword, season none, sorting, organization filter', async () => {
      const base = `/api/organizations/${w.orgs.studioA.id}/projects?traverse_sub_organizations=true`;
      expect(
        (await call('studioManager', 'GET', `${base}&keyword=fall`))
          .json()
          .projects.map((p: { name: string }) => p.name),
      ).toEqual(['Fall Portraits']);
      // One project with a season, so that "season none" has something to leave out.
      const season = await t.ctx.db
        .insertInto('seasons')
        .values({ organization_id: w.orgs.studioA.id, name: 'Listed season' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.ctx.db
        .insertInto('projects')
        .values({ organization_id: w.orgs.schoolA1.id, name: 'Seasoned', season_id: season.id })
        .execute();
      const all = (await call('studioManager', 'GET', base)).json();
      const none = (await call('studioManager', 'GET', `${base}&filter[season_id]=none`)).json();
      expect(none.projects.length).toBeGreaterThan(0);
      expect(none.projects.length).toBeLessThan(all.projects.length);
      expect(none.projects.every((p: { season_id: string | null }) => p.season_id === null)).toBe(true);
      const byName = (await call('studioManager', 'GET', `${base}&sort=name`))
        .json()
        .projects.map((p: { name: string }) => p.name);
      expect(byName).toEqual([...byName].sort());
      const org = (
        await call('studioManager', 'GET', `${base}&filter[organization_id]=${w.orgs.schoolA2.id}`)
      ).json();
      expect(org.meta.total).toBe(0);
      // The same filter on an organization with projects finds exactly its own.
      const fall = all.projects.find((p: { name: string }) => p.name === 'Fall Portraits');
      const own = (
        await call('studioManager', 'GET', `${base}&filter[organization_id]=${fall.organization_id}`)
      ).json();
      expect(own.meta.total).toBe(
        all.projects.filter((p: { organization_id: string }) => p.organization_id === fall.organization_id)
          .length,
      );
      expect(own.meta.total).toBeGreaterThan(0);
      expect((await call('studioManager', 'GET', `${base}&sort=password`)).statusCode).toBe(400);
    });
  });
});
