import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestApp } from './support/app.js';
import { bearer, projectThroughApi, ROSTER_FIELDS } from './support/factories.js';
import { type World, worldApp } from './support/world.js';

let t: TestApp;
let w: World;
let tokens: Record<string, string>;
let projectId: string;
let field: Record<string, string>;

beforeAll(async () => {
  ({ t, w, tokens } = await worldApp());
  ({ id: projectId, fields: field } = await projectThroughApi(t.app, tokens.studioManager!, {
    name: 'Grid project',
    organizationId: w.orgs.schoolA1.id,
    templateOrganizationId: w.orgs.studioA.id,
    fields: [...ROSTER_FIELDS, { label: 'Medical', visible_to_customers: false }],
  }));

  const people: [string, string, string, string, string][] = [
    ['1', 'Ada', 'Lovelace', '3', 'Smith'],
    ['2', 'Alan', 'Turing', 'K', 'Jones'],
    ['3', 'Grace', 'Hopper', '', 'Smith'],
    ['4', 'Edsger', 'Dijkstra', '12', 'Jones'],
    ['5', 'Barbara', 'Liskov', 'Pre-K', 'Smith'],
    ['6', 'Donald', 'Knuth', '10', ''],
  ];
  for (const [id, first, last, grade, teacher] of people) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/subjects`,
      headers: bearer(tokens.studioManager!),
      payload: {
        subject: {
          properties: {
            [field.student_id!]: id,
            [field.first_name!]: first,
            [field.last_name!]: last,
            [field.grade!]: grade,
            [field.teacher!]: teacher,
            [field.Medical!]: `secret-${id}`,
          },
        },
      },
    });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(() => t?.close());

const grid = async (who: string, query = '') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/projects/${projectId}/subjects${query}`,
    headers: bearer(tokens[who]!),
  });
  return { status: res.statusCode, body: res.json() };
};
const names = (body: { subjects: { display_name: string }[] }) => body.subjects.map((s) => s.display_name);

describe('subjects grid', () => {
  test('12 a page by default, oldest first, with derived names', async () => {
    const { body } = await grid('studioManager');
    expect(body.meta).toEqual({ page: 1, limit: 12, total: 6 });
    // Past the end: no rows to carry the total, which is still given.
    const past = await grid('studioManager', '?page=3&limit=5');
    expect(past.body.meta).toEqual({ page: 3, limit: 5, total: 6 });
    expect(past.body.subjects).toEqual([]);
    expect(body.subjects[0]).toMatchObject({
      display_name: 'Ada Lovelace',
      full_name: 'Ada Lovelace',
      reverse_full_name: 'Lovelace, Ada',
      grade: '3',
      photos_count: 0,
    });
  });

  test('grade order: k as zero, numbers by value, other text after, blanks last (both directions)', async () => {
    const asc = await grid('studioManager', `?sort=field:${field.grade}`);
    expect(names(asc.body)).toEqual([
      'Alan Turing',
      'Ada Lovelace',
      'Donald Knuth',
      'Edsger Dijkstra',
      'Barbara Liskov',
      'Grace Hopper',
    ]);
    const desc = await grid('studioManager', `?sort=field:${field.grade}&direction=desc`);
    expect(names(desc.body)).toEqual([
      'Edsger Dijkstra',
      'Donald Knuth',
      'Ada Lovelace',
      'Alan Turing',
      'Barbara Liskov',
      'Grace Hopper',
    ]);
    // Pages of two, in the same order, none overlapping, each carrying the total.
    const pages = [];
    for (const page of [1, 2, 3]) {
      const { body } = await grid(
        'studioManager',
        `?sort=field:${field.grade}&direction=desc&limit=2&page=${page}`,
      );
      expect(body.meta.total).toBe(6);
      pages.push(...names(body));
    }
    expect(pages).toEqual(names(desc.body));
  });

  test('name sorts', async () => {
    expect(names((await grid('studioManager', '?sort=reverse_full_name')).body)[0]).toBe('Edsger Dijkstra');
    expect(names((await grid('studioManager', '?sort=full_name&direction=desc')).body)[0]).toBe(
      'Grace Hopper',
    );
  });

  test('two field filters with Blank, keyword, images and paging', async () => {
    const smith = await grid('studioManager', `?filter[field_1]=${field.teacher}&filter[value_1]=Smith`);
    expect(smith.body.meta.total).toBe(3);
    const both = await grid(
      'studioManager',
      `?filter[field_1]=${field.teacher}&filter[value_1]=Smith&filter[field_2]=${field.grade}&filter[value_2]=__blank__`,
    );
    expect(names(both.body)).toEqual(['Grace Hopper']);
    const noTeacher = await grid(
      'studioManager',
      `?filter[field_1]=${field.teacher}&filter[value_1]=__blank__`,
    );
    expect(names(noTeacher.body)).toEqual(['Donald Knuth']);
    expect(names((await grid('studioManager', '?keyword=turi')).body)).toEqual(['Alan Turing']);
    expect((await grid('studioManager', '?images=with')).body.meta.total).toBe(0);
    expect((await grid('studioManager', '?images=without')).body.meta.total).toBe(6);
    const page2 = await grid('studioManager', '?limit=4&page=2');
    expect(page2.body.subjects).toHaveLength(2);
    const ids = await grid(
      'studioManager',
      `?filter[field_1]=${field.teacher}&filter[value_1]=Jones&ids_only=true`,
    );
    expect(ids.body.subject_ids).toHaveLength(2);
    const future = await grid(
      'studioManager',
      `?added_since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
    );
    expect(future.body.meta.total).toBe(0);
    const past = await grid(
      'studioManager',
      `?added_since=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}`,
    );
    expect(past.body.meta.total).toBe(6);
  });

  test('customers never get hidden values, cannot search or filter by them, nor write them', async () => {
    const { body } = await grid('schoolStaff');
    expect(JSON.stringify(body)).not.toContain('secret-');
    expect((await grid('schoolStaff', '?keyword=secret')).body.meta.total).toBe(0);
    // The same search finds them for a caller who may see hidden fields: the 0 above is the rule, not luck.
    expect((await grid('studioManager', '?keyword=secret')).body.meta.total).toBeGreaterThan(0);
    expect((await grid('schoolStaff', `?filter[field_1]=${field.Medical}&filter[value_1]=x`)).status).toBe(
      422,
    );
    const subjectId = body.subjects[0].id;
    const write = await t.app.inject({
      method: 'PATCH',
      url: `/api/subjects/${subjectId}`,
      headers: bearer(tokens.schoolStaff!),
      payload: { subject: { properties: { [field.Medical!]: 'changed' } } },
    });
    expect(write.statusCode).toBe(422);
    // Editing a visible value keeps the hidden one.
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/subjects/${subjectId}`,
      headers: bearer(tokens.schoolStaff!),
      payload: { subject: { properties: { [field.teacher!]: 'Brown' } } },
    });
    expect(edit.json().subject.mapped_properties.teacher).toBe('Brown');
    const asManager = await t.app.inject({
      method: 'GET',
      url: `/api/subjects/${subjectId}`,
      headers: bearer(tokens.studioManager!),
    });
    expect(asManager.json().subject.properties[field.Medical!]).toBe('secret-1');
  });

  test('bad input answers 400/422', async () => {
    expect((await grid('studioManager', '?sort=field:abc')).status).toBe(400);
    expect((await grid('studioManager', '?images=maybe')).status).toBe(400);
    expect((await grid('studioManager', '?sort=field:999999')).status).toBe(422);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/subjects`,
      headers: bearer(tokens.studioManager!),
      payload: { subject: { properties: { '999999': 'x' } } },
    });
    expect(bad.statusCode).toBe(422);
    const notText = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/subjects`,
      headers: bearer(tokens.studioManager!),
      payload: { subject: { properties: { [field.grade!]: 5 } } },
    });
    expect(notText.statusCode).toBe(422);
  });

  test('search', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${projectId}/subjects/search?q=hop`,
      headers: bearer(tokens.schoolStaff!),
    });
    expect(res.json().subjects.map((s: { display_name: string }) => s.display_name)).toEqual([
      'Grace Hopper',
    ]);
  });

  test('search by several words, in any order, accents ignored either way; hidden values stay unsearchable', async () => {
    for (const [id, first, last] of [
      ['7', 'Zoë', 'Brown'],
      ['8', 'ÉMILE', 'Łukasz'],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/projects/${projectId}/subjects`,
        headers: bearer(tokens.studioManager!),
        payload: {
          subject: {
            properties: {
              [field.student_id!]: id!,
              [field.first_name!]: first!,
              [field.last_name!]: last!,
              [field.Medical!]: `secret-${id}`,
            },
          },
        },
      });
      expect(res.statusCode).toBe(201);
    }
    const search = async (who: string, q: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/projects/${projectId}/subjects/search?q=${encodeURIComponent(q)}`,
        headers: bearer(tokens[who]!),
      });
      expect(res.statusCode).toBe(200);
      return res.json().subjects.map((s: { display_name: string }) => s.display_name);
    };
    for (const q of ['Zoë Brown', 'Zoe Brown', 'Zoe', 'brown, zoe', 'ZOË', 'zoe\u0308 bro', '7 Brown'])
      expect(await search('schoolStaff', q), q).toEqual(['Zoë Brown']);
    for (const q of ['emile', 'Émile lukasz', 'ŁUKASZ'])
      expect(await search('schoolStaff', q), q).toEqual(['ÉMILE Łukasz']);
    // Every word must be found: two subjects' words together find neither.
    expect(await search('schoolStaff', 'Zoe Lovelace')).toEqual([]);
    expect(await search('schoolStaff', 'Zoë%')).toEqual([]);
    expect((await grid('schoolStaff', `?keyword=${encodeURIComponent('Zoe Brown')}`)).body.meta.total).toBe(
      1,
    );
    // A word found only in a hidden value finds nothing for a customer, and the subject for the studio.
    expect(await search('schoolStaff', 'Zoe secret')).toEqual([]);
    expect(
      (await grid('schoolStaff', `?keyword=${encodeURIComponent('Brown secret-7')}`)).body.meta.total,
    ).toBe(0);
    expect(await search('studioManager', 'Zoe secret')).toEqual(['Zoë Brown']);
  });
});
