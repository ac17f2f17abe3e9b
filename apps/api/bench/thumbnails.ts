/**
 * npm run bench:thumbnails — photos per second through our verify-and-thumbnail path (magic-byte sniff,
 * inspection with the truncation check, hash, renditions written to local storage) against a bare sharp
 * baseline making the same four renditions the obvious way (four pipelines from the original), run
 * interleaved in the same process, two photos in flight. Prints medians, the ratio and peak RSS.
 *
 * Options: PHOTOS (default 12), REPEATS (default 3), MEGAPIXELS (default 12).
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { inspectImage, RENDITIONS, renderRenditions, sniffImageType } from '../src/images/images.js';
import { LocalStorage } from '../src/storage/local.js';

const PHOTOS = Number(process.env.PHOTOS ?? 12);
const REPEATS = Number(process.env.REPEATS ?? 3);
const MEGAPIXELS = Number(process.env.MEGAPIXELS ?? 12);
const IN_FLIGHT = 2;

async function makePhoto(i: number): Promise<Buffer> {
  const width = Math.round(Math.sqrt(MEGAPIXELS * 1e6 * 1.5));
  const height = Math.round(width / 1.5);
  const image = sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 40 + i * 10, g: 120, b: 180 },
      noise: { type: 'gaussian', mean: 120, sigma: 25 },
    },
  }).jpeg({ quality: 88 });
  // Every third photo is EXIF-rotated, as camera portraits are.
  return i % 3 === 0 ? image.withMetadata({ orientation: 6 }).toBuffer() : image.toBuffer();
}

async function ours(storage: LocalStorage, bytes: Buffer, i: number) {
  const type = await sniffImageType(bytes.subarray(0, 4100));
  if (!type) throw new Error('not an image');
  const facts = await inspectImage(bytes);
  createHash('sha256').update(bytes).digest('hex');
  const renditions = await renderRenditions(bytes, facts);
  const base = `bench/${i}`;
  for (const size of RENDITIONS) {
    const body = renditions[size];
    await storage.put(`${base}/${size}`, body === 'original' ? bytes : body, 'image/jpeg');
  }
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

async function run(fn: (bytes: Buffer, i: number) => Promise<void>, photos: Buffer[]): Promise<number> {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < photos.length) {
        const i = next++;
        await fn(photos[i]!, i);
      }
    }),
  );
  return photos.length / ((performance.now() - started) / 1000);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const dir = await mkdtemp(path.join(tmpdir(), 'bench-thumbnails-'));
try {
  const storage = new LocalStorage(dir, 'bench-secret-bench-secret-bench-secret');
  process.stdout.write(`generating ${PHOTOS} photos of ${MEGAPIXELS} MP...\n`);
  const photos = await Promise.all(Array.from({ length: PHOTOS }, (_, i) => makePhoto(i)));
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
  process.stdout.write(
    [
      `photos: ${PHOTOS} x ${MEGAPIXELS} MP, repeats: ${REPEATS}, in flight: ${IN_FLIGHT}`,
      `school-portal verify+thumbnails: ${a.toFixed(2)} photos/s (runs: ${oursRates.map((x) => x.toFixed(2)).join(', ')})`,
      `bare sharp baseline:             ${b.toFixed(2)} photos/s (runs: ${baselineRates.map((x) => x.toFixed(2)).join(', ')})`,
      `ratio (ours / baseline): ${(a / b).toFixed(2)}`,
      `peak RSS: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`,
      '',
    ].join('\n'),
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
