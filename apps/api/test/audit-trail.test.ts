import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, eventually, type TestApp } from './support/app.js';
import { standardFormatId } from './support/export-format.js';
import { buildProject, buildUser, injectAs, TEST_PASSWORD } from './support/factories.js';
import { projectWithFields } from './support/project-data.js';
import { builtInLayoutId } from './support/renders.js';
import { buildWorld, type World } from './support/world.js';

/**
 * The activity trail: what is recorded, with whom and where, and who reads it. Every request
 * comes from an address of its own, so each row's address shows where it came from.
 */
let t: TestApp;
let w: World;
const tokens: Record<string, string> = {};
const ADDRESS: Record<string, string> = {
  studioManager: '203.0.113.10',
  schoolStaff: '203.0.113.20',
  labManager: '203.0.113.30',
  foreignManager: '203.0.113.40',
  studioStaff: '203.0.113.50',
  formulaUser: '203.0.113.60',
};
let projectA1: string;
let projectA2: string;
let projectB: string;
let attachmentA1: string;
let attachmentA2: string;
let formulaUser: { id: string; email: string };
// Student data the trail must never hold.
const STUDENT = {
  first: 'Zebediah',
  last: 'Quillfeather',
  email: 'zebediah.q@pupils.example.test',
  grade: 'Gr7X',
};

const call = (who: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  injectAs(t.app, tokens[who]!, method, url, payload, { remoteAddress: ADDRESS[who] ?? '127.0.0.1' });

const signInFrom = (email: string, password: string, address: string) =>
  t.app.inject({
    method: 'POST',
    url: '/oauth/token',
    remoteAddress: address,
    payload: { grant_type: 'password', username: email, password },
  });

async function signInAs(who: string, email: string) {
  const res = await signInFrom(email, TEST_PASSWORD, ADDRESS[who]!);
  expect(res.statusCode).toBe(200);
  tokens[who] = res.json().access_token;
}

async function projectIn(organizationId: string, name: string) {
  const db = t.ctx.db;
  const { projectId, fields } = await projectWithFields(db, organizationId, name, [
    'first_name',
    'last_name',
    'email',
    'grade',
  ]);
  await db
    .insertInto('subjects')
    .values({
      project_id: projectId,
      properties: JSON.stringify({
        [fields.first_name!]: STUDENT.first,
        [fields.last_name!]: STUDENT.last,
        [fields.email!]: STUDENT.email,
        [fields.grade!]: STUDENT.grade,
      }),
    })
    .execute();
  return projectId;
}

async function verifiedAttachment(projectId: string) {
  const key = `audit/${projectId}/roster.csv`;
  await t.ctx.storage.put(key, Buffer.from('a,b\n1,2\n'), 'text/csv');
  return (
    await t.ctx.db
      .insertInto('attachments')
      .values({
        project_id: projectId,
        name: 'Roster',
        storage_key: key,
        upload_file_name: 'roster.csv',
        upload_file_size: 8,
        upload_content_type: 'text/csv',
        upload_verified_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

/** Every trail row, straight from the table. */
const allRows = () => t.ctx.db.selectFrom('audit_events').selectAll().orderBy('id').execute();

/** The trail from now on: `added()` answers the rows written since this call. */
async function trailFromNow() {
  const before = (await allRows()).length;
  const added = async () => (await allRows()).slice(before);
  return {
    added,
    /** Exactly one row was added since, and it is `expected`. */
    async addedOne(expected: Record<string, unknown>) {
      const rows = await added();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject(expected);
    },
  };
}

/**
 * Who a row names and where (the studio manager acts in Studio A, school staff in School A1), on a
 * record School A1 owns unless `owner` says otherwise.
 */
function actor(who: 'studioManager' | 'schoolStaff', owner = w.orgs.schoolA1.id) {
  return {
    user_id: w.users[who]!.id,
    acting_organization_id: who === 'studioManager' ? w.orgs.studioA.id : w.orgs.schoolA1.id,
    owner_organization_id: owner,
    ip: ADDRESS[who],
  };
}

/** The row of `who`'s `action` on a record of project A1 (which School A1 owns). */
const onProjectA1 = (
  who: 'studioManager' | 'schoolStaff',
  action: string,
  record_type: string,
  record_id: string,
) => ({ ...actor(who), action, record_type, record_id, project_id: projectA1 });

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t.ctx.db);
  formulaUser = await buildUser(t.ctx.db, { organizations: [w.orgs.studioA.id] });
  await t.ctx.db
    .updateTable('users')
    .set({ name: '=HYPERLINK("http://evil.example")' })
    .where('id', '=', formulaUser.id)
    .execute();
  projectA1 = await projectIn(w.orgs.schoolA1.id, 'Spring A1');
  projectA2 = await projectIn(w.orgs.schoolA2.id, 'Spring A2');
  projectB = await projectIn(w.orgs.schoolB.id, 'Spring B');
  attachmentA1 = await verifiedAttachment(projectA1);
  attachmentA2 = await verifiedAttachment(projectA2);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('what the trail records', () => {
  test('a sign-in: the user, the account it starts in, its organization, the address', async () => {
    const trail = await trailFromNow();
    await signInAs('studioManager', w.users.studioManager!.email);
    await trail.addedOne({
      action: 'session.sign_in',
      ...actor('studioManager', w.orgs.studioA.id),
      account_id: w.users.studioManager!.accountIds[0],
      record_type: 'user',
      record_id: w.users.studioManager!.id,
      project_id: null,
    });
    for (const who of ['schoolStaff', 'labManager', 'foreignManager', 'studioStaff'])
      await signInAs(who, w.users[who]!.email);
    await signInAs('formulaUser', formulaUser.email);
  });

  test('failed sign-ins: a known user is named, an unknown e-mail leaves no user and is never stored', async () => {
    const trail = await trailFromNow();
    const typed = 'nobody-here-7731@unknown.example.test';
    expect((await signInFrom(w.users.schoolStaff!.email, 'wrong password', '198.51.100.1')).statusCode).toBe(
      400,
    );
    expect((await signInFrom(typed, 'whatever', '198.51.100.2')).statusCode).toBe(400);
    const rows = await trail.added();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      action: 'session.sign_in_failed',
      user_id: w.users.schoolStaff!.id,
      account_id: w.users.schoolStaff!.accountIds[0],
      acting_organization_id: w.orgs.schoolA1.id,
      owner_organization_id: w.orgs.schoolA1.id,
      ip: '198.51.100.1',
    });
    expect(rows[1]).toMatchObject({
      action: 'session.sign_in_failed',
      user_id: null,
      account_id: null,
      acting_organization_id: null,
      owner_organization_id: null,
      record_id: null,
      ip: '198.51.100.2',
    });
    expect(JSON.stringify(rows)).not.toContain('unknown.example.test');
  });

  test("a studio user downloads a school's file: acting in the studio, owned by the school", async () => {
    const trail = await trailFromNow();
    const res = await call('studioManager', 'GET', `/api/attachments/${attachmentA1}/download?format=json`);
    expect(res.statusCode).toBe(200);
    await trail.addedOne({
      ...onProjectA1('studioManager', 'attachment.download', 'attachment', attachmentA1),
      account_id: w.users.studioManager!.accountIds[0],
    });
    // The user with the formula for a name downloads School A2's file (for the CSV below).
    expect(
      (await call('formulaUser', 'GET', `/api/attachments/${attachmentA2}/download?format=json`)).statusCode,
    ).toBe(200);
  });

  test('a layout render: created once, downloaded once, with the project and its organization', async () => {
    const layoutId = await builtInLayoutId(t.ctx.db);
    const trail = await trailFromNow();
    // Refused input writes nothing.
    const refused = await call('schoolStaff', 'POST', '/api/layout-renders', {
      layout_render: { layout_id: layoutId, project_id: projectA1, group_by: ['Nope'] },
    });
    expect(refused.statusCode).toBe(422);
    expect(await trail.added()).toEqual([]);
    // Its subjects have no photos: printed as placeholders (left out, there would be nothing to print).
    const created = await call('schoolStaff', 'POST', '/api/layout-renders', {
      layout_render: { layout_id: layoutId, project_id: projectA1, subjects_without_photo: 'placeholder' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const render = created.json().layout_render;
    await eventually(async () => {
      const r = (await call('schoolStaff', 'GET', `/api/layout-renders/${render.id}`)).json().layout_render;
      return r.worker_status === 'complete';
    }, 60_000);
    expect((await call('studioManager', 'GET', `/api/layout-renders/${render.id}/download`)).statusCode).toBe(
      302,
    );
    const rows = await trail.added();
    expect(rows.map((r) => r.action)).toEqual(['layout_render.create', 'layout_render.download']);
    expect(rows[0]).toMatchObject({
      ...actor('schoolStaff'),
      record_type: 'layout_render',
      record_id: render.id,
      project_id: projectA1,
    });
    expect(rows[1]).toMatchObject({
      ...actor('studioManager'),
      record_id: render.id,
      project_id: projectA1,
    });
  });

  test('an export run by the school and downloaded by the studio', async () => {
    const pspa = await standardFormatId(t.ctx.db, 'pspa_yearbook');
    const trail = await trailFromNow();
    const created = await call('schoolStaff', 'POST', `/api/projects/${projectA1}/project-exports`, {
      project_export: { project_export_format_id: pspa },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().project_export.id;
    await eventually(async () => {
      const e = (await call('schoolStaff', 'GET', `/api/project-exports/${id}`)).json().project_export;
      return e.job_status === 'completed';
    }, 60_000);
    const download = await call('studioManager', 'GET', `/api/project-exports/${id}/download?format=json`);
    expect(download.statusCode, download.body).toBe(200);
    const rows = await trail.added();
    expect(rows.map((r) => r.action)).toEqual(['project_export.create', 'project_export.download']);
    expect(rows[0]).toMatchObject({
      ...actor('schoolStaff'),
      record_id: id,
      project_id: projectA1,
    });
    expect(rows[1]).toMatchObject({
      ...actor('studioManager'),
      account_id: w.users.studioManager!.accountIds[0],
      record_id: id,
      project_id: projectA1,
    });
  }, 90_000);

  test('a full-size photo downloaded (thumbnails are not recorded)', async () => {
    const album = await t.ctx.db
      .insertInto('albums')
      .values({ name: 'Photos', parent_resource_type: 'Project', parent_resource_id: projectA1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const photo = await t.ctx.db
      .insertInto('photos')
      .values({
        album_id: album.id,
        storage_key: `audit/${projectA1}/photo/original`,
        upload_file_name: 'p.jpg',
        upload_file_size: 10,
        upload_content_type: 'image/jpeg',
        upload_verified_at: new Date(),
        renditions_ready_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const trail = await trailFromNow();
    expect((await call('studioManager', 'GET', `/api/photos/${photo.id}/thumb?size=small`)).statusCode).toBe(
      302,
    );
    expect(await trail.added()).toEqual([]);
    expect((await call('studioManager', 'GET', `/api/photos/${photo.id}/thumb?size=full`)).statusCode).toBe(
      302,
    );
    await trail.addedOne(onProjectA1('studioManager', 'photo.download', 'photo', photo.id));
  });

  test('a roster import applied', async () => {
    const imp = await t.ctx.db
      .insertInto('subject_imports')
      .values({
        project_id: projectA1,
        storage_key: `audit/${projectA1}/import.csv`,
        upload_file_name: 'roster.csv',
        upload_file_size: 10,
        status: 'checked',
        columns: ['ID'],
        check_report: JSON.stringify({
          total_rows: 0,
          create_count: 0,
          update_count: 0,
          unchanged_count: 0,
          existing_skipped_count: 0,
          creates: [],
          updates: [],
          errors: [],
          error_count: 0,
        }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const trail = await trailFromNow();
    const res = await call('studioManager', 'POST', `/api/subject-imports/${imp.id}/apply`);
    expect(res.statusCode, res.body).toBe(202);
    // Applying again is refused (409) and writes no second row.
    expect((await call('studioManager', 'POST', `/api/subject-imports/${imp.id}/apply`)).statusCode).toBe(
      409,
    );
    await trail.addedOne(onProjectA1('studioManager', 'subject_import.apply', 'subject_import', imp.id));
  });

  test("a new user's rights and licence, in the trail of the user's organization", async () => {
    const trail = await trailFromNow();
    const res = await call('studioManager', 'POST', `/api/organizations/${w.orgs.schoolA1.id}/users`, {
      user: { name: 'New Teacher', email: 'new.teacher@a1.example.test' },
      plic_app_id: 'school-portal',
    });
    expect(res.statusCode).toBe(201);
    const userId = res.json().user.id;
    const rows = await trail.added();
    expect(rows.map((r) => r.action)).toEqual(['user.rights_change', 'license.change']);
    for (const row of rows) {
      expect(row).toMatchObject({
        ...actor('studioManager'),
        project_id: null,
      });
      expect(row.details).toMatchObject({ user_id: userId });
    }
    expect(rows[1]!.details).toMatchObject({ plic_app_slug: 'school-portal', active: true });
    expect(JSON.stringify(rows)).not.toContain('new.teacher');
  });

  test('accepting an invitation is a sign-in, in the trail of the account it starts in', async () => {
    const invited = await t.ctx.db
      .selectFrom('users')
      .innerJoin('accounts', 'accounts.user_id', 'users.id')
      .select(['users.id', 'accounts.id as account_id'])
      .where('users.email', '=', 'new.teacher@a1.example.test')
      .executeTakeFirstOrThrow();
    const sent = await call('studioManager', 'POST', `/api/users/${invited.id}/invite`, {
      plic_app_id: 'school-portal',
    });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    const message = await eventually(() =>
      t.ctx.db
        .selectFrom('email_outbox')
        .select('text_body')
        .where('to_address', '=', 'new.teacher@a1.example.test')
        .executeTakeFirst(),
    );
    const link = /\/invitations\/([A-Za-z0-9_-]{20,})/.exec(message.text_body)![1]!;
    const trail = await trailFromNow();
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/invitations/${link}/accept`,
      remoteAddress: '198.51.100.77',
      payload: { password: 'a long enough passphrase' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    await trail.addedOne({
      action: 'session.sign_in',
      user_id: invited.id,
      account_id: invited.account_id,
      acting_organization_id: w.orgs.schoolA1.id,
      owner_organization_id: w.orgs.schoolA1.id,
      ip: '198.51.100.77',
      details: { via: 'invitation' },
    });
  });

  test('the trail holds ids only: no student names, e-mails or field values', async () => {
    const text = JSON.stringify(await allRows());
    for (const value of Object.values(STUDENT)) expect(text).not.toContain(value);
  });

  test('the table is append-only', async () => {
    await expect(t.ctx.db.updateTable('audit_events').set({ ip: null }).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(t.ctx.db.deleteFrom('audit_events').execute()).rejects.toThrow(/append-only/);
  });
});

interface Row {
  id: string;
  action: string;
  project_id: string | null;
  project_name: string | null;
  user: { id: string; name: string } | null;
  account_id: string | null;
  acting_organization: { id: string; name: string } | null;
  owner_organization_id: string | null;
  ip: string | null;
  created_at: string;
}
const list = async (who: string, organization: string, query = '') => {
  return call(who, 'GET', `/api/organizations/${organization}/audit-events${query}`);
};
const rowsOf = async (who: string, organization: string, query = '') => {
  const res = await list(who, organization, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { audit_events: Row[]; meta: { page: number; limit: number; total: number } };
};

describe('who reads the trail', () => {
  test("a school reads its projects' trail, with the studio user who downloaded, and nothing else", async () => {
    const { audit_events: rows } = await rowsOf('schoolStaff', w.orgs.schoolA1.id, '?limit=500');
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.project_id).toBe(projectA1);
      expect(r.owner_organization_id).toBe(w.orgs.schoolA1.id);
    }
    const download = rows.find((r) => r.action === 'attachment.download');
    expect(download).toMatchObject({
      user: { id: w.users.studioManager!.id, name: expect.any(String) },
      acting_organization: { id: w.orgs.studioA.id, name: 'Studio A' },
      project_name: 'Spring A1',
      ip: ADDRESS.studioManager,
    });
    // Its users' sign-ins and user changes are not project rows: a school's staff doesn't see them.
    expect(rows.some((r) => r.action.startsWith('session.') || r.action === 'license.change')).toBe(false);
    // Another school's organization is out of view.
    expect((await list('schoolStaff', w.orgs.schoolA2.id)).statusCode).toBe(404);
  });

  test("a studio manager reads its tree: its people's actions and its schools' records", async () => {
    const { audit_events: rows } = await rowsOf('studioManager', w.orgs.studioA.id, '?limit=500');
    const actions = new Set(rows.map((r) => r.action));
    for (const a of [
      'session.sign_in',
      'session.sign_in_failed',
      'attachment.download',
      'layout_render.create',
      'layout_render.download',
      'subject_import.apply',
      'photo.download',
      'project_export.create',
      'project_export.download',
      'user.rights_change',
      'license.change',
    ])
      expect(actions, a).toContain(a);
    // Nothing of the other tree, nor the unknown e-mail's failure (it belongs to no organization).
    expect(rows.some((r) => r.user?.id === w.users.foreignManager!.id)).toBe(false);
    expect(rows.some((r) => r.action === 'session.sign_in_failed' && r.user === null)).toBe(false);
    // Under a school, the studio manager reads that school's rows only.
    const school = await rowsOf('studioManager', w.orgs.schoolA2.id, '?limit=500');
    expect(school.audit_events.length).toBeGreaterThan(0);
    for (const r of school.audit_events) expect(r.owner_organization_id).toBe(w.orgs.schoolA2.id);
  });

  test('the Who list: each person of the rows the caller reads, once, and no one else', async () => {
    const actorsOf = async (who: string, organization: string) => {
      const res = await call(who, 'GET', `/api/organizations/${organization}/audit-events/actors`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { actors: { id: string; name: string }[]; meta: { total: number } };
    };
    for (const [who, organization] of [
      ['schoolStaff', w.orgs.schoolA1.id],
      ['studioManager', w.orgs.studioA.id],
    ] as const) {
      const { audit_events: rows } = await rowsOf(who, organization, '?limit=500');
      const expected = new Map(rows.flatMap((r) => (r.user ? [[r.user.id, r.user.name] as const] : [])));
      expect(expected.size, who).toBeGreaterThan(0);
      const { actors, meta } = await actorsOf(who, organization);
      expect(actors.map((a) => a.id).sort(), who).toEqual([...expected.keys()].sort());
      expect(meta.total).toBe(expected.size);
      for (const a of actors) expect(a.name).toBe(expected.get(a.id));
    }
    // A school's list names the studio's people who worked on its projects, not the other tree's.
    const { actors } = await actorsOf('schoolStaff', w.orgs.schoolA1.id);
    expect(actors.map((a) => a.id)).toContain(w.users.studioManager!.id);
    const studio = await actorsOf('studioManager', w.orgs.studioA.id);
    expect(studio.actors.map((a) => a.id)).not.toContain(w.users.foreignManager!.id);
    const path = `/api/organizations/${w.orgs.studioA.id}/audit-events/actors`;
    expect((await call('foreignManager', 'GET', path)).statusCode).toBe(404);
    expect((await call('studioStaff', 'GET', path)).statusCode).toBe(403);
    // Bad paging is a 400 naming the field, never a 500.
    for (const [query, field] of [
      ['?limit=0', 'limit'],
      ['?limit=501', 'limit'],
      ['?page=abc', 'page'],
      ['?actor_id=1', 'actor_id'],
    ]) {
      const bad = await call('studioManager', 'GET', `${path}${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.body, query).toContain(field);
    }
  });

  test('another organization gets 404; staff without the manager role 403', async () => {
    const foreign = await list('foreignManager', w.orgs.studioA.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'not_found' });
    expect((await list('studioManager', w.orgs.schoolB.id)).statusCode).toBe(404);
    // Naming another tree's project as a filter finds nothing of it, even once it has a trail.
    const fileB = await verifiedAttachment(projectB);
    expect(
      (await call('foreignManager', 'GET', `/api/attachments/${fileB}/download?format=json`)).statusCode,
    ).toBe(200);
    const ofB = await rowsOf('studioManager', w.orgs.studioA.id, `?project_id=${projectB}`);
    expect(ofB.meta.total).toBe(0);
    expect((await rowsOf('foreignManager', w.orgs.studioB.id, `?project_id=${projectB}`)).meta.total).toBe(1);
    expect((await list('studioStaff', w.orgs.studioA.id)).statusCode).toBe(403);
    const csv = await call(
      'foreignManager',
      'GET',
      `/api/organizations/${w.orgs.studioA.id}/audit-events.csv`,
    );
    expect(csv.statusCode).toBe(404);
  });

  test("the other tree reads its own rows only: its manager's sign-in and download", async () => {
    const { audit_events: rows } = await rowsOf('foreignManager', w.orgs.studioB.id, '?limit=500');
    expect(rows.map((r) => r.action)).toEqual(['attachment.download', 'session.sign_in']);
    for (const r of rows) expect(r.user!.id).toBe(w.users.foreignManager!.id);
  });

  test('a deleted user is shown as (Deleted); a deleted project has no name', async () => {
    const gone = await buildUser(t.ctx.db, { organizations: [w.orgs.studioA.id] });
    const res = await signInFrom(gone.email, TEST_PASSWORD, '192.0.2.9');
    tokens.gone = res.json().access_token;
    expect(
      (await call('gone', 'GET', `/api/attachments/${attachmentA1}/download?format=json`)).statusCode,
    ).toBe(200);
    await t.ctx.db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', gone.id).execute();
    const { audit_events: rows } = await rowsOf('studioManager', w.orgs.studioA.id, `?actor_id=${gone.id}`);
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(r.user).toEqual({ id: gone.id, name: '(Deleted)' });
    // A project removed after a download: the row stays, without the project's name.
    const shortLived = await buildProject(t.ctx.db, w.orgs.schoolA2.id, 'Short-lived');
    const file = await verifiedAttachment(shortLived);
    expect(
      (await call('studioManager', 'GET', `/api/attachments/${file}/download?format=json`)).statusCode,
    ).toBe(200);
    await t.ctx.db.deleteFrom('attachments').where('id', '=', file).execute();
    await t.ctx.db.deleteFrom('projects').where('id', '=', shortLived).execute();
    const after = await rowsOf('studioManager', w.orgs.schoolA2.id, `?project_id=${shortLived}`);
    expect(after.audit_events).toHaveLength(1);
    expect(after.audit_events[0]).toMatchObject({ project_id: shortLived, project_name: null });
  });
});

describe('filters, paging, CSV', () => {
  test('filters: who, what, project, dates', async () => {
    const base = `/api/organizations/${w.orgs.studioA.id}/audit-events`;
    const get = async (q: string) => {
      const res = await call('studioManager', 'GET', `${base}?limit=500&${q}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().audit_events as Row[];
    };
    const byActor = await get(`actor_id=${w.users.schoolStaff!.id}`);
    expect(byActor.length).toBeGreaterThan(0);
    for (const r of byActor) expect(r.user!.id).toBe(w.users.schoolStaff!.id);
    const downloads = await get('action=attachment.download');
    expect(downloads.length).toBe(4);
    for (const r of downloads) expect(r.action).toBe('attachment.download');
    const ofA2 = await get(`project_id=${projectA2}`);
    expect(ofA2.map((r) => r.action)).toEqual(['attachment.download']);
    // Dates: a day bound covers that whole day (UTC); instants are exact.
    const today = new Date().toISOString().slice(0, 10);
    const all = await get('');
    expect(await get(`since=${today}&until=${today}`)).toHaveLength(all.length);
    expect(await get('until=2000-01-01')).toHaveLength(0);
    expect(await get(`since=${new Date(Date.now() + 60_000).toISOString()}`)).toHaveLength(0);
  });

  test('bad filters answer 400 with the field', async () => {
    for (const q of ['action=everything', 'since=yesterday', 'actor_id=abc', 'limit=0', 'color=red']) {
      const res = await list('studioManager', w.orgs.studioA.id, `?${q}`);
      expect(res.statusCode, q).toBe(400);
    }
  });

  test('paging: newest first, pages do not overlap, total counts all', async () => {
    const first = await rowsOf('studioManager', w.orgs.studioA.id, '?limit=3&page=1');
    const second = await rowsOf('studioManager', w.orgs.studioA.id, '?limit=3&page=2');
    const all = await rowsOf('studioManager', w.orgs.studioA.id, '?limit=500');
    expect(first.meta).toEqual({ page: 1, limit: 3, total: all.audit_events.length });
    expect(first.audit_events).toHaveLength(3);
    expect([...first.audit_events, ...second.audit_events].map((r) => r.id)).toEqual(
      all.audit_events.slice(0, 6).map((r) => r.id),
    );
    const times = all.audit_events.map((r) => r.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  test('CSV: the same rows and filters, as an attachment, formulas neutralized', async () => {
    const res = await call(
      'studioManager',
      'GET',
      `/api/organizations/${w.orgs.studioA.id}/audit-events.csv`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'ID,Time (UTC),Action,User,User ID,Account ID,Acting organization,Acting organization ID,Owner organization ID,Record type,Record ID,Project,Project ID,Address',
    );
    const all = await rowsOf('studioManager', w.orgs.studioA.id, '?limit=500');
    expect(lines).toHaveLength(all.audit_events.length + 1);
    const formula = lines.find((l) => l.includes(`,${formulaUser.id},`) && l.includes('attachment.download'));
    expect(formula).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(res.body).not.toContain(',=HYPERLINK');
    const filtered = await call(
      'studioManager',
      'GET',
      `/api/organizations/${w.orgs.studioA.id}/audit-events.csv?action=layout_render.create`,
    );
    const rows = filtered.body.trimEnd().split('\r\n').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(',layout_render.create,');
    // The school's CSV holds its projects' rows only.
    const school = await call(
      'schoolStaff',
      'GET',
      `/api/organizations/${w.orgs.schoolA1.id}/audit-events.csv`,
    );
    const schoolRows = school.body.trimEnd().split('\r\n').slice(1);
    expect(schoolRows.length).toBeGreaterThan(0);
    for (const line of schoolRows) expect(line).toContain(`,Spring A1,${projectA1},`);
  });

  test('CSV streams a long trail in pages without losing or repeating a row', async () => {
    // 2,500 downloads of School A2's file (more than two of the stream's pages), all in one instant.
    await t.ctx.db
      .insertInto('audit_events')
      .values(
        Array.from({ length: 2500 }, () => ({
          user_id: w.users.studioManager!.id,
          account_id: w.users.studioManager!.accountIds[0]!,
          acting_organization_id: w.orgs.studioA.id,
          owner_organization_id: w.orgs.schoolA2.id,
          action: 'attachment.download',
          record_type: 'attachment',
          record_id: attachmentA2,
          project_id: projectA2,
          ip: '192.0.2.1',
          details: {},
        })),
      )
      .execute();
    const res = await call(
      'studioManager',
      'GET',
      `/api/organizations/${w.orgs.schoolA2.id}/audit-events.csv?action=attachment.download`,
    );
    const rows = res.body.trimEnd().split('\r\n').slice(1);
    expect(new Set(rows.map((l) => l.split(',')[0])).size).toBe(rows.length);
    const count = await rowsOf('studioManager', w.orgs.schoolA2.id, '?action=attachment.download&limit=1');
    expect(rows).toHaveLength(count.meta.total);
    expect(count.meta.total).toBe(2502);
  });
});
