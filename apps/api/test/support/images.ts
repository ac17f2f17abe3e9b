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
