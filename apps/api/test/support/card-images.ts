import sharp from 'sharp';
import { cardPayload } from '../../src/images/card-code.js';
import { barcodePng } from '../../src/modules/layouts/draw.js';
import { photoBackground } from './camera-cards.js';

/**
 * Camera cards photographed at a chosen size: the card drawn as the built-in "Camera Card" layout places it
 * (migration 0026: a 252 x 162 pt card, the QR code 72 pt at 10, 84, the Code 128 150 x 46 pt at 92, 88,
 * five lines of text above), its QR code and Code 128 the product's own (`barcodePng`, the layout engine's),
 * as vector shapes so that a card larger than the frame costs no more than a small one.
 */

const CARD = { width: 252, height: 162 };
const QR = { x: 10, y: 84, size: 72 };
const BARS = { x: 92, y: 88, width: 150, height: 46 };

/** The dark cells of a barcode PNG on a grid of `cell` px, as an SVG path in cell units. */
async function darkCells(png: Buffer, cellOf: (row: Uint8Array, width: number) => number) {
  const { data, info } = await sharp(png).flatten({ background: '#ffffff' }).greyscale().raw().toBuffer({
    resolveWithObject: true,
  });
  const cell = cellOf(data.subarray(0, info.width), info.width);
  const columns = Math.round(info.width / cell);
  const rows = Math.max(1, Math.round(info.height / cell));
  let path = '';
  for (let y = 0; y < rows; y++)
    for (let x = 0; x < columns; x++) {
      const row = Math.min(info.height - 1, Math.floor((y + 0.5) * cell));
      const centre = row * info.width + Math.floor((x + 0.5) * cell);
      if ((data[centre] ?? 255) < 128) path += `M${x} ${y}h1v1h-1z`;
    }
  return { path, columns, rows };
}

/** Pixels per QR module: the finder pattern's top row is 7 modules of dark from the corner. */
const qrModulePixels = (row: Uint8Array) => {
  let run = 0;
  while (run < row.length && (row[run] ?? 255) < 128) run++;
  return run / 7;
};

/** Pixels per Code 128 module: its narrowest bar or space. */
const barModulePixels = (row: Uint8Array, width: number) => {
  let narrowest = width;
  let run = 1;
  for (let x = 1; x <= width; x++) {
    if (x < width && row[x]! < 128 === row[x - 1]! < 128) run++;
    else {
      narrowest = Math.min(narrowest, run);
      run = 1;
    }
  }
  return narrowest;
};

/** The Camera Card of a code as an SVG group in points (the layout's units), QR modules included. */
export async function cardSvg(code: string): Promise<{ group: string; qrModules: number }> {
  const text = cardPayload(code);
  const [qrPng, barsPng] = await Promise.all([barcodePng(text, 'qrcode'), barcodePng(text, 'code128')]);
  if (!qrPng || !barsPng) throw new Error(`no barcode for ${text}`);
  const qr = await darkCells(qrPng, qrModulePixels);
  // The Code 128 read on its middle row only: bars are one cell tall, stretched to the box.
  const barsRow = await sharp(barsPng).flatten({ background: '#ffffff' }).greyscale().raw().toBuffer({
    resolveWithObject: true,
  });
  const bars = await darkCells(
    await sharp(barsRow.data, {
      raw: { width: barsRow.info.width, height: barsRow.info.height, channels: 1 },
    })
      .extract({ left: 0, top: Math.floor(barsRow.info.height / 2), width: barsRow.info.width, height: 1 })
      .png()
      .toBuffer(),
    barModulePixels,
  );
  const line = (y: number, size: number, words: string, weight = 'normal') =>
    `<text x="10" y="${y}" font-family="DejaVu Sans, sans-serif" font-size="${size}" font-weight="${weight}" fill="#111">${words}</text>`;
  const group = `<rect width="${CARD.width}" height="${CARD.height}" rx="4" fill="#fbfbf8"/>
    ${line(23, 15, 'Avery Lindqvist-Moreau', 'bold')}${line(39, 10, 'Grade 4')}${line(52, 10, 'Ms. Okonkwo')}
    ${line(64, 9, 'Riverside Elementary')}${line(77, 9, 'Fall 2026')}
    <path transform="translate(${QR.x} ${QR.y}) scale(${QR.size / qr.columns})" d="${qr.path}" fill="#000"/>
    <path transform="translate(${BARS.x} ${BARS.y}) scale(${BARS.width / bars.columns} ${BARS.height})" d="${bars.path}" fill="#000"/>
    <text x="${BARS.x + BARS.width / 2}" y="150" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="10" font-weight="bold" fill="#111">${code}</text>`;
  return { group, qrModules: qr.columns };
}

/** A thumb and a finger over the card's lower left corner, touching the QR code (card points). */
const HELD = `<ellipse cx="${QR.x + 16}" cy="${QR.y + QR.size + 11}" rx="26" ry="11" fill="#b98a6e"/>
  <ellipse cx="${QR.x - 11}" cy="${QR.y + QR.size - 12}" rx="11" ry="24" fill="#a87a5f"/>`;

export interface CardShot {
  /** Width of one QR module in the frame, px. */
  module: number;
  /** The card turned by this many degrees. */
  angle?: number;
  width?: number;
  height?: number;
  /** Where the QR code's centre is, as shares of the frame (moved in so the whole QR code is in it). */
  at?: { x: number; y: number };
  /**
   * The card held by a thumb and finger at its corner below the QR code (the card's margin there is 6 pt,
   * under 2 modules): they cover the margin up to the QR code's edge, so its corner has no quiet zone.
   */
  held?: boolean;
  /** Gaussian blur of the whole frame (out of focus), sigma in px. */
  blur?: number;
  seed?: number;
}

/**
 * A photo of a Camera Card as a camera sees it: the card `module` px per QR module, turned `angle` degrees,
 * on a portrait-like frame with sensor noise (photoBackground), as a JPEG. A card larger than the frame is
 * cut by the frame's edges, as when the photographer fills the frame with it; its QR code stays whole.
 */
export async function photographCardAt(code: string, shot: CardShot): Promise<Buffer> {
  const { module, angle = 0, width = 6000, height = 4000, at = { x: 0.42, y: 0.55 }, blur, seed = 0 } = shot;
  const card = await cardSvg(code);
  const { qrModules } = card;
  const group = shot.held ? card.group + HELD : card.group;
  const scale = (module * qrModules) / QR.size; // px per point
  // The turned QR code and a quiet zone of 2 modules kept inside the frame.
  const turn = (Math.abs(angle) * Math.PI) / 180;
  const half = (module * (qrModules + 4) * (Math.cos(turn) + Math.sin(turn))) / 2;
  const place = (share: number, size: number) => Math.min(Math.max(share * size, half), size - half);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <g transform="translate(${place(at.x, width)} ${place(at.y, height)}) rotate(${angle}) scale(${scale}) translate(${-(QR.x + QR.size / 2)} ${-(QR.y + QR.size / 2)})">${group}</g>
  </svg>`;
  const photo = await photoBackground(width, height, seed, [{ input: Buffer.from(svg) }]);
  return blur ? sharp(photo).blur(blur).jpeg({ quality: 88 }).toBuffer() : photo;
}

/**
 * A card's QR code pasted into a photo as the issue that found the reader's misses measured it: the
 * product's QR code (`barcodePng`) `module` px per module, turned `angle` degrees, at the frame's centre,
 * without the card's white around it, so that whatever the frame has there (a face, hair) touches it.
 */
export async function pasteCardQr(
  code: string,
  photo: Buffer,
  { module, angle = 0 }: { module: number; angle?: number },
): Promise<Buffer> {
  const qr = await barcodePng(cardPayload(code), 'qrcode');
  if (!qr) throw new Error(`no QR code for ${code}`);
  const { width = 0, height = 0 } = await sharp(photo).metadata();
  const size = Math.round((await darkCells(qr, qrModulePixels)).columns * module);
  const drawn = await sharp(qr)
    .resize(size, size, { kernel: 'nearest' })
    .flatten({ background: '#ffffff' })
    .png()
    .toBuffer();
  const turned = await sharp(drawn)
    .rotate(angle, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer({ resolveWithObject: true });
  return sharp(photo)
    .composite([
      {
        input: turned.data,
        left: Math.round((width - turned.info.width) / 2),
        top: Math.round((height - turned.info.height) / 2),
      },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
}
