import bwipjs from 'bwip-js/node';
import sharp from 'sharp';
import { cardPayload } from '../../src/images/card-code.js';
import { portraitSvg } from './images.js';

/**
 * A card as a card printer would make it, without the PDF: white, the QR code on the left and the Code
 * 128 beside it, both of `SPC1:<code>` (for benchmarks and tests that need many card photos quickly).
 */
export async function drawnCard(code: string): Promise<Buffer> {
  const text = cardPayload(code);
  const qr = await sharp(await bwipjs.toBuffer({ bcid: 'qrcode', text, scale: 8 }))
    .resize(300, 300, { kernel: 'nearest' })
    .toBuffer();
  const bars = await sharp(
    await bwipjs.toBuffer({ bcid: 'code128', text, scale: 3, height: 14, includetext: false }),
  )
    .resize(560, 180, { fit: 'fill', kernel: 'nearest' })
    .toBuffer();
  return sharp({ create: { width: 1050, height: 675, channels: 3, background: '#ffffff' } })
    .composite([
      { input: qr, left: 40, top: 335 },
      { input: bars, left: 420, top: 370 },
    ])
    .png()
    .toBuffer();
}

/**
 * A station's clock card as its screen shows it: white, one large QR of `text` (the domain's
 * clockCardPayload), for photographCard to photograph.
 */
export async function drawnClockCard(text: string): Promise<Buffer> {
  const qr = await sharp(await bwipjs.toBuffer({ bcid: 'qrcode', text, scale: 8 }))
    .resize(500, 500, { kernel: 'nearest' })
    .toBuffer();
  return sharp({ create: { width: 800, height: 600, channels: 3, background: '#ffffff' } })
    .composite([{ input: qr, left: 150, top: 50 }])
    .png()
    .toBuffer();
}

/**
 * A photo of a card as a camera sees it: the card turned by `angle` degrees and `share` of the frame wide,
 * off centre, on a photo-like background (a gradient with noise), as a `width` x `height` JPEG.
 */
export async function photographCard(
  card: Buffer,
  { width = 4000, height = 3000, angle = 7, share = 0.4, seed = 0 } = {},
): Promise<Buffer> {
  const cardWidth = Math.round(width * share);
  const turned = await sharp(card)
    .resize({ width: cardWidth })
    .ensureAlpha()
    .rotate(angle, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer({ resolveWithObject: true });
  return sharp(await photoBackground(width, height, seed))
    .composite([
      {
        input: turned.data,
        left: Math.min(width - turned.info.width, Math.round(width * 0.35)),
        top: Math.min(height - turned.info.height, Math.round(height * 0.3)),
      },
    ])
    .jpeg({ quality: 88 })
    .toBuffer();
}

/**
 * A photo-like frame without any code: a portrait with sensor noise; `scene` (a card drawn at full size)
 * laid on the portrait before the noise, so that it is as noisy as the rest of the frame.
 */
export async function photoBackground(
  width: number,
  height: number,
  seed = 0,
  scene: sharp.OverlayOptions[] = [],
): Promise<Buffer> {
  // Drawn at a quarter of the size and scaled up (smooth shapes), the noise laid over at full size.
  const svg = portraitSvg(Math.ceil(width / 4), Math.ceil(height / 4), seed);
  const portrait = sharp(Buffer.from(svg)).resize(width, height).removeAlpha();
  const drawn = await (scene.length ? portrait.composite(scene) : portrait).png().toBuffer();
  // Sensor noise as a tile (libvips' noise is slow at 12 MP), laid over the whole frame.
  const noise = await sharp({
    create: {
      width: 509,
      height: 509,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 14 + (seed % 5) },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return sharp(drawn)
    .composite([{ input: noise, blend: 'soft-light', tile: true }])
    .jpeg({ quality: 90 })
    .toBuffer();
}
