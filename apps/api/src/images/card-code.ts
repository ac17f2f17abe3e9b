import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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

/** The reader's input: upright RGBA at most READ_LONG_EDGE px long. */
const readerInput = (image: sharp.Sharp) =>
  image
    .resize({ width: READ_LONG_EDGE, height: READ_LONG_EDGE, fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });

/**
 * The card code in a photo (a JPEG or PNG at working size: the working master, or a smaller rendition),
 * or null when none of our codes is in it. Decodes once, at most READ_LONG_EDGE px long (JPEG
 * shrink-on-load, so a larger input costs a fraction of its full decode), then looks for a QR code and,
 * failing that, a Code 128. An image that can't be decoded reads as no card.
 */
export async function readCardCode(image: Buffer): Promise<string | null> {
  let pixels: { data: Buffer; info: sharp.OutputInfo };
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

async function readCodeIn(pixels: { data: Buffer; info: sharp.OutputInfo }): Promise<string | null> {
  prepare();
  // The RGBA pixels as an ImageData, without a copy (sharp's output is never a SharedArrayBuffer).
  const imageData = {
    data: new Uint8ClampedArray(
      pixels.data.buffer as ArrayBuffer,
      pixels.data.byteOffset,
      pixels.data.byteLength,
    ),
    width: pixels.info.width,
    height: pixels.info.height,
    colorSpace: 'srgb' as const,
  };
  for (const formats of [['QRCode'], ['Code128']] as const) {
    const results = await readBarcodes(imageData, { ...common, formats: [...formats] });
    for (const r of results) {
      const code = r.isValid ? cardCodeOf(r.text) : null;
      if (code) return code;
    }
  }
  return null;
}
