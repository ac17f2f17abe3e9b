/**
 * npm run bench:subjects-grid — one page of the subjects grid (a field filter, images, a keyword, a field
 * sort, page 2) through the real route, for a project of 20,000 subjects against one of 20, with 32
 * concurrent clients, the two taking turns in the same run. Prints p50 and p95 milliseconds per page of
 * each and the ratios (goal: p95 at 20,000 <= 1.5x p95 at 20).
 *
 * Uses TEST_DATABASE_URL's server when given (a database is created and dropped), else an embedded
 * PostgreSQL under var/. Options: SUBJECTS (default 20000), CLIENTS (32), ROUNDS (6), PER_CLIENT (4).
 */
import { sql } from 'kysely';
import { benchApp, benchProjects, benchSignIn } from './database.js';

const SUBJECTS = Number(process.env.SUBJECTS ?? 20000);
const CLIENTS = Number(process.env.CLIENTS ?? 32);
const ROUNDS = Number(process.env.ROUNDS ?? 6);
const PER_CLIENT = Number(process.env.PER_CLIENT ?? 4);
const FIELD_KEYS = ['first_name', 'last_name', 'grade', 'teacher'];

const { runtime, app, close } = await benchApp('grid');
try {
  const db = runtime.ctx.db;
  const { projectIds, fieldId: id } = await benchProjects(
    db,
    FIELD_KEYS,
    { large: SUBJECTS, small: 20 },
    (projectId, count, id) =>
      sql`INSERT INTO subjects (project_id, properties)
      SELECT ${projectId}, jsonb_build_object(${id('first_name')}::text, 'First' || g, ${id('last_name')}::text, 'Last' || (g % 977),
        ${id('grade')}::text, (g % 13)::text, ${id('teacher')}::text, 'Teacher' || (g % 40))
      FROM generate_series(1, ${count}::int) g`.execute(db),
  );
  const token = await benchSignIn(app);
  const page = async (label: string) => {
    const started = performance.now();
    const res = await app.inject({
      method: 'GET',
      url: `/api/projects/${projectIds[label]}/subjects?filter[field_1]=${id('teacher')}&filter[value_1]=Teacher3&images=without&keyword=last&sort=field:${id('grade')}&page=2`,
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.statusCode !== 200) throw new Error(`grid answered ${res.statusCode}`);
    return performance.now() - started;
  };
  // CLIENTS concurrent clients, each asking PER_CLIENT pages in a row; the two projects take turns.
  const times: Record<string, number[]> = { large: [], small: [] };
  const burst = async (label: string) => {
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        for (let i = 0; i < PER_CLIENT; i++) times[label]!.push(await page(label));
      }),
    );
  };
  await burst('large'); // warm-up (plans, caches), not counted
  await burst('small');
  times.large = [];
  times.small = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const label of round % 2 === 0 ? ['large', 'small'] : ['small', 'large']) await burst(label);
  }
  const pct = (v: number[], p: number) =>
    [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor(v.length * p))]!;
  const row = (label: string, v: number[]) =>
    `  ${label.padEnd(16)} p50 ${pct(v, 0.5).toFixed(2).padStart(7)} ms   p95 ${pct(v, 0.95).toFixed(2).padStart(7)} ms   (${v.length} pages)\n`;
  const ratio = pct(times.large!, 0.95) / pct(times.small!, 0.95);
  process.stdout.write(
    `subjects grid page, ${CLIENTS} concurrent clients, ${ROUNDS} rounds of ${PER_CLIENT} pages each, interleaved:\n` +
      row(`${SUBJECTS} subjects`, times.large!) +
      row('20 subjects', times.small!) +
      `  p95 ratio (large / small): ${ratio.toFixed(2)} (goal <= 1.5)\n` +
      `  p50 ratio (large / small): ${(pct(times.large!, 0.5) / pct(times.small!, 0.5)).toFixed(2)}\n`,
  );
} finally {
  await close();
}
