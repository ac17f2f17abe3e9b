import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';

/**
 * Real photographs for the photo checks: the sample images that ship in @vladmandic/human's package, read
 * from node_modules at test time (never copied into the repository). The portrait is the face of the
 * package's "faceid" screenshot, set in a larger frame (its edges drawn out) and enlarged, as a studio's
 * portrait would leave room around the head.
 */
const require = createRequire(import.meta.url);
export const HUMAN_ASSETS = path.resolve(path.dirname(require.resolve('@vladmandic/human')), '../assets');
const FACEID = path.join(HUMAN_ASSETS, 'screenshot-faceid.jpg');

/** Where the face of the faceid screenshot is, by eye: the thumbnail's area and its head, in its pixels. */
const THUMBNAIL = { left: 15, top: 144, width: 135, height: 126 };
const HEAD = { crown: 142, chin: 259, eyes: 191, left: 35, right: 130 };
const FRAME = { top: 150, bottom: 120, left: 110, right: 110 };
const SCALE = 5;

/** The portrait: 1775 x 1980, the head from about 0.39 to 0.68 of its height. */
export async function portrait(): Promise<Buffer> {
  const face = await sharp(FACEID).extract(THUMBNAIL).toBuffer();
  const framed = await sharp(face)
    .extend({ ...FRAME, extendWith: 'copy' })
    .toBuffer();
  const width = (THUMBNAIL.width + FRAME.left + FRAME.right) * SCALE;
  return sharp(framed).resize({ width, kernel: 'lanczos3' }).jpeg({ quality: 92 }).toBuffer();
}
/** The head of the portrait, by eye, as fractions of the portrait. */
export const headInPortrait = () => {
  const width = THUMBNAIL.width + FRAME.left + FRAME.right;
  const height = THUMBNAIL.height + FRAME.top + FRAME.bottom;
  const y = (v: number) => (v - THUMBNAIL.top + FRAME.top) / height;
  const x = (v: number) => (v - THUMBNAIL.left + FRAME.left) / width;
  return {
    crown: y(HEAD.crown),
    chin: y(HEAD.chin),
    eyes: y(HEAD.eyes),
    left: x(HEAD.left),
    right: x(HEAD.right),
  };
};

let portraitOnce: Promise<Buffer> | undefined;

/**
 * A camera's frame of a child: the portrait 85% of a `width` x `height` frame high, on a noisy
 * background of `seed` (each seed other bytes; `tint` its colour), with `exif` when given (capture time,
 * camera). Picture day's camera-card matching needs a face in its portraits: a frame with neither a face
 * nor a code is an unreadable card.
 */
export async function facePortrait(
  {
    width = 900,
    height = 600,
    seed = 0,
    tint,
  }: { width?: number; height?: number; seed?: number; tint?: { r: number; g: number; b: number } } = {},
  exif?: Parameters<sharp.Sharp['withExif']>[0],
): Promise<Buffer> {
  portraitOnce ??= portrait();
  const framed = await sharp(await portraitOnce)
    .resize({ height: Math.round(height * 0.85) })
    .toBuffer({ resolveWithObject: true });
  const image = sharp({
    create: {
      width,
      height,
      channels: 3,
      background: tint ?? { r: 60 + ((seed * 37) % 120), g: 120, b: 180 },
      noise: { type: 'gaussian', mean: 120, sigma: 20 + (seed % 7) },
    },
  })
    .composite([
      {
        input: framed.data,
        left: Math.round((width - framed.info.width) / 2),
        top: height - framed.info.height,
      },
    ])
    .jpeg({ quality: 85 });
  return exif ? image.withExif(exif).toBuffer() : image.toBuffer();
}
