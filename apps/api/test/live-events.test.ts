import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig, REPO_ROOT } from '../src/config.js';
import { freePort } from '../src/db/embedded.js';
import { publishEvent } from '../src/events/events.js';
import { buildApp } from '../src/http/app.js';
import { createLogger, type Runtime, startRuntime } from '../src/runtime.js';
import { type ListeningTestApp, listeningTestApp } from './support/app.js';
import { openEventStream } from './support/event-stream.js';
import { bearer, signIn } from './support/factories.js';
import { projectWithFields } from './support/project-data.js';
import { insertId } from './support/rows.js';
import { buildWorld, type World } from './support/world.js';

/**
 * Live events across instances: two API instances (two runtimes, each with its own event hub) on one
 * database. A browser's stream held by instance B hears the change a request made through instance A,
 * because the change's transaction sends it with pg_notify and every instance LISTENs. Real PostgreSQL,
 * real HTTP, the stream read as a browser's fetch reads it.
 */

let a: ListeningTestApp;
let b: Instance;
let w: World;
let studio: string;
let school: string;
let foreign: string;
let project: Awaited<ReturnType<typeof projectWithFields>>;
let zoe: string;

beforeAll(async () => {
  a = await listeningTestApp({}, { workers: false });
  // Instance B: its own runtime (pool, queue, event hub) on A's database, listening on a port of its own.
  b = await instanceOn(a.databaseUrl);

  w = await buildWorld(a.ctx.db);
  studio = await signIn(a.app, w.users.studioStaff!.email);
  school = await signIn(a.app, w.users.schoolStaff!.email);
  foreign = await signIn(a.app, w.users.foreignManager!.email);
  project = await projectWithFields(a.ctx.db, w.orgs.schoolA1.id, 'Live', ['first_name', 'last_name']);
  zoe = await insertId(a.ctx.db, 'subjects', {
    project_id: project.projectId,
    properties: JSON.stringify({ [project.fields.first_name!]: 'Zoë', [project.fields.last_name!]: 'Brown' }),
  });
}, 120_000);

type Instance = { app: FastifyInstance; runtime: Runtime; origin: string; storageDir: string };

/** Another API instance on the database: a runtime and an app of its own, listening on a free port. */
async function instanceOn(databaseUrl: string): Promise<Instance> {
  const port = await freePort();
  const storageDir = path.join(REPO_ROOT, 'var', 'test-storage', `live-events-${port}`);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '3',
    SEED_DEMO: 'false',
    STORAGE_DIR: storageDir,
  });
  const runtime = await startRuntime(config, createLogger(config), { workers: false });
  const app = await buildApp(runtime.ctx, { logger: false });
  await app.listen({ port, host: '127.0.0.1' });
  return { app, runtime, origin: `http://127.0.0.1:${port}`, storageDir };
}

async function stopInstance(instance: Instance) {
  await instance.app.close();
  await instance.runtime.stop();
  await rm(instance.storageDir, { recursive: true, force: true });
}

afterAll(async () => {
  if (b) await stopInstance(b);
  await a?.close();
});

/** A batch of the project with one verified photo: `open` (to match) or `matched` to Zoë (to apply). */
async function batchOf(state: 'open' | 'matched') {
  const db = a.ctx.db;
  const album = await insertId(db, 'albums', {
    name: 'Picture day',
    parent_resource_type: 'Project',
    parent_resource_id: project.projectId,
  });
  const batch = await insertId(db, 'photo_batches', {
    project_id: project.projectId,
    album_id: album,
    name: 'Live',
    match_by: 'camera_card',
    state,
  });
  const photo = await insertId(db, 'photos', {
    album_id: album,
    storage_key: `live/batch-${batch}/original`,
    upload_file_name: 'IMG_1.jpg',
    upload_file_size: 10,
    upload_content_type: 'image/jpeg',
    upload_verified_at: new Date(),
    verification_state: 'verified',
  });
  await insertId(db, 'photo_batch_items', {
    photo_batch_id: batch,
    photo_id: photo,
    file_name: 'IMG_1.jpg',
    byte_size: 10,
    state: state === 'matched' ? 'matched' : 'pending',
    subject_id: state === 'matched' ? zoe : null,
  });
  return batch;
}

/** A project's event stream read as the web reads it. */
const openStream = (origin: string, projectId: string, token: string) =>
  openEventStream(`${origin}/api/projects/${projectId}/events`, token);

describe('live events across instances', () => {
  test("a stream on instance B hears a batch's state change made through instance A, within a second or two", async () => {
    const stream = await openStream(b.origin, project.projectId, studio);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
    await stream.next('ready');
    expect(stream.raw()).toMatch(/^retry: \d+\n\n/);

    const batch = await batchOf('open');
    const started = Date.now();
    const res = await a.app.inject({
      method: 'POST',
      url: `/api/photo-batches/${batch}/match`,
      headers: bearer(studio),
    });
    expect(res.statusCode).toBe(202);
    const heard = await stream.next('photo-batch.state');
    expect(heard.at - started).toBeLessThan(2_000);
    expect(heard.data).toEqual({ type: 'photo-batch.state', photo_batch_id: batch, state: 'matching' });
    stream.close();
  });

  test('an event carries ids and a state, never the student it is about', async () => {
    const stream = await openStream(b.origin, project.projectId, studio);
    await stream.next('ready');
    const batch = await batchOf('matched');
    const res = await a.app.inject({
      method: 'POST',
      url: `/api/photo-batches/${batch}/apply`,
      headers: bearer(studio),
      payload: {},
    });
    expect(res.statusCode).toBeLessThan(300);
    const heard = await stream.next('photo-batch.state');
    expect(heard.data).toEqual({ type: 'photo-batch.state', photo_batch_id: batch, state: 'applying' });
    expect(stream.raw()).not.toMatch(/Zo|Brown/);
    expect(stream.raw()).not.toContain(zoe);
    // An event with anything else in it is refused before it is sent.
    await expect(
      publishEvent(
        a.ctx.db,
        { projectId: project.projectId },
        // biome-ignore lint/suspicious/noExplicitAny: a caller slipping a name in
        { type: 'photo-batch.state', photo_batch_id: batch, state: 'applied', first_name: 'Zoë' } as any,
      ),
    ).rejects.toThrow();
    stream.close();
  });

  test('a change whose transaction rolls back sends nothing', async () => {
    const stream = await openStream(b.origin, project.projectId, studio);
    await stream.next('ready');
    const batch = await batchOf('open');
    await a.ctx.db
      .transaction()
      .execute(async (trx) => {
        await publishEvent(
          trx,
          { projectId: project.projectId },
          { type: 'photo-batch.state', photo_batch_id: batch, state: 'failed' },
        );
        throw new Error('rolled back');
      })
      .catch(() => {});
    await publishEvent(
      a.ctx.db,
      { projectId: project.projectId },
      { type: 'photo-batch.state', photo_batch_id: batch, state: 'matched' },
    );
    const heard = await stream.next('photo-batch.state');
    expect(heard.data.state).toBe('matched');
    expect(stream.received.filter((r) => r.event === 'photo-batch.state')).toHaveLength(1);
    stream.close();
  });

  test("another organization's caller gets 404; a school that sees the project hears no batch events", async () => {
    const refused = await fetch(`${b.origin}/api/projects/${project.projectId}/events`, {
      headers: bearer(foreign),
    });
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ error: 'not_found' });
    const unsigned = await fetch(`${b.origin}/api/projects/${project.projectId}/events`);
    expect(unsigned.status).toBe(401);
    await unsigned.body?.cancel();

    const schoolStream = await openStream(b.origin, project.projectId, school);
    const studioStream = await openStream(b.origin, project.projectId, studio);
    expect(schoolStream.response.status).toBe(200);
    await schoolStream.next('ready');
    await studioStream.next('ready');
    const batch = await batchOf('open');
    await a.app.inject({ method: 'POST', url: `/api/photo-batches/${batch}/match`, headers: bearer(studio) });
    await studioStream.next('photo-batch.state');
    // Picture day is studio and lab work (photo-batch.show): the school's stream was told nothing of it.
    await new Promise((r) => setTimeout(r, 300));
    expect(schoolStream.received.map((r) => r.event)).toEqual(['ready']);
    schoolStream.close();
    studioStream.close();
  });

  test('the hub reconnects after its connection is killed, says resync, and delivers again', async () => {
    const stream = await openStream(b.origin, project.projectId, studio);
    await stream.next('ready');
    const killed = await sql<{ pid: number }>`
      SELECT pg_terminate_backend(pid) AS killed, pid FROM pg_stat_activity
      WHERE application_name = 'school-portal-events' AND datname = current_database()`.execute(a.ctx.db);
    expect(killed.rows.length).toBeGreaterThan(0);
    await stream.next('resync', 5_000);
    const from = stream.received.length;
    const batch = await batchOf('open');
    const started = Date.now();
    await a.app.inject({ method: 'POST', url: `/api/photo-batches/${batch}/match`, headers: bearer(studio) });
    const heard = await stream.next('photo-batch.state', 2_000, from);
    expect(heard.data.photo_batch_id).toBe(batch);
    expect(heard.at - started).toBeLessThan(2_000);
    stream.close();
  });

  test('closing an instance ends its open streams at once instead of holding the shutdown', async () => {
    const c = await instanceOn(a.databaseUrl);
    try {
      // A stream whose browser went away (a closed tab), and one still open.
      const gone = await openStream(c.origin, project.projectId, studio);
      await gone.next('ready');
      gone.close();
      await new Promise((r) => setTimeout(r, 200));
      const stream = await openStream(c.origin, project.projectId, studio);
      await stream.next('ready');
      const started = Date.now();
      await c.app.close();
      expect(Date.now() - started).toBeLessThan(3_000);
      await expect.poll(() => stream.ended(), { timeout: 2_000 }).toBe(true);
    } finally {
      await stopInstance(c);
    }
  });
});
