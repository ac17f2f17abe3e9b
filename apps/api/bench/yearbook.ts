/**
 * npm run bench:yearbook — yearbook deliveries of a SUBJECTS-student school (default 2,000) to a publisher
 * (the built-in PSPA format, Jostens' preset: 640 x 800 JPEGs, MASTER.TXT and INDEX.TXT): a full delivery,
 * then RETAKES retakes (default 150) and CORRECTED corrected last names (default 40), then the "changes"
 * delivery, both through the delivery job's own function (runDelivery: database, real storage, sharp),
 * in the same run. Prints each one's time and the changes delivery's against the full one's (goal: at most
 * 0.15, since it touches about 10% of the subjects), and the check before a delivery over every subject
 * (checkDelivery, nothing written; goal: under 2 s), the median of CHECKS runs.
 *
 * Photos are ORIGINALS real JPEGs of MEGAPIXELS (12) with their working masters (as after upload), shared by the
 * subjects' photo rows under their storage keys, so nothing large is generated per subject.
 *
 * Uses TEST_DATABASE_URL's server when given (a database is created and dropped), else an embedded
 * PostgreSQL under var/.
 */
import { link, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { REPO_ROOT } from '../src/config.js';
import { renderWorkingMaster } from '../src/images/images.js';
import { checkDelivery } from '../src/modules/yearbook-deliveries/check.js';
import { runDelivery } from '../src/modules/yearbook-deliveries/deliver.js';
import { selectTargets } from '../src/modules/yearbook-deliveries/queries.js';
import { buildProject } from '../test/support/factories.js';
import { benchDatabase, benchStudio, benchTemplate } from './database.js';
import { makePhoto, median } from './support.js';

const SUBJECTS = Number(process.env.SUBJECTS ?? 2000);
const RETAKES = Number(process.env.RETAKES ?? 150);
const CORRECTED = Number(process.env.CORRECTED ?? 40);
const ORIGINALS = Number(process.env.ORIGINALS ?? 4);
const CHECKS = Number(process.env.CHECKS ?? 3);
const MEGAPIXELS = Number(process.env.MEGAPIXELS ?? 12);
const KEYS = ['student_id', 'first_name', 'last_name', 'grade', 'teacher'];

const { runtime, close } = await benchDatabase('yearbook', { storage: true });
/** Where benchDatabase's storage lives (var/bench-storage-<pid>). */
const storageDir = path.join(REPO_ROOT, 'var', `bench-storage-${process.pid}`);
try {
  const { db, storage, log } = runtime.ctx;
  const organizationId = await benchStudio(db);
  const { templateId, fieldId } = await benchTemplate(db, organizationId, KEYS);
  const projectId = await buildProject(db, organizationId, 'Bench Yearbook', templateId);
  await db
    .updateTable('project_templates')
    .set({ project_id: projectId })
    .where('id', '=', templateId)
    .execute();
  const album = await db
    .insertInto('albums')
    .values({ parent_resource_type: 'Project', parent_resource_id: projectId, name: 'Photos' })
    .returning('id')
    .executeTakeFirstOrThrow();

  // The originals and their working masters (not timed).
  const originals: { key: string; width: number; height: number; mw: number; mh: number }[] = [];
  for (let i = 0; i < ORIGINALS; i++) {
    const bytes = await makePhoto(i, MEGAPIXELS, true);
    const master = await renderWorkingMaster(bytes);
    const base = `bench/yearbook/${i}`;
    await storage.put(`${base}/original`, bytes, 'image/jpeg');
    await storage.put(`${base}/master`, master.jpeg, 'image/jpeg');
    const meta = await (await import('sharp')).default(bytes).metadata();
    originals.push({
      key: `${base}/original`,
      width: meta.width!,
      height: meta.height!,
      mw: master.width,
      mh: master.height,
    });
  }
  const originalRows = originals.map(
    (o, i) => sql`(${i}::int, ${o.key}, ${o.width}::int, ${o.height}::int, ${o.mw}::int, ${o.mh}::int)`,
  );

  await sql`INSERT INTO subjects (project_id, properties)
    SELECT ${projectId}, jsonb_build_object(
      ${fieldId('student_id')}::text, lpad(g::text, 6, '0'),
      ${fieldId('first_name')}::text, 'First' || g,
      ${fieldId('last_name')}::text, 'Last' || g,
      ${fieldId('grade')}::text, ((g % 12) + 1)::text,
      ${fieldId('teacher')}::text, 'Teacher ' || (g % 80))
    FROM generate_series(1, ${SUBJECTS}::int) g`.execute(db);

  /** One verified photo per subject in `where`, primary, with a default 4:5 crop, from the originals. */
  const addPhotos = async (where: ReturnType<typeof sql>, seed: string) => {
    await sql`WITH o(n, key, width, height, mw, mh) AS (VALUES ${sql.join(originalRows)}),
      s AS (SELECT s.id, row_number() OVER (ORDER BY s.id) AS r FROM subjects s WHERE s.project_id = ${projectId} AND ${where}),
      p AS (
        INSERT INTO photos (album_id, storage_key, upload_file_name, upload_file_size, upload_content_type,
          uploaded_at, upload_verified_at, verification_state, width, height, orientation, master_width, master_height, content_sha256)
        SELECT ${album.id}, 'bench/yearbook/' || ${seed} || '-' || s.id || '-' || o.n || '/original', 'p.jpg', 1000, 'image/jpeg', now(), now(), 'verified', o.width, o.height, 1, o.mw, o.mh,
          md5(${seed} || s.id::text)
        FROM s JOIN o ON o.n = s.r % ${ORIGINALS}
        RETURNING id, content_sha256
      )
      INSERT INTO subject_photo_assignments (subject_id, photo_id, is_primary)
      SELECT s.id, p.id, true FROM s JOIN p ON p.content_sha256 = md5(${seed} || s.id::text)`.execute(db);
    // Each photo's files: hard links to its original's and working master (the export reads the master).
    const made = await sql<{ storage_key: string }>`SELECT storage_key FROM photos
      WHERE album_id = ${album.id} AND storage_key LIKE ${`bench/yearbook/${seed}-%`}`.execute(db);
    for (const { storage_key } of made.rows) {
      const n = Number(storage_key.split('/')[2]!.split('-').pop());
      const to = path.join(storageDir, storage_key.replace(/original$/, 'master'));
      await mkdir(path.dirname(to), { recursive: true });
      await link(path.join(storageDir, `bench/yearbook/${n}/master`), to);
      // And the original, read when the master has too few pixels for the crop.
      await link(path.join(storageDir, `bench/yearbook/${n}/original`), path.join(storageDir, storage_key));
    }
    await sql`INSERT INTO photo_crops (photo_id, name, is_default, x, y, width, height)
      SELECT p.id, '8x10', true, 0.1, 0.1, 0.8, 0.8 FROM photos p
      WHERE p.album_id = ${album.id} AND NOT EXISTS (SELECT 1 FROM photo_crops c WHERE c.photo_id = p.id)`.execute(
      db,
    );
  };
  await addPhotos(sql`true`, 'first');
  await sql`ANALYZE`.execute(db);

  const format = await db
    .selectFrom('project_export_formats')
    .select('id')
    .where('standard_key', '=', 'pspa_yearbook')
    .executeTakeFirstOrThrow();
  const target = await db
    .insertInto('yearbook_targets')
    .values({ project_id: projectId, publisher: 'jostens', project_export_format_id: format.id })
    .returning('id')
    .executeTakeFirstOrThrow();

  const deliver = async (number: number, kind: 'full' | 'changes', since: string | null) => {
    const row = await db
      .insertInto('yearbook_deliveries')
      .values({
        yearbook_target_id: target.id,
        project_id: projectId,
        number,
        kind,
        since_delivery_id: since,
        format_name: 'PSPA Yearbook',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const started = performance.now();
    await runDelivery(row.id, { db, storage, log });
    const ms = performance.now() - started;
    const done = await db
      .selectFrom('yearbook_deliveries')
      .select(['status', 'status_message', 'counts'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    if (done.status !== 'completed') throw new Error(`delivery ${number}: ${done.status_message}`);
    return { id: row.id, ms, counts: done.counts };
  };

  const full = await deliver(1, 'full', null);

  // Retakes: a new primary photo for RETAKES subjects; corrected last names for CORRECTED others.
  await sql`UPDATE subject_photo_assignments a SET is_primary = false FROM subjects s
    WHERE s.id = a.subject_id AND s.project_id = ${projectId} AND s.id IN (
      SELECT id FROM subjects WHERE project_id = ${projectId} ORDER BY id LIMIT ${RETAKES})`.execute(db);
  await addPhotos(
    sql`s.id IN (SELECT id FROM subjects WHERE project_id = ${projectId} ORDER BY id LIMIT ${RETAKES})`,
    'retake',
  );
  await sql`UPDATE subjects SET properties = properties || jsonb_build_object(${fieldId('last_name')}::text, 'Corrected' || id)
    WHERE id IN (SELECT id FROM subjects WHERE project_id = ${projectId} ORDER BY id DESC LIMIT ${CORRECTED})`.execute(
    db,
  );

  const changes = await deliver(2, 'changes', full.id);

  const targetRow = await selectTargets(db).where('t.id', '=', target.id).executeTakeFirstOrThrow();
  const checks: number[] = [];
  let warnings = 0;
  for (let i = 0; i < CHECKS; i++) {
    const started = performance.now();
    const check = await checkDelivery(db, targetRow, 'changes');
    checks.push(performance.now() - started);
    warnings = check.warnings.length;
  }
  const ratio = changes.ms / full.ms;
  const check = median(checks);
  process.stdout.write(
    `yearbook deliveries, ${SUBJECTS} subjects (PSPA, 640 x 800, Jostens):\n` +
      `  full delivery: ${(full.ms / 1000).toFixed(2)} s (${JSON.stringify(full.counts)})\n` +
      `  changes delivery after ${RETAKES} retakes and ${CORRECTED} corrected names: ${(changes.ms / 1000).toFixed(2)} s (${JSON.stringify(changes.counts)})\n` +
      `  changes / full: ${ratio.toFixed(3)} (goal <= 0.15) ${ratio <= 0.15 ? 'PASS' : 'FAIL'}\n` +
      `  check before a delivery, ${SUBJECTS} subjects: ${check.toFixed(0)} ms (median of ${CHECKS}; ${warnings} warnings; goal < 2000 ms) ${check < 2000 ? 'PASS' : 'FAIL'}\n`,
  );
} finally {
  await close();
}
