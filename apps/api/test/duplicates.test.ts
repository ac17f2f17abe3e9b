import { compareGrades } from '@school-portal/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestApp } from './support/app.js';
import { bearer, projectThroughApi, ROSTER_FIELDS } from './support/factories.js';
import { makeJpeg } from './support/images.js';
import { subjectWithPhoto } from './support/project-data.js';
import { insertSubject } from './support/rows.js';
import { type World, worldApp } from './support/world.js';

let t: TestApp;
let w: World;
let tokens: Record<string, string>;
const field: Record<string, string> = {};
let small: string;
let large: string;
let foreign: string;
const sid: Record<string, string> = {};

/** A project of the duplicate-search fields, through the API as the given organization's manager would. */
const makeProject = (name: string, organizationId: string, token: string, templateOrgId: string) =>
  projectThroughApi(t.app, token, {
    name,
    organizationId,
    templateOrganizationId: templateOrgId,
    fields: [...ROSTER_FIELDS, { field_key: 'email', visible_to_customers: false }, { label: 'Custom' }],
  });

const insert = async (projectId: string, label: string, values: Record<string, string>) => {
  sid[label] = await insertSubject(t.ctx.db, projectId, field, values);
};

beforeAll(async () => {
  ({ t, w, tokens } = await worldApp());
  const p = await makeProject('Duplicates', w.orgs.schoolA1.id, tokens.studioManager!, w.orgs.studioA.id);
  small = p.id;
  Object.assign(field, p.fields);

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
  // The large project has its own copy of the template, so its own field ids.
  const bf = (key: string) => big.fields[key]!;
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

describe('merging duplicates (Keep on Find Duplicates on its own)', () => {
  const crop = { name: 'Default', x: 0, y: 0, width: 1, height: 1 };
  /** A project of its own (merging deletes subjects): three Avas, the first and third with a photo. */
  async function mergeProject(name: string) {
    const p = await makeProject(name, w.orgs.schoolA1.id, tokens.studioManager!, w.orgs.studioA.id);
    const { fields } = p;
    const album = await t.ctx.db
      .insertInto('albums')
      .values({ name: 'Photos', parent_resource_type: 'Project', parent_resource_id: p.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const at = { projectId: p.id, albumId: album.id, fields };
    const photo = { bytes: await makeJpeg(60, 80), width: 60, height: 80, crop };
    const keep = await subjectWithPhoto(
      t,
      at,
      { student_id: '00123', first_name: 'Ava', last_name: 'Smith', grade: '' },
      photo,
    );
    const noPhoto = await subjectWithPhoto(t, at, {
      student_id: '00123',
      first_name: 'ava',
      last_name: 'Smith',
      grade: '3',
      teacher: '',
    });
    const withPhoto = await subjectWithPhoto(
      t,
      at,
      {
        student_id: '00123',
        first_name: 'AVA',
        last_name: 'Smyth',
        grade: '4',
        teacher: 'Ms. Lee',
        email: 'hidden@x.test',
      },
      photo,
    );
    const other = await subjectWithPhoto(t, at, { student_id: '999', first_name: 'Zed', last_name: 'Z' });
    return { projectId: p.id, fields, keep, noPhoto, withPhoto, other };
  }
  const merge = (who: string, keptId: string, payload: object) =>
    post(who, `/api/subjects/${keptId}/merge`, payload);
  const photosOf = async (subjectId: string) =>
    (
      await t.ctx.db
        .selectFrom('subject_photo_assignments')
        .select(['photo_id', 'is_primary'])
        .where('subject_id', '=', subjectId)
        .orderBy('id')
        .execute()
    ).map((r) => ({ photo_id: r.photo_id, is_primary: r.is_primary }));
  const gridVersion = async (projectId: string) =>
    (
      await t.ctx.db
        .selectFrom('project_grid_versions')
        .select(sql<string>`version::text`.as('v'))
        .where('project_id', '=', projectId)
        .executeTakeFirst()
    )?.v ?? '0';

  test("the others' photos move to the kept subject, their values fill its blanks (never overwriting), then they are gone, in the trail", async () => {
    const m = await mergeProject('Merge');
    const [keptPhoto] = await photosOf(m.keep);
    const [mergedPhoto] = await photosOf(m.withPhoto);
    const version = await gridVersion(m.projectId);
    // Studio staff may delete subjects, so may merge them; they may not read hidden fields.
    const res = await merge('studioStaff', m.keep, { merged_subject_ids: [m.noPhoto, m.withPhoto] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.merged_subject_ids).toEqual([m.noPhoto, m.withPhoto]);
    expect(res.body.moved_photo_ids).toEqual([mergedPhoto!.photo_id]);
    const f = m.fields;
    // Kept values stay (first name "Ava", last name "Smith"); blanks filled in the order given.
    expect(res.body.subject.properties).toEqual({
      [f.student_id!]: '00123',
      [f.first_name!]: 'Ava',
      [f.last_name!]: 'Smith',
      [f.grade!]: '3',
      [f.teacher!]: 'Ms. Lee',
    });
    // The hidden value is merged, but not shown to a caller who may not read it.
    expect(JSON.stringify(res.body)).not.toContain('hidden@x.test');
    const stored = await t.ctx.db
      .selectFrom('subjects')
      .select('properties')
      .where('id', '=', m.keep)
      .executeTakeFirstOrThrow();
    expect(stored.properties[f.email!]).toBe('hidden@x.test');
    // The kept subject keeps its primary photo and gains the other's.
    expect(await photosOf(m.keep)).toEqual([
      { photo_id: keptPhoto!.photo_id, is_primary: true },
      { photo_id: mergedPhoto!.photo_id, is_primary: false },
    ]);
    for (const gone of [m.noPhoto, m.withPhoto])
      expect(
        (await t.app.inject({ url: `/api/subjects/${gone}`, headers: bearer(tokens.studioManager!) }))
          .statusCode,
      ).toBe(404);
    // The grid's cache sees it: its project's version moved.
    expect(BigInt(await gridVersion(m.projectId))).toBeGreaterThan(BigInt(version));
    const audit = await t.ctx.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'subject.merge')
      .where('record_id', '=', m.keep)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      record_type: 'subject',
      project_id: m.projectId,
      owner_organization_id: w.orgs.schoolA1.id,
      details: { merged_subject_ids: [m.noPhoto, m.withPhoto], photo_ids: [mergedPhoto!.photo_id] },
    });
    // No duplicates left among them.
    const left = await dupes('studioManager', {}, m.projectId);
    expect(left.body.duplicate_groups).toEqual([]);
  });

  test('a kept subject without a photo takes the first merged primary photo', async () => {
    const m = await mergeProject('Merge photoless');
    const [mergedPhoto] = await photosOf(m.withPhoto);
    const res = await merge('studioManager', m.noPhoto, { merged_subject_ids: [m.withPhoto] });
    expect(res.status).toBe(200);
    expect(await photosOf(m.noPhoto)).toEqual([{ photo_id: mergedPhoto!.photo_id, is_primary: true }]);
    expect(res.body.subject.primary_photo_id).toBe(mergedPhoto!.photo_id);
    // A manager reads hidden fields: the merged hidden value is in the answer.
    expect(res.body.subject.properties[m.fields.email!]).toBe('hidden@x.test');
  });

  test('bad merges are 422 "is invalid" and change nothing; a school is refused; other organizations 404', async () => {
    const m = await mergeProject('Merge refused');
    const invalid = { status: 422, body: { errors: { merged_subject_ids: ['is invalid'] } } };
    // The kept subject among the merged ones.
    expect(await merge('studioManager', m.keep, { merged_subject_ids: [m.noPhoto, m.keep] })).toEqual(
      invalid,
    );
    // A subject of another project, of another organization, or none at all.
    expect(await merge('studioManager', m.keep, { merged_subject_ids: [sid.ava3] })).toEqual(invalid);
    const foreignSubject = await t.ctx.db
      .insertInto('subjects')
      .values({ project_id: foreign, properties: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await merge('studioManager', m.keep, { merged_subject_ids: [foreignSubject.id] })).toEqual(
      invalid,
    );
    expect(await merge('studioManager', m.keep, { merged_subject_ids: ['999999999'] })).toEqual(invalid);
    expect((await merge('studioManager', m.keep, { merged_subject_ids: [] })).status).toBe(422);
    expect((await merge('studioManager', m.keep, {})).status).toBe(422);
    expect((await merge('studioManager', m.keep, { merged_subject_ids: ['x'] })).status).toBe(422);
    // Schools don't delete subjects, so don't merge them (403); another organization's subject is 404.
    expect((await merge('schoolStaff', m.keep, { merged_subject_ids: [m.noPhoto] })).status).toBe(403);
    expect((await merge('foreignManager', m.keep, { merged_subject_ids: [m.noPhoto] })).status).toBe(404);
    expect(
      (await merge('studioManager', foreignSubject.id, { merged_subject_ids: [m.noPhoto] })).status,
    ).toBe(404);
    const left = await t.ctx.db
      .selectFrom('subjects')
      .select('id')
      .where('project_id', '=', m.projectId)
      .execute();
    expect(left).toHaveLength(4);
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
    const grade = p.fields.grade!;
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
