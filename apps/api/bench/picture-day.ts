/**
 * npm run bench:picture-day — a whole picture day through the API and its jobs (shoot.ts): PHOTOS photos
 * of 12 to 24 MP (about one in ten a camera card, the others the portraits after it, with a face), each uploaded as
 * the browser does (batch record, presigned POST over HTTP, verify); the verify job decodes each once and
 * makes its thumbnails, its working master, and reads its capture time and card code from that decode;
 * then matched by camera card and applied, until the batch is applied. The photo checks (faces, flags,
 * auto crops: bench:auto-crop measures their cost) do not run here. Prints photos per second and the ratio
 * against a floor measured in the same run on the same files: a bare sharp loop that decodes each file
 * once at the smallest scale that yields the largest rendition (the 2400 px working master), two at a
 * time, measured just before and just after the picture day (their mean is the baseline; the load
 * average is printed beside each figure). Goal: at least 0.5 on a quiet machine. Then the peak RSS of the whole run (server, workers and uploads in one fresh
 * process) for MEMORY_BASE and for PHOTOS photos. Goal: within 15%. Checks that every portrait landed on
 * its card's subject.
 *
 * Options: PHOTOS (default 1000), CARD_EVERY (default 10), MEMORY_BASE (default 100; empty to skip the
 * memory comparison). Needs TEST_DATABASE_URL's server (else an embedded PostgreSQL under var/).
 */
import { loadavg } from 'node:os';
import { MASTER_LONG_EDGE } from '../src/images/images.js';
import {
  FLOOR_IN_FLIGHT,
  facePortrait,
  floor,
  MEMORY_BASE,
  outcomeLines,
  PHOTOS,
  pictureDayInChild,
  rightlyAssigned,
  withShoot,
} from './shoot.js';

/** The 1-minute load average, said beside each figure: a loaded machine slows the floor's parallel decodes more than the pipeline. */
const load = () => `load ${loadavg()[0]!.toFixed(2)}`;

const run = (count: number) =>
  withShoot(count, facePortrait, async (dir, names) => {
    // The floor on the same files, in this process, just before and just after the picture day in a fresh
    // one: their mean is the baseline, so that a change of load during the run weighs on both sides.
    process.stdout.write('floor before...\n');
    const before = { rate: await floor(dir, names), load: load() };
    process.stdout.write(
      `floor before: ${before.rate.toFixed(2)} photos/s (${before.load})\npicture day...\n`,
    );
    const outcome = pictureDayInChild(dir, count, { checks: false });
    const during = load();
    process.stdout.write('floor after...\n');
    const after = { rate: await floor(dir, names), load: load() };
    return { outcome, during, floor: { before, after, mean: (before.rate + after.rate) / 2 } };
  });

const { outcome, during, floor: floorRates } = await run(PHOTOS);
const [rate, matched] = outcomeLines(outcome);
const lines = [
  `${rate} (${during} at its end)`,
  `floor (one shrink-on-load decode to ${MASTER_LONG_EDGE} px per file, ${FLOOR_IN_FLIGHT} in flight): before ${floorRates.before.rate.toFixed(2)} photos/s (${floorRates.before.load}), after ${floorRates.after.rate.toFixed(2)} photos/s (${floorRates.after.load}), mean ${floorRates.mean.toFixed(2)}`,
  `ratio (picture day / mean floor): ${(outcome.rate / floorRates.mean).toFixed(2)} (goal: at least 0.5 on a quiet machine, load under 1)`,
  matched,
  `peak RSS, ${PHOTOS} photos: ${outcome.rss} MiB`,
];
process.stdout.write(`${lines.join('\n')}\n`);
if (MEMORY_BASE && Number(MEMORY_BASE) !== PHOTOS) {
  const base = (await run(Number(MEMORY_BASE))).outcome;
  process.stdout.write(
    `peak RSS, ${base.count} photos: ${base.rss} MiB; ${PHOTOS} / ${base.count}: ${(outcome.rss / base.rss).toFixed(2)} (goal: at most 1.15)\n`,
  );
}
if (!rightlyAssigned(outcome)) process.exitCode = 1;
