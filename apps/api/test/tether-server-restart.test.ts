import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freePort } from '../src/db/embedded.js';
import { createTestApp, type TestApp } from './support/app.js';
import { injectAs, signIn } from './support/factories.js';
import { makeJpeg } from './support/images.js';
import { processes, type TestProcess, waitFor } from './support/processes.js';
import { projectWithFields } from './support/project-data.js';
import { buildWorld } from './support/world.js';

/**
 * The server killed with SIGKILL in the middle of a tethered shoot and started again, as a power cut or
 * the OOM killer would: the real server (src/main.ts, its workers in it) as a process, the real uploader
 * (scripts/tether) carrying on through it. Every file the camera wrote ends up in the station's live
 * batch exactly once, verified: none lost, none doubled.
 */

let t: TestApp;
let root: string;
const children = processes();

beforeAll(async () => {
  // The database and the world are made here; the server that the uploader speaks to is a process.
  t = await createTestApp({}, { workers: false });
  root = await mkdtemp(path.join(tmpdir(), 'tether-restart-'));
}, 120_000);
afterAll(async () => {
  children.killAll();
  await t?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

test('killed with SIGKILL mid-shoot and started again, the uploader carries on and every file is in the batch once', async () => {
  const w = await buildWorld(t.ctx.db);
  const studio = await signIn(t.app, w.users.studioStaff!.email);
  const { projectId } = await projectWithFields(t.ctx.db, w.orgs.schoolA1.id, 'Restart day', ['student_id']);
  const session = await injectAs(t.app, studio, 'POST', `/api/projects/${projectId}/photo-sessions`, {
    photo_session: { name: 'Restart day', date: new Date().toISOString().slice(0, 10) },
  });
  const made = await injectAs(
    t.app,
    studio,
    'POST',
    `/api/photo-sessions/${session.json().photo_session.id}/stations`,
    { station: { name: 'Gym' } },
  );
  expect(made.statusCode, made.body).toBe(201);
  const stationId = made.json().station.id as string;
  const token = made.json().station_link.token as string;

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const serverEnv = {
    NODE_ENV: 'development',
    DATABASE_URL: t.databaseUrl,
    DATABASE_POOL_SIZE: '5',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    DATA_DIR: path.join(root, 'data'),
    // A dead process's jobs are handed back after this: the restarted server resumes what was cut.
    JOB_DEAD_AFTER_SECONDS: '4',
  };
  const server = () => children.start(['--import', 'tsx', 'apps/api/src/main.ts'], serverEnv);
  const healthy = async () => {
    try {
      return (await fetch(`${origin}/healthz`)).ok;
    } catch {
      return false;
    }
  };
  let api: TestProcess = server();
  await waitFor(healthy, 120_000, 250);

  const folder = path.join(root, 'shoot');
  await mkdir(path.join(folder, 'cam-a'), { recursive: true });
  const uploader = children.start(
    [
      '--import',
      'tsx',
      'scripts/tether/main.ts',
      '--station-link',
      token,
      '--station',
      stationId,
      '--server',
      origin,
      '--folder',
      folder,
      '--stable-ms',
      '300',
      '--give-up-ms',
      '2500',
    ],
    {},
  );
  await waitFor(() => uploader.output().includes('watching'), 30_000);
  const names = Array.from({ length: 12 }, (_, i) => `IMG_${String(i + 1).padStart(4, '0')}.JPG`);
  const write = async (from: number, to: number) => {
    for (const [i, name] of names.slice(from, to).entries()) {
      await writeFile(path.join(folder, 'cam-a', name), await makeJpeg(1200 + from + i, 800));
      await new Promise((r) => setTimeout(r, 150));
    }
  };
  const confirmed = () => (uploader.output().match(/ {2}confirmed: /g) ?? []).length;

  await write(0, 6);
  await waitFor(() => confirmed() >= 2, 60_000);
  // In the middle of the shoot: files waiting, one perhaps half sent, jobs perhaps running.
  api.child.kill('SIGKILL');
  expect(await api.exited).toBeNull();
  await write(6, 12);
  await waitFor(() => uploader.output().includes('waiting: the server cannot be reached'), 30_000);
  api = server();
  await waitFor(healthy, 120_000, 250);
  await waitFor(() => confirmed() === names.length, 180_000, 500);
  expect(uploader.output()).not.toMatch(/refused: /);

  const items = await t.ctx.db
    .selectFrom('photo_batch_items as i')
    .innerJoin('photo_batches as b', 'b.id', 'i.photo_batch_id')
    .innerJoin('photos as ph', 'ph.id', 'i.photo_id')
    .select(['i.file_name', 'ph.verification_state'])
    .where('b.station_id', '=', stationId)
    .execute();
  const files = items.map((i) => i.file_name.replace(/~\w+/, '')).sort();
  expect(files).toEqual(names.map((n) => `cam-a/${n}`));
  expect(items.every((i) => i.verification_state === 'verified')).toBe(true);
  // No photo record left over beside them (a half-made upload the restart did not finish).
  const album = await t.ctx.db
    .selectFrom('photo_batches')
    .select('album_id')
    .where('station_id', '=', stationId)
    .executeTakeFirstOrThrow();
  const photos = await t.ctx.db
    .selectFrom('photos')
    .select('id')
    .where('album_id', '=', album.album_id)
    .execute();
  expect(photos).toHaveLength(names.length);
}, 420_000);
