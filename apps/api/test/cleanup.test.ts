import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eventually, type ListeningTestApp, listeningTestApp, type PresignedPost } from './support/app.js';
import { albumThroughApi, buildProject, injectAs, signIn } from './support/factories.js';
import { makeCsv } from './support/files.js';
import { makeJpeg } from './support/images.js';
import { startS3Server } from './support/s3.js';
import { buildWorld, type World } from './support/world.js';

describe.each(['local', 's3'] as const)('scheduled clean-ups, %s storage', (driver) => {
  let t: ListeningTestApp;
  let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
  let w: World;
  let token: string;
  let projectId: string;
  let albumId: string;

  beforeAll(async () => {
    if (driver === 's3') s3 = await startS3Server();
    t = await listeningTestApp(s3?.env ?? {});
    w = await buildWorld(t.ctx.db);
    token = await signIn(t.app, w.users.studioManager!.email);
    projectId = await buildProject(t.ctx.db, w.orgs.schoolA1.id, 'Clean-ups');
    albumId = await albumThroughApi(t.app, token, projectId);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    injectAs(t.app, token, method, url, payload);

  async function newPhoto(bytes: Buffer, { verify }: { verify: boolean }) {
    const created = await call('POST', `/api/albums/${albumId}/photos`, {
      photo: { upload_file_name: 'p.jpg', upload_file_size: bytes.length, upload_content_type: 'image/jpeg' },
    });
    const { id, presigned_post: post } = created.json().photo as {
      id: string;
      presigned_post: PresignedPost;
    };
    expect((await t.upload(post, bytes)).status).toBeLessThan(300);
    if (verify) {
      // Verify is a job: 202 now, verified once the job has checked the bytes.
      expect((await call('PATCH', `/api/photos/${id}/verify`)).statusCode).toBe(202);
      await eventually(async () => (await call('PATCH', `/api/photos/${id}/verify`)).statusCode === 200);
    }
    const base = post.fields.key!.replace(/\/original\.upload$/, '');
    return { id, post, base };
  }

  async function newAttachment(bytes: Buffer, { verify }: { verify: boolean }) {
    const created = await call('POST', `/api/projects/${projectId}/attachments`, {
      attachment: { upload_file_name: 'roster.csv', upload_file_size: bytes.length },
    });
    const { id, presigned_post: post } = created.json().attachment as {
      id: string;
      presigned_post: PresignedPost;
    };
    expect((await t.upload(post, bytes)).status).toBeLessThan(300);
    if (verify) expect((await call('PATCH', `/api/attachments/${id}/verify`)).statusCode).toBe(200);
    return { id, post, key: post.fields.key!.replace(/\.upload$/, '') };
  }

  const RENDITION_KEYS = ['original', 'tiny', 'small', 'large', 'full'];
  /** Which of a photo's objects exist in storage (the real store: disk or s3rver). */
  async function photoObjects(base: string) {
    const found: string[] = [];
    for (const name of [...RENDITION_KEYS, 'original.upload'])
      if (await t.ctx.storage.head(`${base}/${name}`)) found.push(name);
    return found;
  }
  const onDisk = (key: string) => existsSync(path.join(t.ctx.config.storage.localDir, key));

  test('the clean-ups are on pg-boss schedules', async () => {
    const schedules = await t.ctx.queue.boss.getSchedules();
    expect(Object.fromEntries(schedules.map((s) => [s.name, s.cron]))).toMatchObject({
      'storage.deletions': '*/10 * * * *',
      'uploads.purge-unverified': '17 * * * *',
      'credentials.purge': '43 * * * *',
    });
  });

  test('deleting a subject deletes the photos no other subject uses, with every rendition', async () => {
    const [alone, shared] = await Promise.all([
      newPhoto(await makeJpeg(400, 500), { verify: true }),
      newPhoto(await makeJpeg(500, 400), { verify: true }),
    ]);
    const subjects: string[] = [];
    for (let i = 0; i < 2; i++) {
      subjects.push(
        (
          await t.ctx.db
            .insertInto('subjects')
            .values({ project_id: projectId, properties: '{}' })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    }
    const [doomed, other] = subjects as [string, string];
    for (const [subject, photo] of [
      [doomed, alone.id],
      [doomed, shared.id],
      [other, shared.id],
    ] as const) {
      const assigned = await call('POST', '/api/subject-photo-assignments', {
        subject_photo_assignment: { subject_id: subject, photo_id: photo },
      });
      expect(assigned.statusCode).toBe(201);
    }
    // Thumbnails made: the files to delete are all there.
    await eventually(async () => (await photoObjects(alone.base)).length === RENDITION_KEYS.length);
    await eventually(async () => (await photoObjects(shared.base)).length === RENDITION_KEYS.length);

    expect((await call('DELETE', `/api/subjects/${doomed}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/photos/${alone.id}`)).statusCode).toBe(404);
    await eventually(async () => (await photoObjects(alone.base)).length === 0);
    if (driver === 'local') expect(onDisk(alone.base)).toBe(false);
    // The photo the other subject uses stays, files and all.
    expect((await call('GET', `/api/photos/${shared.id}`)).statusCode).toBe(200);
    expect(await photoObjects(shared.base)).toEqual(RENDITION_KEYS);
    // Done: nothing due is left waiting (only verified photos' form keys, until their forms expire).
    await eventually(
      async () =>
        (
          await t.ctx.db
            .selectFrom('storage_deletions')
            .select('storage_key')
            .where('delete_after', '<=', new Date())
            .execute()
        ).length === 0,
    );
  });

  test('uploads never verified within a day are purged: rows and objects', async () => {
    const jpeg = await makeJpeg(200, 200);
    const roster = makeCsv(500);
    const oldPhoto = await newPhoto(jpeg, { verify: false });
    const oldFile = await newAttachment(roster, { verify: false });
    const freshPhoto = await newPhoto(jpeg, { verify: false });
    const keptFile = await newAttachment(roster, { verify: true });
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await t.ctx.db
      .updateTable('photos')
      .set({ created_at: twoDaysAgo })
      .where('id', '=', oldPhoto.id)
      .execute();
    await t.ctx.db
      .updateTable('attachments')
      .set({ created_at: twoDaysAgo })
      .where('id', 'in', [oldFile.id, keptFile.id])
      .execute();
    expect(await t.ctx.storage.head(oldPhoto.post.fields.key!)).not.toBeNull();
    expect(await t.ctx.storage.head(oldFile.post.fields.key!)).not.toBeNull();

    await t.ctx.queue.enqueue('uploads.purge-unverified', {});
    await eventually(
      async () =>
        !(await t.ctx.db.selectFrom('photos').select('id').where('id', '=', oldPhoto.id).executeTakeFirst()),
    );
    await eventually(async () => !(await t.ctx.storage.head(oldFile.post.fields.key!)));
    expect(await photoObjects(oldPhoto.base)).toEqual([]);
    if (driver === 'local') expect(onDisk(oldPhoto.base)).toBe(false);
    expect(
      await t.ctx.db.selectFrom('attachments').select('id').where('id', '=', oldFile.id).executeTakeFirst(),
    ).toBeUndefined();
    // Younger than a day, or verified: kept.
    expect(await t.ctx.storage.head(freshPhoto.post.fields.key!)).not.toBeNull();
    expect(await t.ctx.storage.head(keptFile.key)).not.toBeNull();
    expect((await call('GET', `/api/photos/${freshPhoto.id}`)).statusCode).toBe(200);
  });

  test('a form posted again after its file was refused leaves nothing once the form has expired', async () => {
    const fake = Buffer.from('MZ\u0000\u0001 not a roster');
    const refused = await newAttachment(fake, { verify: false });
    expect((await call('PATCH', `/api/attachments/${refused.id}/verify`)).statusCode).toBe(422);
    const again = await t.upload(refused.post, fake);
    // The local target refuses a used form; S3 can't, and takes the bytes to the form's key...
    expect(again.status).toBe(driver === 'local' ? 403 : 204);
    expect(!!(await t.ctx.storage.head(refused.post.fields.key!))).toBe(driver === 's3');
    // ...which is deleted once the form has expired.
    await t.ctx.db
      .updateTable('storage_deletions')
      .set({ delete_after: new Date(Date.now() - 1000) })
      .where('storage_key', '=', refused.post.fields.key!)
      .execute();
    await t.ctx.queue.enqueue('storage.deletions', {});
    await eventually(async () => !(await t.ctx.storage.head(refused.post.fields.key!)));
    await eventually(
      async () =>
        !(await t.ctx.db
          .selectFrom('storage_deletions')
          .select('storage_key')
          .where('storage_key', '=', refused.post.fields.key!)
          .executeTakeFirst()),
    );
    expect(await t.ctx.storage.head(refused.key)).toBeNull();
  });

  test('expired credentials and old delivered mail are purged; live ones stay', async () => {
    const userId = w.users.schoolStaff!.id;
    const hash = () => randomBytes(32);
    const hour = 3_600_000;
    const ago = (ms: number) => new Date(Date.now() - ms);
    const later = (ms: number) => new Date(Date.now() + ms);
    const tokens = await t.ctx.db
      .insertInto('access_tokens')
      .values([
        { user_id: userId, token_hash: hash(), expires_at: ago(1000) },
        { user_id: userId, token_hash: hash(), expires_at: later(hour), revoked_at: ago(1000) },
        { user_id: userId, token_hash: hash(), expires_at: later(hour) },
      ])
      .returning('id')
      .execute();
    const resets = await t.ctx.db
      .insertInto('password_resets')
      .values([
        { user_id: userId, token_hash: hash(), created_at: ago(3 * hour), expires_at: ago(2 * hour) },
        {
          user_id: userId,
          token_hash: hash(),
          created_at: ago(2 * hour),
          expires_at: later(hour),
          used_at: ago(hour),
        },
        // Used, but counted by the hourly reset limit for a while yet.
        {
          user_id: userId,
          token_hash: hash(),
          created_at: ago(60_000),
          expires_at: later(hour),
          used_at: ago(1000),
        },
        { user_id: userId, token_hash: hash(), created_at: ago(2 * hour), expires_at: later(hour) },
      ])
      .returning('id')
      .execute();
    const invitations = await t.ctx.db
      .insertInto('invitations')
      .values([
        { user_id: userId, token_hash: hash(), expires_at: ago(1000) },
        { user_id: userId, token_hash: hash(), expires_at: later(hour), accepted_at: ago(1000) },
        { user_id: userId, token_hash: hash(), expires_at: later(hour), replaced_at: ago(1000) },
        { user_id: userId, token_hash: hash(), expires_at: later(hour) },
      ])
      .returning('id')
      .execute();
    const mail = (status: 'pending' | 'sent' | 'stored' | 'failed', days: number) => ({
      to_address: 'someone@example.test',
      subject: 'Reset your password',
      text_body: 'link',
      status,
      created_at: ago(days * 24 * hour + 60_000),
    });
    const mails = await t.ctx.db
      .insertInto('email_outbox')
      .values([
        mail('sent', 1),
        mail('sent', 0),
        mail('stored', 7),
        mail('stored', 6),
        mail('failed', 7),
        mail('pending', 30),
      ])
      .returning('id')
      .execute();
    /** Which of `rows` are still in `table`. */
    const stillIn = async (
      table: 'email_outbox' | 'access_tokens' | 'password_resets' | 'invitations',
      rows: { id: string }[],
    ) =>
      (
        await t.ctx.db
          .selectFrom(table)
          .select('id')
          .where(
            'id',
            'in',
            rows.map((r) => r.id),
          )
          .execute()
      ).map((r) => r.id);
    const left = async () => ({
      mails: await stillIn('email_outbox', mails),
      tokens: await stillIn('access_tokens', tokens),
      resets: await stillIn('password_resets', resets),
      invitations: await stillIn('invitations', invitations),
    });
    expect((await left()).tokens).toHaveLength(3);
    await t.ctx.queue.enqueue('credentials.purge', {});
    await eventually(async () => (await left()).tokens.length === 1);
    expect(await left()).toEqual({
      mails: [mails[1]!.id, mails[3]!.id, mails[5]!.id],
      tokens: [tokens[2]!.id],
      resets: [resets[2]!.id, resets[3]!.id],
      invitations: [invitations[3]!.id],
    });
  });
});
