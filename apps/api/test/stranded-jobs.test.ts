import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../src/config.js';
import { endStrandedRecords } from '../src/jobs/stranded-records.js';
import { RENDER_STOPPED } from '../src/modules/layouts/render-job.js';
import { BATCH_STOPPED } from '../src/modules/picture-day/queries.js';
import { EXPORT_STOPPED } from '../src/modules/project-exports/build-job.js';
import { APPLY_STOPPED } from '../src/modules/subject-imports/service.js';
import { type ListeningTestApp, listeningTestApp } from './support/app.js';
import { standardFormatId } from './support/export-format.js';
import { injectAs, ROSTER_KEYS } from './support/factories.js';
import { makeJpeg } from './support/images.js';
import { uploadBatchPhoto } from './support/picture-day.js';
import { processes, waitFor } from './support/processes.js';
import { cellsByKey, projectWithFields, subjectWithPhoto } from './support/project-data.js';
import { builtInLayoutId } from './support/renders.js';
import { inWorld } from './support/world.js';

/**
 * Work of a worker process killed with SIGKILL at each stage (a picture-day photo being verified, a
 * picture-day batch being matched, a project export, a print, a roster apply) is finished by another
 * worker process within a minute, or, when the killed run was the job's last try, its record is ended
 * as failed with a reason by the stranded-records sweep ("verify again" restarts the photo instead).
 * One stuck worker takes every job and is killed once; one live worker does the rest. Liveness runs on
 * JOB_DEAD_AFTER_SECONDS=3 here (30 s in production).
 */
const DEAD_AFTER_SECONDS = '3';
const MINUTE = 60_000;
const children = processes();
let t: ListeningTestApp;
let token: string;
let project: Awaited<ReturnType<typeof projectWithFields>>;
let layoutId: string;
let rosterCsv: string;
let subjectId: string;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  injectAs(t.app, token, method, url, payload);

beforeAll(async () => {
  let tokens: Record<string, string>;
  let w: Awaited<ReturnType<typeof inWorld>>['w'];
  // The API answers requests only: every job waits for a worker process.
  ({ t, w, tokens } = await inWorld(
    await listeningTestApp({ JOB_DEAD_AFTER_SECONDS: DEAD_AFTER_SECONDS }, { workers: false }),
    ['studioManager'],
  ));
  token = tokens.studioManager!;
  project = await projectWithFields(t.ctx.db, w.orgs.schoolA1.id, 'Killed mid-job', ROSTER_KEYS);
  subjectId = await subjectWithPhoto(
    t,
    project,
    cellsByKey(ROSTER_KEYS, ['0101', 'Amy', 'Adams', '3', 'Lee']),
    {
      bytes: await makeJpeg(400, 500),
      width: 400,
      height: 500,
      crop: { name: '8x10', x: 0.1, y: 0.1, width: 0.8, height: 0.8 },
    },
  );
  layoutId = await builtInLayoutId(t.ctx.db);
  rosterCsv = await standardFormatId(t.ctx.db, 'roster_csv');
});
afterAll(async () => {
  children.killAll();
  await t?.close();
});

async function newBatch(name: string) {
  const created = await call('POST', `/api/projects/${project.projectId}/photo-batches`, {
    photo_batch: { name, match_by: 'file_name' },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().photo_batch.id as string;
}

async function startRender() {
  const created = await call('POST', '/api/layout-renders', {
    layout_render: { layout_id: layoutId, project_id: project.projectId, subject_ids: [subjectId] },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().layout_render.id as string;
}

async function startExport() {
  const created = await call('POST', `/api/projects/${project.projectId}/project-exports`, {
    project_export: { project_export_format_id: rosterCsv },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().project_export.id as string;
}

/** A roster of one new student, uploaded, checked and applying. */
async function startApply(studentId: string) {
  const bytes = Buffer.from(
    `Student ID,First Name,Last Name,Grade,Teacher\r\n${studentId},Ann,Apple,3,Ray\r\n`,
  );
  const created = await call('POST', `/api/projects/${project.projectId}/subject-imports`, {
    subject_import: { upload_file_name: `roster-${studentId}.csv`, upload_file_size: bytes.length },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().subject_import.id as string;
  expect((await t.upload(created.json().subject_import.presigned_post, bytes)).status).toBe(204);
  expect((await call('PATCH', `/api/subject-imports/${id}/verify`)).statusCode).toBe(200);
  const checked = await call('POST', `/api/subject-imports/${id}/check`);
  expect(checked.statusCode, checked.body).toBe(200);
  const applying = await call('POST', `/api/subject-imports/${id}/apply`);
  expect(applying.statusCode, applying.body).toBe(202);
  return id;
}

const row = {
  photo: (id: string) =>
    t.ctx.db
      .selectFrom('photos')
      .select(['verification_state'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow(),
  render: (id: string) =>
    t.ctx.db
      .selectFrom('layout_renders')
      .select(['worker_status', 'failure_reason'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow(),
  export: (id: string) =>
    t.ctx.db
      .selectFrom('project_exports')
      .select(['job_status', 'job_status_message'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow(),
  import: (id: string) =>
    t.ctx.db
      .selectFrom('subject_imports')
      .select(['status', 'failure'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow(),
  batch: (id: string) =>
    t.ctx.db
      .selectFrom('photo_batches')
      .select(['state', 'error'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow(),
};

/** Every record of the stages: `resumed` ones are finished by the live worker, `lastTry` ones end by the sweep. */
const resumed = { batch: '', photo: '', export: '', render: '', import: '' };
const lastTry = { batch: '', photo: '', export: '', render: '', import: '' };

describe('before any worker runs', () => {
  test('a picture-day photo whose bytes arrived and are being verified is pending, never "not uploaded"; apply says so', async () => {
    resumed.batch = await newBatch('Morning');
    resumed.photo = await uploadBatchPhoto(
      t,
      token,
      resumed.batch,
      'IMG_0001.JPG',
      await makeJpeg(400, 500),
      {},
      {
        verified: false,
      },
    );
    const batch = (await call('GET', `/api/photo-batches/${resumed.batch}`)).json().photo_batch;
    expect(batch.counts).toMatchObject({ photos: 1, uploaded: 0, pending: 1, verifying: 1, not_uploaded: 0 });
    expect(batch.not_uploaded_files).toEqual({ total: 0, file_names: [] });

    // Matched before its verification ended: apply waits for it, in those words.
    await t.ctx.db
      .updateTable('photo_batches')
      .set({ state: 'matched' })
      .where('id', '=', resumed.batch)
      .execute();
    const apply = await call('POST', `/api/photo-batches/${resumed.batch}/apply`);
    expect(apply.statusCode).toBe(422);
    expect(apply.json().errors.base).toEqual([
      '1 photo is still being verified (its file has arrived): wait for it, then match again.',
    ]);
    await t.ctx.db
      .updateTable('photo_batches')
      .set({ state: 'open' })
      .where('id', '=', resumed.batch)
      .execute();
  });

  test('the sweep leaves every record whose job is queued or waiting for a retry, and ends one whose job is gone', async () => {
    resumed.export = await startExport();
    resumed.render = await startRender();
    resumed.import = await startApply('9001');
    lastTry.batch = await newBatch('Afternoon');
    lastTry.photo = await uploadBatchPhoto(
      t,
      token,
      lastTry.batch,
      'IMG_0002.JPG',
      await makeJpeg(500, 400),
      {},
      {
        verified: false,
      },
    );
    const matching = await call('POST', `/api/photo-batches/${lastTry.batch}/match`);
    expect(matching.statusCode, matching.body).toBe(202);
    lastTry.export = await startExport();
    lastTry.render = await startRender();
    lastTry.import = await startApply('9002');
    const gone = await startRender();
    const { db } = t.ctx;
    // A batch left applying with no job at all (its job archived after it failed for good, say).
    const applyingGone = await newBatch('Evening');
    await db.updateTable('photo_batches').set({ state: 'applying' }).where('id', '=', applyingGone).execute();

    // Unchanged for a minute, as any record is whose job waits for a busy queue.
    const aMinuteAgo = sql<Date>`now() - interval '1 minute'`;
    await db.updateTable('layout_renders').set({ created_at: aMinuteAgo }).execute();
    await db.updateTable('subject_imports').set({ updated_at: aMinuteAgo }).execute();
    await db.updateTable('project_exports').set({ updated_at: aMinuteAgo }).execute();
    await db.updateTable('photo_batches').set({ updated_at: aMinuteAgo }).execute();
    // One job waits for its retry; one is gone from pg-boss (archived or deleted).
    await sql`UPDATE pgboss.job SET state = 'retry', start_after = now() + interval '1 hour'
              WHERE name = 'layouts.render' AND data->>'render_id' = ${resumed.render}`.execute(db);
    await sql`DELETE FROM pgboss.job WHERE name = 'layouts.render' AND data->>'render_id' = ${gone}`.execute(
      db,
    );

    expect(await endStrandedRecords({ db })).toEqual({
      layout_renders: 1,
      subject_imports: 0,
      project_exports: 0,
      photo_batches: 1,
    });
    expect(await row.render(gone)).toEqual({ worker_status: 'failed', failure_reason: RENDER_STOPPED });
    expect(await row.batch(applyingGone)).toEqual({ state: 'failed', error: BATCH_STOPPED.applying });
    expect((await row.render(resumed.render)).worker_status).toBe('running');
    expect((await row.batch(lastTry.batch)).state).toBe('matching');
    await sql`UPDATE pgboss.job SET state = 'created', start_after = now()
              WHERE name = 'layouts.render' AND data->>'render_id' = ${resumed.render}`.execute(db);
  });
});

describe('a worker killed with SIGKILL mid-job', () => {
  let killedAt = 0;
  let output = () => '';
  const env = () => ({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATABASE_URL: t.databaseUrl,
    STORAGE_DIR: t.ctx.config.storage.localDir,
    PUBLIC_URL: t.origin,
    JOB_DEAD_AFTER_SECONDS: DEAD_AFTER_SECONDS,
  });
  /** Waits until what `read` answers `holds`, within a minute of the kill (else throws with what it read). */
  const withinAMinute = async <T>(read: () => Promise<T>, holds: (value: T) => boolean) => {
    let last: T | undefined;
    await waitFor(
      async () => {
        last = await read();
        return holds(last);
      },
      // At least one look, however late the test starts.
      Math.max(250, killedAt + MINUTE - Date.now()),
      250,
    ).catch(async () => {
      // And the jobs that did not complete, with their errors.
      const jobs = await sql`SELECT name, state, retry_count, output->>'message' AS error FROM pgboss.job
                             WHERE state <> 'completed' ORDER BY created_on`.execute(t.ctx.db);
      throw new Error(
        `not within a minute of the kill: ${JSON.stringify(last)}\n${output()}\n${JSON.stringify(jobs.rows)}`,
      );
    });
    return last as T;
  };

  beforeAll(async () => {
    // Takes every job of these stages and never finishes: 9 jobs, two of each kind at most.
    const stuck = children.start(
      ['--import', 'tsx', path.join(REPO_ROOT, 'apps/api/test/support/stuck-worker.ts')],
      {
        ...env(),
        STUCK_QUEUES:
          'photos.verify,photo-batches.match,project-exports.build,layouts.render,subject-imports.apply',
        STUCK_CONCURRENCY: '2',
      },
      { inheritEnv: true },
    );
    const taken = () => stuck.output().split('took ').length - 1;
    await waitFor(() => taken() >= 9, 90_000, 200).catch(() => {
      throw new Error(`the stuck worker took ${taken()} jobs: ${stuck.output()}`);
    });
    // A live worker already runs beside it, as in production (nothing is left for it to take yet).
    const live = children.start(['--import', 'tsx', path.join(REPO_ROOT, 'apps/api/src/worker.ts')], env());
    await waitFor(() => live.output().includes('worker started') || live.child.exitCode !== null, 90_000);
    expect(live.child.exitCode, live.output()).toBeNull();
    output = () => `stuck worker:\n${stuck.output()}\nlive worker:\n${live.output()}`;
    // The last-try records' runs are their jobs' last tries: handed back, those fail for good.
    const { db } = t.ctx;
    const flipped = await sql`UPDATE pgboss.job SET retry_limit = retry_count
      WHERE state = 'active' AND (
        (name = 'photos.verify' AND data->>'photo_id' = ${lastTry.photo}) OR
        (name = 'photo-batches.match' AND data->>'photo_batch_id' = ${lastTry.batch}) OR
        (name = 'project-exports.build' AND data->>'project_export_id' = ${lastTry.export}) OR
        (name = 'layouts.render' AND data->>'render_id' = ${lastTry.render}) OR
        (name = 'subject-imports.apply' AND data->>'import_id' = ${lastTry.import}))`.execute(db);
    expect(flipped.numAffectedRows).toBe(5n);
    stuck.child.kill('SIGKILL');
    killedAt = Date.now();
  }, 180_000);

  test('picture day: the photo being verified is verified by the other worker', async () => {
    await withinAMinute(
      () => row.photo(resumed.photo),
      (p) => p.verification_state === 'verified',
    );
    const batch = (await call('GET', `/api/photo-batches/${resumed.batch}`)).json().photo_batch;
    expect(batch.counts).toMatchObject({ uploaded: 1, verifying: 0, not_uploaded: 0 });
  }, 90_000);

  test('a project export is built by the other worker', async () => {
    await withinAMinute(
      () => row.export(resumed.export),
      (e) => e.job_status === 'completed',
    );
  }, 90_000);

  test('a print is rendered by the other worker', async () => {
    await withinAMinute(
      () => row.render(resumed.render),
      (r) => r.worker_status === 'complete',
    );
  }, 90_000);

  test('a roster import is applied by the other worker', async () => {
    await withinAMinute(
      () => row.import(resumed.import),
      (i) => i.status === 'applied',
    );
  }, 90_000);

  test('on its last try, each record ends failed with a reason; the export can then be deleted', async () => {
    expect(
      await withinAMinute(
        () => row.render(lastTry.render),
        (r) => r.worker_status !== 'running',
      ),
    ).toEqual({ worker_status: 'failed', failure_reason: RENDER_STOPPED });
    expect(
      await withinAMinute(
        () => row.import(lastTry.import),
        (i) => i.status !== 'applying',
      ),
    ).toEqual({ status: 'failed', failure: APPLY_STOPPED });
    expect(
      await withinAMinute(
        () => row.batch(lastTry.batch),
        (b) => b.state !== 'matching',
      ),
    ).toEqual({ state: 'failed', error: BATCH_STOPPED.matching });
    expect(
      await withinAMinute(
        () => row.export(lastTry.export),
        (e) => e.job_status !== null,
      ),
    ).toEqual({ job_status: 'failed', job_status_message: EXPORT_STOPPED });
    expect((await call('DELETE', `/api/project-exports/${lastTry.export}`)).statusCode).toBe(204);
  }, 90_000);

  test('"verify again" restarts the photo whose verification failed for good', async () => {
    // As the uploader's browser does: it asks again while the answer is 202.
    await withinAMinute(
      async () => (await call('PATCH', `/api/photos/${lastTry.photo}/verify`)).statusCode,
      (status) => status === 200,
    );
    expect((await row.photo(lastTry.photo)).verification_state).toBe('verified');
  }, 90_000);
});
