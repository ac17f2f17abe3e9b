/**
 * Shared set-up of the image benchmarks: generated photo-like JPEGs, a small in-flight runner, medians and
 * peak-RSS readings (PERFORMANCE.md "Benchmarks").
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';

/**
 * A 3:2 JPEG of `megapixels` (landscape, or 2:3 `portrait`), noisy enough to compress like a photo; every
 * third one is stored EXIF-rotated (orientation 6), as camera portraits are.
 */
export async function makePhoto(i: number, megapixels: number, portrait = false): Promise<Buffer> {
  const long = Math.round(Math.sqrt(megapixels * 1e6 * 1.5));
  const short = Math.round(long / 1.5);
  const [width, height] = portrait ? [short, long] : [long, short];
  const image = sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 40 + ((i * 10) % 200), g: 120, b: 180 },
      noise: { type: 'gaussian', mean: 120, sigma: 25 },
    },
  }).jpeg({ quality: 88 });
  return i % 3 === 0 ? image.withMetadata({ orientation: 6 }).toBuffer() : image.toBuffer();
}

/** Runs `fn` over `count` items, `inFlight` at a time; returns items per second. */
export async function runInFlight(
  count: number,
  inFlight: number,
  fn: (i: number) => Promise<void>,
): Promise<number> {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < count) await fn(next++);
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A forked child starts with its parent's peak RSS on Linux: reset the high-water mark (best effort). */
export function resetPeakRss() {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {}
}

/** This process's peak RSS in MiB (VmHWM, else getrusage's maxRSS). */
export function peakRssMiB(): number {
  let kib = process.resourceUsage().maxRSS;
  try {
    const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    if (hwm) kib = Number(hwm);
  } catch {}
  return Math.round(kib / 1024);
}

/** Runs this benchmark file again in a fresh process with `env`; returns its last line of output. */
export function runChild(file: string, env: Record<string, string>): string {
  const child = spawnSync(process.execPath, [...process.execArgv, file], {
    // As the API runs (npm start, npm run worker, the image): two malloc arenas. The image threads and
    // libvips's threads otherwise get an arena each, and the run's peak RSS grew with the photos (300 / 100:
    // 1.19 with glibc's default, 0.98 with two).
    env: { MALLOC_ARENA_MAX: '2', ...process.env, ...env },
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`child run failed: ${child.stderr}`);
  return child.stdout.trim().split('\n').at(-1) ?? '';
}
