/**
 * Reading a code from the device's camera: the browser's own BarcodeDetector where it has one with our
 * formats, else zxing-wasm (the reader the API uses), loaded only when the camera is first opened here
 * and its WebAssembly served from this app, never from a CDN.
 */
type Reader = (frame: HTMLVideoElement | HTMLCanvasElement) => Promise<string[]>;

interface DetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
interface DetectorClass {
  new (options: { formats: string[] }): DetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

const WANTED = ['qr_code', 'code_128', 'code_39'];

async function nativeReader(): Promise<Reader | null> {
  const Detector = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const supported = await Detector.getSupportedFormats();
    const formats = WANTED.filter((format) => supported.includes(format));
    if (formats.length < WANTED.length) return null;
    const detector = new Detector({ formats });
    return async (frame) => (await detector.detect(frame)).map((code) => code.rawValue);
  } catch {
    return null;
  }
}

async function wasmReader(): Promise<Reader> {
  const [{ prepareZXingModule, readBarcodes }, { default: wasmUrl }] = await Promise.all([
    import('zxing-wasm/reader'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
  });
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (frame) => {
    if (!context) return [];
    const width = frame instanceof HTMLVideoElement ? frame.videoWidth : frame.width;
    const height = frame instanceof HTMLVideoElement ? frame.videoHeight : frame.height;
    if (!width || !height) return [];
    canvas.width = width;
    canvas.height = height;
    context.drawImage(frame, 0, 0);
    const results = await readBarcodes(context.getImageData(0, 0, width, height), {
      formats: ['QRCode', 'Code128', 'Code39'],
      tryHarder: true,
      maxNumberOfSymbols: 2,
    });
    return results.filter((result) => result.isValid).map((result) => result.text);
  };
}

let reader: Promise<Reader> | null = null;

/** The reader this browser can use (made once). */
export function codeReader(): Promise<Reader> {
  reader ??= nativeReader().then((native) => native ?? wasmReader());
  return reader;
}

/** The reader's files (its module and WebAssembly), fetched ahead so a station offline can still use it. */
export async function cameraFiles(): Promise<string[]> {
  const [, { default: wasmUrl }] = await Promise.all([
    import('zxing-wasm/reader'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  return [wasmUrl];
}
