import {
  type CheckCode,
  type HeadPlacement,
  type HeadSizeRule,
  headOfFaceBox,
  headSizeCrop,
} from '@school-portal/domain';
import sharp from 'sharp';
import type { PhotoCheck, PhotoFace } from '../../../db/schema.js';
import {
  clampRegion,
  type DetectedFace,
  detectFaces,
  exposureOf,
  facesAsShares,
  facesInPixels,
  HEAD_WIDTH_TO_HEIGHT,
  headOf,
  laplacianVariance,
  type Region,
} from '../../../images/faces.js';
import { fromRaw, type RawImage } from '../../../images/images.js';

/** A face whose Laplacian variance (at a fixed size) is below this is blurred. */
export const BLUR_MIN_LAPLACIAN_VARIANCE = 50;
/** Mean luma of the face (0..255) below which it is underexposed, above which overexposed. */
export const UNDEREXPOSED_MEAN_LUMA = 55;
export const OVEREXPOSED_MEAN_LUMA = 215;
/** Share of the face's pixels clipped to black (or white) above which it is under- (or over-) exposed. */
export const CLIPPED_SHARE = 0.25;
/** The largest output's height in pixels when the project's exports name none (a yearbook's 640 x 800). */
export const DEFAULT_LARGEST_OUTPUT_HEIGHT = 800;

const check = (code: CheckCode, message: string): PhotoCheck => ({ code, message });

export interface PortraitFindings {
  face: PhotoFace | null;
  head: HeadPlacement | null;
  checks: PhotoCheck[];
  /** Every face the detector found (or was given), as fractions of the image. */
  detected: DetectedFace[];
}

/**
 * Finds the face in a photo's rendition (upright, any size: the job reads the 600 px one) and the flags a
 * person needs to know of. `originalHeight` is the photo's own height, for whether its head has pixels
 * enough for the largest output.
 */
export async function examinePortrait(
  rendition: Buffer | RawImage,
  options: {
    originalHeight: number;
    largestOutputHeight: number;
    rule: HeadSizeRule;
    /** The faces already found in these pixels (fractions of them): the detector is not run again. */
    detected?: DetectedFace[] | null;
  },
): Promise<PortraitFindings> {
  const pixels = await rgbPixels(rendition);
  const { width, height } = pixels;
  // Every measure below reads these pixels as they are: the rendition is decoded once, if at all.
  const image = fromRaw(pixels);
  const faces = options.detected ? facesInPixels(options.detected, width, height) : await detectFaces(pixels);
  const detected = facesAsShares(faces, width, height);
  const checks: PhotoCheck[] = [];
  if (faces.length === 0) {
    checks.push(check('no_face', 'No face was found: the photo keeps a centred crop.'));
    // Exposure of the middle of the frame, where a face would be (a very dark face is not found at all).
    const middle = { left: width / 4, top: height / 4, width: width / 2, height: height / 2 };
    await exposureChecks(image, clampRegion(middle, width, height), checks);
    return { face: null, head: null, checks, detected };
  }
  if (faces.length > 1) {
    checks.push(check('several_faces', `${faces.length} faces were found: the photo keeps a centred crop.`));
    return { face: null, head: null, checks, detected };
  }
  const found = faces[0] as DetectedFace;
  const head = headOf(found, width, height);
  const headHeight = head.chin_y - head.crown_y;
  const headWidth = (headHeight * HEAD_WIDTH_TO_HEIGHT * height) / width;
  const face: PhotoFace = {
    x: head.center_x - headWidth / 2,
    y: head.crown_y,
    width: headWidth,
    height: headHeight,
    eye_y: head.eye_y,
  };
  if (face.y < 0 || face.y + face.height > 1 || face.x < 0 || face.x + face.width > 1) {
    checks.push(check('face_cut', 'The head is cut by the edge of the photo.'));
  }
  const needed = options.rule.head_size_share * options.largestOutputHeight;
  const headPixels = headHeight * options.originalHeight;
  if (headPixels < needed) {
    checks.push(
      check(
        'too_small',
        `The head is ${Math.round(headPixels)} pixels high; the largest output needs ${Math.round(needed)}: it would be enlarged.`,
      ),
    );
  }
  // Measured on the face itself, from the eyebrows to the chin: hair and background say nothing of focus.
  const region = clampRegion(
    {
      left: (head.center_x - headWidth * 0.35) * width,
      top: (head.eye_y - headHeight * 0.12) * height,
      width: headWidth * 0.7 * width,
      height: headHeight * 0.6 * height,
    },
    width,
    height,
  );
  if (region) {
    if ((await laplacianVariance(image, region)) < BLUR_MIN_LAPLACIAN_VARIANCE) {
      checks.push(check('blurred', 'The face is blurred (out of focus or moved).'));
    }
    await exposureChecks(image, region, checks);
  }
  return { face, head, checks, detected };
}

/** Upright RGB pixels (three channels, as the detector takes them) of an encoded image or of raw pixels. */
async function rgbPixels(input: Buffer | RawImage): Promise<RawImage> {
  if (!Buffer.isBuffer(input) && input.channels === 3) return input;
  const { data, info } = await (Buffer.isBuffer(input) ? sharp(input) : fromRaw(input))
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

async function exposureChecks(image: sharp.Sharp, region: Region | null, checks: PhotoCheck[]) {
  if (!region) return;
  const exposure = await exposureOf(image, region);
  if (exposure.mean < UNDEREXPOSED_MEAN_LUMA || exposure.dark > CLIPPED_SHARE) {
    checks.push(check('underexposed', 'The face is too dark (underexposed).'));
  } else if (exposure.mean > OVEREXPOSED_MEAN_LUMA || exposure.light > CLIPPED_SHARE) {
    checks.push(check('overexposed', 'The face is too bright (overexposed).'));
  }
}

/** The auto crops of a photo with one face: one per aspect, by the project's head-size rule. */
export function autoCrops(head: HeadPlacement, imageAspect: number, aspects: number[], rule: HeadSizeRule) {
  return aspects.map((aspect) => {
    const { x, y, width, height } = headSizeCrop(head, imageAspect, aspect, rule);
    return { aspect, x, y, width, height };
  });
}

/** The head placement back from a stored face (for crops again without detecting again). */
export const headOfFace = (face: PhotoFace): HeadPlacement => headOfFaceBox(face);
