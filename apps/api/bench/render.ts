/**
 * npm run bench:render — a class composite PDF of SUBJECTS subjects through our path (layout engine,
 * photos read from local storage, cut and sized for 300 dpi by sharp, pdfkit streaming to a file) against
 * the bare cost of preparing the same crops with sharp alone (read, rotate, extract, resize, JPEG; two in
 * flight), interleaved, REPEATS times. Prints medians, the ratio (baseline / ours: goal >= 0.8) and the
 * peak RSS of a render of 100 and of 1,000 subjects, each in a child process of its own (goal: 1,000
 * within 15% of 100).
 *
 * Options: SUBJECTS (default 500), REPEATS (default 3; 0 measures the peak RSS only), MEGAPIXELS (default 6),
 * ORIGINALS (default 8), RSS_RUNS (children per size, default 3: the median counts), MEMORY_SUBJECTS (the
 * two sizes whose peak RSS is compared, default "100,1000").
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type LayoutSubject, layoutDefinitionSchema, layoutPages } from '@school-portal/domain';
import pLimit from 'p-limit';
import sharp from 'sharp';
import { pixelsFor, preparePrintPhoto } from '../src/images/print.js';
import { writePdf } from '../src/modules/layouts/draw.js';
import { createMeasure } from '../src/modules/layouts/fonts.js';
import { LocalStorage } from '../src/storage/local.js';
import { makePhoto, median, peakRssMiB, runChild } from './support.js';

const SUBJECTS = Number(process.env.SUBJECTS ?? 500);
const REPEATS = Number(process.env.REPEATS ?? 3);
const MEGAPIXELS = Number(process.env.MEGAPIXELS ?? 6);
const ORIGINALS = Number(process.env.ORIGINALS ?? 8);
const RSS_RUNS = Number(process.env.RSS_RUNS ?? 3);
/** The two render sizes whose peak RSS is compared (a smoke run makes them small). */
const [RSS_SMALL, RSS_LARGE] = (process.env.MEMORY_SUBJECTS ?? '100,1000').split(',').map(Number) as [
  number,
  number,
];
const CROP = { x: 0.1, y: 0.05, width: 0.8, height: 0.8 };
const SECRET = 'bench-secret-bench-secret-bench-secret';

// The Class Composite as migration 0011 made it (a fixed 5x4 grid), so that figures compare across versions.
const composite = layoutDefinitionSchema.parse({
  page: { width: 612, height: 792, margins: { top: 36, right: 36, bottom: 36, left: 36 } },
  grid: { width: 5, height: 4 },
  group_break: 'page',
  title: { template: '{group}', size: 20 },
  unit: {
    width: 100,
    height: 150,
    boxes: [
      { kind: 'photo', x: 10, y: 4, width: 80, height: 100 },
      {
        kind: 'text',
        x: 0,
        y: 108,
        width: 100,
        height: 16,
        template: '{First Name} {Last Name}',
        size: 9,
        align: 'center',
      },
    ],
  },
});

const keyOf = (i: number) => `bench/original-${i % ORIGINALS}`;

function subjects(n: number): LayoutSubject[] {
  return Array.from({ length: n }, (_, i) => ({
    id: String(i + 1),
    values: { 'First Name': `Student${i}`, 'Last Name': `Family${i % 97}`, Teacher: `Teacher ${i % 20}` },
    photos: { primary: String(i), latest: String(i) },
  }));
}

async function ours(storage: LocalStorage, list: LayoutSubject[], file: string) {
  const pages = layoutPages(composite, 'Sheet', list, {
    group_by: ['Teacher'],
    sort_by: ['Last Name', 'First Name'],
    measure: createMeasure(),
  });
  await writePdf(
    pages,
    async (box, dpi) => preparePrintPhoto(await storage.read(keyOf(Number(box.photo_id))), CROP, box, dpi),
    file,
    { title: 'Bench composite' },
  );
}

async function baseline(storage: LocalStorage, n: number) {
  const limit = pLimit(2);
  const [w, h] = [pixelsFor(80), pixelsFor(100)];
  await Promise.all(
    Array.from({ length: n }, (_, i) =>
      limit(async () => {
        const bytes = await storage.read(keyOf(i));
        const meta = await sharp(bytes).metadata();
        const swapped = (meta.orientation ?? 1) >= 5;
        const W = (swapped ? meta.height : meta.width) ?? 1;
        const H = (swapped ? meta.width : meta.height) ?? 1;
        await sharp(bytes)
          .rotate()
          .extract({
            left: Math.round(CROP.x * W),
            top: Math.round(CROP.y * H),
            width: Math.round(CROP.width * W),
            height: Math.round(CROP.height * H),
          })
          .resize({ width: w, height: h, fit: 'cover' })
          .jpeg({ quality: 85 })
          .toBuffer();
      }),
    ),
  );
}

async function setUp() {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-render-'));
  const storage = new LocalStorage(dir, SECRET);
  for (let i = 0; i < ORIGINALS; i++)
    await storage.put(keyOf(i), await makePhoto(i, MEGAPIXELS, true), 'image/jpeg');
  return { dir, storage };
}

if (process.env.RSS_SUBJECTS) {
  // A child: one render of RSS_SUBJECTS subjects from the parent's originals (making the originals is not
  // part of a render: it took 300 MB of the child's peak), then its peak RSS.
  const storage = new LocalStorage(process.env.BENCH_DIR!, SECRET);
  const before = peakRssMiB();
  await ours(
    storage,
    subjects(Number(process.env.RSS_SUBJECTS)),
    path.join(process.env.BENCH_DIR!, `out-${process.pid}.pdf`),
  );
  console.log(JSON.stringify({ before, peak: peakRssMiB() }));
} else {
  const { dir, storage } = await setUp();
  const list = subjects(SUBJECTS);
  const timesOurs: number[] = [];
  const timesBase: number[] = [];
  for (let r = 0; r < REPEATS; r++) {
    let t = performance.now();
    await baseline(storage, SUBJECTS);
    timesBase.push(performance.now() - t);
    t = performance.now();
    await ours(storage, list, path.join(dir, `out-${r}.pdf`));
    timesOurs.push(performance.now() - t);
  }
  if (REPEATS > 0) {
    const o = median(timesOurs);
    const b = median(timesBase);
    console.log(`composite PDF, ${SUBJECTS} subjects (${MEGAPIXELS} MP originals), median of ${REPEATS}:`);
    console.log(`  ours (engine + 300 dpi crops + pdfkit):  ${(o / 1000).toFixed(2)} s`);
    console.log(`  bare sharp crops only:                   ${(b / 1000).toFixed(2)} s`);
    console.log(`  ratio (bare / ours, goal >= 0.8):        ${(b / o).toFixed(2)}`);
  }
  const self = fileURLToPath(import.meta.url);
  const rss: Record<number, number> = {};
  for (const n of [RSS_SMALL, RSS_LARGE]) {
    // As the worker runs (package.json "worker": MALLOC_ARENA_MAX=2); one child's peak swings by about
    // 10 MB with when V8 collects, so each size runs RSS_RUNS times and the median counts.
    const peaks = Array.from({ length: RSS_RUNS }, () => {
      const line = runChild(self, { RSS_SUBJECTS: String(n), BENCH_DIR: dir, MALLOC_ARENA_MAX: '2' });
      return (JSON.parse(line) as { peak?: number }).peak ?? Number.NaN;
    });
    rss[n] = median(peaks);
    console.log(`  peak RSS, ${n} subjects (median of ${peaks.join(', ')}): ${rss[n]} MB`);
  }
  console.log(
    `  growth ${RSS_SMALL} -> ${RSS_LARGE} (goal < 15%):        ${(((rss[RSS_LARGE]! - rss[RSS_SMALL]!) / rss[RSS_SMALL]!) * 100).toFixed(1)}%`,
  );
  await rm(dir, { recursive: true, force: true });
}
