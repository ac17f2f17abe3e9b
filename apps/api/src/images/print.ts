import sharp from 'sharp';
import { PIXEL_LIMIT } from './images.js';

/** Print resolution for photos in PDFs (PERFORMANCE.md: sized for the print, never the original). */
export const PRINT_DPI = 300;

export interface CropFractions {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Pixels for a box of `points` (1/72 inch) at `dpi`. */
export const pixelsFor = (points: number, dpi = PRINT_DPI) => Math.max(1, Math.round((points / 72) * dpi));

/**
 * Whether a photo's working master (upright, at most 2400 px long) has pixels enough for this box at
 * `dpi`: its crop, in the master's pixels, covers the box without upscaling. Crops are fractions, so the
 * same crop cuts the master as it cuts the original.
 */
export function masterServesPrint(
  master: { width: number; height: number },
  crop: CropFractions | null,
  box: { width: number; height: number },
  dpi = PRINT_DPI,
): boolean {
  const c = crop ?? { x: 0, y: 0, width: 1, height: 1 };
  return (
    c.width * master.width >= pixelsFor(box.width, dpi) &&
    c.height * master.height >= pixelsFor(box.height, dpi)
  );
}

/**
 * A photo as printed: upright, cut to its crop (fractions of the upright image) when it has one, then
 * covering the box (centre cut) at `dpi`, as a JPEG.
 *
 * The whole image is scaled first and cut after (one resize, then an extract of exactly the box), never
 * cut at full size and scaled after: so libvips decodes a JPEG already shrunk (shrink-on-load) instead of
 * all its pixels. Decoding every original at full size was what made a render's native memory grow
 * with the number of subjects (bench:render, peak RSS 100 -> 1,000 subjects).
 */
export async function preparePrintPhoto(
  original: Buffer,
  crop: CropFractions | null,
  box: { width: number; height: number },
  dpi = PRINT_DPI,
): Promise<Buffer> {
  const width = pixelsFor(box.width, dpi);
  const height = pixelsFor(box.height, dpi);
  const meta = await sharp(original, { limitInputPixels: PIXEL_LIMIT }).metadata();
  const swapped = (meta.orientation ?? 1) >= 5;
  const w = (swapped ? meta.height : meta.width) ?? 1;
  const h = (swapped ? meta.width : meta.height) ?? 1;
  const c = crop ?? { x: 0, y: 0, width: 1, height: 1 };
  // The crop in upright pixels, kept inside the image.
  const left = Math.min(w - 1, Math.max(0, Math.round(c.x * w)));
  const top = Math.min(h - 1, Math.max(0, Math.round(c.y * h)));
  const cw = Math.max(1, Math.min(w - left, Math.round(c.width * w)));
  const ch = Math.max(1, Math.min(h - top, Math.round(c.height * h)));
  // Scale so that the crop covers the box, then cut the box out of the crop's centre.
  const scale = Math.max(width / cw, height / ch);
  const sw = Math.max(width, Math.round(w * scale));
  const sh = Math.max(height, Math.round(h * scale));
  const x = Math.round((left + cw / 2) * scale - width / 2);
  const y = Math.round((top + ch / 2) * scale - height / 2);
  // Two pipelines: upright and scaled first (to raw pixels, a megapixel or so), then cut and encoded. In
  // one pipeline, an EXIF rotation (a phone's portrait) followed by the extract made libvips decode the
  // whole original without shrink-on-load: 25 MB a photo instead of 4, the render's peak RSS growing.
  const scaled = await sharp(original, { limitInputPixels: PIXEL_LIMIT })
    .rotate()
    .resize({ width: sw, height: sh, fit: 'cover' })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const { width: rw, height: rh, channels } = scaled.info;
  return sharp(scaled.data, { raw: { width: rw, height: rh, channels } })
    .extract({
      left: Math.min(Math.max(0, x), rw - width),
      top: Math.min(Math.max(0, y), rh - height),
      width,
      height,
    })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .jpeg({ quality: 85, mozjpeg: false })
    .toBuffer();
}

/** A 640x480 preview: the SVG drawn by librsvg, as a PNG. */
export async function rasteriseSvg(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: 72 }).png({ compressionLevel: 6 }).toBuffer();
}
