import sharp from 'sharp';
import { encodeBmp } from './bmp.js';
import { PIXEL_LIMIT } from './images.js';

/**
 * Export images (PERFORMANCE.md): a subject's photo cut to its crop, sized to the format's
 * output and encoded as JPEG, PNG or BMP with the pixels per inch written into the file.
 */

export type ExportImageType = 'image/jpeg' | 'image/png' | 'image/bmp';

export const EXPORT_IMAGE_EXTENSIONS: Record<ExportImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/bmp': 'bmp',
};

export interface PixelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ExportImageSpec {
  width: number;
  height: number;
  type: ExportImageType;
  pixelsPerInch: number | null;
}

/** Above this, the whole image at the crop's scale is not worth holding: cut first instead. */
const MAX_SCALED_PIXELS = 16_000_000;
const INPUT = { limitInputPixels: PIXEL_LIMIT, failOn: 'none' } as const;
const JPEG_QUALITY = 90;

/** The size as displayed: EXIF orientations 5 to 8 turn the image a quarter. */
export function orientedSize(width: number, height: number, orientation: number | null) {
  const turned = (orientation ?? 1) >= 5 && (orientation ?? 1) <= 8;
  return turned ? { width: height, height: width } : { width, height };
}

/**
 * The rectangle of the upright image that becomes the output: the crop (clamped to the image), narrowed
 * around its centre to the output's aspect ratio so nothing is stretched; without a usable crop, the
 * largest centred rectangle of that aspect ratio. Fractional pixels.
 */
export function exportCutRect(
  image: { width: number; height: number },
  crop: PixelRect | null,
  output: { width: number; height: number },
): PixelRect {
  let rect: PixelRect = { x: 0, y: 0, width: image.width, height: image.height };
  if (crop) {
    const x0 = Math.min(image.width, Math.max(0, crop.x));
    const y0 = Math.min(image.height, Math.max(0, crop.y));
    const x1 = Math.min(image.width, Math.max(0, crop.x + crop.width));
    const y1 = Math.min(image.height, Math.max(0, crop.y + crop.height));
    if (x1 - x0 >= 1 && y1 - y0 >= 1) rect = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
  }
  const aspect = output.width / output.height;
  if (rect.width / rect.height > aspect) {
    const width = rect.height * aspect;
    return { x: rect.x + (rect.width - width) / 2, y: rect.y, width, height: rect.height };
  }
  const height = rect.width / aspect;
  return { x: rect.x, y: rect.y + (rect.height - height) / 2, width: rect.width, height };
}

/**
 * Where an export image is cut from. The photo's working master (upright, at most 2400 px long) serves
 * whenever the cut, in the master's pixels, is at least the output size: a 480x640 yearbook image then
 * decodes a few megapixels instead of a 12-24 MP original (PERFORMANCE.md "Normalise once at upload").
 * An output that would be upscaled from the master, or a photo without one, reads the original.
 * Returns the crop in the master's pixels (null stays null: a centred cut), or null to read the original.
 */
export function cropInMaster(
  image: {
    width: number;
    height: number;
    orientation: number | null;
    crop: PixelRect | null;
    master: { width: number; height: number } | null;
  },
  output: { width: number; height: number },
): { crop: PixelRect | null } | null {
  if (!image.master) return null;
  const upright = orientedSize(image.width, image.height, image.orientation);
  const sx = image.master.width / upright.width;
  const sy = image.master.height / upright.height;
  const cut = exportCutRect(upright, image.crop, output);
  if (cut.width * sx < output.width || cut.height * sy < output.height) return null;
  const { crop } = image;
  return {
    crop: crop && { x: crop.x * sx, y: crop.y * sy, width: crop.width * sx, height: crop.height * sy },
  };
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** Whole pixels inside the image, at least one. */
function pixelRect(rect: PixelRect, image: { width: number; height: number }) {
  const left = clamp(Math.round(rect.x), 0, image.width - 1);
  const top = clamp(Math.round(rect.y), 0, image.height - 1);
  return {
    left,
    top,
    width: clamp(Math.round(rect.width), 1, image.width - left),
    height: clamp(Math.round(rect.height), 1, image.height - top),
  };
}

/**
 * One export image from the original's bytes. `crop` is in the upright (EXIF-rotated) image's pixels, or
 * null for a centred crop.
 *
 * Fast path (a downscale, the usual case): resize the whole upright image to the scale that makes the cut
 * the output size, so libjpeg's shrink-on-load decodes at 1/2, 1/4 or 1/8 size, then extract the scaled
 * rectangle from those few pixels. An `extract` chained before or after the resize in the same pipeline
 * costs a full-size decode, so the extract runs on the small raw result. Upscaling or a tiny crop of a
 * huge image cuts first (a full decode either way, and it keeps memory small).
 */
export async function renderExportImage(
  original: Buffer,
  crop: PixelRect | null,
  spec: ExportImageSpec,
): Promise<Buffer> {
  const meta = await sharp(original, INPUT).metadata();
  if (!meta.width || !meta.height) throw new Error('image has no dimensions');
  const upright = orientedSize(meta.width, meta.height, meta.orientation ?? 1);
  const cut = exportCutRect(upright, crop, spec);
  const scale = spec.width / cut.width;
  const scaledWidth = Math.max(spec.width, Math.round(upright.width * scale));
  const scaledHeight = Math.max(spec.height, Math.round(upright.height * scale));
  const normalise = (image: sharp.Sharp) =>
    image
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });

  let pixels: { data: Buffer; info: sharp.OutputInfo };
  let extract: sharp.Region | null = null;
  if (scale >= 1 || scaledWidth * scaledHeight > MAX_SCALED_PIXELS) {
    pixels = await normalise(
      sharp(original, INPUT)
        .rotate()
        .extract(pixelRect(cut, upright))
        .resize(spec.width, spec.height, { fit: 'fill' }),
    );
  } else {
    pixels = await normalise(
      sharp(original, INPUT).rotate().resize(scaledWidth, scaledHeight, { fit: 'fill' }),
    );
    extract = {
      left: clamp(Math.round(cut.x * scale), 0, scaledWidth - spec.width),
      top: clamp(Math.round(cut.y * scale), 0, scaledHeight - spec.height),
      width: spec.width,
      height: spec.height,
    };
  }
  const { width, height, channels } = pixels.info;
  let image = sharp(pixels.data, { raw: { width, height, channels } });
  if (extract) image = image.extract(extract);
  if (spec.type === 'image/bmp') {
    const out = await image.raw().toBuffer({ resolveWithObject: true });
    return encodeBmp({ data: out.data, ...out.info }, spec.pixelsPerInch);
  }
  // Raw pixels carry no metadata: nothing of the camera's EXIF (places, serial numbers) leaves with the
  // image. PNG gets its pHYs chunk from libvips; libvips writes no JFIF header, so the JPEG gets one here.
  if (spec.type === 'image/png') {
    if (spec.pixelsPerInch) image = image.withMetadata({ density: spec.pixelsPerInch });
    return image.png({ compressionLevel: 6 }).toBuffer();
  }
  // Every JPEG is a JFIF file (school systems' importers such as PowerSchool ask for JPEG/JFIF); without
  // pixels per inch its density says only that pixels are square.
  const jpeg = await image.jpeg({ quality: JPEG_QUALITY }).toBuffer();
  return withJfifDensity(jpeg, spec.pixelsPerInch ?? null);
}

/**
 * Inserts a JFIF APP0 segment (version 1.01) right after the start marker: density in dots per inch, or,
 * without one, no units and a 1:1 pixel aspect.
 */
export function withJfifDensity(jpeg: Buffer, pixelsPerInch: number | null): Buffer {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('not a JPEG');
  if (jpeg[2] === 0xff && jpeg[3] === 0xe0) throw new Error('JPEG has a JFIF header already');
  const app0 = Buffer.alloc(18);
  app0.writeUInt16BE(0xffe0, 0);
  app0.writeUInt16BE(16, 2);
  app0.write('JFIF\0', 4, 'latin1');
  app0.writeUInt16BE(0x0101, 9);
  app0.writeUInt8(pixelsPerInch ? 1 : 0, 11); // units: dots per inch, or none (aspect only)
  app0.writeUInt16BE(pixelsPerInch ?? 1, 12);
  app0.writeUInt16BE(pixelsPerInch ?? 1, 14);
  // no thumbnail (bytes 16 and 17 stay 0)
  return Buffer.concat([jpeg.subarray(0, 2), app0, jpeg.subarray(2)]);
}
