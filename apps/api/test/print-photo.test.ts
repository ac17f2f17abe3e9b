import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { masterServesPrint, pixelsFor, preparePrintPhoto } from '../src/images/print.js';

/** A 1200x1600 JPEG: left half red, right half blue (upright as stored unless `orientation`). */
async function halves(orientation?: number) {
  const red = { r: 220, g: 20, b: 20 };
  const blue = { r: 20, g: 20, b: 220 };
  const half = (background: typeof red) =>
    sharp({ create: { width: 600, height: 1600, channels: 3, background } })
      .png()
      .toBuffer();
  const image = sharp({ create: { width: 1200, height: 1600, channels: 3, background: red } })
    .composite([{ input: await half(blue), left: 600, top: 0 }])
    .jpeg({ quality: 95 });
  return orientation ? image.withMetadata({ orientation }).toBuffer() : image.toBuffer();
}

async function meanColour(jpeg: Buffer) {
  const { channels } = await sharp(jpeg).stats();
  return channels.slice(0, 3).map((c) => Math.round(c.mean));
}

describe('photos prepared for print (sized for the box at 300 dpi, cut to the crop)', () => {
  test('the box is exactly its pixels at 300 dpi, and the crop chooses the part printed', async () => {
    const original = await halves();
    const box = { width: 80, height: 100 };
    const right = await preparePrintPhoto(original, { x: 0.55, y: 0.1, width: 0.4, height: 0.6 }, box);
    const meta = await sharp(right).metadata();
    expect([meta.width, meta.height]).toEqual([pixelsFor(80), pixelsFor(100)]);
    const [r, , b] = await meanColour(right);
    expect(b).toBeGreaterThan(180);
    expect(r).toBeLessThan(60);
    const left = await preparePrintPhoto(original, { x: 0.05, y: 0.1, width: 0.4, height: 0.6 }, box);
    expect((await meanColour(left))[0]).toBeGreaterThan(180);
  });

  test('without a crop the box covers the centre of the upright image', async () => {
    // Rotated 90° by its EXIF orientation: upright, the red half is on top and the blue one below.
    const original = await halves(6);
    const wide = await preparePrintPhoto(
      original,
      { x: 0, y: 0.6, width: 1, height: 0.4 },
      {
        width: 200,
        height: 50,
      },
    );
    const meta = await sharp(wide).metadata();
    expect([meta.width, meta.height]).toEqual([pixelsFor(200), pixelsFor(50)]);
    expect((await meanColour(wide))[2]).toBeGreaterThan(180);
    const whole = await preparePrintPhoto(original, null, { width: 100, height: 100 });
    const [r, , b] = await meanColour(whole);
    // Half and half: both colours in the middle.
    expect(r).toBeGreaterThan(80);
    expect(b).toBeGreaterThan(80);
  });

  test('the working master serves a box its crop covers without enlarging, else the original is read', () => {
    const master = { width: 1800, height: 2400 };
    // A yearbook box of 2 x 2.5 inches is 600 x 750 px at 300 dpi: a half-size crop still covers it.
    expect(
      masterServesPrint(master, { x: 0.25, y: 0.1, width: 0.5, height: 0.5 }, { width: 144, height: 180 }),
    ).toBe(true);
    expect(masterServesPrint(master, null, { width: 144, height: 180 })).toBe(true);
    // An 8 x 10 inch print is 2400 x 3000 px: more than the master has.
    expect(masterServesPrint(master, null, { width: 576, height: 720 })).toBe(false);
    expect(
      masterServesPrint(master, { x: 0, y: 0, width: 0.2, height: 0.2 }, { width: 144, height: 180 }),
    ).toBe(false);
  });

  test("a phone's rotated 24 MP portrait is decoded shrunk, never at full size (a render's memory)", async () => {
    // Made in a child process, so that making it leaves this process's libvips high-water mark alone.
    const dir = await mkdtemp(path.join(tmpdir(), 'print-photo-'));
    const file = path.join(dir, 'phone.jpg');
    try {
      await promisify(execFile)(
        process.execPath,
        [
          '-e',
          `require('sharp')({ create: { width: 6000, height: 4000, channels: 3, background: '#8090a0' } })
            .jpeg({ quality: 80 }).withMetadata({ orientation: 6 }).toFile(${JSON.stringify(file)})`,
        ],
        { cwd: path.join(import.meta.dirname, '..') },
      );
      const original = await readFile(file);
      const print = await preparePrintPhoto(
        original,
        { x: 0.1, y: 0.1, width: 0.8, height: 0.5 },
        { width: 80, height: 100 },
      );
      expect((await sharp(print).metadata()).width).toBe(pixelsFor(80));
      // All its pixels would be 72 MB; shrunk on load it is a few.
      expect(sharp.cache().memory.high).toBeLessThan(30);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
