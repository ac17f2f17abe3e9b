// The BMP decoder used to read our encoder's output back (test only).
declare module 'bmp-js' {
  /** Pixels as A, B, G, R bytes (A always 0 for 24-bit files), top row first. */
  export function decode(buffer: Buffer): { width: number; height: number; data: Buffer };
}
