import { readdir } from 'node:fs/promises';
import path from 'node:path';
import bmp from 'bmp-js';
import iconv from 'iconv-lite';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import yauzl from 'yauzl';
import { ZipFile } from 'yazl';
import { connectDatabase } from '../src/db/database.js';
import { encodeBmp } from '../src/images/bmp.js';
import { cropInMaster, renderExportImage } from '../src/images/export.js';
import { renderWorkingMaster } from '../src/images/images.js';
import { fieldsWritten } from '../src/modules/project-exports/archive/fields.js';
import {
  buildExportArchive,
  checkExport,
  type ExportFormatRow,
  type ExportImageSource,
  type ExportSubject,
} from '../src/modules/project-exports/archive/index.js';
import { entryName, namePart } from '../src/modules/project-exports/archive/layout.js';
import type { Storage } from '../src/storage/storage.js';
import { buildArchive, temporaryStorage, wholeImage } from './support/archive.js';
import { createTestDatabase } from './support/database.js';
import { builtInFormat, formatRow, mappings, runOptions } from './support/export-format.js';
import { startS3Storage } from './support/s3.js';

interface Entry {
  method: number;
  data: Buffer;
}

/** Every entry of a ZIP, in order, with its compression method (0 store, 8 deflate) and bytes. */
function readZip(buffer: Buffer): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries = new Map<string, Entry>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, { method: entry.compressionMethod, data: Buffer.concat(chunks) });
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/**
 * A portrait original whose upright quadrants are red (top left), green (top right), blue (bottom left)
 * and white (bottom right); stored turned (EXIF orientation 6: the stored pixels are rotated a quarter
 * anticlockwise) when `rotated`, so only a correct rotation shows the same quadrants.
 */
async function quadrants(width: number, height: number, rotated: boolean): Promise<Buffer> {
  const half = (c: string) =>
    sharp({ create: { width: width / 2, height: height / 2, channels: 3, background: c } })
      .png()
      .toBuffer();
  const upright = await sharp({ create: { width, height, channels: 3, background: '#000' } })
    .composite([
      { input: await half('#ff0000'), left: 0, top: 0 },
      { input: await half('#00ff00'), left: width / 2, top: 0 },
      { input: await half('#0000ff'), left: 0, top: height / 2 },
      { input: await half('#ffffff'), left: width / 2, top: height / 2 },
    ])
    .png()
    .toBuffer();
  if (!rotated) return sharp(upright).jpeg({ quality: 95 }).toBuffer();
  // Orientation 6 means "turn 90° clockwise to show": store it turned 90° anticlockwise.
  const stored = await sharp(upright).rotate(-90).toBuffer();
  return sharp(stored).jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer();
}

/** The colour at a fraction of an image, as [r, g, b]. */
async function colourAt(image: Buffer, fx: number, fy: number): Promise<number[]> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(fy * info.height) * info.width + Math.floor(fx * info.width)) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}
const near = (actual: number[], expected: number[]) =>
  actual.every((v, i) => Math.abs(v - expected[i]!) < 40);

let dir: string;
let storage: Storage;
let removeStorage: () => Promise<void>;
let portrait: ExportImageSource;
let turned: ExportImageSource;

beforeAll(async () => {
  ({ dir, storage, remove: removeStorage } = await temporaryStorage('export-archive-'));
  await storage.put('org-1/photos/1/original', await quadrants(400, 600, false), 'image/jpeg');
  await storage.put('org-1/photos/2/original', await quadrants(400, 600, true), 'image/jpeg');
  portrait = wholeImage('1', 'org-1/photos/1/original', 400, 600);
  turned = {
    ...portrait,
    photoId: '2',
    storageKey: 'org-1/photos/2/original',
    width: 600,
    height: 400,
    orientation: 6,
  };
});
afterAll(() => removeStorage());

async function build(
  format: ExportFormatRow,
  subjects: ExportSubject[],
  options = runOptions(),
  key = 'org-1/exports/1/export.zip',
  into: Storage = storage,
) {
  const { result, progress, bytes } = await buildArchive(into, key, format, subjects, options);
  return { result, progress, entries: await readZip(bytes) };
}

describe('export archive', () => {
  test('layout, names, data rows, image sizes and types; images stored, text deflated', async () => {
    const format = formatRow({
      name: 'Yearbook',
      output_directory_name: 'Yearbook 2026',
      images_directory_name: 'Photos',
      images_directory_group_enabled: true,
      data_file_name: 'index',
      data_file_extension: 'txt',
      data_delimiter_format: 'tab',
      data_newline_format: 'lf',
      data_downcase_field_names: true,
      data_zero_pad_field_key: 'student_id',
      data_zero_pad_field_length: 6,
      images_name_primary_separator: 'hyphen',
      images_pixels_per_inch: 300,
      field_mappings: mappings('student_id', 'last_name', 'image_file_name', 'image_folder', 'volume'),
    });
    const subjects: ExportSubject[] = [
      {
        id: '11',
        values: { student_id: '123', first_name: 'Ann', last_name: 'Lee', teacher: 'Mrs. Park' },
        images: [portrait],
      },
      {
        id: '12',
        values: { student_id: '4567', first_name: 'Ann', last_name: 'LEE', teacher: 'Mrs. Park' },
        images: [turned],
      },
      {
        id: '13',
        values: { student_id: '9', first_name: 'Bo', last_name: 'Diaz', teacher: 'Mrs. Park' },
        images: [],
      },
      {
        id: '14',
        values: {
          student_id: '77',
          first_name: '..\\..\\x',
          last_name: '../../etc/passwd',
          teacher: '../..',
        },
        images: [portrait],
      },
    ];
    const { result, entries, progress } = await build(
      format,
      subjects,
      runOptions({ groupFieldKey: 'teacher' }),
    );
    expect([...entries.keys()]).toEqual([
      'Yearbook 2026/Mrs Park/Photos/Lee-Ann.jpg',
      'Yearbook 2026/Mrs Park/Photos/LEE-Ann-2.jpg',
      'Yearbook 2026/Ungrouped/Photos/etcpasswd-x.jpg',
      'Yearbook 2026/index.txt',
      'Yearbook 2026/readme.txt',
    ]);
    expect(result).toMatchObject({ entries: 5, images: 3 });
    expect(result.bytes).toBe((await storage.head('org-1/exports/1/export.zip'))!.size);
    for (const [name, entry] of entries) expect(entry.method, name).toBe(name.endsWith('.jpg') ? 0 : 8);
    expect(entries.get('Yearbook 2026/index.txt')!.data.toString('utf8')).toBe(
      [
        'student id\tlast name\timage file name\timage folder\tvolume',
        '000123\tLee\tLee-Ann.jpg\tMrs Park/Photos\tYearbook 2026',
        '004567\tLEE\tLEE-Ann-2.jpg\tMrs Park/Photos\tYearbook 2026',
        '000009\tDiaz\t\t\tYearbook 2026',
        '000077\t../../etc/passwd\tetcpasswd-x.jpg\tUngrouped/Photos\tYearbook 2026',
        '',
      ].join('\n'),
    );
    for (const name of [
      'Yearbook 2026/Mrs Park/Photos/Lee-Ann.jpg',
      'Yearbook 2026/Mrs Park/Photos/LEE-Ann-2.jpg',
    ]) {
      const image = entries.get(name)!.data;
      const meta = await sharp(image).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 48, height: 64, density: 300 });
      // Upright, whether the original was stored turned or not.
      expect(near(await colourAt(image, 0.25, 0.25), [255, 0, 0]), name).toBe(true);
      expect(near(await colourAt(image, 0.75, 0.75), [255, 255, 255]), name).toBe(true);
    }
    const readme = entries.get('Yearbook 2026/readme.txt')!.data.toString('utf8');
    expect(readme).toContain('Project: Fall Portraits');
    expect(readme).toContain('Subjects: 4');
    expect(readme).toContain('Images: 3 (JPEG, 48 x 64 pixels, 300 pixels per inch)');
    for (const value of ['Lee', 'Diaz', '4567', 'Park']) expect(readme).not.toContain(value);
    // A short export reports once, at the end.
    expect(progress).toEqual([[4, 4, 'Archive complete.']]);
  });

  test('every JPEG is a JFIF file, with pixels per inch or without (square pixels, no units)', async () => {
    const subject = { id: '1', values: { first_name: 'Ann', last_name: 'Lee' }, images: [turned] };
    for (const [ppi, units, density] of [
      [null, 0, 1],
      [300, 1, 300],
    ] as const) {
      const base = formatRow({ include_data: false, include_readme: false, images_pixels_per_inch: ppi });
      const jpeg = (await build(base, [subject])).entries.get('Custom Format/images/Lee_Ann.jpg')!.data;
      expect(jpeg.subarray(0, 4)).toEqual(Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
      expect(jpeg.subarray(6, 11).toString('latin1')).toBe('JFIF\0');
      expect([jpeg[13], jpeg.readUInt16BE(14), jpeg.readUInt16BE(16)]).toEqual([units, density, density]);
      // Still one valid JPEG that decodes.
      expect(await sharp(jpeg).metadata()).toMatchObject({ format: 'jpeg', width: 48, height: 64 });
    }
  });

  test('PNG carries pHYs; BMP decodes back to the same pixels with its pixels per inch', async () => {
    const base = formatRow({ include_data: false, include_readme: false, images_pixels_per_inch: 254 });
    const subject = { id: '1', values: { first_name: 'Ann', last_name: 'Lee' }, images: [turned] };
    const png = await build({ ...base, images_content_type: 'image/png' }, [subject]);
    const pngEntry = png.entries.get('Custom Format/images/Lee_Ann.png')!;
    expect(pngEntry.method).toBe(0);
    expect(await sharp(pngEntry.data).metadata()).toMatchObject({
      format: 'png',
      width: 48,
      height: 64,
      density: 254,
    });

    const bmpBuild = await build({ ...base, images_content_type: 'image/bmp' }, [subject]);
    const bmpEntry = bmpBuild.entries.get('Custom Format/images/Lee_Ann.bmp')!;
    expect(bmpEntry.method).toBe(0);
    const file = bmpEntry.data;
    expect(file.subarray(0, 2).toString('ascii')).toBe('BM');
    expect(file.readUInt16LE(28)).toBe(24);
    expect(file.readInt32LE(38)).toBe(10_000); // 254 ppi = 10,000 pixels per metre
    const decoded = bmp.decode(file);
    expect([decoded.width, decoded.height]).toEqual([48, 64]);
    // The same render as the PNG (lossless both): every pixel equal.
    const { data: rgb } = await sharp(pngEntry.data).raw().toBuffer({ resolveWithObject: true });
    for (let i = 0; i < 48 * 64; i++) {
      expect([decoded.data[i * 4 + 3], decoded.data[i * 4 + 2], decoded.data[i * 4 + 1]]).toEqual([
        rgb[i * 3],
        rgb[i * 3 + 1],
        rgb[i * 3 + 2],
      ]);
    }
  });

  test('the BMP encoder pads rows to 4 bytes and writes them bottom-up', () => {
    // 3 x 2 pixels: rows of 9 bytes padded to 12.
    const data = Buffer.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
    const file = encodeBmp({ data, width: 3, height: 2, channels: 3 }, null);
    expect(file.length).toBe(54 + 24);
    expect(file.readInt32LE(38)).toBe(0);
    expect([...file.subarray(54)]).toEqual([
      12,
      11,
      10,
      15,
      14,
      13,
      18,
      17,
      16,
      0,
      0,
      0, // bottom row first, as B, G, R
      3,
      2,
      1,
      6,
      5,
      4,
      9,
      8,
      7,
      0,
      0,
      0,
    ]);
    expect(bmp.decode(file).data.subarray(0, 4)).toEqual(Buffer.from([0, 3, 2, 1]));
  });

  test('the fast path (resize first, then extract) matches the naive rotate-extract-resize', async () => {
    const original = await storage.read(turned.storageKey);
    const crop = { x: 50, y: 100, width: 300, height: 400 };
    const spec = { width: 120, height: 160, type: 'image/png' as const, pixelsPerInch: null };
    const ours = await renderExportImage(original, crop, spec);
    const naive = await sharp(original)
      .rotate()
      .extract({ left: 50, top: 100, width: 300, height: 400 })
      .resize(120, 160)
      .png()
      .toBuffer();
    const [a, b] = await Promise.all(
      [ours, naive].map((img) => sharp(img).raw().toBuffer({ resolveWithObject: true })),
    );
    expect([a!.info.width, a!.info.height]).toEqual([b!.info.width, b!.info.height]);
    let diff = 0;
    for (let i = 0; i < a!.data.length; i++) diff += Math.abs(a!.data[i]! - b!.data[i]!);
    expect(diff / a!.data.length).toBeLessThan(6);
    // The crop's quadrant boundary sits where the naive one does: upright, red top left.
    expect(near(await colourAt(ours, 0.1, 0.1), [255, 0, 0])).toBe(true);
    expect(near(await colourAt(ours, 0.9, 0.1), [0, 255, 0])).toBe(true);
    expect(near(await colourAt(ours, 0.1, 0.9), [0, 0, 255])).toBe(true);
    // No crop: a centred cut of the output's aspect ratio; a crop smaller than the output is enlarged.
    expect((await sharp(await renderExportImage(original, null, spec)).metadata()).width).toBe(120);
    const up = await renderExportImage(original, { x: 0, y: 0, width: 30, height: 40 }, spec);
    expect(await sharp(up).metadata()).toMatchObject({ width: 120, height: 160 });
  });

  test('the working master made at upload gives the same image as the original, crop mapped', async () => {
    // As after upload: the photos.master job writes the master upright and at most 2400 px long.
    const original = await quadrants(2000, 3000, true);
    const master = await renderWorkingMaster(original);
    expect([master.width, master.height]).toEqual([1600, 2400]);
    expect((await sharp(master.jpeg).metadata()).orientation ?? 1).toBe(1);
    const image = {
      width: 3000,
      height: 2000,
      orientation: 6,
      crop: { x: 250, y: 500, width: 1500, height: 2000 },
      master: { width: 1600, height: 2400 },
    };
    const spec = { width: 240, height: 320, type: 'image/png' as const, pixelsPerInch: null };
    const inMaster = cropInMaster(image, spec);
    expect(inMaster).toEqual({ crop: { x: 200, y: 400, width: 1200, height: 1600 } });
    const [fromMaster, fromOriginal] = await Promise.all([
      renderExportImage(master.jpeg, inMaster!.crop, spec),
      renderExportImage(original, image.crop, spec),
    ]);
    const [a, b] = await Promise.all(
      [fromMaster, fromOriginal].map((img) => sharp(img).raw().toBuffer({ resolveWithObject: true })),
    );
    expect([a!.info.width, a!.info.height]).toEqual([240, 320]);
    let diff = 0;
    for (let i = 0; i < a!.data.length; i++) diff += Math.abs(a!.data[i]! - b!.data[i]!);
    expect(diff / a!.data.length).toBeLessThan(6);
    expect(near(await colourAt(fromMaster, 0.1, 0.1), [255, 0, 0])).toBe(true);
    expect(near(await colourAt(fromMaster, 0.9, 0.9), [255, 255, 255])).toBe(true);
    // A centred cut stays centred; an output the master would have to enlarge reads the original.
    expect(cropInMaster({ ...image, crop: null }, spec)).toEqual({ crop: null });
    expect(cropInMaster(image, { width: 1500, height: 2000 })).toBeNull();
    expect(cropInMaster({ ...image, master: null }, spec)).toBeNull();
  });

  test('the archive reads the master when it has pixels enough, else (or when it is gone) the original', async () => {
    // A grey "master" tells which bytes an image was cut from: the original is in quadrants.
    await storage.put(
      'org-1/photos/1/master',
      await sharp({ create: { width: 300, height: 450, channels: 3, background: '#808080' } })
        .jpeg()
        .toBuffer(),
      'image/jpeg',
    );
    const withMaster = {
      ...portrait,
      master: { storageKey: 'org-1/photos/1/master', width: 300, height: 450 },
    };
    const gone = { ...withMaster, master: { ...withMaster.master, storageKey: 'org-1/photos/1/gone' } };
    const subjects = (image: ExportImageSource): ExportSubject[] => [
      { id: '1', values: { last_name: 'A' }, images: [image] },
    ];
    const imageOf = async (format: ExportFormatRow, image: ExportImageSource, n: number) => {
      const { entries } = await build(format, subjects(image), runOptions(), `org-1/exports/master-${n}.zip`);
      return [...entries].find(([name]) => name.endsWith('.jpg'))![1].data;
    };
    const small = formatRow({ include_readme: false, include_data: false });
    expect(near(await colourAt(await imageOf(small, withMaster, 1), 0.1, 0.1), [128, 128, 128])).toBe(true);
    expect(near(await colourAt(await imageOf(small, gone, 2), 0.1, 0.1), [255, 0, 0])).toBe(true);
    // 360x540 is more than the 300x450 master holds: cut from the original.
    const large = formatRow({
      include_readme: false,
      include_data: false,
      images_crop_width_pixels: 360,
      images_crop_height_pixels: 540,
    });
    expect(near(await colourAt(await imageOf(large, withMaster, 3), 0.1, 0.1), [255, 0, 0])).toBe(true);
  });

  test('CSV: quoting, CRLF, headers, unmapped fields and the formula case', async () => {
    const format = formatRow({
      include_images: false,
      include_readme: false,
      data_quote_fields: true,
      data_include_unmapped_fields: true,
      field_mappings: mappings('last_name', 'first_name'),
    });
    const nasty = ['=HYPERLINK("http://x")', '+1+1', '-5', '@SUM(A1)', '\tx', '-3.5e2', 'Smith, Jr.'];
    const subjects = nasty.map((last_name, i) => ({
      id: String(i),
      values: { last_name, first_name: 'A' },
      images: [],
    }));
    const fields = [
      { id: '11', field_key: 'first_name', label: null },
      { id: '12', field_key: 'last_name', label: null },
      { id: '13', field_key: 'student_id', label: 'Student #' },
    ];
    const text = (await build(format, subjects, runOptions({ fields }))).entries
      .get('Custom Format/data.csv')!
      .data.toString('utf8');
    const lines = text.split('\r\n');
    // The unmapped fields are the project's own (Student #), never the catalogue's.
    expect(lines[0]).toBe('"Last Name","First Name","Student #"');
    expect(lines.slice(1, 8).map((l) => l.split(',"A",')[0])).toEqual([
      `"'=HYPERLINK(""http://x"")"`,
      `"'+1+1"`,
      '"-5"',
      `"'@SUM(A1)"`,
      `"'\tx"`,
      '"-3.5e2"',
      '"Smith, Jr."',
    ]);
    expect(lines[1]!.split(',').length).toBe(lines[0]!.split(',').length);
    // Off when the format says so; without quoting, only the cell with a comma is quoted.
    const raw = (
      await build(
        {
          ...format,
          data_escape_formulas: false,
          data_quote_fields: false,
          data_include_unmapped_fields: false,
        },
        subjects,
      )
    ).entries
      .get('Custom Format/data.csv')!
      .data.toString('utf8');
    expect(raw).toBe(
      [
        'Last Name,First Name',
        '"=HYPERLINK(""http://x"")",A',
        '+1+1,A',
        '-5,A',
        '@SUM(A1),A',
        '\tx,A',
        '-3.5e2,A',
        '"Smith, Jr.",A',
        '',
      ].join('\r\n'),
    );
  });

  test('grouped data files, sequence numbers, zero-padded names, crop names and subjects left out', async () => {
    const format = formatRow({
      include_readme: false,
      data_directory_name: 'data',
      data_directory_group_enabled: true,
      images_directory_group_enabled: false,
      images_name_primary_field_first_key: 'student_id',
      images_name_primary_field_second_key: null,
      images_name_zero_pad_enabled: true,
      images_name_zero_pad_length: 5,
      images_name_append_sequential_number: true,
      field_mappings: mappings('image_folder', 'image_file_name'),
    });
    const subjects: ExportSubject[] = [
      {
        id: '1',
        values: { student_id: '42', grade: '3' },
        images: [portrait, { ...portrait, cropName: 'Crop A' }],
      },
      { id: '2', values: { student_id: '7', grade: '4' }, images: [] },
      { id: '3', values: { student_id: '8', grade: '4' }, images: [portrait] },
    ];
    const { entries } = await build(
      format,
      subjects,
      runOptions({ groupFieldKey: 'grade', includeSubjectsWithoutImages: false }),
    );
    expect([...entries.keys()]).toEqual([
      'Custom Format/images/00042_1.jpg',
      'Custom Format/images/00042_2.jpg',
      'Custom Format/images/00008_3.jpg',
      'Custom Format/3/data/data.csv',
      'Custom Format/4/data/data.csv',
    ]);
    expect(entries.get('Custom Format/3/data/data.csv')!.data.toString()).toBe(
      'Image Folder,Image File Name\r\n../../images,00042_1.jpg\r\n../../images,00042_2.jpg\r\n',
    );
    expect(entries.get('Custom Format/4/data/data.csv')!.data.toString()).toBe(
      'Image Folder,Image File Name\r\n../../images,00008_3.jpg\r\n',
    );
    const named = await build(format, subjects, runOptions({ usePhotoCropName: true }));
    expect([...named.entries.keys()].filter((n) => n.endsWith('.jpg'))).toEqual([
      'Custom Format/images/00042_1.jpg',
      'Custom Format/images/Crop_A_2.jpg',
      'Custom Format/images/00008_3.jpg',
    ]);
  });

  test("yazl's internals the builder relies on to drop written images (memory flat in subjects)", async () => {
    const zip = new ZipFile();
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.addBuffer(Buffer.alloc(1000, 1), 'a.jpg', { compress: false });
    await new Promise((resolve) => setImmediate(resolve));
    const entries = (zip as unknown as { entries: { state: number; doFileDataPump: unknown }[] }).entries;
    expect(entries).toHaveLength(1);
    expect(entries[0]!.state).toBe(3); // Entry.FILE_DATA_DONE, once the bytes are out
    expect(typeof entries[0]!.doFileDataPump).toBe('function'); // the closure holding them
    entries[0]!.doFileDataPump = null;
    zip.end();
    await new Promise((resolve) => zip.outputStream.on('end', resolve));
    expect([...(await readZip(Buffer.concat(chunks))).keys()]).toEqual(['a.jpg']);
  });

  test('zip-slip: every segment is cleaned, and a bad joined name is refused', () => {
    expect(namePart('../..\\a/b:c')).toBe('abc');
    expect(namePart('Zoë  Ó Brien')).toBe('Zoe_O_Brien');
    // Letters beyond accents are transliterated as the data file's are, never dropped.
    expect(namePart('Łukasz-Nguyễn')).toBe('Lukasz-Nguyen');
    expect(namePart('Søren Strauß')).toBe('Soren_Strauss');
    expect(namePart('Дмитрий Иванов')).toBe('Dmitriy_Ivanov');
    for (const bad of [['..', 'x'], ['/abs'], ['a\\b'], ['a', '', '.'], ['a\u0000b']]) {
      expect(() => entryName(...bad), bad.join('|')).toThrow('unsafe archive entry name');
    }
    expect(entryName('a', '', 'b.jpg')).toBe('a/b.jpg');
  });

  test('building to the same key again replaces the archive: one object; an abort leaves the old one', async () => {
    const format = formatRow({ include_readme: false, field_mappings: mappings('last_name') });
    const key = 'org-1/exports/9/export.zip';
    const one = { id: '1', values: { last_name: 'Lee', first_name: 'Ann' }, images: [portrait] };
    const two = { id: '2', values: { last_name: 'Diaz', first_name: 'Bo' }, images: [portrait] };
    await build(format, [one, two], runOptions(), key);
    const { entries } = await build(format, [two], runOptions(), key);
    expect([...entries.keys()]).toEqual(['Custom Format/images/Diaz_Bo.jpg', 'Custom Format/data.csv']);
    expect(await readdir(path.join(dir, 'org-1/exports/9'))).toEqual(['export.zip', 'export.zip.meta']);

    const controller = new AbortController();
    async function* subjects() {
      yield one;
      controller.abort();
      yield two;
    }
    await expect(
      buildExportArchive({
        storage,
        key,
        format,
        subjects: subjects(),
        total: 2,
        options: runOptions(),
        onProgress: async () => {},
        signal: controller.signal,
      }),
    ).rejects.toThrow();
    expect(await readdir(path.join(dir, 'org-1/exports/9'))).toEqual(['export.zip', 'export.zip.meta']);
    expect([...(await readZip(await storage.read(key))).keys()]).toEqual([...entries.keys()]);
  });

  test('through the S3 driver: the archive streams in, and a second build replaces it', async () => {
    const s3 = await startS3Storage();
    try {
      await s3.storage.put(turned.storageKey, await storage.read(turned.storageKey), 'image/jpeg');
      const format = formatRow({
        include_readme: false,
        field_mappings: mappings('last_name', 'image_file_name'),
      });
      const key = 'org-1/exports/11/export.zip';
      const ann = { id: '1', values: { last_name: 'Lee', first_name: 'Ann' }, images: [turned] };
      const bo = { id: '2', values: { last_name: 'Diaz', first_name: 'Bo' }, images: [turned] };
      await build(format, [ann, bo], runOptions(), key, s3.storage);
      const { entries, result } = await build(format, [bo], runOptions(), key, s3.storage);
      expect([...entries.keys()]).toEqual(['Custom Format/images/Diaz_Bo.jpg', 'Custom Format/data.csv']);
      expect(await s3.storage.head(key)).toEqual({ size: result.bytes, contentType: 'application/zip' });
      expect(entries.get('Custom Format/data.csv')!.data.toString()).toBe(
        'Last Name,Image File Name\r\nDiaz,Diaz_Bo.jpg\r\n',
      );
    } finally {
      await s3.close();
    }
  });

  test('a photo missing from storage fails the build with its id, leaving no archive', async () => {
    const format = formatRow({ include_readme: false });
    const gone = { ...portrait, photoId: '404', storageKey: 'org-1/photos/404/original' };
    await expect(
      build(
        format,
        [{ id: '1', values: { last_name: 'A' }, images: [gone] }],
        runOptions(),
        'org-1/exports/10/export.zip',
      ),
    ).rejects.toThrow('Photo 404 could not be exported');
    expect(await storage.head('org-1/exports/10/export.zip')).toBeNull();
  });
});

describe('checkExport', () => {
  const codes = (report: ReturnType<typeof checkExport>) =>
    Object.fromEntries(
      report.issues.map((i) => [`${i.code}${i.field_key ? `:${i.field_key}` : ''}`, i.subject_ids]),
    );

  test('a clean export has no issues', () => {
    const report = checkExport(
      formatRow(),
      [
        { id: '1', values: { last_name: 'Lee', first_name: 'Ann' }, images: [portrait] },
        { id: '2', values: { last_name: 'Diaz', first_name: 'Bo' }, images: [turned] },
      ],
      runOptions(),
    );
    expect(report).toEqual({ subjects_count: 2, issues: [] });
  });

  test('missing images, missing and duplicate Student IDs, leading zeros (SIS formats)', () => {
    const format = formatRow({
      standard_key: 'powerschool_photo_import',
      images_name_primary_field_first_key: 'student_id',
      images_name_primary_field_second_key: null,
      field_mappings: mappings('student_id', 'image_file_name'),
    });
    const subjects: ExportSubject[] = [
      { id: '1', values: { student_id: '00123' }, images: [portrait] },
      { id: '2', values: { student_id: '123' }, images: [portrait] },
      { id: '3', values: { student_id: '00123' }, images: [portrait] },
      { id: '4', values: { student_id: '' }, images: [portrait] },
      { id: '5', values: { student_id: '555' }, images: [] },
    ];
    const report = checkExport(format, subjects, runOptions());
    expect(report.subjects_count).toBe(5);
    expect(codes(report)).toEqual({
      missing_image: ['5'],
      'missing_value:student_id': ['4'],
      'duplicate_value:student_id': ['1', '3'],
      name_collision: ['1', '3'],
      'leading_zeros:student_id': ['2', '5'],
    });
    const byCode = Object.fromEntries(report.issues.map((i) => [i.code, i]));
    expect(byCode.missing_image!.message).toBe('1 subject has no image.');
    expect(byCode.duplicate_value!.message).toBe('2 subjects share a Student ID with another subject.');
    expect(byCode.missing_value).toMatchObject({ count: 1, field_key: 'student_id' });
    // Zero padding set: no leading-zeros warning.
    const padded = checkExport(
      { ...format, data_zero_pad_field_key: 'student_id', data_zero_pad_field_length: 5 },
      subjects,
      runOptions(),
    );
    expect(padded.issues.map((i) => i.code)).not.toContain('leading_zeros');
  });

  test('forbidden characters, upscaling, no crop; the list stops at 100 subjects', () => {
    const small = { ...portrait, crop: { x: 0, y: 0, width: 24, height: 32 } };
    const noCrop = { ...turned, crop: null };
    const subjects: ExportSubject[] = [
      { id: 'a', values: { last_name: "O'Brien", first_name: 'Zoë' }, images: [small] },
      { id: 'b', values: { last_name: 'Lee', first_name: 'Ann' }, images: [noCrop] },
      ...Array.from({ length: 120 }, (_, i) => ({
        id: `m${i}`,
        values: { last_name: `X${i}`, first_name: 'Y' },
        images: [],
      })),
    ];
    const report = checkExport(formatRow(), subjects, runOptions({ includeSubjectsWithoutImages: false }));
    const byCode = Object.fromEntries(report.issues.map((i) => [`${i.code}:${i.field_key}`, i]));
    expect(byCode['forbidden_characters:last_name']!.subject_ids).toEqual(['a']);
    expect(byCode['forbidden_characters:first_name']!.subject_ids).toEqual(['a']);
    expect(byCode['upscaled:null']!).toMatchObject({
      subject_ids: ['a'],
      message: '1 subject has a crop smaller than 48 × 64 pixels; the image will be enlarged.',
    });
    expect(byCode['no_crop:null']!).toMatchObject({
      subject_ids: ['b'],
      message: '1 subject has no crop; a centred crop will be used.',
    });
    expect(byCode['missing_image:null']!).toMatchObject({
      count: 120,
      message: '120 subjects have no image. They will be left out.',
    });
    expect(byCode['missing_image:null']!.subject_ids).toHaveLength(100);
  });
});

describe('the PSPA built-in (migration 0009)', () => {
  test('exports INDEX.TXT beside the IMAGES folder, tab-delimited, no header, in its column order', async () => {
    const handle = connectDatabase(await createTestDatabase(), 1);
    try {
      const format = {
        ...(await builtInFormat(handle.db, 'pspa_yearbook')),
        images_crop_width_pixels: 64,
        images_crop_height_pixels: 80,
      };
      const { field_mappings } = format;
      const subjects: ExportSubject[] = [
        {
          id: '1',
          values: { first_name: 'Ann', last_name: 'Lee', grade: '9', teacher: 'Park', period: '2' },
          images: [portrait],
        },
        {
          id: '2',
          values: { first_name: 'Ann', last_name: 'Lee', grade: '10', teacher: 'Park', period: '3' },
          images: [turned],
        },
      ];
      const { entries } = await build(format, subjects);
      expect([...entries.keys()]).toEqual([
        'PSPA/IMAGES/Lee_Ann_1.jpg',
        'PSPA/IMAGES/Lee_Ann_2.jpg',
        'PSPA/INDEX.TXT',
        'PSPA/MASTER.TXT',
        'PSPA/README.TXT',
        'PSPA/COPYRIGHT.TXT',
      ]);
      // One tab-delimited CRLF line per image, no header, cells in the format's column order. (That order
      // is migration 0009's; the current guideline's order is for the migration that corrects it.)
      const cell = (subject: ExportSubject, name: string, key: string) =>
        ({ volume: 'PSPA', image_folder: 'IMAGES', image_file_name: name, image_size: '64x80' })[key] ??
        subject.values[key] ??
        '';
      expect(field_mappings.slice(0, 3).map((m) => m.field_key)).toEqual([
        'volume',
        'image_folder',
        'image_file_name',
      ]);
      expect(entries.get('PSPA/INDEX.TXT')!.data.toString()).toBe(
        [
          [subjects[0]!, 'Lee_Ann_1.jpg'],
          [subjects[1]!, 'Lee_Ann_2.jpg'],
        ]
          .map(
            ([s, name]) =>
              `${field_mappings.map((m) => cell(s as ExportSubject, name as string, m.field_key ?? '')).join('\t')}\r\n`,
          )
          .join(''),
      );
      expect(await sharp(entries.get('PSPA/IMAGES/Lee_Ann_2.jpg')!.data).metadata()).toMatchObject({
        width: 64,
        height: 80,
        format: 'jpeg',
      });
    } finally {
      await handle.close();
    }
  });
});

describe('custom fields, encodings and the PSPA package', () => {
  let handle: ReturnType<typeof connectDatabase>;
  beforeAll(async () => {
    handle = connectDatabase(await createTestDatabase(), 1);
  });
  afterAll(() => handle?.close());

  const builtIn = (standardKey: string) => builtInFormat(handle.db, standardKey);

  const fields = [
    { id: '21', field_key: 'first_name', label: null },
    { id: '22', field_key: 'last_name', label: null },
    { id: '23', field_key: null, label: 'Medical Alert' },
    { id: '24', field_key: 'grade', label: null },
    { id: '25', field_key: null, label: 'Bus Route' },
  ];
  const person = (
    id: string,
    first: string,
    last: string,
    own: Record<string, string> = {},
    images: ExportImageSource[] = [],
  ): ExportSubject => ({
    id,
    values: { first_name: first, last_name: last },
    fieldValues: { '21': first, '22': last, ...own },
    images,
  });
  const dataOnly = (overrides: Partial<ExportFormatRow>) =>
    formatRow({ include_images: false, include_readme: false, ...overrides });

  test("a custom field maps by its label; unmapped fields are the project's own, under their labels, in its order", async () => {
    const format = dataOnly({
      data_include_unmapped_fields: true,
      field_mappings: [
        { field_key: 'last_name', custom_label: null, position: 1 },
        { field_key: null, custom_label: '  medical   ALERT ', position: 2 },
        { field_key: null, custom_label: 'Allergies', position: 3 },
      ],
    });
    const subjects = [person('1', 'Ann', 'Lee', { '23': 'Peanuts', '24': '3', '25': 'Route 9' })];
    const { entries } = await build(format, subjects, runOptions({ fields }));
    expect(entries.get('Custom Format/data.csv')!.data.toString('utf8')).toBe(
      'Last Name,Medical Alert,Allergies,First Name,Grade,Bus Route\r\nLee,Peanuts,,Ann,3,Route 9\r\n',
    );
    // The check names the mapped custom field the project lacks.
    const report = checkExport(format, subjects, runOptions({ fields }));
    expect(report.issues).toEqual([
      {
        code: 'missing_field',
        message: 'The project has no field "Allergies"; its column will be empty.',
        field_key: null,
        count: 0,
        subject_ids: [],
      },
    ]);
    // The fields whose values the archive holds: the same columns (the hidden-field rule reads this).
    const written = (f: ExportFormatRow) =>
      fieldsWritten(f, { groupFieldKey: null }, fields).map((x) => x.id);
    expect(written(format)).toEqual(['21', '22', '23', '24', '25']);
    const mappedOnly = {
      ...format,
      data_include_unmapped_fields: false,
      images_name_primary_field_first_key: null,
      images_name_primary_field_second_key: null,
    };
    expect(written(mappedOnly)).toEqual(['22', '23']);
  });

  test('encodings: a BOM for UTF-8 with BOM; Windows-1252 holds "Zoë" as 0xEB and transliterates the rest, reported', async () => {
    const subjects = [
      person('1', 'Zoë', 'Brontë'),
      person('2', 'Łukasz', 'Nowak'),
      person('3', 'Minh', 'Nguyễn'),
      person('4', 'Zoe\u0308', 'Decomposed'),
    ];
    const format = dataOnly({ field_mappings: mappings('first_name', 'last_name') });
    const bom = (await build({ ...format, data_encoding: 'utf-8-bom' }, subjects)).entries.get(
      'Custom Format/data.csv',
    )!.data;
    expect([...bom.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bom.subarray(3).toString('utf8').startsWith('First Name,Last Name\r\nZoë,Brontë\r\n')).toBe(true);
    const plain = (await build(format, subjects)).entries.get('Custom Format/data.csv')!.data;
    expect(plain.subarray(0, 5).toString()).toBe('First');

    const cp1252 = { ...format, data_encoding: 'windows-1252' };
    const bytes = (await build(cp1252, subjects)).entries.get('Custom Format/data.csv')!.data;
    expect(bytes.includes(Buffer.from([0x5a, 0x6f, 0xeb]))).toBe(true); // "Zoë"
    expect(iconv.decode(bytes, 'win1252')).toBe(
      'First Name,Last Name\r\nZoë,Brontë\r\nLukasz,Nowak\r\nMinh,Nguyen\r\nZoë,Decomposed\r\n',
    );
    const report = checkExport(cp1252, subjects, runOptions());
    expect(report.issues).toEqual([
      {
        code: 'transliterated',
        message:
          "2 subjects have characters that Windows-1252 can't hold; data.csv will have the nearest plain letters instead (Ł as L).",
        field_key: null,
        count: 2,
        subject_ids: ['2', '3'],
        changes: [
          { subject_id: '2', field: 'First Name', from: 'Łukasz', to: 'Lukasz' },
          { subject_id: '3', field: 'Last Name', from: 'Nguyễn', to: 'Nguyen' },
        ],
      },
    ]);
    expect(checkExport(format, subjects, runOptions()).issues).toEqual([]);
  });

  test('built-in encodings: Roster CSV and CSV + Photos with a BOM, PSPA Windows-1252, PowerSchool plain UTF-8', async () => {
    const roster = await builtIn('roster_csv');
    expect(roster.data_encoding).toBe('utf-8-bom');
    const { entries } = await build(roster, [{ id: '1', values: { first_name: 'Zoë' }, images: [] }]);
    const csv = entries.get('Roster/roster.csv')!.data;
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.toString('utf8')).toContain('"Zoë"');
    expect((await builtIn('csv_and_photos')).data_encoding).toBe('utf-8-bom');
    expect((await builtIn('pspa_yearbook')).data_encoding).toBe('windows-1252');
    expect((await builtIn('powerschool_photo_import')).data_encoding).toBe('utf-8');
  });

  test('PSPA: 300 ppi images, INDEX.TXT lists only rows with an image, MASTER.TXT everyone; the check names who is left out', async () => {
    const pspa = await builtIn('pspa_yearbook');
    expect(pspa).toMatchObject({ images_pixels_per_inch: 300, data_master_file: true });
    const format = { ...pspa, images_crop_width_pixels: 64, images_crop_height_pixels: 80 };
    const subjects = [
      { id: '1', values: { first_name: 'Ann', last_name: 'Lee', grade: '9' }, images: [portrait] },
      { id: '2', values: { first_name: 'Bo', last_name: 'Diaz', grade: '9' }, images: [] },
    ];
    const { entries } = await build(format, subjects);
    expect([...entries.keys()]).toEqual([
      'PSPA/IMAGES/Lee_Ann_1.jpg',
      'PSPA/INDEX.TXT',
      'PSPA/MASTER.TXT',
      'PSPA/README.TXT',
      'PSPA/COPYRIGHT.TXT',
    ]);
    const lines = (name: string) => entries.get(name)!.data.toString('latin1').split('\r\n').filter(Boolean);
    expect(lines('PSPA/INDEX.TXT')).toEqual([
      ['PSPA', 'IMAGES', 'Lee_Ann_1.jpg', '9', 'Lee', 'Ann', '', '', '', '', '', '', '64x80'].join('\t'),
    ]);
    expect(lines('PSPA/MASTER.TXT')).toEqual([
      lines('PSPA/INDEX.TXT')[0],
      ['PSPA', '', '', '9', 'Diaz', 'Bo', '', '', '', '', '', '', ''].join('\t'),
    ]);
    const image = await sharp(entries.get('PSPA/IMAGES/Lee_Ann_1.jpg')!.data).metadata();
    expect(image).toMatchObject({ format: 'jpeg', density: 300, width: 64, height: 80 });
    expect(entries.get('PSPA/README.TXT')!.data.toString()).toContain(
      'MASTER.TXT lists every subject; INDEX.TXT, those with an image.',
    );
    const report = checkExport(format, subjects, runOptions());
    expect(report.issues.find((i) => i.code === 'left_out_of_index')).toEqual({
      code: 'left_out_of_index',
      message: '1 subject has no image and will be left out of INDEX.TXT; MASTER.TXT lists it.',
      field_key: null,
      count: 1,
      subject_ids: ['2'],
    });
    // Without its MASTER file (a copy), INDEX.TXT still lists only the subjects with an image.
    const copy = { ...format, standard_key: null, data_master_file: false };
    const bare = await build(copy, subjects);
    expect([...bare.entries.keys()]).not.toContain('PSPA/MASTER.TXT');
    expect(bare.entries.get('PSPA/INDEX.TXT')!.data.toString('latin1').split('\r\n').filter(Boolean)).toEqual(
      lines('PSPA/INDEX.TXT'),
    );
  });

  test("a photo import's map lists only subjects with an image: PowerSchool's photos.txt and the ID card import.csv", async () => {
    const subjects = [
      { id: '1', values: { student_id: '1001', first_name: 'Ann', last_name: 'Lee' }, images: [portrait] },
      { id: '2', values: { student_id: '1002', first_name: 'Bo', last_name: 'Diaz' }, images: [] },
    ];
    for (const key of ['powerschool_photo_import', 'id_card_import']) {
      const format = { ...(await builtIn(key)), images_crop_width_pixels: 40, images_crop_height_pixels: 60 };
      expect(format.data_image_rows_only).toBe(true);
      const { entries } = await build(format, subjects);
      const data = [...entries.entries()].find(
        ([name]) => /\.(txt|csv)$/.test(name) && !name.endsWith('readme.txt'),
      );
      expect(data, key).toBeDefined();
      const text = data![1].data.toString('utf8');
      expect(text, key).toContain('1001');
      expect(text, key).not.toContain('1002');
      const report = checkExport(format, subjects, runOptions());
      expect(
        report.issues.find((i) => i.code === 'left_out_of_index'),
        key,
      ).toMatchObject({
        message: `1 subject has no image and will be left out of ${data![0].split('/').at(-1)}.`,
        subject_ids: ['2'],
      });
    }
    // A roster with photos keeps everyone.
    const roster = {
      ...(await builtIn('csv_and_photos')),
      images_crop_width_pixels: 40,
      images_crop_height_pixels: 60,
    };
    expect(roster.data_image_rows_only).toBe(false);
  });
});
