import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Storage } from '../../storage/storage.js';
import { baseOf, renditionKey } from '../photos/service.js';

/** A proof's longest side, at most. */
export const PROOF_MAX_EDGE = 1200;

/**
 * A proof of a photo: at most 1,200 px, a visible PROOF mark across it, and the yearbook crop drawn as a
 * frame (shares 0..1 of the photo), re-encoded as JPEG without metadata: never the original's bytes.
 */
export async function renderProof(source: Buffer, crop: Crop): Promise<Buffer> {
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

/** What renderProof draws, by version: a change to it renders every proof again. */
const PROOF_STYLE = 1;

type Crop = { x: number; y: number; width: number; height: number } | null;

type ProofSource = { storage_key: string; master_width: number | null; renditions_ready_at: Date | null };

/**
 * Where a photo's proof is kept, and what it is rendered from: the working master, else the large rendition,
 * else (renditions not made yet) the original, read only to render from. The key names the source and the
 * crop (a new crop or a master made later gives a new proof), in the photo's own `proofs/` folder.
 */
export function proofKeyOf(photo: ProofSource, crop: Crop) {
  const base = baseOf(photo.storage_key);
  const source = photo.master_width
    ? renditionKey(base, 'master')
    : photo.renditions_ready_at
      ? renditionKey(base, 'large')
      : photo.storage_key;
  const version = createHash('sha256')
    .update(JSON.stringify([PROOF_STYLE, source, crop]))
    .digest('hex')
    .slice(0, 20);
  return { folder: `${base}/proofs/`, key: `${base}/proofs/${version}`, source };
}

/**
 * A photo's proof, rendered once and kept beside its renditions (so it goes with the photo): a family's
 * gallery shows the same proofs every visit without decoding a master each time. A new one replaces the
 * photo's earlier proofs (a proof of an old crop is never shown again); a request still rendering an old
 * one meanwhile only makes the next request render again.
 */
export async function proofOf(storage: Storage, photo: ProofSource, crop: Crop): Promise<Buffer> {
  const { folder, key, source } = proofKeyOf(photo, crop);
  const kept = await storage.read(key).catch(() => null);
  if (kept) return kept;
  const proof = await renderProof(await storage.read(source), crop);
  await storage.deletePrefix(folder);
  await storage.put(key, proof, 'image/jpeg');
  return proof;
}
