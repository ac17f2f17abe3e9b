/**
 * npm run bench:duplicates — the duplicate finder (default fields: First Name, Last Name, Student ID,
 * over every subject) through the real HTTP route, for a project of 20,000 subjects against one of 200,
 * interleaved in the same run; one subject in 100 has a planted duplicate. Prints the median
 * milliseconds per call of each and the ratio.
 *
 * Uses TEST_DATABASE_URL's server when given (a database is created and dropped), else an embedded
 * PostgreSQL under var/. Options: SUBJECTS (default 20000), SMALL (default 200), RUNS (default 20).
 */
import { sql } from 'kysely';
import { benchApp, benchProjects, benchSignIn } from './database.js';
import { median } from './support.js';

const SUBJECTS = Number(process.env.SUBJECTS ?? 20000);
const SMALL = Number(process.env.SMALL ?? 200);
const RUNS = Number(process.env.RUNS ?? 20);
const FIELD_KEYS = ['student_id', 'first_name', 'last_name', 'grade', 'teacher'];

const { runtime, app, close } = await benchApp('duplicates');
try {
  const db = runtime.ctx.db;
  const { projectIds } = await benchProjects(
    db,
    FIELD_KEYS,
    { large: SUBJECTS, small: SMALL },
    (projectId, count, id) =>
      // Subject g and g + 1 share name and student id when g % 100 = 1 (one planted pair per 100).
      sql`INSERT INTO subjects (project_id, properties)
      SELECT ${projectId}, jsonb_build_object(
        ${id('student_id')}::text, lpad((CASE WHEN g % 100 = 2 THEN g - 1 ELSE g END)::text, 6, '0'),
        ${id('first_name')}::text, 'First' || (CASE WHEN g % 100 = 2 THEN g - 1 ELSE g END),
        ${id('last_name')}::text, 'Last' || ((CASE WHEN g % 100 = 2 THEN g - 1 ELSE g END) % 977),
        ${id('grade')}::text, (g % 13)::text, ${id('teacher')}::text, 'Teacher' || (g % 40))
      FROM generate_series(1, ${count}::int) g`.execute(db),
  );
  const token = await benchSignIn(app);
  const groups: Record<string, number> = {};
  const find = async (label: string) => {
    const started = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: `/api/projects/${projectIds[label]}/duplicate-subjects`,
      headers: { authorization: `Bearer ${token}` },
      payload: { fields: ['first_name', 'last_name', 'student_id'] },
    });
    if (res.statusCode !== 200) throw new Error(`duplicate finder answered ${res.statusCode}`);
    groups[label] = res.json().duplicate_groups.length;
    return performance.now() - started;
  };
  const times: Record<string, number[]> = { large: [], small: [] };
  for (let i = 0; i < RUNS; i++) {
    for (const label of i % 2 === 0 ? ['large', 'small'] : ['small', 'large'])
      times[label]!.push(await find(label));
  }
  const large = median(times.large!);
  const small = median(times.small!);
  process.stdout.write(
    `duplicate finder, ${RUNS} calls each, interleaved:\n` +
      `  ${SUBJECTS} subjects (${groups.large} groups): ${large.toFixed(2)} ms (median)\n` +
      `  ${SMALL} subjects (${groups.small} groups): ${small.toFixed(2)} ms (median)\n` +
      `  ratio (large / small): ${(large / small).toFixed(2)}\n`,
  );
} finally {
  await close();
}
