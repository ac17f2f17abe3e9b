/**
 * npm run bench:auto-crop — the photo checks: faces, quality flags and auto crops.
 *
 * 1. Detection and crops: photos per second through the photos.checks job's work (examinePortrait on the
 *    600 px rendition the verification made, then the auto crops by the head-size rule), one at a time as
 *    the job runs, on DETECT portraits.
 * 2. Their cost to picture day, in the same run on the same files (shoot.ts): PHOTOS photos of 12 to 24
 *    MP (a camera card every CARD_EVERY) through the API and its jobs, once without the checks (their
 *    workers stopped) and once until every photo is also checked. Goal: with checks at least 0.7 of the
 *    rate without.
 * 3. Memory: the peak RSS of the run with checks for MEMORY_BASE photos against PHOTOS. Goal: within 15%.
 *
 * The portraits are real faces (shoot.ts facePortrait).
 *
 * Options: PHOTOS (default 1000), MEMORY_BASE (default 100; empty to skip), DETECT (default 50),
 * CARD_EVERY (default 10). Needs TEST_DATABASE_URL's server (else an embedded PostgreSQL under var/).
 */
import { DEFAULT_HEAD_SIZE_RULE, PORTRAIT_ASPECT } from '@school-portal/domain';
import { faceDetector } from '../src/images/faces.js';
import { inspectAndRender } from '../src/images/images.js';
import {
  autoCrops,
  DEFAULT_LARGEST_OUTPUT_HEIGHT,
  examinePortrait,
} from '../src/modules/photos/checks/checks.js';
import {
  CARD_EVERY,
  dimensions,
  facePortrait,
  MEMORY_BASE,
  outcomeLines,
  PHOTOS,
  pictureDayInChild,
  rightlyAssigned,
  SIZES,
  withShoot,
} from './shoot.js';
import { peakRssMiB } from './support.js';

const DETECT = Number(process.env.DETECT ?? 50);

/** Detection and crops on the 600 px renditions of the SIZES portraits, cycled, one at a time. */
async function detection() {
  const renditions: { large: Buffer; height: number }[] = [];
  for (let i = 0; i < SIZES; i++) {
    const { facts, renditions: made } = await inspectAndRender(await facePortrait(i, dimensions(i)));
    renditions.push({ large: made.large as Buffer, height: facts.height });
  }
  await faceDetector();
  let faces = 0;
  const started = performance.now();
  for (let n = 0; n < DETECT; n++) {
    const { large, height } = renditions[n % SIZES]!;
    const findings = await examinePortrait(large, {
      originalHeight: height,
      largestOutputHeight: DEFAULT_LARGEST_OUTPUT_HEIGHT,
      rule: DEFAULT_HEAD_SIZE_RULE,
    });
    if (findings.head) {
      faces++;
      autoCrops(findings.head, 1.5, [PORTRAIT_ASPECT, 0.75], DEFAULT_HEAD_SIZE_RULE);
    }
  }
  return { rate: DETECT / ((performance.now() - started) / 1000), faces };
}

process.stdout.write(`auto crop: detection on ${DETECT} portraits...\n`);
const detected = await detection();
process.stdout.write(
  `detection and auto crops (600 px rendition, one at a time): ${detected.rate.toFixed(2)} photos/s; a face in ${detected.faces} of ${DETECT}; peak RSS ${peakRssMiB()} MiB\n`,
);

await withShoot(PHOTOS, facePortrait, async (dir) => {
  process.stdout.write('picture day without checks...\n');
  const without = pictureDayInChild(dir, PHOTOS, { checks: false });
  process.stdout.write(`${outcomeLines(without).join('\n')}\npicture day with checks...\n`);
  const withChecks = pictureDayInChild(dir, PHOTOS, { checks: true });
  const lines = [
    ...outcomeLines(withChecks),
    `checked: a face in ${withChecks.faces} of ${PHOTOS} photos (${PHOTOS - Math.ceil(PHOTOS / CARD_EVERY)} portraits), ${withChecks.autoCropped} auto-cropped`,
    `ratio (with checks / without): ${(withChecks.rate / without.rate).toFixed(2)} (goal: at least 0.7)`,
    `peak RSS with checks, ${PHOTOS} photos: ${withChecks.rss} MiB (without: ${without.rss} MiB)`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (MEMORY_BASE && Number(MEMORY_BASE) < PHOTOS) {
    process.stdout.write(`picture day with checks, ${MEMORY_BASE} photos...\n`);
    const base = pictureDayInChild(dir, Number(MEMORY_BASE), { checks: true });
    process.stdout.write(
      `peak RSS with checks, ${base.count} photos: ${base.rss} MiB; ${PHOTOS} / ${base.count}: ${(withChecks.rss / base.rss).toFixed(2)} (goal: at most 1.15)\n`,
    );
  }
  if (!rightlyAssigned(without) || !rightlyAssigned(withChecks)) process.exitCode = 1;
});
