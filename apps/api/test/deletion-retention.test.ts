import { existsSync } from 'node:fs';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runRetentionSweep } from '../src/jobs/retention.js';
import { WALK_UP_RETENTION_DAYS } from '../src/modules/photo-sessions/retention.js';
import { createTestApp, eventually, type TestApp } from './support/app.js';
import { bearer, injectAs, signIn } from './support/factories.js';
import { addRender, seedProject } from './support/project-data.js';
import { startS3Server } from './support/s3.js';
import { buildWorld, type World, worldApp } from './support/world.js';

/**
 * Deletion and retention: deleting really deletes (rows and every stored object, on local disk
 * and on S3), each deletion is in the trail once, and retention runs on a clock the test controls.
 */

const DAY = 24 * 60 * 60 * 1000;

/** How many rows of the project's own tables remain (the project row included). */
async function rowsLeft(t: TestApp, projectId: string) {
  const { db } = t.ctx;
  const count = async (
    table: 'subjects' | 'attachments' | 'subject_imports' | 'layout_renders' | 'project_exports',
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select(sql<number>`count(*)`.as('n'))
          .where('project_id', '=', projectId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const photos = await db
    .selectFrom('photos as ph')
    .innerJoin('albums as al', 'al.id', 'ph.album_id')
    .select(sql<number>`count(*)`.as('n'))
    .where('al.parent_resource_id', '=', projectId)
    .executeTakeFirstOrThrow();
  const projects = await db
    .selectFrom('projects')
    .select(sql<number>`count(*)`.as('n'))
    .where('id', '=', projectId)
    .executeTakeFirstOrThrow();
  const templates = await db
    .selectFrom('project_templates')
    .select(sql<number>`count(*)`.as('n'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return {
    projects: Number(projects.n),
    subjects: await count('subjects'),
    photos: Number(photos.n),
    attachments: await count('attachments'),
    subject_imports: await count('subject_imports'),
    layout_renders: await count('layout_renders'),
    project_exports: await count('project_exports'),
    templates: Number(templates.n),
  };
}

const NONE_LEFT = {
  projects: 0,
  subjects: 0,
  photos: 0,
  attachments: 0,
  subject_imports: 0,
  layout_renders: 0,
  project_exports: 0,
  templates: 0,
};

async function auditRows(t: TestApp, action: string, recordId: string) {
  return t.ctx.db
    .selectFrom('audit_events')
    .selectAll()
    .where('action', '=', action)
    .where('record_id', '=', recordId)
    .execute();
}

describe('deletion and retention (local disk)', () => {
  let t: TestApp;
  let w: World;
  let tokens: Record<string, string>;
  const call = (who: string, method: 'GET' | 'DELETE', url: string, payload?: object) =>
    injectAs(t.app, tokens[who]!, method, url, payload);

  beforeAll(async () => {
    ({ t, w, tokens } = await worldApp());
  });
  afterAll(() => t?.close());

  test('a manager deletes a project after typing its name: every row and stored object goes, once in the trail', async () => {
    const p = await seedProject(t, w.orgs.schoolA1.id, 'Spring Portraits 2026');
    const other = await seedProject(t, w.orgs.schoolA1.id, 'Fall Portraits 2026');
    const dir = path.join(t.ctx.config.storage.localDir, p.prefix);
    expect(existsSync(dir)).toBe(true);
    for (const key of p.keys) expect(await t.ctx.storage.head(key)).not.toBeNull();

    // A wrong name (and a near miss) is refused, and nothing changes.
    for (const confirm_name of ['Spring Portraits', 'spring portraits 2026', '']) {
      const wrong = await call('studioManager', 'DELETE', `/api/projects/${p.id}`, { confirm_name });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toEqual({ errors: { confirm_name: ["Does not match the project's name."] } });
    }
    expect((await call('studioManager', 'DELETE', `/api/projects/${p.id}`, {})).statusCode).toBe(422);
    // Another organization's manager: not found. Staff who are no managers: refused.
    expect(
      (await call('foreignManager', 'DELETE', `/api/projects/${p.id}`, { confirm_name: p.name })).statusCode,
    ).toBe(404);
    expect(
      (await call('schoolStaff', 'DELETE', `/api/projects/${p.id}`, { confirm_name: p.name })).statusCode,
    ).toBe(403);
    expect(await rowsLeft(t, p.id)).toMatchObject({ projects: 1, subjects: 2, photos: 3 });
    expect(await auditRows(t, 'project.delete', p.id)).toHaveLength(0);

    const deleted = await call('studioManager', 'DELETE', `/api/projects/${p.id}`, { confirm_name: p.name });
    expect(deleted.statusCode).toBe(202);
    expect(deleted.json()).toEqual({ project_deletion: { project_id: p.id, status: 'deleting' } });
    // Gone from view at once, whatever the job has done yet.
    expect((await call('studioManager', 'GET', `/api/projects/${p.id}`)).statusCode).toBe(404);
    expect((await call('studioManager', 'GET', `/api/subjects/${p.subjects[0]}`)).statusCode).toBe(404);
    const list = await call('studioManager', 'GET', `/api/organizations/${w.orgs.schoolA1.id}/projects`);
    expect(list.json().projects.map((x: { id: string }) => x.id)).not.toContain(p.id);
    expect(
      (await call('studioManager', 'DELETE', `/api/projects/${p.id}`, { confirm_name: p.name })).statusCode,
    ).toBe(404);

    // The job removes the rows, then the files.
    await eventually(async () => (await rowsLeft(t, p.id)).projects === 0, 30_000);
    expect(await rowsLeft(t, p.id)).toEqual(NONE_LEFT);
    for (const key of p.keys) expect(await t.ctx.storage.head(key)).toBeNull();
    expect(existsSync(dir)).toBe(false);
    // The safety net for a late upload form is scheduled.
    const net = await t.ctx.db
      .selectFrom('storage_deletions')
      .selectAll()
      .where('storage_key', '=', `${p.prefix}/`)
      .executeTakeFirstOrThrow();
    expect(net.is_prefix).toBe(true);
    expect(net.delete_after.getTime()).toBeGreaterThan(Date.now());

    // Once in the trail, with the actor and the owner organization; the trail outlives the project.
    const trail = await auditRows(t, 'project.delete', p.id);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      user_id: w.users.studioManager!.id,
      acting_organization_id: w.orgs.studioA.id,
      owner_organization_id: w.orgs.schoolA1.id,
      project_id: p.id,
      record_type: 'project',
    });

    // The other project of the school keeps everything.
    expect(await rowsLeft(t, other.id)).toMatchObject({ projects: 1, subjects: 2, photos: 3 });
    for (const key of other.keys) expect(await t.ctx.storage.head(key)).not.toBeNull();
  });

  test('the deletion job is safe to run again and resumes a half-done deletion', async () => {
    const { deleteMarkedProject } = await import('../src/modules/projects/delete.js');
    const p = await seedProject(t, w.orgs.schoolA2.id, 'Half Done');
    // Not marked: the job leaves it alone.
    expect(await deleteMarkedProject(t.ctx, p.id)).toBe(false);
    expect((await rowsLeft(t, p.id)).projects).toBe(1);
    // Marked, with part of it already gone (a crash mid-way): a run finishes it.
    await t.ctx.db.updateTable('projects').set({ deleting_at: new Date() }).where('id', '=', p.id).execute();
    await t.ctx.db.deleteFrom('subjects').where('id', '=', p.subjects[0]!).execute();
    expect(await deleteMarkedProject(t.ctx, p.id)).toBe(true);
    expect(await rowsLeft(t, p.id)).toEqual(NONE_LEFT);
    for (const key of p.keys) expect(await t.ctx.storage.head(key)).toBeNull();
    expect(await deleteMarkedProject(t.ctx, p.id)).toBe(false);
  });

  test('deleting a subject removes the photos only it used, with their files, and keeps shared ones', async () => {
    const p = await seedProject(t, w.orgs.schoolA1.id, 'Subjects Go');
    const [only, shared, others] = p.photos;
    const answer = await call('studioManager', 'DELETE', `/api/subjects/${p.subjects[0]}`);
    expect(answer.statusCode).toBe(200);
    const photoIds = (
      await t.ctx.db
        .selectFrom('photos')
        .select('id')
        .where(
          'id',
          'in',
          p.photos.map((x) => x.id),
        )
        .execute()
    ).map((r) => r.id);
    expect(photoIds.sort()).toEqual([shared!.id, others!.id].sort());
    await eventually(async () => (await t.ctx.storage.head(`${only!.base}/original`)) === null);
    expect(await t.ctx.storage.head(`${only!.base}/small`)).toBeNull();
    expect(existsSync(path.join(t.ctx.config.storage.localDir, only!.base))).toBe(false);
    for (const kept of [shared!, others!]) {
      expect(await t.ctx.storage.head(`${kept.base}/original`)).not.toBeNull();
      expect(await t.ctx.storage.head(`${kept.base}/small`)).not.toBeNull();
    }
    // Each deletion once in the trail, ids only.
    const subjectTrail = await auditRows(t, 'subject.delete', p.subjects[0]!);
    expect(subjectTrail).toHaveLength(1);
    expect(subjectTrail[0]).toMatchObject({
      user_id: w.users.studioManager!.id,
      project_id: p.id,
      owner_organization_id: w.orgs.schoolA1.id,
    });
    expect(JSON.stringify(subjectTrail[0]!.details)).not.toContain('Ada');
    expect(await auditRows(t, 'photo.delete', only!.id)).toHaveLength(1);
    expect(await auditRows(t, 'photo.delete', shared!.id)).toHaveLength(0);
    // Out of view: 404, and nothing recorded.
    expect((await call('foreignManager', 'DELETE', `/api/subjects/${p.subjects[1]}`)).statusCode).toBe(404);
    expect(await auditRows(t, 'subject.delete', p.subjects[1]!)).toHaveLength(0);
  });

  test("a deleted user's token stops working at once, they can't sign in and they leave every list", async () => {
    const victim = w.users.memberSchoolA1!;
    const victimToken = await signIn(t.app, victim.email);
    tokens.victim = victimToken;
    expect((await call('victim', 'GET', '/api/users/me')).statusCode).toBe(200);
    const listed = async () =>
      (await call('studioManager', 'GET', `/api/organizations/${w.orgs.schoolA1.id}/users`))
        .json()
        .users.map((u: { id: string }) => u.id) as string[];
    expect(await listed()).toContain(victim.id);

    // Nobody deletes themselves; another organization's manager doesn't see the user; staff may not.
    expect(
      (await call('studioManager', 'DELETE', `/api/users/${w.users.studioManager!.id}`)).statusCode,
    ).toBe(403);
    expect((await call('foreignManager', 'DELETE', `/api/users/${victim.id}`)).statusCode).toBe(404);
    expect((await call('schoolStaff', 'DELETE', `/api/users/${victim.id}`)).statusCode).toBe(403);
    expect((await call('studioStaff', 'DELETE', `/api/users/${victim.id}`)).statusCode).toBe(403);
    expect((await call('victim', 'GET', '/api/users/me')).statusCode).toBe(200);

    // An export the user made: its Created By shows them deleted afterwards (the web says "(Deleted)").
    const project = await seedProject(t, w.orgs.schoolA1.id, 'Made By Victim');
    const made = await t.ctx.db
      .insertInto('project_exports')
      .values({
        project_id: project.id,
        project_export_format_name: 'Standard',
        created_by_user_id: victim.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const creator = async () =>
      (await call('studioManager', 'GET', `/api/project-exports/${made.id}`)).json().project_export
        .created_by_user;
    expect((await creator()).deleted_at).toBeNull();

    const answer = await call('studioManager', 'DELETE', `/api/users/${victim.id}`);
    expect(answer.statusCode).toBe(200);
    expect((await creator()).deleted_at).not.toBeNull();
    expect((await call('victim', 'GET', '/api/users/me')).statusCode).toBe(401);
    await expect(signIn(t.app, victim.email)).rejects.toThrow(/sign-in failed: 400/);
    expect(await listed()).not.toContain(victim.id);
    const accounts = await call('studioManager', 'GET', `/api/organizations/${w.orgs.schoolA1.id}/accounts`);
    expect(accounts.json().accounts.map((a: { user_id: string }) => a.user_id)).not.toContain(victim.id);
    expect((await call('studioManager', 'GET', `/api/users/${victim.id}`)).statusCode).toBe(404);
    expect((await call('studioManager', 'DELETE', `/api/users/${victim.id}`)).statusCode).toBe(404);
    const revoked = await t.ctx.db
      .selectFrom('access_tokens')
      .select('revoked_at')
      .where('user_id', '=', victim.id)
      .execute();
    expect(revoked.every((r) => r.revoked_at !== null)).toBe(true);

    const trail = await auditRows(t, 'user.delete', victim.id);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      user_id: w.users.studioManager!.id,
      owner_organization_id: w.orgs.schoolA1.id,
    });
  });

  test('a user with an account outside the manager’s tree can only be deleted by a manager over both', async () => {
    const { buildUser } = await import('./support/factories.js');
    const both = await buildUser(t.ctx.db, { organizations: [w.orgs.schoolA1.id, w.orgs.schoolB.id] });
    expect((await call('studioManager', 'DELETE', `/api/users/${both.id}`)).statusCode).toBe(403);
    expect((await call('labManager', 'DELETE', `/api/users/${both.id}`)).statusCode).toBe(403);
    const inA = await buildUser(t.ctx.db, { organizations: [w.orgs.schoolA1.id, w.orgs.schoolA2.id] });
    expect((await call('labManager', 'DELETE', `/api/users/${inA.id}`)).statusCode).toBe(200);
  });

  test('the retention sweep, on a controlled clock, expires old renders and purges old trail rows only', async () => {
    const p = await seedProject(t, w.orgs.schoolA2.id, 'Retention');
    const now = new Date('2031-06-01T12:00:00Z');
    const retention = t.ctx.config.exportRetentionDays;
    const prefix = `${p.prefix}/layout-renders`;
    const old = await addRender(
      t,
      p.id,
      `${prefix}/old.pdf`,
      new Date(now.getTime() - (retention + 1) * DAY),
    );
    const fresh = await addRender(
      t,
      p.id,
      `${prefix}/fresh.pdf`,
      new Date(now.getTime() - (retention - 1) * DAY),
    );
    // A render completed before expiry dates existed gets one from its completion.
    const legacy = await addRender(
      t,
      p.id,
      `${prefix}/legacy.pdf`,
      new Date(now.getTime() - (retention + 2) * DAY),
    );
    await t.ctx.db
      .updateTable('layout_renders')
      .set({ expires_at: null })
      .where('id', '=', legacy.id)
      .execute();

    const auditDays = t.ctx.config.auditRetentionDays;
    const insertTrail = async (ageDays: number) =>
      (
        await t.ctx.db
          .insertInto('audit_events')
          .values({
            action: 'attachment.download',
            record_type: 'attachment',
            record_id: '1',
            project_id: p.id,
            created_at: new Date(now.getTime() - ageDays * DAY),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const oldTrail = await insertTrail(auditDays + 1);
    const keptTrail = await insertTrail(auditDays - 1);
    // Outside the purge, the trail refuses deletion.
    await expect(t.ctx.db.deleteFrom('audit_events').where('id', '=', oldTrail).execute()).rejects.toThrow(
      /append-only/,
    );

    const result = await runRetentionSweep(t.ctx, now);
    expect(result.renders_expired).toBeGreaterThanOrEqual(2);
    expect(result.audit_events_purged).toBeGreaterThanOrEqual(1);
    for (const r of [old, legacy]) {
      expect(await t.ctx.storage.head(r.key)).toBeNull();
      const row = await t.ctx.db
        .selectFrom('layout_renders')
        .selectAll()
        .where('id', '=', r.id)
        .executeTakeFirstOrThrow();
      expect(row.expired_at?.toISOString()).toBe(now.toISOString());
      const shown = await call('studioManager', 'GET', `/api/layout-renders/${r.id}`);
      expect(shown.json().layout_render).toMatchObject({ download_url: null, expired_at: now.toISOString() });
      expect((await call('studioManager', 'GET', `/api/layout-renders/${r.id}/download`)).statusCode).toBe(
        409,
      );
    }
    expect(await t.ctx.storage.head(fresh.key)).not.toBeNull();
    const freshRow = await call('studioManager', 'GET', `/api/layout-renders/${fresh.id}`);
    expect(freshRow.json().layout_render.expired_at).toBeNull();
    expect(freshRow.json().layout_render.download_url).not.toBeNull();
    const trailIds = (
      await t.ctx.db
        .selectFrom('audit_events')
        .select('id')
        .where('id', 'in', [oldTrail, keptTrail])
        .execute()
    ).map((r) => r.id);
    expect(trailIds).toEqual([keptTrail]);
    // Run again: nothing more to do.
    expect(await runRetentionSweep(t.ctx, now)).toEqual({
      renders_expired: 0,
      audit_events_purged: 0,
      project_deletions_finished: 0,
    });
  });

  test('the daily sweep finishes a project deletion whose job gave up', async () => {
    const p = await seedProject(t, w.orgs.schoolA2.id, 'Stalled Deletion');
    const now = new Date('2031-06-01T12:00:00Z');
    // Marked two days before the sweep's clock, its job long failed (no job is queued for it here).
    await t.ctx.db
      .updateTable('projects')
      .set({ deleting_at: new Date(now.getTime() - 2 * DAY) })
      .where('id', '=', p.id)
      .execute();
    const result = await runRetentionSweep(t.ctx, now);
    expect(result.project_deletions_finished).toBe(1);
    expect(await rowsLeft(t, p.id)).toEqual(NONE_LEFT);
    for (const key of p.keys) expect(await t.ctx.storage.head(key)).toBeNull();
  });

  test('the data summary counts what the project holds, names its fields without values, and is the school’s to read', async () => {
    const p = await seedProject(t, w.orgs.schoolA1.id, 'Summary');
    const school = await call('schoolStaff', 'GET', `/api/projects/${p.id}/data-summary`);
    expect(school.statusCode).toBe(200);
    const summary = school.json().data_summary;
    expect(summary).toMatchObject({
      project_id: p.id,
      project_name: 'Summary',
      organization_name: 'School A1',
      counts: { subjects: 2, photos: 3, files: 1, exports: 1, renders: 1 },
      field_names: ['First Name', 'Last Name'],
      hidden_fields_count: 1,
      storage: { driver: 'local' },
      retention: {
        export_retention_days: t.ctx.config.exportRetentionDays,
        render_retention_days: t.ctx.config.exportRetentionDays,
        audit_retention_days: t.ctx.config.auditRetentionDays,
        walk_up_retention_days: WALK_UP_RETENTION_DAYS,
      },
    });
    expect(summary.oldest_record_at).not.toBeNull();
    expect(new Date(summary.newest_record_at).getTime()).toBeGreaterThanOrEqual(
      new Date(summary.oldest_record_at).getTime(),
    );
    expect(school.body).not.toContain('Ada');
    expect(school.body).not.toContain('Lovelace');
    const studio = await call('studioManager', 'GET', `/api/projects/${p.id}/data-summary`);
    expect(studio.json().data_summary.field_names).toEqual(['First Name', 'Last Name', 'Studio Notes']);
    expect((await call('foreignManager', 'GET', `/api/projects/${p.id}/data-summary`)).statusCode).toBe(404);
    expect((await call('schoolStaff', 'GET', '/api/projects/abc/data-summary')).statusCode).toBe(404);
  });
});

describe('project deletion on S3 (s3rver)', () => {
  let t: TestApp;
  let w: World;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let client: S3Client;
  let bucket: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    bucket = s3.env.S3_BUCKET;
    t = await createTestApp(s3.env);
    client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    w = await buildWorld(t.ctx.db);
  });
  afterAll(async () => {
    client?.destroy();
    await t?.close();
    await s3?.close();
  });

  const listKeys = async (prefix: string) =>
    ((await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }))).Contents ?? []).map(
      (o) => o.Key,
    );

  test('every object under the project goes from the bucket, and the rows', async () => {
    expect(t.ctx.storage.driver).toBe('s3');
    const p = await seedProject(t, w.orgs.schoolA1.id, 'On S3');
    const other = await seedProject(t, w.orgs.schoolA1.id, 'Stays On S3');
    expect((await listKeys(`${p.prefix}/`)).length).toBe(p.keys.length);
    const token = await signIn(t.app, w.users.studioManager!.email);
    const answer = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${p.id}`,
      headers: bearer(token),
      payload: { confirm_name: 'On S3' },
    });
    expect(answer.statusCode).toBe(202);
    await eventually(async () => (await rowsLeft(t, p.id)).projects === 0, 30_000);
    expect(await rowsLeft(t, p.id)).toEqual(NONE_LEFT);
    expect(await listKeys(`${p.prefix}/`)).toEqual([]);
    for (const key of p.keys) expect(await t.ctx.storage.head(key)).toBeNull();
    expect((await listKeys(`${other.prefix}/`)).length).toBe(other.keys.length);
    expect(await auditRows(t, 'project.delete', p.id)).toHaveLength(1);
  });
});
