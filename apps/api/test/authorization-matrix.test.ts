import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Response as LightResponse } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../src/config.js';
import { issueFamilyToken } from '../src/modules/families/family-token.js';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, buildUser, signIn } from './support/factories.js';
import { insertId, insertIds } from './support/rows.js';
import { buildWorld, type World } from './support/world.js';

/**
 * Every route that takes a record id x each kind of caller x {own, child, sibling, foreign}. Sibling and
 * foreign records answer 404 with nothing else in the body; an unlicensed caller gets 403 not_licensed
 * everywhere; own and child records never answer 404 or 5xx.
 */
let t: TestApp;
let w: World;
const tokens: Record<string, string> = {};
const projects: Record<string, string> = {};
const seasons: Record<string, string> = {};
const templates: Record<string, string> = {};
// Deleting uses up a template, so every delete case gets one of its own.
const deletable: Record<string, string[]> = {};
const subjects: Record<string, string[]> = {};
const assignable: Record<string, string[]> = {};
// Merged away by the merge route's cases, one per case.
const mergeable: Record<string, string[]> = {};
const files: Record<string, { request: string; pending: string; verified: string }> = {};
const discardable: Record<string, string[]> = {};
// A custom export format per organization, and some to delete.
const exportFormats: Record<string, string> = {};
const deletableFormats: Record<string, string[]> = {};
// A roster import per organization's project, read and not yet checked.
const rosterImports: Record<string, string> = {};
const layoutFixtures: Record<string, { category: string; layout: string; render: string; token: string }> =
  {};
// Deleting a project or a user uses one up: projects and people to delete, per organization.
const deletableProjects: Record<string, string[]> = {};
const deletableUsers: Record<string, string[]> = {};
// A completed project export per organization's project, and done ones to delete.
const projectExports: Record<string, { done: string; deletable: string[] }> = {};
// Picture day per organization's project: a matched batch to read, review and apply, one by mapping
// file, and batches to match (matching uses one up).
const photoBatches: Record<
  string,
  { read: string; item: string; apply: string; mapping: string; toMatch: string[] }
> = {};
// Picture-day sessions per organization's project: a session with a station, its stations' links to
// revoke (one per case), and walk-ups to approve (one per case).
const photoSessions: Record<
  string,
  { session: string; station: string; links: string[]; walkUps: string[]; liveBatchStations: string[] }
> = {};
// Yearbook deliveries per organization's project: a target with a completed delivery, targets to delete
// (one per case), and targets to deliver to (one per case, so no delivery waits on another's).
const yearbook: Record<
  string,
  { target: string; delivery: string; deletable: string[]; deliverTo: string[] }
> = {};
let yearbookFormat = '';
const MATRIX_LAYOUT_DEFINITION = {
  page: { width: 612, height: 792 },
  grid: { width: 1, height: 1 },
  unit: {
    width: 200,
    height: 100,
    boxes: [{ kind: 'text', x: 0, y: 0, width: 200, height: 20, template: '{First Name}', size: 10 }],
  },
};
// Families per organization's project: a child (claimed by the guardian caller in schoolA1), guardian links
// to remove and pending opt-out requests to decide (one per case).
const families: Record<string, { child: string; links: string[]; requests: string[] }> = {};
// Photo records per organization: album, photo, crops and assignments to use up, an import.
const media: Record<
  string,
  { album: string; photo: string; crops: string[]; assignments: string[]; import: string }
> = {};

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t.ctx.db);
  const db = t.ctx.db;
  for (const [key, org] of Object.entries(w.orgs)) {
    projects[key] = await insertId(db, 'projects', {
      organization_id: org.id,
      name: `Project of ${org.name}`,
      season_id: null,
    });
  }
  for (const [key, org] of Object.entries(w.orgs)) {
    seasons[key] = await insertId(db, 'seasons', { organization_id: org.id, name: `Season of ${org.name}` });
    templates[key] = await insertId(db, 'project_templates', {
      organization_id: org.id,
      name: `Template of ${org.name}`,
      project_id: null,
    });
  }
  for (const [key, org] of Object.entries(w.orgs)) {
    deletable[key] = await insertIds(
      db,
      'project_templates',
      Array.from({ length: 5 }, (_, i) => ({
        organization_id: org.id,
        name: `Deletable ${i}`,
        project_id: null,
      })),
    );
  }
  for (const key of Object.keys(w.orgs)) {
    const ids = await insertIds(
      db,
      'subjects',
      Array.from({ length: 18 }, () => ({ project_id: projects[key]!, properties: '{}' })),
    );
    // The first six are used (and deleted) by the subject routes, the rest carry photo assignments.
    subjects[key] = ids.slice(0, 6);
    assignable[key] = ids.slice(6, 12);
    mergeable[key] = ids.slice(12);
  }
  for (const key of Object.keys(w.orgs)) {
    const album = await insertId(db, 'albums', {
      name: 'Matrix',
      parent_resource_type: 'Project',
      parent_resource_id: projects[key]!,
    });
    const photo = await insertId(db, 'photos', {
      album_id: album,
      storage_key: `matrix/${key}/original`,
      upload_file_name: 'p.jpg',
      upload_file_size: 10,
      upload_content_type: 'image/jpeg',
      upload_verified_at: new Date(),
    });
    media[key] = {
      album,
      photo,
      crops: await insertIds(
        db,
        'photo_crops',
        Array.from({ length: 6 }, () => ({
          photo_id: photo,
          name: 'c',
          x: 0,
          y: 0,
          width: 0.5,
          height: 0.5,
        })),
      ),
      assignments: await insertIds(
        db,
        'subject_photo_assignments',
        assignable[key]!.map((subject_id) => ({ subject_id, photo_id: photo })),
      ),
      import: await insertId(db, 'project_imports', { project_id: projects[key]! }),
    };
  }
  for (const [key, org] of Object.entries(w.orgs)) {
    const request = await insertId(db, 'attachment_requests', {
      organization_id: org.id,
      name: 'Roster',
      description: 'Send it',
    });
    await db
      .insertInto('attachment_request_projects')
      .values({ attachment_request_id: request, project_id: projects[key]! })
      .execute();
    const file = (name: string, verified: boolean) =>
      insertId(db, 'attachments', {
        project_id: projects[key]!,
        attachment_request_id: request,
        name,
        storage_key: `matrix/${key}/${name}`,
        upload_file_name: `${name}.csv`,
        upload_file_size: 10,
        upload_content_type: 'text/csv',
        upload_verified_at: verified ? new Date() : null,
      });
    files[key] = { request, pending: await file('pending', false), verified: await file('verified', true) };
    // Removing uses up a file that never arrived: one for each removal case.
    discardable[key] = [];
    for (let i = 0; i < 6; i++) discardable[key]!.push(await file(`never-arrived-${i}`, false));
  }
  for (const [key, org] of Object.entries(w.orgs)) {
    const ids = await insertIds(
      db,
      'project_export_formats',
      Array.from({ length: 6 }, (_, i) => ({
        organization_id: org.id,
        name: `Format ${i} of ${org.name}`,
        standard_key: null,
        created_by_user_id: null,
      })),
    );
    exportFormats[key] = ids[0]!;
    deletableFormats[key] = ids.slice(1);
  }
  for (const key of Object.keys(w.orgs)) {
    rosterImports[key] = await insertId(db, 'subject_imports', {
      project_id: projects[key]!,
      storage_key: `matrix/${key}/roster-import`,
      upload_file_name: 'roster.csv',
      upload_file_size: 10,
      status: 'ready',
      columns: ['ID'],
    });
  }
  // Layouts: a category and a layout of each organization's own, and a finished render per project.
  for (const [key, org] of Object.entries(w.orgs)) {
    const category = await insertId(db, 'layout_categories', {
      slug: 'matrix',
      name: `Layouts of ${org.name}`,
      organization_id: org.id,
    });
    const layout = await insertId(db, 'layouts', {
      layout_category_id: category,
      organization_id: org.id,
      name: 'Matrix layout',
      layout_type: 'Basic',
      definition: JSON.stringify(MATRIX_LAYOUT_DEFINITION),
    });
    const render = await db
      .insertInto('layout_renders')
      .values({
        project_id: projects[key]!,
        layout_id: layout,
        render_type: 'Basic',
        render_name: 'Matrix render',
        subject_ids: assignable[key]!.slice(0, 1),
        worker_token: randomBytes(16).toString('hex'),
        worker_status: 'complete',
        storage_key: `matrix/${key}/render.pdf`,
      })
      .returning(['id', 'worker_token'])
      .executeTakeFirstOrThrow();
    layoutFixtures[key] = { category, layout, render: render.id, token: render.worker_token };
  }
  for (const key of Object.keys(w.orgs)) {
    const ids = await insertIds(
      db,
      'project_exports',
      Array.from({ length: 6 }, () => ({
        project_id: projects[key]!,
        project_export_format_id: exportFormats[key]!,
        project_export_format_name: 'Matrix format',
        created_by_user_id: null,
        job_status: 'completed' as const,
        export_started_at: new Date(),
        export_completed_at: new Date(),
        storage_key: `matrix/${key}/export.zip`,
      })),
    );
    projectExports[key] = { done: ids[0]!, deletable: ids.slice(1) };
  }
  for (const [key, org] of Object.entries(w.orgs)) {
    deletableProjects[key] = await insertIds(
      db,
      'projects',
      Array.from({ length: 6 }, () => ({
        organization_id: org.id,
        name: 'Deletable project',
        season_id: null,
      })),
    );
    deletableUsers[key] = [];
    for (let i = 0; i < 6; i++)
      deletableUsers[key]!.push((await buildUser(db, { organizations: [org.id] })).id);
  }
  for (const key of Object.keys(w.orgs)) {
    const batch = async (match_by: 'camera_card' | 'mapping_file', state: 'open' | 'matched') => {
      const album = await insertId(db, 'albums', {
        name: 'Picture day',
        parent_resource_type: 'Project',
        parent_resource_id: projects[key]!,
      });
      const id = await insertId(db, 'photo_batches', {
        project_id: projects[key]!,
        album_id: album,
        name: 'Matrix',
        match_by,
        state,
      });
      const photo = await insertId(db, 'photos', {
        album_id: album,
        storage_key: `matrix/${key}/batch-${id}/original`,
        upload_file_name: 'IMG_1.jpg',
        upload_file_size: 10,
        upload_content_type: 'image/jpeg',
        // A matched batch's photos have arrived (apply refuses a batch with photos not uploaded).
        ...(state === 'matched'
          ? { upload_verified_at: new Date(), verification_state: 'verified' as const }
          : {}),
      });
      const item = await insertId(db, 'photo_batch_items', {
        photo_batch_id: id,
        photo_id: photo,
        file_name: 'IMG_1.jpg',
        byte_size: 10,
        state: state === 'matched' ? 'unmatched' : 'pending',
      });
      return { batch: id, item };
    };
    const read = await batch('camera_card', 'matched');
    const toMatch: string[] = [];
    for (let i = 0; i < 6; i++) toMatch.push((await batch('camera_card', 'open')).batch);
    photoBatches[key] = {
      read: read.batch,
      item: read.item,
      apply: (await batch('camera_card', 'matched')).batch,
      mapping: (await batch('mapping_file', 'open')).batch,
      toMatch,
    };
  }
  for (const [key] of Object.entries(w.orgs)) {
    const session = await insertId(db, 'photo_sessions', {
      project_id: projects[key]!,
      name: 'Matrix day',
      date: '2099-01-01',
      created_by_user_id: null,
    });
    const station = () =>
      insertId(db, 'stations', { photo_session_id: session, name: 'Gym', link_expires_at: null });
    const links = [];
    for (let i = 0; i < 6; i++) links.push(await station());
    const walkUps = [];
    for (let i = 0; i < 6; i++) {
      walkUps.push(
        await insertId(db, 'walk_ups', {
          photo_session_id: session,
          project_id: projects[key]!,
          client_id: randomUUID(),
          fields: JSON.stringify({ first_name: 'Walk', last_name: `Up ${i}` }),
        }),
      );
    }
    // Fresh stations, so that each caller opens a live batch of its own (201).
    const liveBatchStations = [];
    for (let i = 0; i < 6; i++) liveBatchStations.push(await station());
    photoSessions[key] = { session, station: await station(), links, walkUps, liveBatchStations };
  }
  const pspaFormat = await db
    .selectFrom('project_export_formats')
    .select('id')
    .where('standard_key', '=', 'pspa_yearbook')
    .executeTakeFirstOrThrow();
  const soon = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  for (const key of Object.keys(w.orgs)) {
    const target = () =>
      insertId(db, 'yearbook_targets', {
        project_id: projects[key]!,
        publisher: 'jostens',
        project_export_format_id: pspaFormat.id,
        deadlines: JSON.stringify([{ name: 'Portrait deadline', date: soon }]),
      });
    const main = await target();
    const delivery = await insertId(db, 'yearbook_deliveries', {
      yearbook_target_id: main,
      project_id: projects[key]!,
      number: 1,
      kind: 'full',
      status: 'completed',
      format_name: 'PSPA Yearbook',
      storage_key: `matrix/${key}/yearbook.zip`,
      completed_at: new Date(),
    });
    const deletable = [];
    const deliverTo = [];
    for (let i = 0; i < 6; i++) deletable.push(await target());
    for (let i = 0; i < 6; i++) deliverTo.push(await target());
    yearbook[key] = { target: main, delivery, deletable, deliverTo };
  }
  yearbookFormat = pspaFormat.id;
  for (const who of ['labManager', 'studioManager', 'studioStaff', 'schoolStaff', 'unlicensed']) {
    tokens[who] = await signIn(t.app, w.users[who]!.email);
  }
  // The guardian caller: a family token of a guardian who claimed schoolA1's child.
  const guardian = await insertId(db, 'guardians', { email: 'matrix.guardian@example.test' });
  const others = await insertIds(
    db,
    'guardians',
    Array.from({ length: 6 }, (_, i) => ({ email: `matrix.other${i}@example.test` })),
  );
  for (const key of Object.keys(w.orgs)) {
    const child = await insertId(db, 'subjects', { project_id: projects[key]!, properties: '{}' });
    await insertId(db, 'subject_photo_assignments', { subject_id: child, photo_id: media[key]!.photo });
    const code = await insertId(db, 'family_access_codes', {
      subject_id: child,
      code: `MATRX${key.length}${'ABCDEFGHJK'[Object.keys(w.orgs).indexOf(key)]}ZZZ`,
    });
    if (key === 'schoolA1') {
      await insertId(db, 'guardian_links', {
        guardian_id: guardian,
        subject_id: child,
        access_code_id: code,
      });
    }
    const links = await insertIds(
      db,
      'guardian_links',
      others.map((guardian_id) => ({ guardian_id, subject_id: child, access_code_id: code })),
    );
    const requests = await insertIds(
      db,
      'opt_out_requests',
      others.map((guardian_id) => ({
        subject_id: child,
        project_id: projects[key]!,
        guardian_id,
        yearbook_opt_out: true,
      })),
    );
    families[key] = { child, links, requests };
  }
  tokens.guardian = (await issueFamilyToken(db, guardian)).token;
});
afterAll(() => t?.close());

type OrgKey = keyof World['orgs'];
type Target = 'own' | 'child' | 'sibling' | 'foreign';
const TARGETS: Target[] = ['own', 'child', 'sibling', 'foreign'];
const callers: Record<string, Partial<Record<Target, OrgKey>>> = {
  labManager: { own: 'labA', child: 'studioA', foreign: 'labB' },
  studioManager: { own: 'studioA', child: 'schoolA1', sibling: 'studioA2', foreign: 'studioB' },
  studioStaff: { own: 'studioA', child: 'schoolA1', sibling: 'studioA2', foreign: 'studioB' },
  schoolStaff: { own: 'schoolA1', sibling: 'schoolA2', foreign: 'schoolB' },
  unlicensed: { own: 'studioA', child: 'schoolA1', sibling: 'studioA2', foreign: 'studioB' },
  // A guardian's family token (family routes only: its own child, another school's of the same studio,
  // another tree's).
  guardian: { own: 'schoolA1', sibling: 'schoolA2', foreign: 'schoolB' },
};
/** The guardian caller is asked only the family routes; every other caller every route. */
const FAMILY_ONLY_CALLERS = new Set(['guardian']);
const isFamilyRoute = (route: { path: string }) => route.path.startsWith('/api/family/');
// The table names callers as a reader would.
const CALLER_NAMES: Record<string, string> = {
  labManager: 'lab manager',
  studioManager: 'studio manager',
  studioStaff: 'studio staff',
  schoolStaff: 'school staff',
  unlicensed: 'unlicensed',
  guardian: 'guardian',
};
// A person with an account in each organization, for the user routes.
const memberOf: Record<OrgKey, string> = {
  labA: 'labManager',
  studioA: 'memberStudioA',
  studioA2: 'memberStudioA2',
  schoolA1: 'memberSchoolA1',
  schoolA2: 'memberSchoolA2',
  labB: 'foreignManager',
  studioB: 'memberStudioB',
  schoolB: 'memberSchoolB',
};

interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  url: (org: OrgKey) => string;
  payload?: (org: OrgKey) => object;
  /** An answer that streams without end (server-sent events): read as it starts, then let go. */
  stream?: boolean;
}
/**
 * A route as the API declares it ("METHOD /path"), called on the record `id` picks of the organization
 * under test (for `{id}`), with `query` after the path and `payload` as the body.
 */
function route(
  declared: string,
  id?: ((org: OrgKey) => string | undefined) | null,
  options: {
    query?: string | ((org: OrgKey) => string);
    payload?: (org: OrgKey) => object;
    stream?: boolean;
  } = {},
): Route {
  const [method, path] = declared.split(' ') as [Route['method'], string];
  const { query, payload, stream } = options;
  return {
    method,
    path,
    ...(stream ? { stream } : {}),
    url: (org) => {
      const address = id ? path.replace('{id}', `${id(org)}`) : path;
      const search = typeof query === 'function' ? query(org) : query;
      return search ? `${address}?${search}` : address;
    },
    ...(payload ? { payload } : {}),
  };
}
/** A streamed answer's status, and its body when it is a refusal (a stream that started is let go). */
async function answerOf(route: Route, res: LightResponse): Promise<{ statusCode: number; json(): object }> {
  if (!route.stream) return res;
  const body = res.stream();
  if (res.statusCode < 300) {
    body.destroy();
    return { statusCode: res.statusCode, json: () => ({}) };
  }
  let text = '';
  for await (const chunk of body) text += chunk;
  return { statusCode: res.statusCode, json: () => JSON.parse(text) };
}
const orgId = (org: OrgKey) => w.orgs[org].id;
const projectId = (org: OrgKey) => projects[org];
const routes: Route[] = [
  route('GET /api/organizations/{id}', orgId),
  route('PATCH /api/organizations/{id}', orgId, {
    payload: () => ({ organization: { contact_name: 'Changed' } }),
  }),
  route('GET /api/organizations/{id}/organizations', orgId),
  route('POST /api/organizations/{id}/organizations', orgId, {
    payload: () => ({ organization: { name: 'Matrix child' } }),
  }),
  route('GET /api/organizations/{id}/accounts', orgId, { query: 'include_users=true' }),
  route('GET /api/organizations/{id}/users', orgId),
  route('POST /api/organizations/{id}/users', orgId, {
    payload: () => ({
      user: { name: 'Matrix Person', email: `matrix-${Math.random()}@example.test` },
      plic_app_id: 'school-portal',
    }),
  }),
  route('GET /api/organizations/{id}/audit-events', orgId),
  route('GET /api/organizations/{id}/audit-events/actors', orgId),
  route('GET /api/organizations/{id}/audit-events.csv', orgId),
  route('GET /api/organizations/{id}/projects', orgId),
  route('GET /api/organizations/{id}/project-organizations', orgId),
  route('GET /api/organizations/{id}/support', orgId),
  route('GET /api/projects/{id}', projectId),
  route('PATCH /api/projects/{id}', projectId, { payload: () => ({ project: { short_code: 'MTRX' } }) }),
  route('PATCH /api/projects/{id}/activate', projectId, {
    payload: () => ({ plic_app_id: 'school-portal' }),
  }),
  route('GET /api/organizations/{id}/seasons', orgId),
  route('POST /api/organizations/{id}/seasons', orgId, {
    payload: () => ({ season: { name: 'Matrix season' } }),
  }),
  route('GET /api/seasons/{id}', (o) => seasons[o]),
  route('GET /api/organizations/{id}/project-templates', orgId),
  route('GET /api/project-templates/{id}', (o) => templates[o]),
  route('PUT /api/project-templates/{id}', (o) => templates[o], {
    payload: () => ({
      project_template: { name: 'Renamed', subject_fields_attributes: [{ field_key: 'first_name' }] },
    }),
  }),
  route('DELETE /api/project-templates/{id}', (o) => deletable[o]!.pop()),
  route('GET /api/projects/{id}/subjects', projectId),
  route('GET /api/projects/{id}/subjects/search', projectId, { query: 'q=a' }),
  route('POST /api/projects/{id}/subjects', projectId, { payload: () => ({ subject: { properties: {} } }) }),
  route('POST /api/projects/{id}/subject-selection', projectId, { payload: () => ({}) }),
  route('POST /api/projects/{id}/subject-consents', projectId, {
    payload: (o) => ({
      selection: { included_subject_ids: assignable[o]!.slice(0, 1) },
      yearbook_opt_out: true,
    }),
  }),
  // The school's own file read into consent: the verified roster file (its project has no Student ID field).
  route('POST /api/projects/{id}/subject-consent-imports', projectId, {
    payload: (o) => ({ consent_import: { attachment_id: files[o]!.verified } }),
  }),
  route('POST /api/projects/{id}/duplicate-subjects', projectId, {
    payload: () => ({ fields: ['first_name'] }),
  }),
  route('GET /api/subjects/{id}', (o) => subjects[o]![0]),
  route('PATCH /api/subjects/{id}', (o) => subjects[o]![0], {
    payload: () => ({ subject: { properties: {} } }),
  }),
  // Each delete case uses up a subject of its own.
  route('DELETE /api/subjects/{id}', (o) => subjects[o]!.pop()),
  route('POST /api/subjects/{id}/merge', (o) => subjects[o]![0], {
    payload: (o) => ({ merged_subject_ids: [mergeable[o]!.pop()] }),
  }),
  route('GET /api/albums/{id}/photos', (o) => media[o]!.album),
  route('POST /api/albums/{id}/photos', (o) => media[o]!.album, {
    payload: () => ({
      photo: { upload_file_name: 'x.jpg', upload_file_size: 100, upload_content_type: 'image/jpeg' },
    }),
  }),
  route('GET /api/photos/{id}', (o) => media[o]!.photo),
  route('PATCH /api/photos/{id}/verify', (o) => media[o]!.photo),
  route('GET /api/photos/{id}/thumb', (o) => media[o]!.photo, { query: 'size=tiny' }),
  route('GET /api/photos/{id}/photo-crops', (o) => media[o]!.photo),
  route('POST /api/photos/{id}/photo-crops', (o) => media[o]!.photo, {
    payload: () => ({ photo_crop: { x: 0, y: 0, width: 0.5, height: 0.5 } }),
  }),
  route('PATCH /api/photo-crops/{id}', (o) => media[o]!.crops[0], {
    payload: () => ({ photo_crop: { x: 0, y: 0, width: 0.6, height: 0.6 } }),
  }),
  route('DELETE /api/photo-crops/{id}', (o) => media[o]!.crops.pop()),
  route('PATCH /api/subject-photo-assignments/{id}', (o) => media[o]!.assignments[0], {
    payload: () => ({ subject_photo_assignment: { is_primary: true } }),
  }),
  route('DELETE /api/subject-photo-assignments/{id}', (o) => media[o]!.assignments.pop()),
  route('POST /api/projects/{id}/project-imports', projectId),
  route('PATCH /api/project-imports/{id}/finish', (o) => media[o]!.import),
  route('GET /api/attachment-requests/{id}', (o) => files[o]!.request),
  route('GET /api/organizations/{id}/attachment-requests', orgId),
  route('GET /api/projects/{id}/attachment-requests', projectId),
  route('GET /api/projects/{id}/attachments', projectId),
  route('POST /api/projects/{id}/attachments', projectId, {
    payload: () => ({ attachment: { upload_file_name: 'roster.csv', upload_file_size: 100 } }),
  }),
  route('PATCH /api/attachments/{id}/verify', (o) => files[o]!.pending),
  route('POST /api/attachment-requests/{id}/uploads-complete', (o) => files[o]!.request, {
    payload: (o) => ({ attachment_ids: [files[o]!.verified] }),
  }),
  route('GET /api/attachments/{id}/download', (o) => files[o]!.verified),
  route('DELETE /api/attachments/{id}', (o) => discardable[o]!.pop()),
  route('GET /api/projects/{id}/subject-imports', projectId),
  route('POST /api/projects/{id}/subject-imports', projectId, {
    payload: () => ({ subject_import: { upload_file_name: 'roster.csv', upload_file_size: 100 } }),
  }),
  route('GET /api/subject-imports/{id}', (o) => rosterImports[o]),
  route('PATCH /api/subject-imports/{id}', (o) => rosterImports[o], {
    payload: () => ({ subject_import: { mode: 'add_only' } }),
  }),
  route('PATCH /api/subject-imports/{id}/verify', (o) => rosterImports[o]),
  route('POST /api/subject-imports/{id}/check', (o) => rosterImports[o]),
  route('POST /api/subject-imports/{id}/apply', (o) => rosterImports[o]),
  route('GET /api/subject-imports/{id}/skipped-rows', (o) => rosterImports[o]),
  route('GET /api/projects/{id}/photo-batches', projectId),
  route('POST /api/projects/{id}/photo-batches', projectId, {
    payload: () => ({ photo_batch: { name: 'Picture day', match_by: 'camera_card' } }),
  }),
  route('GET /api/photo-batches/{id}', (o) => photoBatches[o]!.read),
  // A new file each time (the same name and size would answer the first one's record, 200).
  route('POST /api/photo-batches/{id}/photos', (o) => photoBatches[o]!.read, {
    payload: () => ({
      photo: {
        file_name: `${randomBytes(6).toString('hex')}.jpg`,
        byte_size: 100,
        content_type: 'image/jpeg',
      },
    }),
  }),
  route('POST /api/photo-batches/{id}/mapping-file', (o) => photoBatches[o]!.mapping, {
    payload: () => ({ mapping_file: { file_name: 'map.csv', byte_size: 100 } }),
  }),
  route('POST /api/photo-batches/{id}/match', (o) => photoBatches[o]!.toMatch.pop()),
  route('GET /api/photo-batches/{id}/items', (o) => photoBatches[o]!.read, {
    query: 'state=unmatched,ignored',
  }),
  route('PATCH /api/photo-batch-items/{id}', (o) => photoBatches[o]!.item, {
    payload: () => ({ photo_batch_item: { ignored: true } }),
  }),
  route('POST /api/photo-batches/{id}/apply', (o) => photoBatches[o]!.apply),
  route('GET /api/projects/{id}/photo-checks', projectId),
  route('PATCH /api/photos/{id}', (o) => media[o]!.photo, {
    payload: () => ({ photo: { retake_needed: true } }),
  }),
  route('POST /api/projects/{id}/auto-crops', projectId, { payload: () => ({}) }),
  route('GET /api/projects/{id}/photo-sessions', projectId),
  route('POST /api/projects/{id}/photo-sessions', projectId, {
    payload: () => ({ photo_session: { name: 'Matrix day', date: '2099-01-01' } }),
  }),
  route('GET /api/photo-sessions/{id}', (o) => photoSessions[o]!.session),
  route('POST /api/photo-sessions/{id}/stations', (o) => photoSessions[o]!.session, {
    payload: () => ({ station: { name: 'Library' } }),
  }),
  route('DELETE /api/stations/{id}/link', (o) => photoSessions[o]!.links.pop()),
  route('POST /api/stations/{id}/batch', (o) => photoSessions[o]!.liveBatchStations.pop()),
  route('GET /api/stations/{id}/now', (o) => photoSessions[o]!.station),
  // A station with no check-in: no current student, so no frame of theirs to pick (422 once allowed).
  route('PUT /api/stations/{id}/now/pick', (o) => photoSessions[o]!.station, {
    payload: () => ({ photo_id: '1' }),
  }),
  route('PATCH /api/photo-sessions/{id}', (o) => photoSessions[o]!.session, {
    payload: () => ({ photo_session: { live_apply: false } }),
  }),
  route('GET /api/photo-sessions/{id}/roster', (o) => photoSessions[o]!.session),
  route('POST /api/photo-sessions/{id}/check-ins', (o) => photoSessions[o]!.session, {
    payload: (o) => ({
      check_ins: [
        {
          client_id: randomUUID(),
          station_id: photoSessions[o]!.station,
          walk_up: { first_name: 'Matrix', last_name: 'Walk-up' },
          status: 'photographed',
          at: new Date().toISOString(),
        },
      ],
    }),
  }),
  route('GET /api/photo-sessions/{id}/check-ins', (o) => photoSessions[o]!.session),
  route('GET /api/photo-sessions/{id}/events', (o) => photoSessions[o]!.session, { stream: true }),
  route('POST /api/photo-sessions/{id}/clock', (o) => photoSessions[o]!.session, {
    payload: (o) => ({ clock: { station_id: photoSessions[o]!.station, at: new Date().toISOString() } }),
  }),
  route('GET /api/photo-sessions/{id}/walk-ups', (o) => photoSessions[o]!.session),
  route('POST /api/walk-ups/{id}/approve', (o) => photoSessions[o]!.walkUps.pop()),
  route('GET /api/photo-sessions/{id}/absent', (o) => photoSessions[o]!.session),
  route('GET /api/photo-sessions/{id}/absent.csv', (o) => photoSessions[o]!.session),
  route('GET /api/photo-sessions/{id}/retakes', (o) => photoSessions[o]!.session),
  route('GET /api/photo-sessions/{id}/retakes.csv', (o) => photoSessions[o]!.session),
  route('GET /api/photo-sessions/{id}/camera-card', (o) => photoSessions[o]!.session, {
    query: (o) => `subject_id=${assignable[o]![0]}`,
  }),
  route('GET /api/projects/{id}/coverage', projectId),
  route('GET /api/projects/{id}/coverage.csv', projectId),
  route('GET /api/projects/{id}/yearbook-targets', projectId),
  route('POST /api/projects/{id}/yearbook-targets', projectId, {
    payload: () => ({
      yearbook_target: { publisher: 'walsworth', project_export_format_id: yearbookFormat },
    }),
  }),
  route('GET /api/yearbook-targets/{id}', (o) => yearbook[o]!.target),
  route('PATCH /api/yearbook-targets/{id}', (o) => yearbook[o]!.target, {
    payload: () => ({ yearbook_target: { notify_days_before: 5 } }),
  }),
  route('DELETE /api/yearbook-targets/{id}', (o) => yearbook[o]!.deletable.pop()),
  route('PUT /api/yearbook-targets/{id}/pose', (o) => yearbook[o]!.target, {
    payload: (o) => ({ pose: { subject_id: assignable[o]![0], photo_id: media[o]!.photo } }),
  }),
  route('GET /api/projects/{id}/yearbook-deadline', projectId),
  route('POST /api/yearbook-targets/{id}/deliveries', (o) => yearbook[o]!.deliverTo.pop(), {
    payload: () => ({ delivery: { kind: 'full' } }),
  }),
  route('POST /api/yearbook-targets/{id}/deliveries/check', (o) => yearbook[o]!.target, {
    payload: () => ({ delivery: { kind: 'changes' } }),
  }),
  route('GET /api/yearbook-targets/{id}/deliveries', (o) => yearbook[o]!.target),
  route('GET /api/yearbook-deliveries/{id}', (o) => yearbook[o]!.delivery),
  route('GET /api/yearbook-deliveries/{id}/download', (o) => yearbook[o]!.delivery, { query: 'format=json' }),
  route('GET /api/yearbook-deliveries/{id}/changes.pdf', (o) => yearbook[o]!.delivery),
  route('GET /api/yearbook-deliveries/{id}/changes.csv', (o) => yearbook[o]!.delivery),
  route('POST /api/projects/{id}/coverage/print', projectId),
  route('GET /api/projects/{id}/coverage/notify/preview', projectId),
  route('POST /api/projects/{id}/coverage/notify', projectId),
  route('GET /api/users/{id}', (o) => w.users[memberOf[o]]!.id),
  // Families: the school's side and the studio's codes, then the family routes (the guardian caller).
  route('GET /api/projects/{id}/guardians', projectId),
  route('DELETE /api/guardian-links/{id}', (o) => families[o]!.links.pop()),
  route('GET /api/projects/{id}/family-pose-choices', projectId),
  route('GET /api/projects/{id}/opt-out-requests', projectId),
  route('PATCH /api/opt-out-requests/{id}', (o) => families[o]!.requests.pop(), {
    payload: () => ({ opt_out_request: { state: 'declined' } }),
  }),
  route('GET /api/projects/{id}/family-settings', projectId),
  route('PATCH /api/projects/{id}/family-settings', projectId, {
    payload: () => ({ family_settings: { family_opt_outs_apply_at_once: false } }),
  }),
  route('GET /api/projects/{id}/family-codes', projectId),
  route('POST /api/projects/{id}/family-codes', projectId, {
    payload: (o) => ({ selection: { included_subject_ids: [families[o]!.child] } }),
  }),
  route('GET /api/family/me'),
  route('PATCH /api/family/me', null, { payload: () => ({ guardian: { notify_photos_ready: true } }) }),
  route('GET /api/family/children'),
  route('GET /api/family/children/{id}', (o) => families[o]!.child),
  route('GET /api/family/children/{id}/photos', (o) => families[o]!.child),
  route('PUT /api/family/children/{id}/yearbook-pose', (o) => families[o]!.child, {
    payload: (o) => ({ photo_id: media[o]!.photo }),
  }),
  route('GET /api/family/children/{id}/opt-out-requests', (o) => families[o]!.child),
  route('POST /api/family/children/{id}/opt-out-requests', (o) => families[o]!.child, {
    payload: () => ({ directory_opt_out: true }),
  }),
  route('GET /api/projects/{id}/project-export-formats', projectId),
  route('GET /api/organizations/{id}/project-export-formats', orgId),
  route('GET /api/project-export-formats/{id}', (o) => exportFormats[o]),
  route('PUT /api/project-export-formats/{id}', (o) => exportFormats[o], {
    payload: () => ({
      project_export_format: {
        name: 'Matrix format',
        field_mappings: [{ field_key: 'first_name', position: 1 }],
      },
    }),
  }),
  route('POST /api/project-export-formats/{id}/copy', (o) => exportFormats[o]),
  route('DELETE /api/project-export-formats/{id}', (o) => deletableFormats[o]!.pop()),
  route('POST /api/users/{id}/invite', (o) => w.users[memberOf[o]]!.id, {
    payload: () => ({ plic_app_id: 'school-portal' }),
  }),
  route('GET /api/albums', null, {
    query: (o) => `parent_resource_type=Project&parent_resource_id=${projects[o]}`,
  }),
  // Ids in the body: a record out of view is an invalid field (422), never a 404 that would confirm it.
  route('POST /api/projects', null, {
    payload: (o) => ({
      project: { name: 'Matrix project', organization_id: w.orgs[o].id, season_id: seasons[o] },
      project_template_id: templates[o],
    }),
  }),
  route('POST /api/albums', null, {
    payload: (o) => ({
      album: { name: 'Matrix', parent_resource_type: 'Project', parent_resource_id: projects[o] },
    }),
  }),
  route('POST /api/subject-photo-assignments', null, {
    payload: (o) => ({
      subject_photo_assignment: { subject_id: subjects[o]![1], photo_id: media[o]!.photo },
    }),
  }),
  route('POST /api/project-templates', null, {
    payload: (o) => ({
      project_template: {
        name: 'Matrix template',
        organization_id: w.orgs[o].id,
        subject_fields_attributes: [{ field_key: 'first_name' }],
      },
    }),
  }),
  route('POST /api/project-export-formats', null, {
    payload: (o) => ({
      project_export_format: {
        name: 'Matrix format',
        organization_id: w.orgs[o].id,
        field_mappings: [{ field_key: 'first_name', position: 1 }],
      },
    }),
  }),
  route('POST /api/attachment-requests', null, {
    payload: (o) => ({
      attachment_request: { name: 'Roster', description: 'Please send it' },
      project_ids: [projects[o]],
    }),
  }),
  route('GET /api/organizations/{id}/layout-categories', orgId),
  route('GET /api/layout-categories/{id}', (o) => layoutFixtures[o]!.category),
  route('GET /api/layouts/{id}', (o) => layoutFixtures[o]!.layout),
  route('POST /api/layouts/{id}/copy', (o) => layoutFixtures[o]!.layout, { payload: () => ({}) }),
  route('PUT /api/layouts/{id}', (o) => layoutFixtures[o]!.layout, {
    payload: () => ({ layout: { definition: MATRIX_LAYOUT_DEFINITION } }),
  }),
  route('GET /api/layouts/{id}/preview', (o) => layoutFixtures[o]!.layout),
  route('POST /api/layout-renders', null, {
    payload: (o) => ({
      layout_render: {
        layout_id: layoutFixtures[o]!.layout,
        project_id: projects[o],
        subject_ids: assignable[o]!.slice(0, 1),
      },
    }),
  }),
  route('GET /api/projects/{id}/layout-renders', projectId),
  route('GET /api/layout-renders/{id}', (o) => layoutFixtures[o]!.render),
  route('GET /api/layout-renders/{id}/download', (o) => layoutFixtures[o]!.render, { query: 'format=json' }),
  route('GET /api/projects/{id}/project-exports', projectId),
  route('POST /api/projects/{id}/project-exports', projectId, {
    payload: (o) => ({
      project_export: {
        project_export_format_id: exportFormats[o],
        included_subject_ids: assignable[o]!.slice(0, 1),
      },
    }),
  }),
  route('POST /api/projects/{id}/project-exports/check', projectId, {
    payload: (o) => ({ project_export: { project_export_format_id: exportFormats[o] } }),
  }),
  route('GET /api/project-exports/{id}', (o) => projectExports[o]!.done),
  route('GET /api/project-exports/{id}/download', (o) => projectExports[o]!.done, { query: 'format=json' }),
  route('DELETE /api/project-exports/{id}', (o) => projectExports[o]!.deletable.pop()),
  // Always 200: tokens of renders out of view are left out of the answer.
  route('GET /api/layout-renders/worker-statuses', null, {
    query: (o) => `worker_tokens[]=${layoutFixtures[o]!.token}`,
  }),
  route('DELETE /api/projects/{id}', (o) => deletableProjects[o]!.pop(), {
    payload: () => ({ confirm_name: 'Deletable project' }),
  }),
  route('GET /api/projects/{id}/data-summary', projectId),
  route('GET /api/projects/{id}/events', projectId, { stream: true }),
  route('DELETE /api/users/{id}', (o) => deletableUsers[o]!.pop()),
  // No record: the caller alone decides.
  route('GET /api/users/me'),
  route('PATCH /api/users/me', null, { payload: () => ({ user: { current_account_id: '0' } }) }),
  route('GET /api/plic-app-licenses'),
  route('GET /api/project-templates/field-keys'),
];

/**
 * The table (docs/authorization.md): route x caller -> the status each relation answers. Generated once
 * with AUTHORIZATION_TABLE=write, then read and corrected against the specs' §6 by a person; from then on
 * it is the truth the API is held to.
 */
const TABLE_FILE = path.join(REPO_ROOT, 'docs', 'authorization.md');
type Expected = Record<string, Partial<Record<Target, string>>>;
function readTable(): Expected {
  const expected: Expected = {};
  for (const line of readFileSync(TABLE_FILE, 'utf8').split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    // | METHOD /path | caller | own | child | sibling | foreign |
    if (cells.length < 8 || !/^(GET|POST|PUT|PATCH|DELETE) \//.test(cells[1]!)) continue;
    const [, route, caller, ...outcomes] = cells;
    const key = `${route} as ${caller}`;
    expected[key] = {};
    TARGETS.forEach((target, i) => {
      const cell = outcomes[i]!;
      if (cell && cell !== '-') expected[key]![target] = cell;
    });
  }
  return expected;
}
const writing = process.env.AUTHORIZATION_TABLE === 'write';
const PROVED_ACTION = process.env.PROVE_POLICY;
const actionOf = (route: { method: string; path: string }) =>
  t.app
    .routeActions()
    .find((r) => r.method === route.method && r.url.replace(/:(\w+)/g, '{$1}') === route.path)?.action;
const table = writing ? {} : readTable();
const observed: Record<string, Partial<Record<Target, number>>> = {};

describe('authorization matrix', () => {
  const cases = routes.flatMap((route) =>
    Object.entries(callers)
      .filter(([caller]) => isFamilyRoute(route) || !FAMILY_ONLY_CALLERS.has(caller))
      .flatMap(([caller, targets]) =>
        Object.entries(targets).map(([target, org]) => ({
          route,
          caller,
          target: target as Target,
          org: org as OrgKey,
        })),
      ),
  );
  test.each(cases.map((c) => [`${c.route.method} ${c.route.path}`, c.caller, c.target, c]))(
    '%s as %s on %s',
    async (name, caller, target, { route, org }) => {
      // scripts/prove-policies.ts: only the routes of the policy it negates (the rest pass untouched).
      if (PROVED_ACTION && actionOf(route) !== PROVED_ACTION) return;
      const key = `${name} as ${CALLER_NAMES[caller]}`;
      // Yourself on user routes is the current-user test's ground.
      const self =
        route.path.startsWith('/api/users/{id}') &&
        route.method !== 'DELETE' &&
        w.users[memberOf[org]]!.id === w.users[caller]!.id;
      const res = await answerOf(
        route,
        await t.app.inject({
          method: route.method,
          url: route.url(org),
          headers: bearer(tokens[caller]!),
          ...(route.payload ? { payload: route.payload(org) } : {}),
          ...(route.stream ? { payloadAsStream: true } : {}),
        }),
      );
      expect(res.statusCode).toBeLessThan(500);
      if (writing) {
        observed[key] = { ...observed[key], [target]: self ? 'self' : res.statusCode } as never;
        return;
      }
      const want = table[key]?.[target];
      expect(want, `${key} on ${target} is not in docs/authorization.md`).toBeDefined();
      if (want === 'self') return;
      expect(`${res.statusCode}`).toBe(want);
      // Out of view, nothing but "not found"; refused, nothing but the reason.
      if (res.statusCode === 404) expect(res.json()).toEqual({ error: 'not_found' });
      if (res.statusCode === 403) expect(Object.keys(res.json()).sort()).toEqual(['error', 'reason']);
    },
  );

  afterAll(() => {
    if (!writing) return;
    const lines = [
      '| route | caller | own | child | sibling | foreign |',
      '| --- | --- | --- | --- | --- | --- |',
    ];
    for (const route of routes) {
      for (const caller of Object.keys(callers)) {
        if (FAMILY_ONLY_CALLERS.has(caller) && !isFamilyRoute(route)) continue;
        const key = `${route.method} ${route.path} as ${CALLER_NAMES[caller]}`;
        const row = observed[key] ?? {};
        lines.push(
          `| ${route.method} ${route.path} | ${CALLER_NAMES[caller]} | ${TARGETS.map((x) => row[x] ?? '-').join(' | ')} |`,
        );
      }
    }
    writeFileSync(path.join(REPO_ROOT, 'var', 'authorization-table.md'), `${lines.join('\n')}\n`);
  });

  test('every route declares the action it performs, or is marked public', () => {
    const all = t.app.routeActions();
    expect(all.length).toBeGreaterThan(50);
    const undeclared = all.filter((r) => !r.action).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  test("a project's template copy is seen exactly when its project is", async () => {
    const copy = await insertId(t.ctx.db, 'project_templates', {
      organization_id: w.orgs.studioA.id,
      name: 'Copy for School A1',
      project_id: projects.schoolA1!,
    });
    const otherSchool = await signIn(t.app, w.users.memberSchoolA2!.email);
    const get = (token: string) =>
      t.app.inject({ url: `/api/project-templates/${copy}`, headers: bearer(token) });
    expect((await get(tokens.schoolStaff!)).statusCode).toBe(200);
    expect((await get(tokens.studioManager!)).statusCode).toBe(200);
    // The second school sees its studio's templates' organization, but not another school's project.
    const refused = await get(otherSchool);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: 'not_found' });
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/project-templates/${copy}`,
        headers: bearer(otherSchool),
        ...(method === 'PUT'
          ? {
              payload: {
                project_template: { name: 'x', subject_fields_attributes: [{ field_key: 'first_name' }] },
              },
            }
          : {}),
      });
      expect(res.statusCode).toBe(404);
    }
  });

  test('every API operation states the shape of its success answer (the web reads its types from them)', async () => {
    const spec = (await t.app.inject('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: unknown }> }>>;
    };
    const operations = Object.entries(spec.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
    );
    expect(operations.length).toBeGreaterThan(50);
    const without = operations
      // fastify-swagger invents a bare "200: Default Response" for routes without one: that is not a shape.
      .filter(
        ({ op }) =>
          !Object.entries(op.responses ?? {}).some(
            ([status, answer]) =>
              /^3\d\d$|^204$/.test(status) || (/^2\d\d$/.test(status) && !!answer.content),
          ),
      )
      .map(({ key }) => key);
    expect(without).toEqual([]);
  });

  test('every route that needs a token is in the table', () => {
    const covered = new Set(routes.map((r) => `${r.method} ${r.path}`));
    const missing = t.app
      .routeActions()
      .filter((r) => r.action !== 'public')
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`)
      .filter((key) => !covered.has(key));
    expect(missing).toEqual([]);
  });

  test('every row of the table is a route the API has', () => {
    if (writing) return;
    const known = new Set(routes.map((r) => `${r.method} ${r.path}`));
    const stale = Object.keys(table)
      .map((key) => key.split(' as ')[0]!)
      .filter((route) => !known.has(route));
    expect(stale).toEqual([]);
  });
});
