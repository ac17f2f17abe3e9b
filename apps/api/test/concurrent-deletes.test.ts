import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, eventually, type TestApp } from './support/app.js';
import { bearer, buildUser, signIn } from './support/factories.js';
import { insertId } from './support/rows.js';
import { buildWorld, type World } from './support/world.js';

/**
 * Every DELETE route the API has, sent twice at once for the same record (and beside the PATCH or PUT of
 * the same path where there is one): exactly one delete succeeds, the other answers 404, nothing answers
 * 5xx. The test holds the record's row locked until every request has passed its visibility check and
 * loaded the record and waits on the row, then lets go: the requests then write in the order they came.
 */
let t: TestApp;
let w: World;
let token: string;
let projectId: string;

interface Fixture {
  /** The table whose row the route deletes (or marks deleted). */
  table: 'project_templates' | 'subjects' | 'photo_crops' | 'subject_photo_assignments' | 'attachments';
  make(): Promise<string>;
  deleteBody?: unknown;
  /** The PATCH or PUT of the same path, with a body it accepts. */
  change?: { method: 'PATCH' | 'PUT'; body: unknown };
}
type AnyTable =
  | Fixture['table']
  | 'project_export_formats'
  | 'project_exports'
  | 'projects'
  | 'users'
  | 'stations'
  | 'yearbook_targets'
  | 'guardian_links';

async function photo() {
  const album = await insertId(t.ctx.db, 'albums', {
    name: 'Race',
    parent_resource_type: 'Project',
    parent_resource_id: projectId,
  });
  return insertId(t.ctx.db, 'photos', {
    album_id: album,
    storage_key: `race/${album}/original`,
    upload_file_name: 'p.jpg',
    upload_file_size: 10,
    upload_content_type: 'image/jpeg',
    upload_verified_at: new Date(),
  });
}
const subject = () => insertId(t.ctx.db, 'subjects', { project_id: projectId, properties: '{}' });
const format = () =>
  insertId(t.ctx.db, 'project_export_formats', {
    organization_id: w.orgs.studioA.id,
    name: `Race format ${Math.random()}`,
    standard_key: null,
    created_by_user_id: null,
  });

/** A station of a new photo session of the project, with its link. */
async function station() {
  const session = await t.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/photo-sessions`,
    headers: bearer(token),
    payload: { photo_session: { name: 'Race day', date: new Date().toISOString().slice(0, 10) } },
  });
  const made = await t.app.inject({
    method: 'POST',
    url: `/api/photo-sessions/${session.json().photo_session.id}/stations`,
    headers: bearer(token),
    payload: { station: { name: 'Gym' } },
  });
  return made.json().station.id as string;
}

/** A guardian's claim on a new subject of the project, through the subject's access code. */
async function guardianLink() {
  const subjectId = await subject();
  const code = await insertId(t.ctx.db, 'family_access_codes', {
    subject_id: subjectId,
    code: Array.from(
      { length: 10 },
      () => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[Math.floor(Math.random() * 31)],
    ).join(''),
  });
  const guardian = await insertId(t.ctx.db, 'guardians', { email: `race-${Math.random()}@example.com` });
  return insertId(t.ctx.db, 'guardian_links', {
    guardian_id: guardian,
    subject_id: subjectId,
    access_code_id: code,
  });
}

// Keyed by the route as the app lists it; a delete route missing here fails the coverage test.
const fixtures: Record<string, Omit<Fixture, 'table'> & { table: AnyTable }> = {
  '/api/yearbook-targets/:id': {
    table: 'yearbook_targets',
    make: () => insertId(t.ctx.db, 'yearbook_targets', { project_id: projectId, publisher: 'jostens' }),
    change: { method: 'PATCH', body: { yearbook_target: { notify_days_before: 3 } } },
  },
  '/api/guardian-links/:id': { table: 'guardian_links', make: guardianLink },
  '/api/stations/:id/link': { table: 'stations', make: station },
  '/api/project-templates/:id': {
    table: 'project_templates',
    make: () =>
      insertId(t.ctx.db, 'project_templates', {
        organization_id: w.orgs.studioA.id,
        name: 'Race',
        project_id: null,
      }),
    change: {
      method: 'PUT',
      body: {
        project_template: { name: 'Renamed', subject_fields_attributes: [{ field_key: 'first_name' }] },
      },
    },
  },
  '/api/subjects/:id': {
    table: 'subjects',
    make: subject,
    change: { method: 'PATCH', body: { subject: { properties: {} } } },
  },
  '/api/photo-crops/:id': {
    table: 'photo_crops',
    make: async () =>
      insertId(t.ctx.db, 'photo_crops', {
        photo_id: await photo(),
        name: 'c',
        x: 0,
        y: 0,
        width: 0.5,
        height: 0.5,
      }),
    change: { method: 'PATCH', body: { photo_crop: { x: 0, y: 0, width: 0.6, height: 0.6 } } },
  },
  '/api/subject-photo-assignments/:id': {
    table: 'subject_photo_assignments',
    make: async () =>
      insertId(t.ctx.db, 'subject_photo_assignments', {
        subject_id: await subject(),
        photo_id: await photo(),
      }),
    change: { method: 'PATCH', body: { subject_photo_assignment: { is_primary: true } } },
  },
  '/api/attachments/:id': {
    table: 'attachments',
    make: async () => {
      const request = await insertId(t.ctx.db, 'attachment_requests', {
        organization_id: w.orgs.studioA.id,
        name: 'Roster',
        description: 'Send it',
      });
      await t.ctx.db
        .insertInto('attachment_request_projects')
        .values({ attachment_request_id: request, project_id: projectId })
        .execute();
      return insertId(t.ctx.db, 'attachments', {
        project_id: projectId,
        attachment_request_id: request,
        name: 'never arrived',
        storage_key: `race/${request}/file`,
        upload_file_name: 'roster.csv',
        upload_file_size: 10,
        upload_content_type: 'text/csv',
        upload_verified_at: null,
      });
    },
  },
  '/api/project-export-formats/:id': {
    table: 'project_export_formats',
    make: format,
    change: {
      method: 'PUT',
      body: {
        project_export_format: {
          name: 'Race renamed',
          field_mappings: [{ field_key: 'first_name', position: 1 }],
        },
      },
    },
  },
  '/api/project-exports/:id': {
    table: 'project_exports',
    make: async () =>
      insertId(t.ctx.db, 'project_exports', {
        project_id: projectId,
        project_export_format_id: await format(),
        project_export_format_name: 'Race format',
        created_by_user_id: null,
        job_status: 'completed',
        export_started_at: new Date(),
        export_completed_at: new Date(),
        storage_key: `race/${projectId}/export.zip`,
      }),
  },
  '/api/projects/:id': {
    table: 'projects',
    make: () =>
      insertId(t.ctx.db, 'projects', {
        organization_id: w.orgs.studioA.id,
        name: 'Race project',
        season_id: null,
      }),
    deleteBody: { confirm_name: 'Race project' },
    change: { method: 'PATCH', body: { project: { short_code: 'RACE' } } },
  },
  '/api/users/:id': {
    table: 'users',
    make: async () => (await buildUser(t.ctx.db, { organizations: [w.orgs.studioA.id] })).id,
  },
};

beforeAll(async () => {
  t = await createTestApp({}, { workers: false });
  w = await buildWorld(t.ctx.db);
  token = await signIn(t.app, w.users.studioManager!.email);
  projectId = await insertId(t.ctx.db, 'projects', {
    organization_id: w.orgs.studioA.id,
    name: 'Race home',
    season_id: null,
  });
});
afterAll(() => t?.close());

const deleteRoutes = () =>
  t.app
    .routeActions()
    .filter((r) => r.method === 'DELETE')
    .map((r) => r.url);

/** Sends the requests while the row is locked; lets go once all of them wait on it. */
async function race(table: AnyTable, id: string, requests: (() => Promise<{ statusCode: number }>)[]) {
  const held = await t.ctx.db.transaction().execute(async (trx) => {
    await sql`SELECT 1 FROM ${sql.table(table)} WHERE id = ${id} FOR UPDATE`.execute(trx);
    // One at a time, each waiting on the row before the next is sent: they queue in this order.
    const sent: Promise<{ statusCode: number }>[] = [];
    for (const request of requests) {
      sent.push(request());
      await eventually(async () => {
        const { rows } = await sql<{ waiting: number }>`
          SELECT count(*)::int AS waiting FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(t.ctx.db);
        return rows[0]!.waiting >= sent.length;
      }, 5_000);
    }
    const answers = Promise.all(sent);
    // Wrapped: returning the promise itself would make the transaction wait for the requests it blocks.
    return { answers };
  });
  return (await held.answers).map((a) => a.statusCode);
}

const send = (method: string, path: string, id: string, payload?: unknown) => () =>
  t.app.inject({
    method: method as 'DELETE',
    url: path.replace(':id', id),
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('concurrent deletes', () => {
  test('every delete route has a race case here', () => {
    expect(deleteRoutes().filter((url) => !fixtures[url])).toEqual([]);
  });

  test.each(Object.keys(fixtures))('DELETE %s twice at once: one succeeds, the other 404', async (path) => {
    const f = fixtures[path]!;
    const id = await f.make();
    const codes = await race(f.table, id, [
      send('DELETE', path, id, f.deleteBody),
      send('DELETE', path, id, f.deleteBody),
    ]);
    expect(
      codes.filter((c) => c >= 200 && c < 300),
      String(codes),
    ).toHaveLength(1);
    expect(
      codes.filter((c) => c === 404),
      String(codes),
    ).toHaveLength(1);
  });

  test('a merge of duplicates beside the DELETE of a subject it merges: the merge wins, the delete 404, no deadlock', async () => {
    const kept = await subject();
    const merged = await subject();
    await insertId(t.ctx.db, 'subject_photo_assignments', {
      subject_id: merged,
      photo_id: await photo(),
      is_primary: true,
    });
    const [mergedAnswer, deleted] = await race('subjects', merged, [
      send('POST', '/api/subjects/:id/merge', kept, { merged_subject_ids: [merged] }),
      send('DELETE', '/api/subjects/:id', merged),
    ]);
    expect([mergedAnswer, deleted]).toEqual([200, 404]);
    const photos = await t.ctx.db
      .selectFrom('subject_photo_assignments')
      .select('subject_id')
      .where('subject_id', 'in', [kept, merged])
      .execute();
    expect(photos).toEqual([{ subject_id: kept }]);
  });

  const withChange = Object.keys(fixtures).filter((path) => fixtures[path]!.change);
  test.each(withChange)('DELETE %s beside its change: the delete succeeds, never a 5xx', async (path) => {
    const f = fixtures[path]!;
    const id = await f.make();
    // The delete comes first, so the change finds the record gone once it may write.
    const [deleted, changed] = await race(f.table, id, [
      send('DELETE', path, id, f.deleteBody),
      send(f.change!.method, path, id, f.change!.body),
    ]);
    expect(deleted! >= 200 && deleted! < 300, String(deleted)).toBe(true);
    expect(changed, `${f.change!.method} answered ${changed}`).toBe(404);
  });
});
