/**
 * Shared by bench:picture-day and bench:auto-crop: a shoot of 12 to 24 MP photos (a camera card every
 * CARD_EVERY, the portraits after it) written to a folder, the floor (one shrink-on-load decode of each
 * file), and a whole picture day through the API and its jobs in a fresh child process (shoot-child.ts):
 * each file uploaded as the browser does (batch record, presigned POST over HTTP, verify), verified,
 * thumbnailed and read by the verify job, matched by camera card and applied, with or without the photo
 * checks (face, flags, auto crops) that verification queues. The child prints one JSON line (Outcome).
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { createRequire } from 'node:module';
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

export const CARD_EVERY = Number(process.env.CARD_EVERY ?? 10);
/** The shoot's size, as both benchmarks take it: PHOTOS photos, and MEMORY_BASE for the memory comparison (empty: none). */
export const PHOTOS = Number(process.env.PHOTOS ?? 1000);
export const MEMORY_BASE = process.env.MEMORY_BASE ?? '100';
/** The browser's upload concurrency (spec §9), and two images at a time in the floor as in the jobs. */
const UPLOADS_IN_FLIGHT = 6;
export const FLOOR_IN_FLIGHT = 2;
/** 12 to 24 MP in five sizes, cycled; one distinct portrait per size (the files cycle through them). */
export const SIZES = 5;
const megapixels = (i: number) => 12 + 3 * (i % SIZES);
export const dimensions = (i: number) => {
  const long = Math.round(Math.sqrt(megapixels(i) * 1e6 * 1.5));
  return { width: long, height: Math.round(long / 1.5) };
};

const fileName = (i: number) => `IMG_${String(i + 1).padStart(5, '0')}.JPG`;
const isCard = (i: number) => i % CARD_EVERY === 0;
/** The n-th card's code (the child gives its subjects these): Crockford base32, as the database makes them. */
const cardCode = (n: number) => `B${String(n).padStart(7, '0')}`;

/** The i-th of the SIZES distinct portraits, `width` x `height` (a JPEG). */
export type PortraitMaker = (i: number, size: { width: number; height: number }) => Promise<Buffer>;
const ASSETS = path.resolve(
  path.dirname(createRequire(import.meta.url).resolve('@vladmandic/human')),
  '../assets',
);
/** The face of the faceid sample (its thumbnail's area) and the frame drawn out around it, in its pixels. */
const FACE = { left: 15, top: 144, width: 135, height: 126 };
const FRAME = { top: 150, bottom: 120, left: 110, right: 110 };

/**
 * The portraits of both benchmarks: real faces, the face of @vladmandic/human's "faceid" sample, read from
 * node_modules (never copied into the repository; as apps/api/test/photo-checks.test.ts does), framed with
 * its own edges drawn out and composited on photo-like 12 to 24 MP backgrounds. A frame without a face in
 * a camera-card batch is taken for a card the reader missed, so portraits must have one.
 */
export const facePortrait: PortraitMaker = async (i, { width, height }) => {
  const face = await sharp(path.join(ASSETS, 'screenshot-faceid.jpg'))
    .extract(FACE)
    .extend({ ...FRAME, extendWith: 'copy' })
    .toBuffer();
  // Apart: sharp resizes before it extends in one pipeline.
  const framed = await sharp(face)
    .resize({ height: Math.round(height * 0.85), kernel: 'lanczos3' })
    .toBuffer({ resolveWithObject: true });
  return sharp(await photoBackground(width, height, i))
    .composite([
      {
        input: framed.data,
        left: Math.round((width - framed.info.width) / 2),
        top: Math.round(height - framed.info.height),
      },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
};

/**
 * Writes the shoot into `dir`: a card (the next cardCode) every CARD_EVERY photos, portraits between
 * them. Returns the file names in shooting order.
 */
export async function generate(dir: string, count: number, portrait: PortraitMaker = facePortrait) {
  const portraits: Buffer[] = [];
  for (let i = 0; i < SIZES; i++) portraits.push(await portrait(i, dimensions(i)));
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

/** Runs `fn` on a shoot of `count` photos generated in a temporary folder (removed after). */
export async function withShoot<T>(
  count: number,
  portrait: PortraitMaker,
  fn: (dir: string, names: string[]) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-shoot-'));
  try {
    process.stdout.write(`generating ${count} photos of 12-24 MP, a card every ${CARD_EVERY}...\n`);
    return await fn(dir, await generate(dir, count, portrait));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The floor: each file read and decoded once, shrink-on-load, to the working master's size. */
export async function floor(dir: string, names: string[]) {
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

/** How long a step may take before the run is called stuck (a smoke run of a few photos sets it low). */
const WAIT_SECONDS = Number(process.env.BENCH_WAIT_SECONDS ?? 3600);

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
 * A presigned POST as a browser sends it (multipart/form-data: the policy's fields, then the file), the
 * file streamed from disk. The browser is another machine: its upload must cost this one's two cores as
 * little as possible (fetch with a FormData of a Blob copied each 5 MB file three times, and the garbage
 * of those copies took a share of the main thread the server needs).
 */
async function postForm(
  url: URL,
  fields: Record<string, string>,
  file: { path: string; name: string; size: number },
): Promise<number> {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `${Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join(
        '',
      )}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + file.size + tail.length,
        },
      },
      (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer.statusCode ?? 0));
      },
    );
    sent.on('error', reject);
    sent.write(head);
    const body = createReadStream(file.path, { highWaterMark: 1 << 20 });
    body.on('error', reject);
    body.pipe(sent, { end: false });
    body.on('end', () => sent.end(tail));
  });
}

export interface Outcome {
  count: number;
  checks: boolean;
  seconds: number;
  rate: number;
  phases: Record<string, number>;
  counts: Record<string, number>;
  assigned: number;
  expected: number;
  wrong: number;
  /** Photos checked (with checks): with a face found, with an auto crop. */
  faces: number;
  autoCropped: number;
  rss: number;
}

/**
 * Child mode: a fresh server with its workers on a throw-away database, a studio, a project with one
 * subject per card; the shoot of `count` photos from `dir` uploaded, matched and applied and, with
 * `checks`, every photo checked (else the photos.checks workers are stopped: its jobs wait unrun). Prints
 * a JSON line (Outcome): photos per second from the first upload to the end, peak RSS, and the checks.
 */
export async function pictureDay(dir: string, count: number, options: { checks: boolean }) {
  resetPeakRss();
  const names = (await readdir(dir)).sort().slice(0, count);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const database = await benchDatabase('picture_day', {
    storage: true,
    workers: true,
    env: { PORT: String(port), PUBLIC_URL: origin },
  });
  const { ctx } = database.runtime;
  if (!options.checks) await ctx.queue.boss.offWork('photos.checks');
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
    const batchPhotos = ctx.db
      .selectFrom('photos')
      .where('id', 'in', (q) =>
        q.selectFrom('photo_batch_items').select('photo_id').where('photo_batch_id', '=', batch.id),
      );

    /** The batch once `ready` says so, read as the page polls it. */
    const batchWhen = (ready: (b: { state: string; counts: { uploaded: number } }) => boolean) =>
      until(async () => {
        const b = (await call('GET', `/api/photo-batches/${batch.id}`)).photo_batch;
        return ready(b) ? b : null;
      }, WAIT_SECONDS);
    /** A step of the batch (match, apply), as its button runs it: sent, then awaited until `state` or failed. */
    const runStep = async (step: 'match' | 'apply', state: string) => {
      await call('POST', `/api/photo-batches/${batch.id}/${step}`);
      const b = await batchWhen((b) => b.state === state || b.state === 'failed');
      if (b.state !== state) throw new Error(`${step} failed: ${b.error}`);
      return b;
    };

    const started = performance.now();
    await runInFlight(names.length, UPLOADS_IN_FLIGHT, async (i) => {
      const file = path.join(dir, names[i]!);
      const { size } = await stat(file);
      const { photo } = await call('POST', `/api/photo-batches/${batch.id}/photos`, {
        photo: { upload_file_name: names[i], upload_file_size: size, upload_content_type: 'image/jpeg' },
      });
      const status = await postForm(new URL(photo.presigned_post.url, origin), photo.presigned_post.fields, {
        path: file,
        name: names[i]!,
        size,
      });
      if (status !== 204) throw new Error(`upload ${names[i]}: ${status}`);
      await call('PATCH', `/api/photos/${photo.id}/verify`);
    });
    const uploaded = performance.now();
    // The page's Match button waits for the uploads to be verified (verification reads the codes).
    await batchWhen((b) => b.counts.uploaded >= count);
    const verified = performance.now();
    await runStep('match', 'matched');
    const matchedAt = performance.now();
    const applied = await runStep('apply', 'applied');
    const appliedAt = performance.now();
    // With checks: until every portrait has its face, flags and auto crops. Camera cards (a code read in
    // them) are never checked, so waiting for every photo would wait out the hour.
    if (options.checks)
      await until(async () => {
        const unchecked = await batchPhotos
          .select((e) => e.fn.countAll<string>().as('n'))
          .where('checked_at', 'is', null)
          .where('id', 'in', (q) =>
            q
              .selectFrom('photo_batch_items')
              .select('photo_id')
              .where('photo_batch_id', '=', batch.id)
              .where('card_code', 'is', null),
          )
          .executeTakeFirstOrThrow();
        return Number(unchecked.n) === 0 ? true : null;
      }, WAIT_SECONDS);
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
    const faces = await batchPhotos
      .select((e) => e.fn.countAll<string>().as('n'))
      .where('face', 'is not', null)
      .executeTakeFirstOrThrow();
    const autoCropped = await batchPhotos
      .select((e) => e.fn.countAll<string>().as('n'))
      .where('id', 'in', (q) => q.selectFrom('photo_crops').select('photo_id').where('source', '=', 'auto'))
      .executeTakeFirstOrThrow();
    const outcome: Outcome = {
      count,
      checks: options.checks,
      seconds,
      rate: count / seconds,
      phases: {
        upload_and_verify: (verified - started) / 1000,
        of_which_uploads: (uploaded - started) / 1000,
        match: (matchedAt - verified) / 1000,
        apply: (appliedAt - matchedAt) / 1000,
        ...(options.checks ? { checks_after_apply: (performance.now() - appliedAt) / 1000 } : {}),
      },
      counts: applied.counts,
      assigned: assignments.length,
      expected,
      wrong,
      faces: Number(faces.n),
      autoCropped: Number(autoCropped.n),
      rss: peakRssMiB(),
    };
    process.stdout.write(`${JSON.stringify(outcome)}\n`);
  } finally {
    await app.close();
    await database.close();
  }
}

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'shoot-child.ts');

/** pictureDay on the first `count` files of `dir`, in a fresh process (its own peak RSS). */
export const pictureDayInChild = (dir: string, count: number, options: { checks: boolean }): Outcome =>
  JSON.parse(
    runChild(CHILD, {
      BENCH_SHOOT_DIR: dir,
      BENCH_SHOOT_COUNT: String(count),
      BENCH_SHOOT_CHECKS: options.checks ? '1' : '',
    }),
  ) as Outcome;

/** Whether every portrait landed on its card's subject. */
export const rightlyAssigned = (o: Outcome) => o.wrong === 0 && o.assigned === o.expected;

/** The outcome's lines: rate and phases, and the match's figures. */
export const outcomeLines = (o: Outcome) => [
  `upload to ${o.checks ? 'applied and checked' : 'applied'}: ${o.rate.toFixed(2)} photos/s (${o.seconds.toFixed(1)} s; ${Object.entries(
    o.phases,
  )
    .map(([k, v]) => `${k} ${v.toFixed(1)} s`)
    .join(', ')})`,
  `matched: ${o.counts.matched}, cards: ${o.counts.cards}, unmatched: ${o.counts.unmatched}; assigned ${o.assigned} of ${o.expected} portraits, ${o.wrong} to a wrong subject${rightlyAssigned(o) ? '' : '  <-- WRONG'}`,
];
