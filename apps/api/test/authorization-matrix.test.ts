import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../src/config.js';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, buildUser, signIn } from './support/factories.js';
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
const MATRIX_LAYOUT_DEFINITION = {
  page: { width: 612, height: 792 },
  grid: { width: 1, height: 1 },
  unit: {
    width: 200,
    height: 100,
    boxes: [{ kind: 'text', x: 0, y: 0, width: 200, height: 20, template: '{First Name}', size: 10 }],
  },
};
// Photo records per organization: album, photo, crops and assignments to use up, an import.
const media: Record<
  string,
  { album: string; photo: string; crops: string[]; assignments: string[]; import: string }
> = {};

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t.ctx.db);
  for (const [key, org] of Object.entries(w.orgs)) {
    projects[key] = (
      await t.ctx.db
        .insertInto('projects')
        .values({ organization_id: org.id, name: `Project of ${org.name}`, season_id: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
  for (const [key, org] of Object.entries(w.orgs)) {
    seasons[key] = (
      await t.ctx.db
        .insertInto('seasons')
        .values({ organization_id: org.id, name: `Season of ${org.name}` })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    templates[key] = (
      await t.ctx.db
        .insertInto('project_templates')
        .values({ organization_id: org.id, name: `Template of ${org.name}`, project_id: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
  for (const [key, org] of Object.entries(w.orgs)) {
    const rows = await t.ctx.db
      .insertInto('project_templates')
      .values(
        Array.from({ length: 5 }, (_, i) => ({
          organization_id: org.id,
          name: `Deletable ${i}`,
          project_id: null,
        })),
      )
      .returning('id')
      .execute();
    deletable[key] = rows.map((r) => r.id);
  }
  for (const key of Object.keys(w.orgs)) {
    const rows = await t.ctx.db
      .insertInto('subjects')
      .values(Array.from({ length: 18 }, () => ({ project_id: projects[key]!, properties: '{}' })))
      .returning('id')
      .execute();
    // The first six are used (and deleted) by the subject routes, the rest carry photo assignments.
    subjects[key] = rows.slice(0, 6).map((r) => r.id);
    assignable[key] = rows.slice(6, 12).map((r) => r.id);
    mergeable[key] = rows.slice(12).map((r) => r.id);
  }
  for (const key of Object.keys(w.orgs)) {
    const db = t.ctx.db;
    const album = await db
      .insertInto('albums')
      .values({ name: 'Matrix', parent_resource_type: 'Project', parent_resource_id: projects[key]! })
      .returning('id')
      .executeTakeFirstOrThrow();
    const photo = await db
      .insertInto('photos')
      .values({
        album_id: album.id,
        storage_key: `matrix/${key}/original`,
        upload_file_name: 'p.jpg',
        upload_file_size: 10,
        upload_content_type: 'image/jpeg',
        upload_verified_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const crops = await db
      .insertInto('photo_crops')
      .values(
        Array.from({ length: 6 }, () => ({
          photo_id: photo.id,
          name: 'c',
          x: 0,
          y: 0,
          width: 0.5,
          height: 0.5,
        })),
      )
      .returning('id')
      .execute();
    const assignments = await db
      .insertInto('subject_photo_assignments')
      .values(assignable[key]!.map((subject_id) => ({ subject_id, photo_id: photo.id })))
      .returning('id')
      .execute();
    const started = await db
      .insertInto('project_imports')
      .values({ project_id: projects[key]! })
      .returning('id')
      .executeTakeFirstOrThrow();
    media[key] = {
      album: album.id,
      photo: photo.id,
      crops: crops.map((c) => c.id),
      assignments: assignments.map((a) => a.id),
      import: started.id,
    };
  }
  for (const [key, org] of Object.entries(w.orgs)) {
    const db = t.ctx.db;
    const request = await db
      .insertInto('attachment_requests')
      .values({ organization_id: org.id, name: 'Roster', description: 'Send it' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('attachment_request_projects')
      .values({ attachment_request_id: request.id, project_id: projects[key]! })
      .execute();
    const file = (name: string, verified: boolean) =>
      db
        .insertInto('attachments')
        .values({
          project_id: projects[key]!,
          attachment_request_id: request.id,
          name,
          storage_key: `matrix/${key}/${name}`,
          upload_file_name: `${name}.csv`,
          upload_file_size: 10,
          upload_content_type: 'text/csv',
          upload_verified_at: verified ? new Date() : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    files[key] = {
      request: request.id,
      pending: (await file('pending', false)).id,
      verified: (await file('verified', true)).id,
    };
    // Removing uses up a file that never arrived: one for each removal case.
    discardable[key] = [];
    for (let i = 0; i < 6; i++) discardable[key]!.push((await file(`never-arrived-${i}`, false)).id);
  }
  for (const [key, org] of Object.entries(w.orgs)) {
    const rows = await t.ctx.db
      .insertInto('project_export_formats')
      .values(
        Array.from({ length: 6 }, (_, i) => ({
          organization_id: org.id,
          name: `Format ${i} of ${org.name}`,
          standard_key: null,
          created_by_user_id: null,
        })),
      )
      .returning('id')
      .execute();
    exportFormats[key] = rows[0]!.id;
    deletableFormats[key] = rows.slice(1).map((r) => r.id);
  }
  for (const key of Object.keys(w.orgs)) {
    rosterImports[key] = (
      await t.ctx.db
        .insertInto('subject_imports')
        .values({
          project_id: projects[key]!,
          storage_key: `matrix/${key}/roster-import`,
          upload_file_name: 'roster.csv',
          upload_file_size: 10,
          status: 'ready',
          columns: ['ID'],
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
  // Layouts: a category and a layout of each organization's own, and a finished render per project.
  for (const [key, org] of Object.entries(w.orgs)) {
    const db = t.ctx.db;
    const category = await db
      .insertInto('layout_categories')
      .values({ slug: 'matrix', name: `Layouts of ${org.name}`, organization_id: org.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const definition = MATRIX_LAYOUT_DEFINITION;
    const layout = await db
      .insertInto('layouts')
      .values({
        layout_category_id: category.id,
        organization_id: org.id,
        name: 'Matrix layout',
        layout_type: 'Basic',
        definition: JSON.stringify(definition),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const render = await db
      .insertInto('layout_renders')
      .values({
        project_id: projects[key]!,
        layout_id: layout.id,
        render_type: 'Basic',
        render_name: 'Matrix render',
        subject_ids: assignable[key]!.slice(0, 1),
        worker_token: randomBytes(16).toString('hex'),
        worker_status: 'complete',
        storage_key: `matrix/${key}/render.pdf`,
      })
      .returning(['id', 'worker_token'])
      .executeTakeFirstOrThrow();
    layoutFixtures[key] = {
      category: category.id,
      layout: layout.id,
      render: render.id,
      token: render.worker_token,
    };
  }
  for (const key of Object.keys(w.orgs)) {
    const rows = await t.ctx.db
      .insertInto('project_exports')
      .values(
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
      )
      .returning('id')
      .execute();
    projectExports[key] = { done: rows[0]!.id, deletable: rows.slice(1).map((r) => r.id) };
  }
  for (const [key, org] of Object.entries(w.orgs)) {
    const rows = await t.ctx.db
      .insertInto('projects')
      .values(
        Array.from({ length: 6 }, () => ({
          organization_id: org.id,
          name: 'Deletable project',
          season_id: null,
        })),
      )
      .returning('id')
      .execute();
    deletableProjects[key] = rows.map((r) => r.id);
    deletableUsers[key] = [];
    for (let i = 0; i < 6; i++)
      deletableUsers[key]!.push((await buildUser(t.ctx.db, { organizations: [org.id] })).id);
  }
  for (const key of Object.keys(w.orgs)) {
    const db = t.ctx.db;
    const batch = async (match_by: 'camera_card' | 'mapping_file', state: 'open' | 'matched') => {
      const album = await db
        .insertInto('albums')
        .values({ name: 'Picture day', parent_resource_type: 'Project', parent_resource_id: projects[key]! })
        .returning('id')
        .executeTakeFirstOrThrow();
      const row = await db
        .insertInto('photo_batches')
        .values({ project_id: projects[key]!, album_id: album.id, name: 'Matrix', match_by, state })
        .returning('id')
        .executeTakeFirstOrThrow();
      const photo = await db
        .insertInto('photos')
        .values({
          album_id: album.id,
          storage_key: `matrix/${key}/batch-${row.id}/original`,
          upload_file_name: 'IMG_1.jpg',
          upload_file_size: 10,
          upload_content_type: 'image/jpeg',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const item = await db
        .insertInto('photo_batch_items')
        .values({
          photo_batch_id: row.id,
          photo_id: photo.id,
          file_name: 'IMG_1.jpg',
          byte_size: 10,
          state: state === 'matched' ? 'unmatched' : 'pending',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { batch: row.id, item: item.id };
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
  for (const who of ['labManager', 'studioManager', 'studioStaff', 'schoolStaff', 'unlicensed']) {
    tokens[who] = await signIn(t.app, w.users[who]!.email);
  }
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
};
// The table names callers as a reader would.
const CALLER_NAMES: Record<string, string> = {
  labManager: 'lab manager',
  studioManager: 'studio manager',
  studioStaff: 'studio staff',
  schoolStaff: 'school staff',
  unlicensed: 'unlicensed',
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
}
const routes: Route[] = [
  { method: 'GET', path: '/api/organizations/{id}', url: (o) => `/api/organizations/${w.orgs[o].id}` },
  {
    method: 'PATCH',
    path: '/api/organizations/{id}',
    url: (o) => `/api/organizations/${w.orgs[o].id}`,
    payload: () => ({ organization: { contact_name: 'Changed' } }),
  },
  {
    method: 'GET',
    path: '/api/organizations/{id}/organizations',
    url: (o) => `/api/organizations/${w.orgs[o].id}/organizations`,
  },
  {
    method: 'POST',
    path: '/api/organizations/{id}/organizations',
    url: (o) => `/api/organizations/${w.orgs[o].id}/organizations`,
    payload: () => ({ organization: { name: 'Matrix child' } }),
  },
  {
    method: 'GET',
    path: '/api/organizations/{id}/accounts',
    url: (o) => `/api/organizations/${w.orgs[o].id}/accounts?include_users=true`,
  },
  {
    method: 'GET',
    path: '/api/organizations/{id}/users',
    url: (o) => `/api/organizations/${w.orgs[o].id}/users`,
  },
  {
    method: 'POST',
    path: '/api/organizations/{id}/users',
    url: (o) => `/api/organizations/${w.orgs[o].id}/users`,
    payload: () => ({
      user: { name: 'Matrix Person', email: `matrix-${Math.random()}@example.test` },
      plic_app_id: 'school-portal',
    }),
  },
  {
    method: 'GET',
    path: '/api/organizations/{id}/audit-events',
    url: (o) => `/api/organizations/${w.orgs[o].id}/audit-events`,
  },
  {
    method: 'GET',
    path: '/api/organizations/{id}/audit-events/actors',
    url: (o) => `/api/organizations/${w.orgs[o].id}/audit-events/actors`,
  },
  {
    method: 'GET',
    path: '/api/organizations/{id}/audit-events.csv',
    url: (o) => `/api/organizations/${w.orgs[o].id}/audit-events.csv`,
  },
  {
    method: 'GET',
    path: '/api/organizations/{id}/projects',
    url: (o) => `/api/organizations/${w.orgs[o].id}/projects`,
  },
  {
    method: 'GET',
    path: '/api/organizations/{id}/support',
    url: (o) => `/api/organizations/${w.orgs[o].id}/support`,
  },
  { method: 'GET', path: '/api/projects/{id}', url: (o) => `/api/projects/${projects[o]}` },
  {
    method: 'PATCH',
    path: '/api/projects/{id}',
    url: (o) => `/api/projects/${projects[o]}`,
    payload: () => ({ project: { short_code: 'MTRX' } }),
  },
  {
    method: 'PATCH',
    path: '/api/projects/{id}/activate',
    url: (o) => `/api/projects/${projects[o]}/activate`,
    payload: () => ({ plic_app_id: 'school-portal' }),
  },
  {
    method: 'GET',
    path: '/api/organizations/{id}/seasons',
    url: (o) => `/api/organizations/${w.orgs[o].id}/seasons`,
  },
  {
    method: 'POST',
    path: '/api/organizations/{id}/seasons',
    url: (o) => `/api/organizations/${w.orgs[o].id}/seasons`,
    payload: () => ({ season: { name: 'Matrix season' } }),
  },
  { method: 'GET', path: '/api/seasons/{id}', url: (o) => `/api/seasons/${seasons[o]}` },
  {
    method: 'GET',
    path: '/api/organizations/{id}/project-templates',
    url: (o) => `/api/organizations/${w.orgs[o].id}/project-templates`,
  },
  {
    method: 'GET',
    path: '/api/project-templates/{id}',
    url: (o) => `/api/project-templates/${templates[o]}`,
  },
  {
    method: 'PUT',
    path: '/api/project-templates/{id}',
    url: (o) => `/api/project-templates/${templates[o]}`,
    payload: () => ({
      project_template: { name: 'Renamed', subject_fields_attributes: [{ field_key: 'first_name' }] },
    }),
  },
  {
    method: 'DELETE',
    path: '/api/project-templates/{id}',
    url: (o) => `/api/project-templates/${deletable[o]!.pop()}`,
  },
  { method: 'GET', path: '/api/projects/{id}/subjects', url: (o) => `/api/projects/${projects[o]}/subjects` },
  {
    method: 'GET',
    path: '/api/projects/{id}/subjects/search',
    url: (o) => `/api/projects/${projects[o]}/subjects/search?q=a`,
  },
  {
    method: 'POST',
    path: '/api/projects/{id}/subjects',
    url: (o) => `/api/projects/${projects[o]}/subjects`,
    payload: () => ({ subject: { properties: {} } }),
  },
  {
    method: 'POST',
    path: '/api/projects/{id}/subject-selection',
    url: (o) => `/api/projects/${projects[o]}/subject-selection`,
    payload: () => ({}),
  },
  {
    method: 'POST',
    path: '/api/projects/{id}/subject-consents',
    url: (o) => `/api/projects/${projects[o]}/subject-consents`,
    payload: (o) => ({
      selection: { included_subject_ids: assignable[o]!.slice(0, 1) },
      yearbook_opt_out: true,
    }),
  },
  {
    method: 'POST',
    path: '/api/projects/{id}/duplicate-subjects',
    url: (o) => `/api/projects/${projects[o]}/duplicate-subjects`,
    payload: () => ({ fields: ['first_name'] }),
  },
  { method: 'GET', path: '/api/subjects/{id}', url: (o) => `/api/subjects/${subjects[o]![0]}` },
  {
    method: 'PATCH',
    path: '/api/subjects/{id}',
    url: (o) => `/api/subjects/${subjects[o]![0]}`,
    payload: () => ({ subject: { properties: {} } }),
  },
  // Each delete case uses up a subject of its own.
  { method: 'DELETE', path: '/api/subjects/{id}', url: (o) => `/api/subjects/${subjects[o]!.pop()}` },
  {
    method: 'POST',
    path: '/api/subjects/{id}/merge',
    url: (o) => `/api/subjects/${subjects[o]![0]}/merge`,
    payload: (o) => ({ merged_subject_ids: [mergeable[o]!.pop()] }),
  },
  { method: 'GET', path: '/api/albums/{id}/photos', url: (o) => `/api/albums/${media[o]!.album}/photos` },
  {
    method: 'POST',
    path: '/api/albums/{id}/photos',
    url: (o) => `/api/albums/${media[o]!.album}/photos`,
    payload: () => ({
      photo: { upload_file_name: 'x.jpg', upload_file_size: 100, upload_content_type: 'image/jpeg' },
    }),
  },
  { method: 'GET', path: '/api/photos/{id}', url: (o) => `/api/photos/${media[o]!.photo}` },
  { method: 'PATCH', path: '/api/photos/{id}/verify', url: (o) => `/api/photos/${media[o]!.photo}/verify` },
  {
    method: 'GET',
    path: '/api/photos/{id}/thumb',
    url: (o) => `/api/photos/${media[o]!.photo}/thumb?size=tiny`,
  },
  {
    method: 'GET',
    path: '/api/photos/{id}/photo-crops',
    url: (o) => `/api/photos/${media[o]!.photo}/photo-crops`,
  },
  {
    method: 'POST',
    path: '/api/photos/{id}/photo-crops',
    url: (o) => `/api/photos/${media[o]!.photo}/photo-crops`,
    payload: () => ({ photo_crop: { x: 0, y: 0, width: 0.5, height: 0.5 } }),
  },
  {
    method: 'PATCH',
    path: '/api/photo-crops/{id}',
    url: (o) => `/api/photo-crops/${media[o]!.crops[0]}`,
    payload: () => ({ photo_crop: { x: 0, y: 0, width: 0.6, height: 0.6 } }),
  },
  {
    method: 'DELETE',
    path: '/api/photo-crops/{id}',
    url: (o) => `/api/photo-crops/${media[o]!.crops.pop()}`,
  },
  {
    method: 'PATCH',
    path: '/api/subject-photo-assignments/{id}',
    url: (o) => `/api/subject-photo-assignments/${media[o]!.assignments[0]}`,
    payload: () => ({ subject_photo_assignment: { is_primary: true } }),
  },
  {
    method: 'DELETE',
    path: '/api/subject-photo-assignments/{id}',
    url: (o) => `/api/subject-photo-assignments/${media[o]!.assignments.pop()}`,
  },
  {
    method: 'POST',
    path: '/api/projects/{id}/project-imports',
    url: (o) => `/api/projects/${projects[o]}/project-imports`,
  },
  {
    method: 'PATCH',
    path: '/api/project-imports/{id}/finish',
    url: (o) => `/api/project-imports/${media[o]!.import}/finish`,
  },
  {
    method: 'GET',
    path: '/api/attachment-requests/{id}',
    url: (o) => `/api/attachment-requests/${files[o]!.request}`,
  },
  {
    method: 'GET',
    path: '/api/organizations/{id}/attachment-requests',
    url: (o) => `/api/organizations/${w.orgs[o].id}/attachment-requests`,
  },
  {
    method: 'GET',
    path: '/api/projects/{id}/attachment-requests',
    url: (o) => `/api/projects/${projects[o]}/attachment-requests`,
  },
  {
    method: 'GET',
    path: '/api/projects/{id}/attachments',
    url: (o) => `/api/projects/${projects[o]}/attachments`,
  },
  {
    method: 'POST',
    path: '/api/projects/{id}/attachments',
    url: (o) => `/api/projects/${projects[o]}/attachments`,
    payload: () => ({ attachment: { upload_file_name: 'roster.csv', upload_file_size: 100 } }),
  },
  {
    method: 'PATCH',
    path: '/api/attachments/{id}/verify',
    url: (o) => `/api/attachments/${files[o]!.pending}/verify`,
  },
  {
    method: 'POST',
    path: '/api/attachment-requests/{id}/uploads-complete',
    url: (o) => `/api/attachment-requests/${files[o]!.request}/uploads-complete`,
    payload: (o) => ({ attachment_ids: [files[o]!.verified] }),
  },
  {
    method: 'GET',
    path: '/api/attachments/{id}/download',
    url: (o) => `/api/attachments/${files[o]!.verified}/download`,
  },
  {
    method: 'DELETE',
    path: '/api/attachments/{id}',
    url: (o) => `/api/attachments/${discardable[o]!.pop()}`,
  },
  {
    method: 'GET',
    path: '/api/projects/{id}/subject-imports',
    url: (o) => `/api/projects/${projects[o]}/subject-imports`,
  },
  {
    method: 'POST',
    path: '/api/projects/{id}/subject-imports',
    url: (o) => `/api/projects/${projects[o]}/subject-imports`,
    payload: () => ({ subject_import: { upload_file_name: 'roster.csv', upload_file_size: 100 } }),
  },
  {
    method: 'GET',
    path: '/api/subject-imports/{id}',
    url: (o) => `/api/subject-imports/${rosterImports[o]}`,
  },
  {
    method: 'PATCH',
    path: '/api/subject-imports/{id}',
    url: (o) => `/api/subject-imports/${rosterImports[o]}`,
    payload: () => ({ subject_import: { mode: 'add_only' } }),
  },
  {
    method: 'PATCH',
    path: '/api/subject-imports/{id}/verify',
    url: (o) => `/api/subject-imports/${rosterImports[o]}/verify`,
  },
  {
    method: 'POST',
    path: '/api/subject-imports/{id}/check',
    url: (o) => `/api/subject-imports/${rosterImports[o]}/check`,
  },
  {
    method: 'POST',
    path: '/api/subject-imports/{id}/apply',
    url: (o) => `/api/subject-imports/${rosterImports[o]}/apply`,
  },
  {
    method: 'GET',
    path: '/api/subject-imports/{id}/skipped-rows',
    url: (o) => `/api/subject-imports/${rosterImports[o]}/skipped-rows`,
  },
  {
    method: 'GET',
    path: '/api/projects/{id}/photo-batches',
    url: (o) => `/api/projects/${projects[o]}/photo-batches`,
  },
  {
    method: 'POST',
    path: '/api/projects/{id}/photo-batches',
    url: (o) => `/api/projects/${projects[o]}/photo-batches`,
    payload: () => ({ photo_batch: { name: 'Picture day', match_by: 'camera_card' } }),
  },
  {
    method: 'GET',
    path: '/api/photo-batches/{id}',
    url: (o) => `/api/photo-batches/${photoBatches[o]!.read}`,
  },
  {
    method: 'POST',
    path: '/api/photo-batches/{id}/photos',
    url: (o) => `/api/photo-batches/${photoBatches[o]!.read}/photos`,
    // A new file each time (the same name and size would answer the first one's record, 200).
    payload: () => ({
      photo: {
        file_name: `${randomBytes(6).toString('hex')}.jpg`,
        byte_size: 100,
        content_type: 'image/jpeg',
      },
    }),
  },
  {
    method: 'POST',
    path: '/api/photo-batches/{id}/mapping-file',
    url: (o) => `/api/photo-batches/${photoBatches[o]!.mapping}/mapping-file`,
    payload: () => ({ mapping_file: { file_name: 'map.csv', byte_size: 100 } }),
  },
  {
    method: 'POST',
    path: '/api/photo-batches/{id}/match',
    url: (o) => `/api/photo-batches/${photoBatches[o]!.toMatch.pop()}/match`,
  },
  {
    method: 'GET',
    path: '/api/photo-batches/{id}/items',
    url: (o) => `/api/photo-batches/${photoBatches[o]!.read}/items?state=unmatched,ignored`,
  },
  {
    method: 'PATCH',
    path: '/api/photo-batch-items/{id}',
    url: (o) => `/api/photo-batch-items/${photoBatches[o]!.item}`,
    payload: () => ({ photo_batch_item: { ignored: true } }),
  },
  {
    method: 'POST',
    path: '/api/photo-batches/{id}/apply',
    url: (o) => `/api/photo-batches/${photoBatches[o]!.apply}/apply`,
  },
  {
    method: 'GET',
    path: '/api/projects/{id}/photo-checks',
    url: (o) => `/api/projects/${projects[o]}/photo-checks`,
  },
  {
    method: 'PATCH',
    path: '/api/photos/{id}',
    url: (o) => `/api/photos/${media[o]!.photo}`,
    payload: () => ({ photo: { retake_needed: true } }),
  },
  {
    method: 'POST',
    path: '/api/projects/{id}/auto-crops',
    url: (o) => `/api/projects/${projects[o]}/auto-crops`,
    payload: () => ({}),
  },
  {
    method: 'GET',
    path: '/api/projects/{id}/coverage',
    url: (o) => `/api/projects/${projects[o]}/coverage`,
  },
  {
    method: 'GET',
    path: '/api/projects/{id}/coverage.csv',
    url: (o) => `/api/projects/${projects[o]}/coverage.csv`,
  },
  {
    method: 'POST',
    path: '/api/projects/{id}/coverage/print',
    url: (o) => `/api/projects/${projects[o]}/coverage/print`,
  },
  {
    method: 'POST',
    path: '/api/projects/{id}/coverage/notify',
    url: (o) => `/api/projects/${projects[o]}/coverage/notify`,
  },
  { method: 'GET', path: '/api/users/{id}', url: (o) => `/api/users/${w.users[memberOf[o]]!.id}` },
  {
    method: 'GET',
    path: '/api/projects/{id}/project-export-formats',
    url: (o) => `/api/projects/${projects[o]}/project-export-formats`,
  },
  {
    method: 'GET',
    path: '/api/organizations/{id}/project-export-formats',
    url: (o) => `/api/organizations/${w.orgs[o].id}/project-export-formats`,
  },
  {
    method: 'GET',
    path: '/api/project-export-formats/{id}',
    url: (o) => `/api/project-export-formats/${exportFormats[o]}`,
  },
  {
    method: 'PUT',
    path: '/api/project-export-formats/{id}',
    url: (o) => `/api/project-export-formats/${exportFormats[o]}`,
    payload: () => ({
      project_export_format: {
        name: 'Matrix format',
        field_mappings: [{ field_key: 'first_name', position: 1 }],
      },
    }),
  },
  {
    method: 'POST',
    path: '/api/project-export-formats/{id}/copy',
    url: (o) => `/api/project-export-formats/${exportFormats[o]}/copy`,
  },
  {
    method: 'DELETE',
    path: '/api/project-export-formats/{id}',
    url: (o) => `/api/project-export-formats/${deletableFormats[o]!.pop()}`,
  },
  {
    method: 'POST',
    path: '/api/users/{id}/invite',
    url: (o) => `/api/users/${w.users[memberOf[o]]!.id}/invite`,
    payload: () => ({ plic_app_id: 'school-portal' }),
  },
  {
    method: 'GET',
    path: '/api/albums',
    url: (o) => `/api/albums?parent_resource_type=Project&parent_resource_id=${projects[o]}`,
  },
  // Ids in the body: a record out of view is an invalid field (422), never a 404 that would confirm it.
  {
    method: 'POST',
    path: '/api/projects',
    url: () => '/api/projects',
    payload: (o) => ({
      project: { name: 'Matrix project', organization_id: w.orgs[o].id, season_id: seasons[o] },
      project_template_id: templates[o],
    }),
  },
  {
    method: 'POST',
    path: '/api/albums',
    url: () => '/api/albums',
    payload: (o) => ({
      album: { name: 'Matrix', parent_resource_type: 'Project', parent_resource_id: projects[o] },
    }),
  },
  {
    method: 'POST',
    path: '/api/subject-photo-assignments',
    url: () => '/api/subject-photo-assignments',
    payload: (o) => ({
      subject_photo_assignment: { subject_id: subjects[o]![1], photo_id: media[o]!.photo },
    }),
  },
  {
    method: 'POST',
    path: '/api/project-templates',
    url: () => '/api/project-templates',
    payload: (o) => ({
      project_template: {
        name: 'Matrix template',
        organization_id: w.orgs[o].id,
        subject_fields_attributes: [{ field_key: 'first_name' }],
      },
    }),
  },
  {
    method: 'POST',
    path: '/api/project-export-formats',
    url: () => '/api/project-export-formats',
    payload: (o) => ({
      project_export_format: {
        name: 'Matrix format',
        organization_id: w.orgs[o].id,
        field_mappings: [{ field_key: 'first_name', position: 1 }],
      },
    }),
  },
  {
    method: 'POST',
    path: '/api/attachment-requests',
    url: () => '/api/attachment-requests',
    payload: (o) => ({
      attachment_request: { name: 'Roster', description: 'Please send it' },
      project_ids: [projects[o]],
    }),
  },
  {
    method: 'GET',
    path: '/api/organizations/{id}/layout-categories',
    url: (o) => `/api/organizations/${w.orgs[o].id}/layout-categories`,
  },
  {
    method: 'GET',
    path: '/api/layout-categories/{id}',
    url: (o) => `/api/layout-categories/${layoutFixtures[o]!.category}`,
  },
  { method: 'GET', path: '/api/layouts/{id}', url: (o) => `/api/layouts/${layoutFixtures[o]!.layout}` },
  {
    method: 'POST',
    path: '/api/layouts/{id}/copy',
    url: (o) => `/api/layouts/${layoutFixtures[o]!.layout}/copy`,
    payload: () => ({}),
  },
  {
    method: 'PUT',
    path: '/api/layouts/{id}',
    url: (o) => `/api/layouts/${layoutFixtures[o]!.layout}`,
    payload: () => ({ layout: { definition: MATRIX_LAYOUT_DEFINITION } }),
  },
  {
    method: 'GET',
    path: '/api/layouts/{id}/preview',
    url: (o) => `/api/layouts/${layoutFixtures[o]!.layout}/preview`,
  },
  {
    method: 'POST',
    path: '/api/layout-renders',
    url: () => '/api/layout-renders',
    payload: (o) => ({
      layout_render: {
        layout_id: layoutFixtures[o]!.layout,
        project_id: projects[o],
        subject_ids: assignable[o]!.slice(0, 1),
      },
    }),
  },
  {
    method: 'GET',
    path: '/api/projects/{id}/layout-renders',
    url: (o) => `/api/projects/${projects[o]}/layout-renders`,
  },
  {
    method: 'GET',
    path: '/api/layout-renders/{id}',
    url: (o) => `/api/layout-renders/${layoutFixtures[o]!.render}`,
  },
  {
    method: 'GET',
    path: '/api/layout-renders/{id}/download',
    url: (o) => `/api/layout-renders/${layoutFixtures[o]!.render}/download?format=json`,
  },
  {
    method: 'GET',
    path: '/api/projects/{id}/project-exports',
    url: (o) => `/api/projects/${projects[o]}/project-exports`,
  },
  {
    method: 'POST',
    path: '/api/projects/{id}/project-exports',
    url: (o) => `/api/projects/${projects[o]}/project-exports`,
    payload: (o) => ({
      project_export: {
        project_export_format_id: exportFormats[o],
        included_subject_ids: assignable[o]!.slice(0, 1),
      },
    }),
  },
  {
    method: 'POST',
    path: '/api/projects/{id}/project-exports/check',
    url: (o) => `/api/projects/${projects[o]}/project-exports/check`,
    payload: (o) => ({ project_export: { project_export_format_id: exportFormats[o] } }),
  },
  {
    method: 'GET',
    path: '/api/project-exports/{id}',
    url: (o) => `/api/project-exports/${projectExports[o]!.done}`,
  },
  {
    method: 'GET',
    path: '/api/project-exports/{id}/download',
    url: (o) => `/api/project-exports/${projectExports[o]!.done}/download?format=json`,
  },
  {
    method: 'DELETE',
    path: '/api/project-exports/{id}',
    url: (o) => `/api/project-exports/${projectExports[o]!.deletable.pop()}`,
  },
  // Always 200: tokens of renders out of view are left out of the answer.
  {
    method: 'GET',
    path: '/api/layout-renders/worker-statuses',
    url: (o) => `/api/layout-renders/worker-statuses?worker_tokens[]=${layoutFixtures[o]!.token}`,
  },
  {
    method: 'DELETE',
    path: '/api/projects/{id}',
    url: (o) => `/api/projects/${deletableProjects[o]!.pop()}`,
    payload: () => ({ confirm_name: 'Deletable project' }),
  },
  {
    method: 'GET',
    path: '/api/projects/{id}/data-summary',
    url: (o) => `/api/projects/${projects[o]}/data-summary`,
  },
  {
    method: 'DELETE',
    path: '/api/users/{id}',
    url: (o) => `/api/users/${deletableUsers[o]!.pop()}`,
  },
  // No record: the caller alone decides.
  { method: 'GET', path: '/api/users/me', url: () => '/api/users/me' },
  {
    method: 'PATCH',
    path: '/api/users/me',
    url: () => '/api/users/me',
    payload: () => ({ user: { current_account_id: '0' } }),
  },
  { method: 'GET', path: '/api/plic-app-licenses', url: () => '/api/plic-app-licenses' },
  {
    method: 'GET',
    path: '/api/project-templates/field-keys',
    url: () => '/api/project-templates/field-keys',
  },
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
    Object.entries(callers).flatMap(([caller, targets]) =>
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
      const res = await t.app.inject({
        method: route.method,
        url: route.url(org),
        headers: bearer(tokens[caller]!),
        ...(route.payload ? { payload: route.payload(org) } : {}),
      });
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
    const copy = await t.ctx.db
      .insertInto('project_templates')
      .values({
        organization_id: w.orgs.studioA.id,
        name: 'Copy for School A1',
        project_id: projects.schoolA1!,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const otherSchool = await signIn(t.app, w.users.memberSchoolA2!.email);
    const get = (token: string) =>
      t.app.inject({ url: `/api/project-templates/${copy.id}`, headers: bearer(token) });
    expect((await get(tokens.schoolStaff!)).statusCode).toBe(200);
    expect((await get(tokens.studioManager!)).statusCode).toBe(200);
    // The second school sees its studio's templates' organization, but not another school's project.
    const refused = await get(otherSchool);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: 'not_found' });
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/project-templates/${copy.id}`,
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
