import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, buildOrganization, buildUser, signIn } from './support/factories.js';
import { countQueries } from './support/query-count.js';
import { insertMany, readyPhotoRow } from './support/rows.js';

// Every list pages (API.md: `page`, `limit`, `meta`), and no list makes a query per row (N+1).
const ROWS = 25;
let t: TestApp;
let token: string;
let studioId: string;
let projectId: string;
let albumId: string;
let templateId: string;

beforeAll(async () => {
  t = await createTestApp({}, { workers: false });
  const db = t.ctx.db;
  const lab = await buildOrganization(db, { role: 'lab_role', name: 'Lab' });
  const studio = await buildOrganization(db, { role: 'studio_role', parent: lab.id, name: 'Studio' });
  studioId = studio.id;
  const manager = await buildUser(db, { organizations: [studio.id], manager: true });
  token = await signIn(t.app, manager.email);
  const post = async (url: string, payload: unknown) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(token),
      payload: payload as object,
    });
    if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  templateId = (
    await post('/api/project-templates', {
      project_template: {
        name: 'Grid',
        organization_id: studio.id,
        subject_fields_attributes: [{ field_key: 'first_name' }, { field_key: 'last_name' }],
      },
    })
  ).project_template.id;
  const project = (
    await post('/api/projects', {
      project: { name: 'Picture day', organization_id: studio.id },
      project_template_id: templateId,
    })
  ).project;
  projectId = project.id;
  albumId = (
    await post('/api/albums', {
      album: { name: 'Photos', tags: [], parent_resource_type: 'Project', parent_resource_id: projectId },
    })
  ).album?.id;
  const fields = await db
    .selectFrom('subject_fields')
    .select('id')
    .where('project_template_id', '=', project.project_template_id)
    .execute();
  const people: string[] = [];
  for (let i = 0; i < ROWS; i++) {
    const child = await buildOrganization(db, {
      role: 'customer_role',
      parent: studio.id,
      name: `School ${i}`,
    });
    people.push((await buildUser(db, { organizations: [studio.id, child.id] })).id);
  }
  const season = await insertMany(db, 'seasons', ROWS, (i) => ({
    organization_id: studio.id,
    name: `Season ${i}`,
    period_start: null,
    period_end: null,
  }));
  await insertMany(db, 'projects', ROWS, (i) => ({
    organization_id: studio.id,
    season_id: season[i]!,
    name: `Project ${i}`,
  }));
  await insertMany(db, 'project_templates', ROWS, (i) => ({
    organization_id: studio.id,
    project_id: null,
    name: `Template ${i}`,
  }));
  await insertMany(db, 'subjects', ROWS, (i) => ({
    project_id: projectId,
    properties: JSON.stringify(Object.fromEntries(fields.map((f, k) => [f.id, `Name ${i}-${k}`]))),
  }));
  await insertMany(db, 'attachments', ROWS, (i) => ({
    project_id: projectId,
    name: `File ${i}`,
    storage_key: `test/attachments/${i}`,
    upload_file_name: `file-${i}.pdf`,
    upload_file_size: 100,
    upload_content_type: 'application/pdf',
    uploaded_at: new Date(),
    upload_verified_at: new Date(),
  }));
  const requests = await insertMany(db, 'attachment_requests', ROWS, (i) => ({
    organization_id: studio.id,
    name: `Request ${i}`,
    description: 'Please',
  }));
  await db
    .insertInto('attachment_request_projects')
    .values(requests.map((id) => ({ attachment_request_id: id, project_id: projectId })))
    .execute();
  await insertMany(db, 'photos', ROWS, (i) =>
    readyPhotoRow({
      album_id: albumId,
      storage_key: `test/photos/${i}/original`,
      upload_file_name: `photo-${i}.jpg`,
    }),
  );
  await insertMany(db, 'project_exports', ROWS, (i) => ({
    project_id: projectId,
    project_export_format_name: `Export ${i}`,
  }));
  // Trail rows of the studio's people, one each (the activity list and its Who list).
  await insertMany(db, 'audit_events', ROWS, (i) => ({
    user_id: people[i]!,
    account_id: null,
    acting_organization_id: studio.id,
    owner_organization_id: studio.id,
    action: 'session.sign_in',
    record_type: 'user',
    record_id: null,
    ip: '192.0.2.1',
    details: {},
  }));
  // Renders accumulate: Recent Prints pages them.
  const layout = await db.selectFrom('layouts').select('id').limit(1).executeTakeFirstOrThrow();
  await insertMany(db, 'layout_renders', ROWS, (i) => ({
    project_id: projectId,
    layout_id: layout.id,
    render_type: 'Basic' as const,
    render_name: `Render ${i}`,
    subject_ids: [],
    worker_token: `${i}`.padStart(32, '0'),
  }));
});
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

// Arrays in a success answer that are not lists of records: fixed catalogues and small per-caller sets.
const NOT_PAGED: Record<string, string> = {
  'GET /api/project-templates/field-keys': 'the fixed catalogue of field keys',
  'GET /api/plic-app-licenses': 'the caller’s own licences (one per app)',
  'GET /api/organizations/{id}/support':
    'an organization’s support links and contacts (a handful, set by staff)',
  'GET /api/dev/mailbox': 'development only; keeps the last messages',
  'GET /api/projects/{id}/subjects/search': 'typeahead: the first 50 matches, by design',
  'GET /api/photos/{id}/photo-crops': 'the crops of one photo (a few named crops)',
  'GET /api/albums': 'the albums of one project (one per purpose, by tag)',
  'GET /api/layout-renders/worker-statuses': 'a status for each token the caller names: no list of records',
  'GET /api/organizations/{id}/layout-categories': 'the fixed categories of layouts (built-in and a few own)',
  'GET /api/projects/{id}/project-export-formats':
    'the formats a project may use: built-ins and a few custom ones',
  'GET /api/organizations/{id}/project-export-formats': 'an organization’s custom formats (a few), one tab',
  'GET /api/photo-sessions/{id}/roster':
    'the whole roster a station caches to work offline for a day (one school, in one read)',
  'GET /api/photo-sessions/{id}/check-ins':
    'read on from `since` (next_since), at most 5,000 a call: a cursor, not pages',
  'GET /api/photo-sessions/{id}/walk-ups': 'the walk-ups of one session waiting for review (a few a day)',
  'GET /api/photo-sessions/{id}/absent': 'the end-of-day list of one session, within its roster',
  'GET /api/photo-sessions/{id}/retakes': 'the end-of-day list of one session, within its roster',
  'GET /api/projects/{id}/yearbook-targets': 'the yearbook targets of one project (a publisher or two)',
  'GET /api/yearbook-targets/{id}/deliveries':
    'the ledger of one target: one season’s deliveries (a dozen at most)',
  'GET /api/family/children': 'the children a guardian claimed (a family’s few)',
  'GET /api/family/children/{id}/photos': 'one child’s proofs, this season’s and earlier ones (tens at most)',
  'GET /api/family/children/{id}/opt-out-requests': 'one child’s opt-out requests (a few)',
  'GET /api/projects/{id}/family-pose-choices':
    'at most one a child: a lookup read whole, from which the subject screens mark a guardian’s choice',
};

describe('every list pages', () => {
  test('any GET whose success answer holds an array accepts page and limit (or is named above)', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { in: string; name: string }[];
            responses: Record<
              string,
              { content?: Record<string, { schema?: { properties?: Record<string, { type?: string }> } }> }
            >;
          }
        >
      >;
    };
    const lists: string[] = [];
    const unpaged: string[] = [];
    for (const [path, operations] of Object.entries(spec.paths)) {
      const op = operations.get;
      if (!op) continue;
      const schema = op.responses['200']?.content?.['application/json']?.schema;
      const hasArray = Object.values(schema?.properties ?? {}).some((p) => p.type === 'array');
      if (!hasArray) continue;
      const key = `GET ${path}`;
      lists.push(key);
      const query = new Set((op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name));
      if (!(query.has('page') && query.has('limit')) && !(key in NOT_PAGED)) unpaged.push(key);
    }
    expect(lists.length).toBeGreaterThan(10);
    expect(lists).toContain('GET /api/albums/{id}/photos');
    expect(lists).toContain('GET /api/projects/{id}/attachments');
    expect(unpaged).toEqual([]);
    // The allow-list names only routes that exist, so it can't hide a renamed list.
    for (const key of Object.keys(NOT_PAGED)) expect(lists).toContain(key);
  });

  test('an album’s photos come a page at a time, with meta', async () => {
    const first = await get(`/api/albums/${albumId}/photos?page=1&limit=10`);
    expect(first.statusCode).toBe(200);
    expect(first.json().photos).toHaveLength(10);
    expect(first.json().meta).toEqual({ page: 1, limit: 10, total: ROWS });
    const last = await get(`/api/albums/${albumId}/photos?page=3&limit=10`);
    expect(last.json().photos).toHaveLength(ROWS - 20);
    const ids = new Set([...first.json().photos, ...last.json().photos].map((p: { id: string }) => p.id));
    expect(ids.size).toBe(ROWS - 10);
    expect((await get(`/api/albums/${albumId}/photos`)).json().meta).toEqual({
      page: 1,
      limit: 100,
      total: ROWS,
    });
    expect((await get(`/api/albums/${albumId}/photos?limit=501`)).statusCode).toBe(400);
    expect((await get(`/api/albums/${albumId}/photos?page=0`)).statusCode).toBe(400);
  });

  test('a project’s files come a page at a time, newest first, with meta', async () => {
    const first = await get(`/api/projects/${projectId}/attachments?limit=10`);
    expect(first.statusCode).toBe(200);
    expect(first.json().attachments).toHaveLength(10);
    expect(first.json().meta).toEqual({ page: 1, limit: 10, total: ROWS });
    const third = await get(`/api/projects/${projectId}/attachments?limit=10&page=3`);
    expect(third.json().attachments).toHaveLength(ROWS - 20);
    expect((await get(`/api/projects/${projectId}/attachments?limit=abc`)).statusCode).toBe(400);
  });

  test('a project’s renders (Recent Prints) come a page at a time, newest first, with meta', async () => {
    const first = await get(`/api/projects/${projectId}/layout-renders?limit=10`);
    expect(first.statusCode).toBe(200);
    expect(first.json().layout_renders).toHaveLength(10);
    expect(first.json().meta).toEqual({ page: 1, limit: 10, total: ROWS });
    const third = await get(`/api/projects/${projectId}/layout-renders?limit=10&page=3`);
    expect(third.json().layout_renders).toHaveLength(ROWS - 20);
    const names = [...first.json().layout_renders, ...third.json().layout_renders].map(
      (r: { render_name: string }) => r.render_name,
    );
    expect(new Set(names).size).toBe(15);
    expect((await get(`/api/projects/${projectId}/layout-renders`)).json().meta).toEqual({
      page: 1,
      limit: 100,
      total: ROWS,
    });
    expect((await get(`/api/projects/${projectId}/layout-renders?limit=501`)).statusCode).toBe(400);
  });
});

describe('no N+1: the queries per request do not grow with the page size', () => {
  const routes = () => [
    `/api/organizations/${studioId}/projects`,
    `/api/organizations/${studioId}/organizations`,
    `/api/organizations/${studioId}/accounts`,
    `/api/organizations/${studioId}/users`,
    `/api/organizations/${studioId}/project-templates`,
    `/api/organizations/${studioId}/seasons`,
    `/api/organizations/${studioId}/attachment-requests`,
    `/api/projects/${projectId}/attachment-requests`,
    `/api/projects/${projectId}/subjects`,
    `/api/projects/${projectId}/attachments`,
    `/api/albums/${albumId}/photos`,
    `/api/projects/${projectId}/project-exports`,
    `/api/organizations/${studioId}/audit-events`,
    `/api/organizations/${studioId}/audit-events/actors`,
    `/api/projects/${projectId}/layout-renders`,
  ];

  test('every list route: as many queries for 20 rows as for 2', async () => {
    const grown: string[] = [];
    for (const url of routes()) {
      const counts: number[] = [];
      for (const limit of [2, 20]) {
        const { value: res, count } = await countQueries(() => get(`${url}?page=1&limit=${limit}`));
        expect(res.statusCode, `${url} ${res.body}`).toBe(200);
        const body = res.json() as Record<string, unknown>;
        const rows = Object.values(body).find(Array.isArray) as unknown[];
        expect(rows.length, url).toBe(limit);
        counts.push(count);
      }
      if (counts[1]! > counts[0]!) grown.push(`${url}: ${counts.join(' -> ')}`);
    }
    expect(grown).toEqual([]);
  });
});
