/**
 * npm run bench:roster-import — a 20,000-row roster (CSV) imported into an empty project: read, check
 * and apply (the apply job's work, batched inserts in one transaction), then an edited copy re-imported
 * (every 10th row changed: updates). Prints the milliseconds of each step.
 *
 * Uses TEST_DATABASE_URL's server when given (a database is created and dropped), else an embedded
 * PostgreSQL under var/. Option: ROWS (default 20000).
 */
import { findImport } from '../src/modules/subject-imports/queries.js';
import { applyImport, readIntoImport, runCheck } from '../src/modules/subject-imports/service.js';
import { buildProject } from '../test/support/factories.js';
import { benchDatabase, benchOrganization, benchTemplate } from './database.js';

const ROWS = Number(process.env.ROWS ?? 20000);
const FIELD_KEYS = ['student_id', 'first_name', 'last_name', 'grade', 'teacher'];

const { runtime, close } = await benchDatabase('roster', { storage: true });
const ctx = runtime.ctx;
const time = async <T>(f: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const value = await f();
  return [value, performance.now() - started];
};

function roster(edited: boolean): Buffer {
  const lines = ['Student Number,First Name,Last Name,Grade Level,Homeroom Teacher'];
  for (let i = 1; i <= ROWS; i++) {
    const teacher = edited && i % 10 === 0 ? `Teacher ${i % 40} (new)` : `Teacher ${i % 40}`;
    lines.push(`${String(i).padStart(6, '0')},First${i},Last${i % 977},${i % 13},${teacher}`);
  }
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}

try {
  const db = ctx.db;
  const orgId = await benchOrganization(db);
  const { templateId } = await benchTemplate(db, orgId, FIELD_KEYS);
  const projectId = await buildProject(db, orgId, 'Bench', templateId);

  const results: string[] = [];
  for (const [label, edited] of [
    ['first import (creates)', false],
    ['re-import, every 10th row edited (updates)', true],
  ] as const) {
    const bytes = roster(edited);
    const key = `bench/${label.length}-${Date.now()}`;
    await ctx.storage.put(key, bytes, 'text/csv');
    const row = await db
      .insertInto('subject_imports')
      .values({
        project_id: projectId,
        storage_key: key,
        upload_file_name: 'roster.csv',
        upload_file_size: bytes.length,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const [read, readMs] = await time(() => readIntoImport(ctx, row, bytes, {}));
    const [checked, checkMs] = await time(() => runCheck(ctx, read, true));
    await db.updateTable('subject_imports').set({ status: 'applying' }).where('id', '=', row.id).execute();
    const [, applyMs] = await time(() => applyImport(db, ctx.storage, row.id, true));
    const done = await findImport(db, row.id);
    if (done.status !== 'applied') throw new Error(`import ${done.status}: ${done.failure}`);
    results.push(
      `  ${label}: read ${readMs.toFixed(0)} ms, check ${checkMs.toFixed(0)} ms, apply ${applyMs.toFixed(0)} ms` +
        ` (created ${done.report.created}, updated ${done.report.updated}, unchanged ${done.report.unchanged};` +
        ` check said ${checked.check_report.create_count} / ${checked.check_report.update_count})`,
    );
  }
  const count = await db
    .selectFrom('subjects')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  process.stdout.write(
    `roster import of ${ROWS} rows (CSV, ${(roster(false).length / 1024 / 1024).toFixed(1)} MB):\n${results.join('\n')}\n` +
      `  subjects in the project: ${count.n}\n`,
  );
} finally {
  await close();
}
