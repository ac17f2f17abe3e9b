import { compareGrades } from '@school-portal/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, signIn } from './support/factories.js';
import { buildWorld, type World } from './support/world.js';

let t: TestApp;
let w: World;
const tokens: Record<string, string> = {};
const field: Record<string, string> = {};
let small: string;
let large: string;
let foreign: string;
const sid: Record<string, string> = {};

async function makeProject(name: string, organizationId: string, token: string, templateOrgId: string) {
  const template = await t.app.inject({
    method: 'POST',
    url: '/api/project-templates',
    headers: bearer(token),
    payload: {
      project_template: {
        name: `${name} template`,
        organization_id: templateOrgId,
        subject_fields_attributes: [
          { field_key: 'student_id' },
          { field_key: 'first_name' },
          { field_key: 'last_name' },
          { field_key: 'grade' },
          { field_key: 'teacher' },
          { field_key: 'email', visible_to_customers: false },
          { label: 'Custom' },
        ],
      },
    },
  });
  expect(template.statusCode).toBe(201);
  const project = await t.app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: bearer(token),
    payload: {
      project: { name, organization_id: organizationId },
      project_template_id: template.json().project_template.id,
    },
  });
  expect(project.statusCode).toBe(201);
  return project.json().project as { id: string; project_template_id: string };
}

const insert = async (projectId: string, label: string, values: Record<string, string>) => {
  const properties = Object.fromEntries(Object.entries(values).map(([key, v]) => [field[key]!, v]));
  const row = await t.ctx.db
    .insertInto('subjects')
    .values({ project_id: projectId, properties: JSON.stringify(properties) })
    .returning('id')
    .executeTakeFirstOrThrow();
  sid[label] = row.id;
};

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t.ctx.db);
  for (const who of ['studioManager', 'schoolStaff', 'memberSchoolB', 'foreignManager'])
    tokens[who] = await signIn(t.app, w.users[who]!.email);
  const p = await makeProject('Duplicates', w.orgs.schoolA1.id, tokens.studioManager!, w.orgs.studioA.id);
  small = p.id;
  const fields = (
    await t.app.inject({
      method: 'GET',
      url: `/api/project-templates/${p.project_template_id}`,
      headers: bearer(tokens.studioManager!),
    })
  ).json().project_template.subject_fields as { id: string; field_key: string | null; label: string }[];
  for (const f of fields) field[f.field_key ?? f.label] = f.id;

  await insert(small, 'ava1', {
    student_id: '00123',
    first_name: 'Ava',
    last_name: 'Smith',
    email: 'a@x.test',
  });
  await insert(small, 'ava2', { student_id: ' 00123 ', first_name: 'ava', last_name: 'SMITH  ' });
  await insert(small, 'ava3', { student_id: '00124', first_name: 'Ava', last_name: 'Smith' });
  await insert(small, 'ben1', { student_id: '', first_name: 'Ben', last_name: 'Lee' });
  await insert(small, 'ben2', { student_id: '  ', first_name: 'Ben', last_name: 'Lee' });
  await insert(small, 'cy', { student_id: '200', first_name: 'Cy', last_name: 'Park', email: 'Park@x.test' });
  await insert(small, 'di', {
    student_id: '201',
    first_name: 'Di',
    last_name: 'Park',
    email: 'park@x.test ',
  });

  // 20,000 subjects in one statement: teacher T0..T39 (500 each), grade 0..12.
  const big = await makeProject('Large', w.orgs.schoolA1.id, tokens.studioManager!, w.orgs.studioA.id);
  large = big.id;
  // Both projects' templates were made from the same field list; map the large one's field ids by key.
  const bigFields = (
    await t.app.inject({
      method: 'GET',
      url: `/api/project-templates/${big.project_template_id}`,
      headers: bearer(tokens.studioManager!),
    })
  ).json().project_template.subject_fields as { id: string; field_key: string | null; label: string }[];
  const bf = (key: string) => bigFields.find((f) => (f.field_key ?? f.label) === key)!.id;
  field.bigTeacher = bf('teacher');
  field.bigEmail = bf('email');
  await sql`INSERT INTO subjects (project_id, properties)
    SELECT ${large}, jsonb_build_object(${bf('first_name')}::text, 'First' || g, ${bf('last_name')}::text, 'Last' || (g % 977),
      ${bf('teacher')}::text, 'T' || (g % 40), ${bf('grade')}::text, (g % 13)::text,
      ${bf('email')}::text, CASE WHEN g % 1000 = 0 THEN 'secret' || g ELSE '' END)
    FROM generate_series(1, 20000) g`.execute(t.ctx.db);

  foreign = (await makeProject('Foreign', w.orgs.schoolB.id, tokens.foreignManager!, w.orgs.studioB.id)).id;
}, 120_000);
afterAll(() => t?.close());

const post = async (who: string, url: string, payload: object) => {
  const res = await t.app.inject({ method: 'POST', url, headers: bearer(tokens[who]!), payload });
  return { status: res.statusCode, body: res.json() };
};
const dupes = (who: string, payload: object, project = small) =>
  post(who, `/api/projects/${project}/duplicate-subjects`, payload);
const groupIds = (body: { duplicate_groups: { subjects: { id: string }[] }[] }) =>
  body.duplicate_groups.map((g) => g.subjects.map((s) => s.id));

describe('duplicate subjects', () => {
  test('defaults (First Name, Last Name, Student ID): case and surrounding spaces ignored, blanks never match', async () => {
    const { status, body } = await dupes('studioManager', {});
    expect(status).toBe(200);
    expect(groupIds(body)).toEqual([[sid.ava1, sid.ava2]]);
    expect(body.duplicate_groups[0].values).toEqual({
      first_name: 'Ava',
      last_name: 'Smith',
      student_id: '00123',
    });
    expect(body.duplicate_groups[0].subjects[0]).toMatchObject({
      display_name: 'Ava Smith',
      primary_photo_thumbnails: null,
    });
  });

  test('chosen fields: names only groups the three Avas and the two Bens', async () => {
    const { body } = await dupes('studioManager', { fields: ['last_name', 'first_name'] });
    expect(groupIds(body)).toEqual([
      [sid.ben1, sid.ben2],
      [sid.ava1, sid.ava2, sid.ava3],
    ]);
    expect(body.duplicate_groups[0].values).toEqual({ last_name: 'Lee', first_name: 'Ben' });
  });

  test('a blank value never matches another blank', async () => {
    const { body } = await dupes('studioManager', { fields: ['student_id'] });
    expect(groupIds(body)).toEqual([[sid.ava1, sid.ava2]]);
    expect((await dupes('studioManager', { fields: ['grade'] })).body.duplicate_groups).toEqual([]);
  });

  test('within the selection only', async () => {
    expect(
      (await dupes('studioManager', { excluded_subject_ids: [sid.ava2] })).body.duplicate_groups,
    ).toEqual([]);
    const picked = await dupes('studioManager', {
      fields: ['first_name', 'last_name'],
      included_subject_ids: [sid.ava1, sid.ava3, sid.ben1],
    });
    expect(groupIds(picked.body)).toEqual([[sid.ava1, sid.ava3]]);
  });

  test('field rules: at most 5, no repeats, known field keys only, as 422 field errors', async () => {
    const six = await dupes('studioManager', {
      fields: ['student_id', 'first_name', 'last_name', 'grade', 'teacher', 'email'],
    });
    expect(six).toEqual({ status: 422, body: { errors: { fields: ['is too long (maximum is 5 fields)'] } } });
    const five = await dupes('studioManager', {
      fields: ['student_id', 'first_name', 'last_name', 'grade', 'teacher'],
    });
    expect(five.status).toBe(200);
    expect((await dupes('studioManager', { fields: ['grade', 'grade'] })).body).toEqual({
      errors: { fields: ['must not repeat a field'] },
    });
    for (const unknown of ['shoe_size', 'nickname', 'Custom', field.grade!]) {
      const res = await dupes('studioManager', { fields: [unknown] });
      expect(res).toEqual({ status: 422, body: { errors: { fields: ['must be fields of this project'] } } });
    }
    expect((await dupes('studioManager', { fields: [] })).status).toBe(422);
    expect((await dupes('studioManager', { fields: 'first_name' })).status).toBe(422);
  });

  test('hidden fields: a customer may not match on them, nor see their values; the studio may', async () => {
    const staff = await dupes('schoolStaff', { fields: ['email'] });
    expect(staff).toEqual({ status: 422, body: { errors: { fields: ['must be fields of this project'] } } });
    const studio = await dupes('studioManager', { fields: ['email'] });
    expect(groupIds(studio.body)).toEqual([[sid.cy, sid.di]]);
    const defaults = await dupes('schoolStaff', {});
    expect(defaults.status).toBe(200);
    expect(groupIds(defaults.body)).toEqual([[sid.ava1, sid.ava2]]);
    expect(JSON.stringify(defaults.body)).not.toContain('a@x.test');
    expect(defaults.body.duplicate_groups[0].subjects[0].properties[field.email!]).toBeUndefined();
  });

  test("another school's project answers 404, and its ids are never picked up", async () => {
    expect((await dupes('memberSchoolB', {})).status).toBe(404);
    expect((await dupes('studioManager', {}, foreign)).status).toBe(404);
    expect((await dupes('studioManager', {}, '999999999')).status).toBe(404);
  });
});

const count = async (who: string, selection: object, project = large) =>
  post(who, `/api/projects/${project}/subject-selection`, selection);
const gridTotal = async (query: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/projects/${large}/subjects?${query}`,
      headers: bearer(tokens.studioManager!),
    })
  ).json().meta.total as number;

describe('subject selection at 20,000 subjects', () => {
  const t3 = () => ({ field_1: field.bigTeacher!, value_1: 'T3' });

  test('Select All counts every subject', async () => {
    expect((await count('studioManager', {})).body).toEqual({ selection: { count: 20000 } });
  });

  test('Select Filter Results counts what the grid shows for that filter', async () => {
    const { body } = await count('studioManager', { filter: t3() });
    expect(body.selection.count).toBe(500);
    expect(await gridTotal(`filter[field_1]=${field.bigTeacher}&filter[value_1]=T3`)).toBe(500);
    const keyword = await count('studioManager', { filter: { ...t3(), keyword: 'first1' } });
    expect(keyword.body.selection.count).toBe(
      await gridTotal(`filter[field_1]=${field.bigTeacher}&filter[value_1]=T3&keyword=first1`),
    );
  });

  test('Select Page counts exactly those ids (other projects’ ids are not counted)', async () => {
    const page = (
      await t.app.inject({
        method: 'GET',
        url: `/api/projects/${large}/subjects?filter[field_1]=${field.bigTeacher}&filter[value_1]=T4`,
        headers: bearer(tokens.studioManager!),
      })
    )
      .json()
      .subjects.map((s: { id: string }) => s.id) as string[];
    expect(page).toHaveLength(12);
    expect((await count('studioManager', { included_subject_ids: page })).body.selection.count).toBe(12);
    expect(
      (await count('studioManager', { included_subject_ids: [...page, sid.ava1!] })).body.selection.count,
    ).toBe(12);
    // Filter results plus a page of another teacher's subjects.
    expect(
      (await count('studioManager', { filter: t3(), included_subject_ids: page })).body.selection.count,
    ).toBe(512);
  });

  test('Exclude Filter Results after Select All: the difference, resolved to ids', async () => {
    const all = (await count('studioManager', { ids: true })).body.selection.subject_ids as string[];
    const matching = new Set(
      (await count('studioManager', { filter: t3(), ids: true })).body.selection.subject_ids as string[],
    );
    expect(all).toHaveLength(20000);
    const rest = all.filter((id) => !matching.has(id));
    expect((await count('studioManager', { included_subject_ids: rest })).body.selection.count).toBe(19500);
  });

  test('unticked subjects are excluded from all, and from filter results', async () => {
    const ids = (await count('studioManager', { filter: t3(), ids: true })).body.selection
      .subject_ids as string[];
    const excluded = ids.slice(0, 3);
    expect((await count('studioManager', { excluded_subject_ids: excluded })).body.selection.count).toBe(
      19997,
    );
    expect(
      (await count('studioManager', { filter: t3(), excluded_subject_ids: excluded })).body.selection.count,
    ).toBe(497);
  });

  test('hidden fields stay hidden: no filtering or keyword search on them for a customer', async () => {
    expect(
      (await count('schoolStaff', { filter: { field_1: field.bigEmail!, value_1: 'secret1000' } })).status,
    ).toBe(422);
    expect((await count('schoolStaff', { filter: { keyword: 'secret' } })).body.selection.count).toBe(0);
    expect((await count('studioManager', { filter: { keyword: 'secret' } })).body.selection.count).toBe(20);
    expect((await count('schoolStaff', {})).body.selection.count).toBe(20000);
  });

  test('bad selections are 422, other schools’ projects 404', async () => {
    expect((await count('studioManager', { included_subject_ids: ['abc'] })).status).toBe(422);
    expect((await count('studioManager', { filter: { shoe: 'x' } })).status).toBe(422);
    expect((await count('memberSchoolB', {})).status).toBe(404);
  });
});

describe('grade ordering', () => {
  test("the grid's SQL grade order and the domain's compareGrades agree", async () => {
    const p = await makeProject('Grades', w.orgs.schoolA1.id, tokens.studioManager!, w.orgs.studioA.id);
    const fields = (
      await t.app.inject({
        method: 'GET',
        url: `/api/project-templates/${p.project_template_id}`,
        headers: bearer(tokens.studioManager!),
      })
    ).json().project_template.subject_fields as { id: string; field_key: string | null }[];
    const grade = fields.find((f) => f.field_key === 'grade')!.id;
    const grades = [
      '10',
      '',
      'Pre-K',
      '2',
      'Kindergarten',
      '12',
      'k',
      ' 9 ',
      'Adult',
      '1',
      '2.5',
      '-1',
      'b',
      'A',
    ];
    for (const g of grades)
      await t.ctx.db
        .insertInto('subjects')
        .values({ project_id: p.id, properties: JSON.stringify({ [grade]: g }) })
        .execute();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${p.id}/subjects?sort=field:${grade}&limit=50`,
      headers: bearer(tokens.studioManager!),
    });
    const sqlOrder = (res.json().subjects as { properties: Record<string, string> }[]).map((s) =>
      s.properties[grade]!.trim().toLowerCase(),
    );
    const domainOrder = [...grades].sort(compareGrades).map((g) => g.trim().toLowerCase());
    expect(sqlOrder).toEqual(domainOrder);
  });
});
