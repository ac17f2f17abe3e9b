import sharp from 'sharp';

/** A proof's longest side, at most. */
export const PROOF_MAX_EDGE = 1200;

/**
 * A proof of a photo: at most 1,200 px, a visible PROOF mark across it, and the yearbook crop drawn as a
 * frame (shares 0..1 of the photo), re-encoded as JPEG without metadata: never the original's bytes.
 */
export async function renderProof(
  source: Buffer,
  crop: { x: number; y: number; width: number; height: number } | null,
): Promise<Buffer> {
  const { data, info } = await sharp(source)
    .rotate()
    .resize(PROOF_MAX_EDGE, PROOF_MAX_EDGE, { fit: 'inside', withoutEnlargement: true })
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const size = Math.max(16, Math.round(Math.min(width, height) / 6));
  const marks: string[] = [];
  for (let y = size; y < height + size; y += size * 2.5) {
    marks.push(
      `<text x="${width / 2}" y="${y}" font-size="${size}" text-anchor="middle" transform="rotate(-30 ${width / 2} ${y})">PROOF</text>`,
    );
  }
  const frame = crop
    ? `<rect x="${crop.x * width}" y="${crop.y * height}" width="${crop.width * width}" height="${crop.height * height}" fill="none" stroke="white" stroke-width="${Math.max(2, width / 300)}" stroke-dasharray="${Math.max(6, width / 60)}"/>`
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<g fill="white" fill-opacity="0.45" stroke="black" stroke-opacity="0.35" stroke-width="1" font-family="sans-serif" font-weight="bold">${marks.join('')}</g>${frame}</svg>`;
  return sharp(data)
    .composite([{ input: Buffer.from(svg), top: 0, left: 0 }])
    .jpeg({ quality: 80 })
    .toBuffer();
}
