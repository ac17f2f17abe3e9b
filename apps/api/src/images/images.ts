import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

// Batch work on two cores: one libvips thread per image, a small number of images in flight (see
// PERFORMANCE.md), and no operation cache.
sharp.concurrency(1);
sharp.cache(false);

/** Far below sharp's default: a small file that decodes huge is refused (SECURITY.md). */
export const PIXEL_LIMIT = 100_000_000;

export type ImageType = 'image/jpeg' | 'image/png';

/**
 * The real type from the first bytes (file-type's signatures), never from the name or the declared
 * type. An animated PNG is a PNG.
 */
export async function sniffImageType(head: Uint8Array): Promise<ImageType | null> {
  const found = await fileTypeFromBuffer(head).catch(() => undefined);
  if (found?.mime === 'image/jpeg') return 'image/jpeg';
  if (found?.mime === 'image/png' || found?.mime === 'image/apng') return 'image/png';
  return null;
}

export interface ImageFacts {
  type: ImageType;
  /** As displayed, after EXIF orientation. */
  width: number;
  height: number;
  orientation: number;
}

export class ImageRejected extends Error {}

/**
 * Checks that the bytes are a whole, sane PNG or JPEG: the right magic, within the pixel limit, and
 * decodable to the end (a truncated file fails). Decodes at reduced size where the codec allows
 * (JPEG shrink-on-load), so the check costs a fraction of a full decode. With `decode: false` only the
 * header is read: for callers that decode the whole image next anyway (inspectAndRender).
 */
export async function inspectImage(bytes: Buffer, options: { decode?: boolean } = {}): Promise<ImageFacts> {
  const type = await sniffImageType(bytes.subarray(0, 4100));
  if (!type) throw new ImageRejected('is not a PNG or JPEG image');
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: PIXEL_LIMIT, failOn: 'truncated' }).metadata();
  } catch {
    throw new ImageRejected('could not be read as an image');
  }
  if (!meta.width || !meta.height) throw new ImageRejected('has no dimensions');
  if (meta.width * meta.height > PIXEL_LIMIT) throw new ImageRejected('has too many pixels');
  if (options.decode !== false) {
    try {
      await sharp(bytes, { limitInputPixels: PIXEL_LIMIT, failOn: 'truncated' })
        .resize({ width: 64, height: 64, fit: 'inside' })
        .raw()
        .toBuffer();
    } catch {
      throw new ImageRejected('is damaged or incomplete');
    }
  }
  const orientation = meta.orientation ?? 1;
  const swapped = orientation >= 5 && orientation <= 8;
  return {
    type,
    width: swapped ? meta.height : meta.width,
    height: swapped ? meta.width : meta.height,
    orientation,
  };
}

export const RENDITIONS = ['tiny', 'small', 'large', 'full'] as const;
export type Rendition = (typeof RENDITIONS)[number];

/**
 * What the small renditions are derived from: just big enough for the largest of them (600 px high, and
 * at least 200 px wide), so that JPEG shrink-on-load decodes at 1/4 or 1/8 of the size.
 */
const THUMBNAIL_SOURCE = { width: 200, height: 600 } as const;

/**
 * The thumbnails of spec §3, auto-rotated: tiny 80 px wide, small 200 px wide, large 600 px high, and
 * full resolution. Decodes once for the three small ones (shrink-on-load, then derive), and re-encodes
 * the full one only when it needs rotating.
 */
export async function renderRenditions(
  original: Buffer,
  facts: Pick<ImageFacts, 'type' | 'orientation'>,
  options: { failOnTruncated?: boolean } = {},
): Promise<Record<Rendition, Buffer | 'original'>> {
  const { data, info } = await uprightPixels(
    sharp(original, {
      limitInputPixels: PIXEL_LIMIT,
      failOn: options.failOnTruncated ? 'truncated' : 'warning',
    }),
    { ...THUMBNAIL_SOURCE, fit: 'outside' },
  );
  const fromSource = (resize: sharp.ResizeOptions) =>
    sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
      .resize({ ...resize, withoutEnlargement: true })
      .jpeg({ quality: 82, mozjpeg: false })
      .toBuffer();
  const [tiny, small, large] = await Promise.all([
    fromSource({ width: 80 }),
    fromSource({ width: 200 }),
    fromSource({ height: 600 }),
  ]);
  return { tiny, small, large, full: await fullRendition(original, facts) };
}

/** Upright already: the original is the full rendition (a PNG keeps its transparency); else it is turned. */
async function fullRendition(
  original: Buffer,
  facts: Pick<ImageFacts, 'type' | 'orientation'>,
): Promise<Buffer | 'original'> {
  if (facts.orientation === 1) return 'original';
  const rotated = sharp(original, { limitInputPixels: PIXEL_LIMIT }).rotate();
  return (facts.type === 'image/png' ? rotated.png() : rotated.jpeg({ quality: 90 })).toBuffer();
}

/** Upright (EXIF orientation applied), downsized (shrink-on-load), flattened on white, sRGB, raw. */
const uprightPixels = (image: sharp.Sharp, resize: sharp.ResizeOptions) =>
  image
    .rotate()
    .resize({ ...resize, withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });

/**
 * The working master (PERFORMANCE.md "Normalise once at upload"): upright, sRGB without a profile, at most
 * this many pixels on its long edge. Kept beside the original (the photos.master job makes it once a photo
 * is verified); exports and print sheets read it instead of the original whenever it has enough pixels.
 */
export const MASTER_LONG_EDGE = 2400;
/**
 * Quality 92 without optimised Huffman tables: the master is read by our own jobs only, and the tables'
 * second pass doubled its encoding time (about 30 -> 65 ms at 2400 x 1600) for a file 15% smaller.
 */
const MASTER_JPEG = { quality: 92, mozjpeg: false, optimiseCoding: false } as const;

export interface WorkingMaster {
  jpeg: Buffer;
  width: number;
  height: number;
}

export async function renderWorkingMaster(original: Buffer): Promise<WorkingMaster> {
  const { data, info } = await uprightPixels(sharp(original, { limitInputPixels: PIXEL_LIMIT }), {
    width: MASTER_LONG_EDGE,
    height: MASTER_LONG_EDGE,
    fit: 'inside',
  });
  const jpeg = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .jpeg(MASTER_JPEG)
    .toBuffer();
  return { jpeg, width: info.width, height: info.height };
}

/** Upright sRGB pixels as sharp gives them raw (the working master's, in inspectAndDerive). */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/** A raw image as sharp's input again (no decode: the pixels are read as they are). */
export const fromRaw = (pixels: RawImage) =>
  sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: pixels.channels } });

/**
 * Decode once, derive many (picture day, PERFORMANCE.md): checks the bytes as inspectAndRender does and
 * makes, from ONE shrink-on-load decode at the working master's scale, the working master, the three small
 * renditions, and whatever `derive` wants of the same pixels (the card-code reader's input); none of them
 * decodes the file again. The small renditions are resized from the master's pixels, so they match those
 * of renderRenditions. Costs one decode at the master's scale (1/2 of a 24 MP JPEG) where inspectAndRender
 * decodes at 1/8: single uploads keep inspectAndRender, whose thumbnails come first.
 */
export async function inspectAndDerive<T = undefined>(
  bytes: Buffer,
  derive?: (pixels: RawImage) => Promise<T>,
): Promise<{
  facts: ImageFacts;
  renditions: Record<Rendition, Buffer | 'original'>;
  master: WorkingMaster;
  derived: T | undefined;
  /** The pixels the small renditions were made from (the large one's, before its JPEG encoding). */
  thumbnailSource: RawImage;
}> {
  const facts = await inspectImage(bytes, { decode: false });
  let decoded: { data: Buffer; info: sharp.OutputInfo };
  try {
    decoded = await uprightPixels(sharp(bytes, { limitInputPixels: PIXEL_LIMIT, failOn: 'truncated' }), {
      width: MASTER_LONG_EDGE,
      height: MASTER_LONG_EDGE,
      fit: 'inside',
    });
  } catch {
    throw new ImageRejected('is damaged or incomplete');
  }
  const pixels: RawImage = {
    data: decoded.data,
    width: decoded.info.width,
    height: decoded.info.height,
    channels: decoded.info.channels,
  };
  // The small renditions from the largest of them (as renderRenditions does from its small decode).
  const thumbnails = async () => {
    const large = await fromRaw(pixels)
      .resize({ ...THUMBNAIL_SOURCE, fit: 'outside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const source: RawImage = {
      data: large.data,
      width: large.info.width,
      height: large.info.height,
      channels: pixels.channels,
    };
    const encode = (resize: sharp.ResizeOptions) =>
      fromRaw(source)
        .resize({ ...resize, withoutEnlargement: true })
        .jpeg({ quality: 82, mozjpeg: false })
        .toBuffer();
    const encoded = await Promise.all([
      encode({ width: 80 }),
      encode({ width: 200 }),
      encode({ height: 600 }),
    ]);
    return { encoded, source };
  };
  const [
    {
      encoded: [tiny, smallRendition, large],
      source,
    },
    jpeg,
    derived,
  ] = await Promise.all([thumbnails(), fromRaw(pixels).jpeg(MASTER_JPEG).toBuffer(), derive?.(pixels)]);
  return {
    facts,
    renditions: { tiny, small: smallRendition, large, full: await fullRendition(bytes, facts) },
    master: { jpeg, width: pixels.width, height: pixels.height },
    derived,
    thumbnailSource: source,
  };
}

/**
 * Decode once: checks the bytes (inspectImage's header checks) and makes the renditions from a single
 * shrink-on-load decode that also serves as the truncation check (a damaged or incomplete file fails it).
 */
export async function inspectAndRender(
  bytes: Buffer,
): Promise<{ facts: ImageFacts; renditions: Record<Rendition, Buffer | 'original'> }> {
  const facts = await inspectImage(bytes, { decode: false });
  try {
    return { facts, renditions: await renderRenditions(bytes, facts, { failOnTruncated: true }) };
  } catch {
    throw new ImageRejected('is damaged or incomplete');
  }
}
