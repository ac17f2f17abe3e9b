import { z } from 'zod';

/**
 * The head-size rule of a project's auto crops: the same for every portrait, so that heads line up across
 * a class page. `head_size_share` is the share of the frame height from chin to crown; `eye_line_from_top`
 * the eye line's height from the top of the frame. Both are fractions of the frame height.
 */
export interface HeadSizeRule {
  head_size_share: number;
  eye_line_from_top: number;
}

/** A yearbook portrait: the head half the frame high, the eyes two fifths down. */
export const DEFAULT_HEAD_SIZE_RULE: HeadSizeRule = { head_size_share: 0.5, eye_line_from_top: 0.4 };

/** The 8x10 portrait crop (width:height), which every project's photos get. */
export const PORTRAIT_ASPECT = 0.8;

export const headSizeRuleSchema = z
  .object({
    head_size_share: z.number().min(0.2, 'must be at least 0.2').max(0.9, 'must be at most 0.9'),
    eye_line_from_top: z.number().min(0.15, 'must be at least 0.15').max(0.7, 'must be at most 0.7'),
  })
  .partial();

/** A head as fractions of its image: crown to chin (y .. y + height), centred on x, eyes at eye_y. */
export interface HeadPlacement {
  center_x: number;
  crown_y: number;
  chin_y: number;
  eye_y: number;
}

export interface CropRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The crop of an image (`imageAspect` = width:height) at `aspect` that puts the head where the rule says.
 * A frame that would not fit in the image is shrunk to fit (the head then fills more of it), then moved
 * inside it; `fits` says whether the rule was met as asked. Fractions of the image.
 */
export function headSizeCrop(
  head: HeadPlacement,
  imageAspect: number,
  aspect: number,
  rule: HeadSizeRule,
): CropRect & { fits: boolean } {
  // In units of the image height: the frame's height F and width F * aspect / imageAspect (fractions of width).
  let frameHeight = (head.chin_y - head.crown_y) / rule.head_size_share;
  const widthOf = (h: number) => (h * aspect) / imageAspect;
  const scale = Math.min(1, 1 / frameHeight, 1 / widthOf(frameHeight));
  frameHeight *= scale;
  const width = widthOf(frameHeight);
  const x = head.center_x - width / 2;
  const y = head.eye_y - rule.eye_line_from_top * frameHeight;
  const inside = (v: number, size: number) => v >= 0 && v <= 1 - size;
  const clamp = (v: number, size: number) => Math.min(Math.max(v, 0), 1 - size);
  return {
    x: clamp(x, width),
    y: clamp(y, frameHeight),
    width,
    height: frameHeight,
    fits: scale === 1 && inside(x, width) && inside(y, frameHeight),
  };
}

/** The head placement of a stored face box (crown to chin as y .. y + height, centred, eyes at eye_y). */
export const headOfFaceBox = (face: {
  x: number;
  y: number;
  width: number;
  height: number;
  eye_y: number;
}): HeadPlacement => ({
  center_x: face.x + face.width / 2,
  crown_y: face.y,
  chin_y: face.y + face.height,
  eye_y: face.eye_y,
});

/** The flags the photo checks raise, in the order the review offers them. */
export const CHECK_CODES = [
  'no_face',
  'several_faces',
  'face_cut',
  'too_small',
  'blurred',
  'underexposed',
  'overexposed',
] as const;
export type CheckCode = (typeof CHECK_CODES)[number];
