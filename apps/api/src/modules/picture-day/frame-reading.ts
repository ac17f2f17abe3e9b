import { DEFAULT_HEAD_SIZE_RULE } from '@school-portal/domain';
import exifr from 'exifr';
import { readCardCodeInPixels, readClockTextInPixels } from '../../images/card-code.js';
import type { DetectedFace } from '../../images/faces.js';
import {
  type ImageFacts,
  inspectAndDerive,
  type RawImage,
  type Rendition,
  type WorkingMaster,
} from '../../images/images.js';
import { DEFAULT_LARGEST_OUTPUT_HEIGHT, examinePortrait } from '../photos/checks/checks.js';

/**
 * What picture day reads of one frame while it is verified, from the bytes and the one decode that makes
 * its thumbnails and master (images.ts inspectAndDerive): its capture time and camera from the header, its
 * card code (camera_card batches) or station clock card's text (check_in batches), and, for a frame of a camera_card batch in which no code was read,
 * whether it has a sharp face (the match tells a portrait from a card the reader missed by it). Runs on
 * an image thread (images/threads): nothing here touches the database or storage.
 */
/** Bytes of a file's start that hold its EXIF (APP1 comes first in a camera's JPEG, 64 KB at most). */
export const EXIF_HEADER_BYTES = 128 * 1024;

/** What a file's header says of its capture: when (DateTimeOriginal) and with which camera. */
export interface HeaderFacts {
  captured_at: Date | null;
  /** Make, model and body serial joined (`Canon|EOS R6|0123`), or null when the EXIF names no camera. */
  camera_key: string | null;
}

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';

/** EXIF DateTimeOriginal and camera (make, model, body serial) in a file's header (its first EXIF_HEADER_BYTES). */
export async function headerFactsIn(header: Uint8Array): Promise<HeaderFacts> {
  try {
    const tags = await exifr.parse(Buffer.from(header.buffer, header.byteOffset, header.byteLength), {
      pick: ['DateTimeOriginal', 'Make', 'Model', 'BodySerialNumber', 'SerialNumber'],
    });
    const value = tags?.DateTimeOriginal;
    const camera = [text(tags?.Make), text(tags?.Model), text(tags?.BodySerialNumber ?? tags?.SerialNumber)];
    return {
      captured_at: value instanceof Date && !Number.isNaN(value.getTime()) ? value : null,
      camera_key: camera.some(Boolean) ? camera.join('|') : null,
    };
  } catch {
    return { captured_at: null, camera_key: null };
  }
}

/**
 * Whether checks say a frame has no face a portrait would have: none found, or only a blurred one (the
 * detector takes an out-of-focus card, a pale blob, for a face; a child's portrait is in focus).
 */
export const faceless = (face: unknown, checks: { code: string }[]) =>
  checks.some((c) => c.code === 'no_face') || (face !== null && checks.some((c) => c.code === 'blurred'));

/**
 * Whether a frame's 600 px rendition (its bytes, or the pixels it was encoded from) has a sharp face,
 * examined as photos.checks examines it, with the faces found (fractions of the image); null when it can't
 * be examined (the match then reads the frame as a card would be).
 */
async function lookForFace(
  rendition: Buffer | RawImage,
  originalHeight: number,
): Promise<{ sharp: boolean; detected: DetectedFace[] } | null> {
  try {
    const found = await examinePortrait(rendition, {
      originalHeight,
      largestOutputHeight: DEFAULT_LARGEST_OUTPUT_HEIGHT,
      rule: DEFAULT_HEAD_SIZE_RULE,
    });
    return { sharp: !faceless(found.face, found.checks), detected: found.detected };
  } catch {
    return null;
  }
}

/** lookForFace's answer alone, from a stored rendition: the match's own look at a frame verified before verification looked. */
export async function sharpFaceIn(rendition: Buffer, originalHeight: number): Promise<boolean | null> {
  return (await lookForFace(rendition, originalHeight))?.sharp ?? null;
}

/** What the match needs of a frame: its header's facts, its card code, and (see readFrame) its face. */
export interface FrameReading extends HeaderFacts {
  card_code: string | null;
  /** 1 a sharp face, 0 none (or only a blurred one), null not looked for (or the look failed). */
  face_count: number | null;
}

/**
 * Checks and derives a batch frame (inspectAndDerive), reading what the match needs of it on the way:
 * nothing is decoded twice, and the match reads no file again.
 */
export async function readFrame(
  bytes: Buffer,
  matchBy: string,
): Promise<{
  facts: ImageFacts;
  renditions: Record<Rendition, Buffer | 'original'>;
  master: WorkingMaster;
  reading: FrameReading;
  /** The faces found in the large rendition when verification looked (photos.checks takes them), else null. */
  detected: DetectedFace[] | null;
}> {
  const cards = matchBy === 'camera_card';
  // check_in: a station's clock card (its text kept as the item's card_code) gives its camera's offset.
  const clocks = matchBy === 'check_in';
  const [derived, header] = await Promise.all([
    inspectAndDerive(bytes, (pixels) =>
      cards ? readCardCodeInPixels(pixels) : clocks ? readClockTextInPixels(pixels) : Promise.resolve(null),
    ),
    headerFactsIn(bytes.subarray(0, EXIF_HEADER_BYTES)),
  ]);
  const card_code = derived.derived ?? null;
  // The large rendition's own pixels, not its JPEG decoded again.
  const look = cards && !card_code ? await lookForFace(derived.thumbnailSource, derived.facts.height) : null;
  return {
    facts: derived.facts,
    renditions: derived.renditions,
    master: derived.master,
    reading: { ...header, card_code, face_count: look === null ? null : look.sharp ? 1 : 0 },
    detected: look?.detected ?? null,
  };
}
