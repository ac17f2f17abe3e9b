import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { types } from 'node:util';
import type { HeadPlacement } from '@school-portal/domain';
import type { Human } from '@vladmandic/human';
import sharp from 'sharp';

/**
 * Face detection with @vladmandic/human on TensorFlow.js's WebAssembly backend, its face detector only
 * (BlazeFace: a box, the eyes, the nose and the mouth), models read from the package's `models/` folder;
 * nothing is downloaded. Loaded once per process, lazily, by the first photo that needs it.
 *
 * The package's Node builds need @tensorflow/tfjs-converter (not installed), so its self-contained ESM
 * bundle is loaded instead. That bundle takes Node for a browser-less, util-less platform and the
 * WebAssembly loader inside it would install process-wide handlers in Node mode, so while the bundle is
 * evaluated and its backend started, `process.versions.node` is hidden; the platform (fetch, clock, text
 * coding) is then ours: fetch reads `file://` URLs of the package's folders only, as Node's fetch does not.
 */

const require = createRequire(import.meta.url);
// The package's "exports" map has no ./dist entries for Node; its main file sits in dist/.
const HUMAN_DIR = path.resolve(path.dirname(require.resolve('@vladmandic/human')), '..');
const WASM_DIR = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));
const READABLE_DIRS = [path.join(HUMAN_DIR, 'models'), WASM_DIR];

/** A face found, in pixels of the image it was found in. */
export interface DetectedFace {
  box: { x: number; y: number; width: number; height: number };
  score: number;
  /** BlazeFace's key points: the two eyes, the mouth. */
  leftEye: [number, number];
  rightEye: [number, number];
  mouth: [number, number];
}

/** Faces in pixels of a `width` x `height` image as fractions of it (to keep), and back (facesInPixels). */
export function facesAsShares(faces: DetectedFace[], width: number, height: number): DetectedFace[] {
  return faces.map((f) => scaledFace(f, 1 / width, 1 / height));
}
export function facesInPixels(faces: DetectedFace[], width: number, height: number): DetectedFace[] {
  return faces.map((f) => scaledFace(f, width, height));
}
function scaledFace(f: DetectedFace, sx: number, sy: number): DetectedFace {
  const point = ([x, y]: [number, number]): [number, number] => [x * sx, y * sy];
  return {
    box: { x: f.box.x * sx, y: f.box.y * sy, width: f.box.width * sx, height: f.box.height * sy },
    score: f.score,
    leftEye: point(f.leftEye),
    rightEye: point(f.rightEye),
    mouth: point(f.mouth),
  };
}

/** Below this confidence a detection is not a face (BlazeFace's own default is 0.5). */
export const FACE_MIN_CONFIDENCE = 0.5;

async function readLocal(url: string): Promise<Response> {
  const file = path.resolve(fileURLToPath(url));
  if (!READABLE_DIRS.some((dir) => file.startsWith(dir + path.sep))) {
    return new Response(null, { status: 404 });
  }
  const bytes = await readFile(file);
  return new Response(bytes, {
    headers: { 'content-type': file.endsWith('.json') ? 'application/json' : 'application/octet-stream' },
  });
}

async function hidingNode<T>(work: () => Promise<T>): Promise<T> {
  const versions = process.versions;
  Object.defineProperty(process, 'versions', {
    value: { ...versions, node: undefined },
    configurable: true,
    writable: true,
  });
  try {
    return await work();
  } finally {
    Object.defineProperty(process, 'versions', { value: versions, configurable: true, writable: true });
  }
}

async function loadHuman(): Promise<Human> {
  // Node's fetch and Response load undici on first use, which needs process.versions.node: load them now.
  new Response(new Uint8Array(0));
  const human = await hidingNode(async () => {
    const bundle = (await import(pathToFileURL(path.join(HUMAN_DIR, 'dist/human.esm.js')).href)) as {
      Human: new (config: object) => Human;
    };
    const human = new bundle.Human({
      backend: 'wasm',
      wasmPath: `${pathToFileURL(WASM_DIR).href}/`,
      wasmPlatformFetch: true,
      modelBasePath: `${pathToFileURL(path.join(HUMAN_DIR, 'models')).href}/`,
      debug: false,
      async: false,
      warmup: 'none',
      cacheModels: false,
      // Still photos, never video: no result may come from the photo before. Human's defaults reuse a
      // detection for an input it finds similar within skipFrames and skipTime (2.5 s), so a result depended
      // on how closely detections followed each other (a blurred camera card once read as a face in CI).
      cacheSensitivity: 0,
      face: {
        enabled: true,
        detector: {
          enabled: true,
          rotation: false,
          maxDetected: 5,
          minConfidence: FACE_MIN_CONFIDENCE,
          skipFrames: 0,
          skipTime: 0,
        },
        mesh: { enabled: false },
        iris: { enabled: false },
        attention: { enabled: false },
        description: { enabled: false },
        emotion: { enabled: false },
        antispoof: { enabled: false },
        liveness: { enabled: false },
        gear: { enabled: false },
      },
      body: { enabled: false },
      hand: { enabled: false },
      object: { enabled: false },
      gesture: { enabled: false },
      segmentation: { enabled: false },
      filter: { enabled: false },
    });
    human.tf.setPlatform('school-portal', {
      fetch: (url: string, init?: RequestInit) =>
        url.startsWith('file:') ? readLocal(url) : fetch(url, init),
      now: () => performance.now(),
      encode: (text: string) => new TextEncoder().encode(text),
      decode: (bytes: Uint8Array, encoding: string) => new TextDecoder(encoding).decode(bytes),
      isTypedArray: (a: unknown): a is Float32Array | Int32Array | Uint8Array | Uint8ClampedArray =>
        types.isFloat32Array(a) ||
        types.isInt32Array(a) ||
        types.isUint8Array(a) ||
        types.isUint8ClampedArray(a),
      setTimeoutCustom: (fn: () => void, delay: number) => setTimeout(fn, delay),
    } as never);
    // One thread: the worker's two cores are shared with libvips and PostgreSQL.
    human.tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
    // The model loader fetches with the global fetch: model files are served from the package folder.
    const globalFetch = globalThis.fetch;
    globalThis.fetch = ((input: string | URL | Request, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      return url.startsWith('file:') ? readLocal(url) : globalFetch(input, init);
    }) as typeof fetch;
    try {
      await human.load();
    } finally {
      globalThis.fetch = globalFetch;
    }
    return human;
  });
  if (human.tf.getBackend() !== 'wasm')
    throw new Error('face detection: the WebAssembly backend did not start');
  return human;
}

let loading: Promise<Human> | null = null;

/** The detector of this process, loaded on first use (a failed load is tried again next time). */
export function faceDetector(): Promise<Human> {
  loading ??= loadHuman().catch((error) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * Long edge of the pixels the detector is given: BlazeFace sees its input at 256 x 256 whatever its size,
 * so a larger image only costs the copy into a tensor and the resizing inside TensorFlow.js (a 600 px
 * rendition took twice as long as this size, for the same boxes and key points within a pixel of 256).
 */
export const DETECT_LONG_EDGE = 320;

/** Faces in raw RGB pixels, most confident first, in those pixels' coordinates. */
export async function detectFaces(pixels: {
  data: Buffer;
  width: number;
  height: number;
}): Promise<DetectedFace[]> {
  const human = await faceDetector();
  const scale = Math.min(1, DETECT_LONG_EDGE / Math.max(pixels.width, pixels.height));
  const input =
    scale < 1
      ? await sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 3 } })
          .resize({
            width: Math.max(1, Math.round(pixels.width * scale)),
            height: Math.max(1, Math.round(pixels.height * scale)),
            fit: 'fill',
          })
          .raw()
          .toBuffer({ resolveWithObject: true })
          .then(({ data, info }) => ({ data, width: info.width, height: info.height }))
      : pixels;
  // Back to the caller's pixels (each axis by its own factor: the sizes were rounded).
  const sx = pixels.width / input.width;
  const sy = pixels.height / input.height;
  const tensor = human.tf.tensor3d(new Uint8Array(input.data), [input.height, input.width, 3], 'int32');
  try {
    const result = await human.detect(tensor as never);
    return result.face
      .filter((f) => f.score >= FACE_MIN_CONFIDENCE && f.mesh.length >= 4)
      .sort((a, b) => b.score - a.score)
      .map((f) => {
        const point = (i: number): [number, number] => [
          (f.mesh[i]?.[0] ?? 0) * sx,
          (f.mesh[i]?.[1] ?? 0) * sy,
        ];
        return {
          box: { x: f.box[0] * sx, y: f.box[1] * sy, width: f.box[2] * sx, height: f.box[3] * sy },
          score: f.score,
          leftEye: point(0),
          rightEye: point(1),
          mouth: point(3),
        };
      });
  } finally {
    tensor.dispose();
  }
}

/**
 * The head of a face from its key points, as fractions of the image: from the eyes to the mouth is about
 * 0.28 of the head from crown to chin, the eyes about 0.43 of the way down it (adult and child portraits
 * alike, within the tolerance of a crop). The key points are steadier than BlazeFace's box, whose size
 * follows the face rather than the head.
 */
export const EYES_TO_MOUTH_OF_HEAD = 0.28;
export const EYES_DOWN_THE_HEAD = 0.43;

export function headOf(face: DetectedFace, width: number, height: number): HeadPlacement {
  const eyeX = (face.leftEye[0] + face.rightEye[0]) / 2;
  const eyeY = (face.leftEye[1] + face.rightEye[1]) / 2;
  const head = Math.hypot(face.mouth[0] - eyeX, face.mouth[1] - eyeY) / EYES_TO_MOUTH_OF_HEAD;
  return {
    center_x: eyeX / width,
    crown_y: (eyeY - EYES_DOWN_THE_HEAD * head) / height,
    chin_y: (eyeY + (1 - EYES_DOWN_THE_HEAD) * head) / height,
    eye_y: eyeY / height,
  };
}

/** Head width to head height (crown to chin), for the face's box. */
export const HEAD_WIDTH_TO_HEIGHT = 0.78;

export interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The part of an image a region covers, in whole pixels (none when it lies outside). */
export function clampRegion(region: Region, width: number, height: number): Region | null {
  const left = Math.max(0, Math.round(region.left));
  const top = Math.max(0, Math.round(region.top));
  const right = Math.min(width, Math.round(region.left + region.width));
  const bottom = Math.min(height, Math.round(region.top + region.height));
  return right - left >= 8 && bottom - top >= 8
    ? { left, top, width: right - left, height: bottom - top }
    : null;
}

/** The face region measured, brought to this height so that sharpness compares across photo sizes. */
const MEASURE_HEIGHT = 96;

/**
 * Sharpness of a region: the variance of its Laplacian (sharp's 3x3 convolution on the grey region at a
 * fixed size). A blurred face has few edges, so a low variance.
 */
export async function laplacianVariance(image: sharp.Sharp, region: Region): Promise<number> {
  const { data } = await image
    .clone()
    .extract(region)
    .greyscale()
    .resize({ height: MEASURE_HEIGHT })
    .convolve({ width: 3, height: 3, kernel: [0, 1, 0, 1, -4, 1, 0, 1, 0], offset: 128 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  let sum = 0;
  let squares = 0;
  for (const v of data) {
    sum += v;
    squares += v * v;
  }
  const mean = sum / data.length;
  return squares / data.length - mean * mean;
}

/** Brightness of a region: the mean luma (0..255) and the shares of pixels clipped dark (<= 10) and light (>= 245). */
export async function exposureOf(
  image: sharp.Sharp,
  region: Region,
): Promise<{ mean: number; dark: number; light: number }> {
  const data = await image.clone().extract(region).greyscale().raw().toBuffer();
  let sum = 0;
  let dark = 0;
  let light = 0;
  for (const v of data) {
    sum += v;
    if (v <= 10) dark++;
    if (v >= 245) light++;
  }
  return { mean: sum / data.length, dark: dark / data.length, light: light / data.length };
}
