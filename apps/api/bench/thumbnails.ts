/**
 * npm run bench:thumbnails — photos per second through our verify-and-thumbnail path (magic-byte sniff,
 * inspection with the truncation check, hash, renditions written to local storage) against a bare sharp
 * baseline making the same four renditions the obvious way (four pipelines from the original), run
 * interleaved in the same process, two photos in flight. Prints medians, the ratio and peak RSS.
 *
 * The ingestion path is the verify job's: sniff, hash, header checks, then one shrink-on-load decode
 * that is both the truncation check and the source of the small renditions (images.ts inspectAndRender).
 * The working master (for exports and prints) is a later job, photos.master, outside this path.
 *
 * Then the peak RSS of ingesting 100 and 1,000 photos, each in a fresh child process running only our
 * path (MEMORY_MEGAPIXELS, default 1 MP, so that the run stays short; 8 distinct photos cycled).
 *
 * Options: PHOTOS (default 12), REPEATS (default 5), MEGAPIXELS (default 12), MEMORY_MEGAPIXELS (1),
 * MEMORY_COUNTS (default "100,1000"; empty to skip).
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { inspectAndRender, RENDITIONS, sniffImageType } from '../src/images/images.js';
import { storeRenditions } from '../src/modules/photos/service.js';
import { LocalStorage } from '../src/storage/local.js';
import { makePhoto, median, peakRssMiB, resetPeakRss, runChild, runInFlight } from './support.js';

const PHOTOS = Number(process.env.PHOTOS ?? 12);
const REPEATS = Number(process.env.REPEATS ?? 5);
const MEGAPIXELS = Number(process.env.MEGAPIXELS ?? 12);
const IN_FLIGHT = 2;

/** Where the i-th upload's original is, as its upload left it: stored before the timed path (storeUploads). */
const originalOf = (i: number) => `bench/${i}/original`;

async function storeUploads(storage: LocalStorage, photos: Buffer[]) {
  for (const [i, bytes] of photos.entries()) await storage.put(originalOf(i), bytes, 'image/jpeg');
}

async function ours(storage: LocalStorage, bytes: Buffer, i: number) {
  const type = await sniffImageType(bytes.subarray(0, 4100));
  if (!type) throw new Error('not an image');
  createHash('sha256').update(bytes).digest('hex');
  const { renditions } = await inspectAndRender(bytes);
  await storeRenditions(storage, `bench/${i}`, originalOf(i), 'image/jpeg', renditions);
}

async function baseline(storage: LocalStorage, bytes: Buffer, i: number) {
  await sharp(bytes).metadata();
  const outputs = await Promise.all([
    sharp(bytes).rotate().resize({ width: 80 }).jpeg().toBuffer(),
    sharp(bytes).rotate().resize({ width: 200 }).jpeg().toBuffer(),
    sharp(bytes).rotate().resize({ height: 600 }).jpeg().toBuffer(),
    sharp(bytes).rotate().jpeg({ quality: 90 }).toBuffer(),
  ]);
  const base = `baseline/${i}`;
  for (const [n, body] of outputs.entries())
    await storage.put(`${base}/${RENDITIONS[n]}`, body, 'image/jpeg');
}

const run = (fn: (bytes: Buffer, i: number) => Promise<void>, photos: Buffer[]) =>
  runInFlight(photos.length, IN_FLIGHT, (i) => fn(photos[i]!, i));

/** Child mode: ingest `count` photos with our path only, print the peak RSS in MiB. */
async function memoryRun(count: number, dir: string) {
  resetPeakRss();
  const storage = new LocalStorage(dir, 'bench-secret-bench-secret-bench-secret');
  const distinct = await Promise.all(Array.from({ length: 8 }, (_, i) => makePhoto(i, MEGAPIXELS)));
  const photos = Array.from({ length: count }, (_, i) => distinct[i % distinct.length]!);
  await storeUploads(storage, photos);
  await run((b, i) => ours(storage, b, i), photos);
  process.stdout.write(`${peakRssMiB()}\n`);
}

const dir = await mkdtemp(path.join(tmpdir(), 'bench-thumbnails-'));
try {
  if (process.env.BENCH_MEMORY_COUNT) {
    await memoryRun(Number(process.env.BENCH_MEMORY_COUNT), dir);
  } else {
    await main(dir);
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}

async function main(dir: string) {
  const storage = new LocalStorage(dir, 'bench-secret-bench-secret-bench-secret');
  process.stdout.write(`generating ${PHOTOS} photos of ${MEGAPIXELS} MP...\n`);
  const photos = await Promise.all(Array.from({ length: PHOTOS }, (_, i) => makePhoto(i, MEGAPIXELS)));
  await storeUploads(storage, photos);
  const oursRates: number[] = [];
  const baselineRates: number[] = [];
  for (let r = 0; r < REPEATS; r++) {
    // Interleaved, alternating who goes first, so neither gets a warmer machine.
    if (r % 2 === 0) {
      oursRates.push(await run((b, i) => ours(storage, b, i), photos));
      baselineRates.push(await run((b, i) => baseline(storage, b, i), photos));
    } else {
      baselineRates.push(await run((b, i) => baseline(storage, b, i), photos));
      oursRates.push(await run((b, i) => ours(storage, b, i), photos));
    }
  }
  const a = median(oursRates);
  const b = median(baselineRates);
  const pairRatios = oursRates.map((x, i) => x / baselineRates[i]!);
  process.stdout.write(
    [
      `photos: ${PHOTOS} x ${MEGAPIXELS} MP, repeats: ${REPEATS}, in flight: ${IN_FLIGHT}`,
      `school-portal verify+thumbnails: ${a.toFixed(2)} photos/s (runs: ${oursRates.map((x) => x.toFixed(2)).join(', ')})`,
      `bare sharp baseline:             ${b.toFixed(2)} photos/s (runs: ${baselineRates.map((x) => x.toFixed(2)).join(', ')})`,
      `ratio (ours / baseline): ${(a / b).toFixed(2)} (per repeat: ${pairRatios.map((x) => x.toFixed(2)).join(', ')}; lowest ${Math.min(...pairRatios).toFixed(2)})`,
      `peak RSS (this run): ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`,
      '',
    ].join('\n'),
  );
  const counts = (process.env.MEMORY_COUNTS ?? '100,1000').split(',').filter(Boolean).map(Number);
  const memoryMp = process.env.MEMORY_MEGAPIXELS ?? '1';
  const self = fileURLToPath(import.meta.url);
  const rss: string[] = [];
  for (const count of counts) {
    const started = performance.now();
    const mib = runChild(self, { BENCH_MEMORY_COUNT: String(count), MEGAPIXELS: memoryMp });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    rss.push(`${count} photos: ${mib} MiB (${seconds} s)`);
  }
  if (rss.length > 0) {
    process.stdout.write(
      `peak RSS, our path only, ${memoryMp} MP photos, fresh process each: ${rss.join('; ')}\n`,
    );
  }
}
