import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readClockCard } from '@school-portal/domain';
import sharp from 'sharp';
import { prepareZXingModule, type ReaderOptions, readBarcodes } from 'zxing-wasm/reader';
import { fromRaw, PIXEL_LIMIT, type RawImage } from './images.js';

/**
 * Camera cards: a card held up in front of the camera starts a subject's photos. Its QR code and its Code
 * 128 both hold `SPC1:` and the subject's card code (8 characters of Crockford's base32, migration 0026).
 */
const PREFIX = 'SPC1:';
const PAYLOAD = /^SPC1:([0-9A-HJKMNP-TV-Z]{8})$/;

/** What a card's codes encode for a card code. */
export const cardPayload = (code: string) => `${PREFIX}${code}`;

/** The card code in a decoded text, or null when the text is not one of our cards' (a foreign code). */
export function cardCodeOf(text: string): string | null {
  return PAYLOAD.exec(text.trim())?.[1] ?? null;
}

/**
 * A station's clock card (the domain's `SPCLK1:<station id>:<ms>`, shown on the station's screen) in a
 * decoded text, as that text trimmed, or null when it is not one: never a card code, so a clock card
 * photographed in a camera_card batch is no subject's card.
 */
export function clockTextOf(text: string): string | null {
  return readClockCard(text) ? text.trim() : null;
}

/** Long edge the reader decodes at: a card a third of the frame wide still has 4-5 px per QR module. */
export const READ_LONG_EDGE = 1500;

let prepared = false;
/** The reader's WebAssembly, loaded from the package's own file (never fetched), once per process. */
function prepare() {
  if (prepared) return;
  const file = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  prepareZXingModule({ overrides: { wasmBinary: readFileSync(file).buffer as ArrayBuffer } });
  prepared = true;
}

const common: ReaderOptions = {
  tryHarder: true,
  tryRotate: true,
  tryInvert: false,
  // A foreign code beside ours (a lanyard's QR, a poster) must not hide the card.
  maxNumberOfSymbols: 4,
};

/**
 * The ink pass: a card's codes are printed black on white, the darkest thing in its frame. When the white
 * around the QR code is hidden (a thumb on the card's narrow margin, a QR code touching hair or a dark
 * sweater), the local-average binarizer joins the dark beside it to the finder patterns and finds none, at
 * any scale. Keep only the ink: the pixels darker than the lower of Otsu's threshold of the frame's darks
 * (the pixels below the frame's own Otsu threshold) and INK_SPREAD levels above the darkest (its 0.5th
 * percentile; dark hair beside black ink is often more of the darks than the ink is), so the code stands
 * alone on white.
 */
const INK_SPREAD = 32;
/**
 * The reader's input: grey pixels (one byte each) in a binary PGM file, which the reader's own image
 * decoder takes as it is. Handing zxing RGBA pixels instead costs a 6 MB copy at 1500 px, and zxing-wasm
 * turns them to grey in a JavaScript loop on every pass; every portrait is read twice (the ink pass).
 */
interface GreyImage {
  /** The whole PGM file, header and pixels. */
  file: Uint8Array;
  /** Its pixels, row by row. */
  pixels: Uint8Array;
  width: number;
  height: number;
}

function greyImage(width: number, height: number): GreyImage {
  const header = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`);
  const file = new Uint8Array(header.length + width * height);
  file.set(header);
  return { file, pixels: file.subarray(header.length), width, height };
}

/**
 * The reader's input: upright grey pixels at most `edge` px long. Brought down with a linear kernel: the
 * card reader's time 10% less than with Lanczos (every frame without a code pays it), for the same
 * readings (card-reader.test.ts's table and camera-cards.test.ts's printed cards). Grey is zxing's own
 * luminance (its weights and rounding), so a pass reads what it read of RGBA pixels.
 */
async function readerInput(image: sharp.Sharp, edge = READ_LONG_EDGE): Promise<GreyImage> {
  const { data, info } = await image
    .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true, kernel: 'linear' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grey = greyImage(info.width, info.height);
  const out = grey.pixels;
  const count = out.length;
  for (let i = 0, j = 0; i < count; i++, j += 3)
    out[i] = (306 * data[j]! + 601 * data[j + 1]! + 117 * data[j + 2]! + 512) >> 10;
  return grey;
}

/**
 * The same pixels with only the ink dark (see the ink pass above), in a new image: two loops over the
 * pixels cost a few milliseconds at 1500 px, a sharp pipeline ten times that.
 */
function inkOnly(grey: GreyImage): GreyImage {
  const { pixels } = grey;
  const count = pixels.length;
  const histogram = new Array<number>(256).fill(0);
  for (let i = 0; i < count; i++) histogram[pixels[i]!]!++;
  let darkest = 0;
  for (let seen = 0; darkest < 255 && seen + histogram[darkest]! < count / 200; darkest++)
    seen += histogram[darkest]!;
  const ink = Math.min(otsu(histogram, otsu(histogram)), darkest + INK_SPREAD);
  const out = greyImage(grey.width, grey.height);
  const inked = out.pixels;
  for (let i = 0; i < count; i++) inked[i] = pixels[i]! < ink ? 0 : 255;
  return out;
}

/**
 * The card code in a photo (a JPEG or PNG at working size: the working master, or a smaller rendition),
 * or null when none of our codes is in it. Decodes once, at most READ_LONG_EDGE px long (JPEG
 * shrink-on-load, so a larger input costs a fraction of its full decode), then reads it as readCodeIn
 * does. An image that can't be decoded reads as no card.
 */
export async function readCardCode(image: Buffer): Promise<string | null> {
  let pixels: GreyImage;
  try {
    pixels = await readerInput(sharp(image, { limitInputPixels: PIXEL_LIMIT }).rotate());
  } catch {
    return null;
  }
  return readCodeIn(pixels);
}

/**
 * The card code in pixels already decoded (images.ts inspectAndDerive's, upright): picture day reads it
 * while the photo is verified, from the same decode as its thumbnails and master, never decoding it again.
 */
export async function readCardCodeInPixels(image: RawImage): Promise<string | null> {
  return readCodeIn(await readerInput(fromRaw(image)));
}

/**
 * A station's clock card text (clockTextOf) in pixels already decoded, read as card codes are (QR only:
 * the clock card has no Code 128), or null: picture day's check_in batches read it while a photo is verified.
 */
export async function readClockTextInPixels(image: RawImage): Promise<string | null> {
  return clockIn(await readerInput(fromRaw(image)));
}

/** A clock card's text in a photo's bytes (one decode at READ_LONG_EDGE), or null: see readClockTextInPixels. */
export async function readClockText(image: Buffer): Promise<string | null> {
  try {
    return await clockIn(await readerInput(sharp(image, { limitInputPixels: PIXEL_LIMIT }).rotate()));
  } catch {
    return null;
  }
}

const clockIn = async (pixels: GreyImage) =>
  (await readPass(pixels, ['QRCode'], clockTextOf)) ?? (await readPass(inkOnly(pixels), 'ink', clockTextOf));

/** Longest edge the thorough reader decodes a whole frame at: a 24 MP frame whole, a larger one brought to it. */
export const THOROUGH_LONG_EDGE = 6000;
/** Longest edge a card's crop is read at: a card filling the frame needs no more. */
const CROP_LONG_EDGE = 3000;
/** Long edge of the mask a card is looked for in. */
const MASK_LONG_EDGE = 400;

/**
 * The card code in a frame that looks like a card but gave none (picture day: a frame without a face in a
 * camera-card batch), trying harder than readCardCode, from the original bytes of any size: readCardCode's
 * passes first; then the card cut out at full resolution (the largest white region, findCard) and read
 * with both codes, plain and as ink; last the whole frame at full resolution (at most THOROUGH_LONG_EDGE px
 * long). Costs up to two full decodes and a second or two of reading: for the few frames readCardCode
 * gave nothing, never for every photo.
 */
export async function readCardCodeThoroughly(image: Buffer): Promise<string | null> {
  const quick = await readCardCode(image);
  if (quick) return quick;
  const frame = () => sharp(image, { limitInputPixels: PIXEL_LIMIT }).rotate();
  try {
    const card = await findCard(image);
    if (card) {
      const crop = await readerInput(frame().extract(card), CROP_LONG_EDGE);
      const code = await readCodeIn(crop);
      if (code) return code;
    }
    return await readPass(await readerInput(frame(), THOROUGH_LONG_EDGE), ['QRCode']);
  } catch {
    return null;
  }
}

/**
 * Where a card is in a frame: the largest white region (a card is a white sheet), as a rectangle of the
 * upright frame's pixels with a margin of half its size around it (the white found may be only the
 * card's emptier part, its QR code grey at this scale), or null when nothing white is
 * large enough to be a card. Looked for in a mask at MASK_LONG_EDGE px (JPEG shrink-on-load): pixels bright
 * (Otsu's threshold, at least mid-grey) and without colour (paper, not a coloured backdrop), closed over
 * the codes' dark modules, and the largest 4-connected part taken.
 */
export async function findCard(image: Buffer): Promise<sharp.Region | null> {
  const meta = await sharp(image, { limitInputPixels: PIXEL_LIMIT }).metadata();
  const { data, info } = await sharp(image, { limitInputPixels: PIXEL_LIMIT })
    .rotate()
    .resize({ width: MASK_LONG_EDGE, height: MASK_LONG_EDGE, fit: 'inside' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const pixels = width * height;
  const luminance = new Uint8Array(pixels);
  for (let i = 0; i < pixels; i++)
    luminance[i] = (77 * data[i * 3]! + 150 * data[i * 3 + 1]! + 29 * data[i * 3 + 2]!) >> 8;
  const threshold = Math.max(128, otsu(histogramOf(luminance)));
  const white = Buffer.alloc(pixels);
  for (let i = 0; i < pixels; i++) {
    const r = data[i * 3]!;
    const g = data[i * 3 + 1]!;
    const b = data[i * 3 + 2]!;
    if (luminance[i]! >= threshold && Math.max(r, g, b) - Math.min(r, g, b) <= 40) white[i] = 255;
  }
  // An opening (min then max over 3 x 3) drops thin lines (the soft edges between two colours), then a
  // closing (max then min over 7 x 7) joins a QR code's dark modules and the card's text to its white.
  const closed = await sharp(white, { raw: { width, height, channels: 1 } })
    .erode(1)
    .dilate(1)
    .dilate(3)
    .erode(3)
    .extractChannel(0)
    .raw()
    .toBuffer();
  const part = largestPart(closed, width, height);
  if (!part || part.size < pixels / 2000) return null;
  const upright = meta.autoOrient ?? meta;
  const fullWidth = upright.width ?? width;
  const fullHeight = upright.height ?? height;
  const scale = fullWidth / width;
  const margin = Math.max(part.right - part.left, part.bottom - part.top) * 0.5;
  const left = Math.max(0, Math.floor((part.left - margin) * scale));
  const top = Math.max(0, Math.floor((part.top - margin) * scale));
  const right = Math.min(fullWidth, Math.ceil((part.right + 1 + margin) * scale));
  const bottom = Math.min(fullHeight, Math.ceil((part.bottom + 1 + margin) * scale));
  return { left, top, width: right - left, height: bottom - top };
}

function histogramOf(values: Uint8Array): number[] {
  const histogram = new Array<number>(256).fill(0);
  for (const v of values) histogram[v] = (histogram[v] ?? 0) + 1;
  return histogram;
}

/**
 * Otsu's threshold of 8-bit values (their histogram) below `limit`: the value that best splits them in
 * two classes, those below it and the rest.
 */
function otsu(histogram: number[], limit = 256): number {
  let total = 0;
  let sum = 0;
  for (let v = 0; v < limit; v++) {
    total += histogram[v] ?? 0;
    sum += v * (histogram[v] ?? 0);
  }
  let below = 0;
  let sumBelow = 0;
  let best = 0;
  let threshold = limit >> 1;
  for (let v = 0; v < limit; v++) {
    below += histogram[v] ?? 0;
    sumBelow += v * (histogram[v] ?? 0);
    if (below === 0 || below === total) continue;
    const between = below * (total - below) * (sumBelow / below - (sum - sumBelow) / (total - below)) ** 2;
    if (between > best) {
      best = between;
      threshold = v + 1;
    }
  }
  return threshold;
}

/** The largest 4-connected part of a mask's set pixels: its size and bounding box. */
function largestPart(mask: Uint8Array, width: number, height: number) {
  const seen = new Uint8Array(mask.length);
  const stack: number[] = [];
  let best: { size: number; left: number; top: number; right: number; bottom: number } | null = null;
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || seen[start]) continue;
    const part = { size: 0, left: width, top: height, right: 0, bottom: 0 };
    seen[start] = 1;
    stack.push(start);
    while (stack.length) {
      const at = stack.pop() as number;
      const x = at % width;
      const y = (at - x) / width;
      part.size++;
      part.left = Math.min(part.left, x);
      part.right = Math.max(part.right, x);
      part.top = Math.min(part.top, y);
      part.bottom = Math.max(part.bottom, y);
      for (const next of [x > 0 ? at - 1 : -1, x < width - 1 ? at + 1 : -1, at - width, at + width])
        if (next >= 0 && next < mask.length && mask[next] && !seen[next]) {
          seen[next] = 1;
          stack.push(next);
        }
    }
    if (!best || part.size > best.size) best = part;
  }
  return best;
}

/**
 * Reads pixels at 1500 px: QR code and Code 128 in one pass (zxing converts the pixels to grey and
 * binarises them once for both: a frame without a card, every portrait, took 66 ms for the two passes
 * one after the other and takes 49 ms for one); when neither gives a card, the ink pass. The ink pass is
 * what a frame without a card pays more than before.
 */
async function readCodeIn(pixels: GreyImage): Promise<string | null> {
  return (await readPass(pixels, ['QRCode', 'Code128'])) ?? (await readPass(inkOnly(pixels), 'ink'));
}

/**
 * One reading of grey pixels: the first of our card codes (or what `wanted` keeps) among what zxing finds
 * of `formats`. Pixels already black and white (the ink pass) are read with a fixed threshold, so they
 * stay as they are.
 */
async function readPass(
  pixels: GreyImage,
  formats: ('QRCode' | 'Code128')[] | 'ink',
  wanted: (text: string) => string | null = cardCodeOf,
): Promise<string | null> {
  prepare();
  const options: ReaderOptions =
    formats === 'ink'
      ? { ...common, formats: ['QRCode'], tryRotate: false, binarizer: 'FixedThreshold' }
      : { ...common, formats };
  for (const r of await readBarcodes(pixels.file, options)) {
    const code = r.isValid ? wanted(r.text) : null;
    if (code) return code;
  }
  return null;
}
