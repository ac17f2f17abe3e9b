import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** A photo-like JPEG: a gradient with noise, so it compresses like a real one. */
export async function makeJpeg(
  width: number,
  height: number,
  options: { orientation?: number } = {},
): Promise<Buffer> {
  const base = sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 90, g: 140, b: 200 },
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  });
  const jpeg = base.jpeg({ quality: 85 });
  return options.orientation
    ? jpeg.withMetadata({ orientation: options.orientation }).toBuffer()
    : jpeg.toBuffer();
}

export async function makePng(
  width: number,
  height: number,
  options: { transparentPixel?: boolean } = {},
): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 4, 255);
  if (options.transparentPixel) raw[(Math.floor(height / 2) * width + Math.floor(width / 2)) * 4 + 3] = 0;
  return sharp(raw, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/** A valid PNG whose header claims `width` x `height` (a pixel bomb), with a correct CRC. */
export async function makePixelBomb(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await makePng(8, 8));
  // IHDR data starts at byte 16: width, height (big-endian), then 5 more bytes; its CRC follows.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

/**
 * A portrait as SVG (a backdrop gradient, shoulders, a face, hair), the same every run for a `seed`: for
 * photos drawn without noise (reference renderings) or with it (photoBackground). Shapes scale with the
 * size from their 800 x 1000 original.
 */
export function portraitSvg(width: number, height: number, seed: number): string {
  const hue = (seed * 47) % 360;
  const x = (v: number) => (width * v) / 800;
  const y = (v: number) => (height * v) / 1000;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${hue},35%,70%)"/><stop offset="1" stop-color="hsl(${hue},35%,40%)"/>
    </linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#g)"/>
    <ellipse cx="${x(400)}" cy="${y(980)}" rx="${x(330)}" ry="${y(260)}" fill="hsl(${(hue + 180) % 360},40%,35%)"/>
    <ellipse cx="${x(400)}" cy="${y(420)}" rx="${x(170)}" ry="${y(215)}" fill="#e8c3a0"/>
    <ellipse cx="${x(400)}" cy="${y(260)}" rx="${x(185)}" ry="${y(110)}" fill="hsl(${(hue + 90) % 360},30%,25%)"/>
  </svg>`;
}
