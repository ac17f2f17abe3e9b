/**
 * A minimal BMP writer (sharp/libvips cannot write BMP): 24-bit BI_RGB, a BITMAPINFOHEADER, rows bottom-up
 * in B, G, R order, each padded to a multiple of 4 bytes. The resolution fields carry the pixels per inch
 * as pixels per metre.
 */
export function encodeBmp(
  pixels: { data: Buffer; width: number; height: number; channels: number },
  pixelsPerInch: number | null,
): Buffer {
  const { data, width, height, channels } = pixels;
  if (channels < 3) throw new Error('encodeBmp needs RGB pixels');
  if (data.length < width * height * channels) throw new Error('encodeBmp: too few pixels');
  const rowBytes = width * 3;
  const stride = (rowBytes + 3) & ~3;
  const imageSize = stride * height;
  const headerSize = 14 + 40;
  const out = Buffer.alloc(headerSize + imageSize);
  const perMetre = pixelsPerInch ? Math.round(pixelsPerInch / 0.0254) : 0;
  // BITMAPFILEHEADER
  out.write('BM', 0, 'ascii');
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(headerSize, 10);
  // BITMAPINFOHEADER
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(width, 18);
  out.writeInt32LE(height, 22); // positive: bottom-up
  out.writeUInt16LE(1, 26); // planes
  out.writeUInt16LE(24, 28); // bits per pixel
  out.writeUInt32LE(0, 30); // BI_RGB
  out.writeUInt32LE(imageSize, 34);
  out.writeInt32LE(perMetre, 38);
  out.writeInt32LE(perMetre, 42);
  // colours used / important: 0
  for (let y = 0; y < height; y++) {
    const source = (height - 1 - y) * width * channels;
    let target = headerSize + y * stride;
    for (let x = 0; x < width; x++) {
      const at = source + x * channels;
      out[target++] = data[at + 2]!;
      out[target++] = data[at + 1]!;
      out[target++] = data[at]!;
    }
  }
  return out;
}
