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
 * A photo as printed: upright, cut to its crop (fractions of the upright image) when it has one, then
 * covering the box (centre cut) at `dpi`, as a JPEG. Never larger than the source allows.
 */
export async function preparePrintPhoto(
  original: Buffer,
  crop: CropFractions | null,
  box: { width: number; height: number },
  dpi = PRINT_DPI,
): Promise<Buffer> {
  const width = pixelsFor(box.width, dpi);
  const height = pixelsFor(box.height, dpi);
  let pipeline = sharp(original, { limitInputPixels: PIXEL_LIMIT }).rotate();
  if (crop) {
    const meta = await sharp(original, { limitInputPixels: PIXEL_LIMIT }).metadata();
    const swapped = (meta.orientation ?? 1) >= 5;
    const w = (swapped ? meta.height : meta.width) ?? 1;
    const h = (swapped ? meta.width : meta.height) ?? 1;
    const left = Math.min(w - 1, Math.max(0, Math.round(crop.x * w)));
    const top = Math.min(h - 1, Math.max(0, Math.round(crop.y * h)));
    pipeline = pipeline.extract({
      left,
      top,
      width: Math.max(1, Math.min(w - left, Math.round(crop.width * w))),
      height: Math.max(1, Math.min(h - top, Math.round(crop.height * h))),
    });
  }
  return pipeline
    .resize({ width, height, fit: 'cover', position: 'centre' })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .jpeg({ quality: 85, mozjpeg: false })
    .toBuffer();
}

/** A 640x480 preview: the SVG drawn by librsvg, as a PNG. */
export async function rasteriseSvg(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: 72 }).png({ compressionLevel: 6 }).toBuffer();
}
