/**
 * npm run bench:export — a project export of SUBJECTS subjects (default 200) from 12–24 MP JPEGs (every third
 * stored EXIF-rotated) to 480x640 JPEGs in a ZIP streamed to local storage, through our archive builder
 * (cut from each photo's working master, made after upload by the photos.master job: images.ts
 * renderWorkingMaster; two images in flight), against a naive sharp loop in the same run:
 * `sharp(original).rotate().extract(crop).resize(480, 640).jpeg()` per subject, written to a plain folder,
 * also two in flight. Interleaved REPEATS times; prints medians and the ratio (ours / naive throughput,
 * goal >= 2.0).
 *
 * Then the peak RSS of our export of 100 and of 1,000 subjects, each in a fresh child process (goal: the
 * 1,000 within 15% of the 100). Subjects share a few originals under their storage keys, so nothing large
 * is generated per subject.
 *
 * Options: SUBJECTS (200), REPEATS (3), ORIGINALS (6, sized 12 to 24 MP), MEMORY_COUNTS ("100,1000"; empty
 * to skip), MEMORY_MEGAPIXELS (12: the originals of the memory runs).
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { renderWorkingMaster } from '../src/images/images.js';
import type { ExportFormatRow, ExportSubject } from '../src/modules/project-exports/archive/index.js';
import { buildExportArchive } from '../src/modules/project-exports/archive/index.js';
import { LocalStorage } from '../src/storage/local.js';
import { formatRow, mappings } from '../test/support/export-format.js';
import { makePhoto, median, peakRssMiB, resetPeakRss, runChild, runInFlight } from './support.js';

const SUBJECTS = Number(process.env.SUBJECTS ?? 200);
const REPEATS = Number(process.env.REPEATS ?? 3);
const ORIGINALS = Number(process.env.ORIGINALS ?? 6);
const MEMORY_MEGAPIXELS = Number(process.env.MEMORY_MEGAPIXELS ?? 12);
const IN_FLIGHT = 2;
const SECRET = 'bench-secret-bench-secret-bench-secret';

interface Original {
  key: string;
  width: number;
  height: number;
  orientation: number;
  /** A 3:4 portrait crop of the upright image: 80% of its height, centred. */
  crop: { x: number; y: number; width: number; height: number };
  /** The working master the upload's renditions step wrote beside it. */
  master: { storageKey: string; width: number; height: number };
}

/** Writes ORIGINALS photos of 12 to 24 MP (or `megapixels` each) into storage; returns their facts. */
async function setUp(storage: LocalStorage, megapixels?: number): Promise<Original[]> {
  const originals: Original[] = [];
  for (let i = 0; i < ORIGINALS; i++) {
    const mp = megapixels ?? 12 + Math.round((12 * i) / Math.max(1, ORIGINALS - 1));
    const bytes = await makePhoto(i, mp);
    const meta = await sharp(bytes).metadata();
    const orientation = meta.orientation ?? 1;
    const turned = orientation >= 5;
    const W = turned ? meta.height! : meta.width!;
    const H = turned ? meta.width! : meta.height!;
    const height = Math.round(Math.min(H * 0.8, ((W * 0.9) / 3) * 4));
    const width = Math.round((height / 4) * 3);
    const key = `bench/originals/${i}`;
    await storage.put(key, bytes, 'image/jpeg');
    // As after upload (the photos.master job): the working master beside the original (not timed).
    const master = await renderWorkingMaster(bytes);
    await storage.put(`${key}-master`, master.jpeg, 'image/jpeg');
    originals.push({
      master: { storageKey: `${key}-master`, width: master.width, height: master.height },
      key,
      width: meta.width!,
      height: meta.height!,
      orientation,
      crop: { x: Math.round((W - width) / 2), y: Math.round((H - height) / 2), width, height },
    });
  }
  return originals;
}

const format: ExportFormatRow = formatRow({
  name: 'Bench',
  duplicate_search_fields: [],
  images_crop_width_pixels: 480,
  images_crop_height_pixels: 640,
  images_pixels_per_inch: 300,
  images_name_primary_field_first_key: 'student_id',
  images_name_primary_field_second_key: null,
  field_mappings: mappings('student_id', 'last_name', 'first_name', 'image_file_name'),
});

/** Subjects made one at a time (as exportruns streams them from the database), never a list. */
function* subjects(count: number, originals: Original[]): Generator<ExportSubject> {
  for (let i = 0; i < count; i++) {
    const o = originals[i % originals.length]!;
    yield {
      id: String(i + 1),
      values: { student_id: String(100000 + i), first_name: `First${i}`, last_name: `Last${i % 97}` },
      images: [
        {
          photoId: String(i + 1),
          storageKey: o.key,
          width: o.width,
          height: o.height,
          orientation: o.orientation,
          crop: o.crop,
          cropName: null,
          master: o.master,
        },
      ],
    };
  }
}

async function ours(storage: LocalStorage, originals: Original[], count: number, key: string) {
  const started = performance.now();
  await buildExportArchive({
    storage,
    key,
    format,
    subjects: subjects(count, originals),
    total: count,
    options: {
      groupFieldKey: null,
      usePhotoCropName: false,
      includeSubjectsWithoutImages: true,
      fields: [],
      projectName: 'Bench',
    },
    onProgress: async () => {},
  });
  return count / ((performance.now() - started) / 1000);
}

async function naive(storage: LocalStorage, originals: Original[], count: number, folder: string) {
  await mkdir(folder, { recursive: true });
  return runInFlight(count, IN_FLIGHT, async (i) => {
    const o = originals[i % originals.length]!;
    const bytes = await storage.read(o.key);
    const { x, y, width, height } = o.crop;
    const jpeg = await sharp(bytes)
      .rotate()
      .extract({ left: x, top: y, width, height })
      .resize(480, 640)
      .jpeg()
      .toBuffer();
    await writeFile(path.join(folder, `${100000 + i}.jpg`), jpeg);
  });
}

const dir = await mkdtemp(path.join(tmpdir(), 'bench-export-'));
try {
  if (process.env.BENCH_MEMORY_COUNT) {
    // Child: export from the parent's originals (nothing generated here), print the peak RSS.
    const folder = process.env.BENCH_STORAGE_DIR!;
    const storage = new LocalStorage(folder, SECRET);
    const originals = JSON.parse(await readFile(path.join(folder, 'originals.json'), 'utf8')) as Original[];
    resetPeakRss();
    const key = `bench/export-${process.env.BENCH_MEMORY_COUNT}.zip`;
    await ours(storage, originals, Number(process.env.BENCH_MEMORY_COUNT), key);
    await storage.delete(key);
    process.stdout.write(`${peakRssMiB()}\n`);
  } else {
    await main();
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}

async function main() {
  const storage = new LocalStorage(dir, SECRET);
  process.stdout.write(`generating ${ORIGINALS} originals of 12-24 MP...\n`);
  const originals = await setUp(storage);
  const oursRates: number[] = [];
  const naiveRates: number[] = [];
  for (let r = 0; r < REPEATS; r++) {
    // Interleaved, alternating who goes first.
    const a = () =>
      ours(storage, originals, SUBJECTS, `bench/export-${r}.zip`).then((x) => oursRates.push(x));
    const b = () =>
      naive(storage, originals, SUBJECTS, path.join(dir, `naive-${r}`)).then((x) => naiveRates.push(x));
    if (r % 2 === 0) {
      await a();
      await b();
    } else {
      await b();
      await a();
    }
    await rm(path.join(dir, `naive-${r}`), { recursive: true, force: true });
    await storage.delete(`bench/export-${r}.zip`);
  }
  const o = median(oursRates);
  const n = median(naiveRates);
  const pairs = oursRates.map((x, i) => x / naiveRates[i]!);
  const runs = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(', ');
  process.stdout.write(
    [
      `subjects: ${SUBJECTS} to 480x640 JPEG, originals: ${ORIGINALS} of 12-24 MP (every third EXIF-rotated), repeats: ${REPEATS}, in flight: ${IN_FLIGHT}`,
      `ours (archive builder, streamed ZIP): ${o.toFixed(2)} subjects/s (runs: ${runs(oursRates)})`,
      `naive (rotate-extract-resize, files):  ${n.toFixed(2)} subjects/s (runs: ${runs(naiveRates)})`,
      `ratio (ours / naive, goal >= 2.0): ${(o / n).toFixed(2)} (per repeat: ${runs(pairs)}; lowest ${Math.min(...pairs).toFixed(2)})`,
      '',
    ].join('\n'),
  );
  const counts = (process.env.MEMORY_COUNTS ?? '100,1000').split(',').filter(Boolean).map(Number);
  const self = fileURLToPath(import.meta.url);
  const rss: Record<number, number> = {};
  const memoryDir = path.join(dir, 'memory');
  if (counts.length > 0) {
    const originals = await setUp(new LocalStorage(memoryDir, SECRET), MEMORY_MEGAPIXELS);
    await writeFile(path.join(memoryDir, 'originals.json'), JSON.stringify(originals));
  }
  for (const count of counts) {
    const started = performance.now();
    // As the worker runs (apps/api/package.json "worker"): glibc arenas capped, PERFORMANCE.md.
    rss[count] = Number(
      runChild(self, {
        BENCH_MEMORY_COUNT: String(count),
        BENCH_STORAGE_DIR: memoryDir,
        MALLOC_ARENA_MAX: '2',
      }),
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `peak RSS, ${count} subjects from ${MEMORY_MEGAPIXELS} MP originals (fresh process): ${rss[count]} MiB (${seconds} s)\n`,
    );
  }
  if (counts.length === 2) {
    const [small, large] = counts as [number, number];
    const growth = ((rss[large]! - rss[small]!) / rss[small]!) * 100;
    process.stdout.write(`growth ${small} -> ${large} (goal < 15%): ${growth.toFixed(1)}%\n`);
  }
}
