/**
 * npm run bench:picture-day — a whole picture day through the API and its jobs: PHOTOS photos of 12 to 24
 * MP (about one in ten a camera card, the others the portraits after it), each uploaded as the browser
 * does (batch record, presigned POST over HTTP, verify), verified and thumbnailed by the verify job,
 * given its working master, matched by camera card (EXIF headers, codes read by zxing-wasm from the
 * master) and applied, until the batch is applied. Prints photos per second and the ratio against a floor
 * measured in the same run on the same files: a bare sharp loop that decodes each file once at the
 * smallest scale that yields the largest rendition (the 2400 px working master), two at a time. Goal: at
 * least 0.5. Then the peak RSS of the whole run (server, workers and uploads in one fresh process) for 100
 * and for PHOTOS photos. Goal: within 15%. Checks that every portrait landed on its card's subject.
 *
 * Options: PHOTOS (default 1000), CARD_EVERY (default 10), MEMORY_BASE (default 100; empty to skip the
 * memory comparison). Needs TEST_DATABASE_URL's server (else an embedded PostgreSQL under var/).
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { freePort } from '../src/db/embedded.js';
import { buildApp } from '../src/http/app.js';
import { MASTER_LONG_EDGE } from '../src/images/images.js';
import { drawnCard, photoBackground, photographCard } from '../test/support/camera-cards.js';
import { bearer, buildOrganization, buildUser, signIn } from '../test/support/factories.js';
import { projectWithFields } from '../test/support/project-data.js';
import { benchDatabase } from './database.js';
import { peakRssMiB, resetPeakRss, runChild, runInFlight } from './support.js';

const PHOTOS = Number(process.env.PHOTOS ?? 1000);
const CARD_EVERY = Number(process.env.CARD_EVERY ?? 10);
const MEMORY_BASE = process.env.MEMORY_BASE ?? '100';
/** The browser's upload concurrency (spec §9), and two images at a time in the floor as in the jobs. */
const UPLOADS_IN_FLIGHT = 6;
const FLOOR_IN_FLIGHT = 2;
/** 12 to 24 MP in five sizes, cycled; one distinct portrait per size (the files cycle through them). */
const SIZES = 5;
const megapixels = (i: number) => 12 + 3 * (i % SIZES);
const dimensions = (i: number) => {
  const long = Math.round(Math.sqrt(megapixels(i) * 1e6 * 1.5));
  return { width: long, height: Math.round(long / 1.5) };
};

const fileName = (i: number) => `IMG_${String(i + 1).padStart(5, '0')}.JPG`;
const isCard = (i: number) => i % CARD_EVERY === 0;
/** The n-th card's code (the child gives its subjects these): Crockford base32, as the database makes them. */
const cardCode = (n: number) => `B${String(n).padStart(7, '0')}`;

/**
 * Writes the shoot into `dir`: a card (the next cardCode) every CARD_EVERY photos, portraits between
 * them. Returns the file names in shooting order.
 */
async function generate(dir: string, count: number) {
  const portraits: Buffer[] = [];
  for (let i = 0; i < SIZES; i++) {
    const { width, height } = dimensions(i);
    portraits.push(await photoBackground(width, height, i));
  }
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const bytes = isCard(i)
      ? await photographCard(await drawnCard(cardCode(i / CARD_EVERY)), {
          ...dimensions(i),
          seed: i,
          share: 0.35,
        })
      : portraits[i % SIZES]!;
    await writeFile(path.join(dir, fileName(i)), bytes);
    names.push(fileName(i));
  }
  return names;
}

/** The floor: each file read and decoded once, shrink-on-load, to the working master's size. */
async function floor(dir: string, names: string[]) {
  sharp.concurrency(1);
  sharp.cache(false);
  return runInFlight(names.length, FLOOR_IN_FLIGHT, async (i) => {
    await sharp(await readFile(path.join(dir, names[i]!)))
      .rotate()
      .resize({ width: MASTER_LONG_EDGE, height: MASTER_LONG_EDGE, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer();
  });
}

const until = async <T>(fn: () => Promise<T | null>, seconds: number): Promise<T> => {
  const end = Date.now() + seconds * 1000;
  for (;;) {
    const value = await fn();
    if (value !== null) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
};

/**
 * Child mode: a fresh server with its workers on a throw-away database, a studio, a project with one
 * subject per card; the shoot of `count` photos from `dir` uploaded, matched and applied. Prints a JSON
 * line: photos per second from the first upload to applied, peak RSS, and the checks.
 */
async function pictureDay(dir: string, count: number) {
  resetPeakRss();
  const names = (await readdir(dir)).sort();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const database = await benchDatabase('picture_day', {
    storage: true,
    workers: true,
    env: { PORT: String(port), PUBLIC_URL: origin },
  });
  const { ctx } = database.runtime;
  const app = await buildApp(ctx, { logger: false });
  try {
    await app.listen({ port, host: '127.0.0.1' });
    const studio = await buildOrganization(ctx.db, { role: 'studio_role', name: 'Bench Studio' });
    const school = await buildOrganization(ctx.db, {
      role: 'customer_role',
      parent: studio.id,
      name: 'Bench School',
    });
    const user = await buildUser(ctx.db, { organizations: [studio.id] });
    const token = await signIn(app, user.email);
    const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => {
      const answer = await app.inject({
        method,
        url,
        headers: bearer(token),
        ...(payload ? { payload } : {}),
      });
      if (answer.statusCode >= 300) throw new Error(`${method} ${url}: ${answer.statusCode} ${answer.body}`);
      return answer.json();
    };
    const project = await projectWithFields(ctx.db, school.id, 'Picture day', ['first_name', 'last_name']);
    const cards = names.filter((_, i) => isCard(i)).length;
    const subjects: { id: string; card_code: string }[] = [];
    for (let i = 0; i < cards; i++)
      subjects.push(
        await ctx.db
          .insertInto('subjects')
          .values({
            project_id: project.projectId,
            properties: JSON.stringify({
              [project.fields.first_name!]: `Student ${i}`,
              [project.fields.last_name!]: 'Bench',
            }),
            card_code: cardCode(i),
          })
          .returning(['id', 'card_code'])
          .executeTakeFirstOrThrow(),
      );
    const batch = (
      await call('POST', `/api/projects/${project.projectId}/photo-batches`, {
        photo_batch: { name: 'Bench day', match_by: 'camera_card' },
      })
    ).photo_batch;

    const started = performance.now();
    await runInFlight(names.length, UPLOADS_IN_FLIGHT, async (i) => {
      const bytes = await readFile(path.join(dir, names[i]!));
      const { photo } = await call('POST', `/api/photo-batches/${batch.id}/photos`, {
        photo: { file_name: names[i], byte_size: bytes.length, content_type: 'image/jpeg' },
      });
      const form = new FormData();
      for (const [k, v] of Object.entries(photo.presigned_post.fields as Record<string, string>))
        form.append(k, v);
      form.append('file', new Blob([new Uint8Array(bytes)]), names[i]);
      const sent = await fetch(new URL(photo.presigned_post.url, origin), { method: 'POST', body: form });
      if (sent.status !== 204) throw new Error(`upload ${names[i]}: ${sent.status}`);
      await call('PATCH', `/api/photos/${photo.id}/verify`);
    });
    const uploaded = performance.now();
    // Matching reads the codes from the working masters: it starts once every photo has one, as the
    // page's Match button waits for the uploads to be verified.
    await until(async () => {
      const b = (await call('GET', `/api/photo-batches/${batch.id}`)).photo_batch;
      if (b.counts.uploaded < count) return null;
      const masters = await ctx.db
        .selectFrom('photos')
        .select((e) => e.fn.countAll<string>().as('n'))
        .where('id', 'in', (q) =>
          q.selectFrom('photo_batch_items').select('photo_id').where('photo_batch_id', '=', batch.id),
        )
        .where('master_width', 'is not', null)
        .executeTakeFirstOrThrow();
      return Number(masters.n) >= count ? true : null;
    }, 3600);
    const verified = performance.now();
    await call('POST', `/api/photo-batches/${batch.id}/match`);
    const matched = await until(async () => {
      const b = (await call('GET', `/api/photo-batches/${batch.id}`)).photo_batch;
      return b.state === 'matched' || b.state === 'failed' ? b : null;
    }, 3600);
    if (matched.state !== 'matched') throw new Error(`match failed: ${matched.error}`);
    const matchedAt = performance.now();
    await call('POST', `/api/photo-batches/${batch.id}/apply`);
    const applied = await until(async () => {
      const b = (await call('GET', `/api/photo-batches/${batch.id}`)).photo_batch;
      return b.state === 'applied' || b.state === 'failed' ? b : null;
    }, 3600);
    if (applied.state !== 'applied') throw new Error(`apply failed: ${applied.error}`);
    const seconds = (performance.now() - started) / 1000;

    // Every portrait on the subject of the card before it, none on another.
    const assignments = await ctx.db
      .selectFrom('subject_photo_assignments as a')
      .innerJoin('photos as p', 'p.id', 'a.photo_id')
      .select(['a.subject_id', 'p.upload_file_name'])
      .where('p.id', 'in', (q) =>
        q.selectFrom('photo_batch_items').select('photo_id').where('photo_batch_id', '=', batch.id),
      )
      .execute();
    const expected = names.filter((_, i) => !isCard(i)).length;
    const wrong = assignments.filter((a) => {
      const i = names.indexOf(a.upload_file_name);
      return isCard(i) || a.subject_id !== subjects[Math.floor(i / CARD_EVERY)]!.id;
    }).length;
    process.stdout.write(
      `${JSON.stringify({
        count,
        seconds,
        rate: count / seconds,
        phases: {
          upload_and_verify: (uploaded - started) / 1000,
          masters: (verified - uploaded) / 1000,
          match: (matchedAt - verified) / 1000,
          apply: (performance.now() - matchedAt) / 1000,
        },
        counts: applied.counts,
        assigned: assignments.length,
        expected,
        wrong,
        rss: peakRssMiB(),
      })}\n`,
    );
  } finally {
    await app.close();
    await database.close();
  }
}

interface Outcome {
  count: number;
  seconds: number;
  rate: number;
  phases: Record<string, number>;
  counts: Record<string, number>;
  assigned: number;
  expected: number;
  wrong: number;
  rss: number;
}

if (process.env.BENCH_PICTURE_DAY_COUNT) {
  await pictureDay(process.env.BENCH_PICTURE_DAY_DIR!, Number(process.env.BENCH_PICTURE_DAY_COUNT));
} else {
  await main();
}

async function main() {
  const self = fileURLToPath(import.meta.url);
  const run = async (count: number) => {
    const dir = await mkdtemp(path.join(tmpdir(), 'bench-picture-day-'));
    try {
      process.stdout.write(`generating ${count} photos...\n`);
      const names = await generate(dir, count);
      process.stdout.write('floor...\n');
      // The floor on the same files, in this process, just before the picture day in a fresh one.
      const floorRate = await floor(dir, names);
      process.stdout.write('picture day...\n');
      const outcome = JSON.parse(
        runChild(self, { BENCH_PICTURE_DAY_COUNT: String(count), BENCH_PICTURE_DAY_DIR: dir }),
      ) as Outcome;
      return { outcome, floorRate };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
  process.stdout.write(`picture day: ${PHOTOS} photos of 12-24 MP, a card every ${CARD_EVERY}...\n`);
  const { outcome, floorRate } = await run(PHOTOS);
  const ok = outcome.wrong === 0 && outcome.assigned === outcome.expected;
  const lines = [
    `upload to applied: ${outcome.rate.toFixed(2)} photos/s (${outcome.seconds.toFixed(1)} s; ${Object.entries(
      outcome.phases,
    )
      .map(([k, v]) => `${k} ${v.toFixed(1)} s`)
      .join(', ')})`,
    `floor (one shrink-on-load decode to ${MASTER_LONG_EDGE} px per file, ${FLOOR_IN_FLIGHT} in flight): ${floorRate.toFixed(2)} photos/s`,
    `ratio (picture day / floor): ${(outcome.rate / floorRate).toFixed(2)} (goal: at least 0.5)`,
    `matched: ${outcome.counts.matched}, cards: ${outcome.counts.cards}, unmatched: ${outcome.counts.unmatched}; assigned ${outcome.assigned} of ${outcome.expected} portraits, ${outcome.wrong} to a wrong subject${ok ? '' : '  <-- WRONG'}`,
    `peak RSS, ${PHOTOS} photos: ${outcome.rss} MiB`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (MEMORY_BASE && Number(MEMORY_BASE) !== PHOTOS) {
    const base = (await run(Number(MEMORY_BASE))).outcome;
    process.stdout.write(
      `peak RSS, ${base.count} photos: ${base.rss} MiB; ${PHOTOS} / ${base.count}: ${(outcome.rss / base.rss).toFixed(2)} (goal: at most 1.15)\n`,
    );
  }
  if (!ok) process.exitCode = 1;
}
