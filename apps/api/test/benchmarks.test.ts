import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, test } from 'vitest';
import { REPO_ROOT } from '../src/config.js';

/**
 * Every benchmark the README names runs to its figures: each `npm run bench:*` script, at a tiny size, as
 * a child process on the tests' PostgreSQL server, must exit 0 and print its closing figure. A benchmark
 * that waits for something that never comes (bench:auto-crop once waited its hour for camera cards to be
 * checked) fails here on its short wait instead. The figures of so small a run mean nothing: this only
 * proves the benchmarks finish.
 */
const scripts = (
  JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

/** Each benchmark's tiny size and the line that says it reached its figures. */
const tiny: Record<string, { env: Record<string, string>; figure: RegExp }> = {
  'bench:thumbnails': {
    env: { PHOTOS: '2', REPEATS: '1', MEGAPIXELS: '1', MEMORY_COUNTS: '4,8', MEMORY_MEGAPIXELS: '0.5' },
    figure: /ratio \(ours \/ baseline\): \d/,
  },
  'bench:subjects-grid': {
    env: { SUBJECTS: '200', CLIENTS: '2', ROUNDS: '1', PER_CLIENT: '1' },
    figure: /p95 ratio \(large \/ small\): \d/,
  },
  'bench:duplicates': {
    env: { SUBJECTS: '300', SMALL: '20', RUNS: '2' },
    figure: /ratio \(large \/ small\): \d/,
  },
  'bench:roster-import': { env: { ROWS: '40' }, figure: /subjects in the project: 40\b/ },
  'bench:render': {
    env: {
      SUBJECTS: '4',
      REPEATS: '1',
      MEGAPIXELS: '1',
      ORIGINALS: '2',
      RSS_RUNS: '1',
      MEMORY_SUBJECTS: '2,4',
    },
    figure: /growth 2 -> 4 \(goal < 15%\): +-?\d/,
  },
  'bench:export': {
    env: { SUBJECTS: '4', REPEATS: '1', ORIGINALS: '2', MEMORY_COUNTS: '2,4', MEMORY_MEGAPIXELS: '1' },
    figure: /growth 2 -> 4 \(goal < 15%\): -?\d/,
  },
  'bench:yearbook': {
    env: { SUBJECTS: '20', RETAKES: '3', CORRECTED: '2', ORIGINALS: '1', CHECKS: '1', MEGAPIXELS: '1' },
    figure: /changes \/ full: \d[\s\S]*check before a delivery, 20 subjects: \d+ ms/,
  },
  'bench:api': {
    env: { BENCH_SECONDS: '1', BENCH_CONNECTIONS: '2', BENCH_SUBJECTS: '100' },
    figure: /ratio to \/healthz/,
  },
  'bench:picture-day': {
    env: { PHOTOS: '6', CARD_EVERY: '3', MEMORY_BASE: '', BENCH_WAIT_SECONDS: '240' },
    figure: /ratio \(picture day \/ mean floor\): \d/,
  },
  'bench:auto-crop': {
    env: { PHOTOS: '6', CARD_EVERY: '3', MEMORY_BASE: '', DETECT: '2', BENCH_WAIT_SECONDS: '240' },
    figure: /ratio \(with checks \/ without\): \d/,
  },
  'bench:scale': {
    env: {
      SCHOOLS: '40',
      SUBJECTS: '2000',
      PHOTOS: '4000',
      AUDIT: '2000',
      DISTRICT_SCHOOLS: '4',
      DISTRICT_SUBJECTS: '200',
      SAMPLE: '4',
      CLIENTS: '2',
      ROUNDS: '2',
      PER_CLIENT: '2',
      BENCH_SECONDS: '1',
      BENCH_CONNECTIONS: '2',
      CHUNK: '20',
    },
    figure: /throughput ratio \(two \/ one\): \d/,
  },
  'bench:live': {
    env: {
      DURATION_SECONDS: '3',
      STATIONS: '2',
      VIEWERS: '2',
      STUDENTS: '20',
      PACE_SECONDS: '0.5',
      REPLAY: '40',
      REPLAY_BATCH: '20',
      GRACE_SECONDS: '5',
    },
    figure: /replay \/ bare insert loop: \d[\s\S]*lost 0, doubled 0/,
  },
  'bench:tether': {
    env: { MINUTES: '0.1', GRACE_SECONDS: '120' },
    figure: /p95 [\d.]+ s[\s\S]*files lost: 0, doubled: 0/,
  },
};

/**
 * The benchmarks that take a minute even at their tiny size (an embedded PostgreSQL made from nothing, an
 * API, its workers and an uploader started under tsx): four minutes of CI's forty. They run here with
 * BENCH_SMOKE_ALL=1 (`BENCH_SMOKE_ALL=1 npx vitest run --project api apps/api/test/benchmarks.test.ts`),
 * which a change to one of them, or to what it starts, should do.
 */
const HEAVY = new Set(['bench:api', 'bench:picture-day', 'bench:auto-crop', 'bench:tether']);

const run = (script: string, env: Record<string, string>) =>
  new Promise<{ status: number | null; output: string }>((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script], {
      cwd: REPO_ROOT,
      env: { ...process.env, TEST_DATABASE_URL: inject('adminDatabaseUrl'), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, output }));
  });

describe('benchmarks finish at a tiny size', () => {
  test('every bench:* script of package.json has a tiny size here', () => {
    const benches = Object.keys(scripts).filter((name) => name.startsWith('bench:'));
    expect(benches.length).toBeGreaterThan(5);
    expect(benches.sort()).toEqual(Object.keys(tiny).sort());
    // A heavy one renamed would otherwise drop out of both lists without a word.
    for (const heavy of HEAVY) expect(benches).toContain(heavy);
  });

  for (const [script, { env, figure }] of Object.entries(tiny)) {
    test.skipIf(HEAVY.has(script) && !process.env.BENCH_SMOKE_ALL)(
      script,
      async () => {
        const { status, output } = await run(script, env);
        expect(output).toMatch(figure);
        expect(status, output.slice(-4000)).toBe(0);
      },
      420_000,
    );
  }
});
