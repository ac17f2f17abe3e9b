import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import path from 'node:path';
import type { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import type { ExportFormatRow } from './types.js';

/**
 * Images in parts (migration 0031, `images_zip_part_max_bytes`): for systems whose photo upload takes one ZIP
 * of limited size (Infinite Campus: 100 MB), the archive holds its images in ZIPs of their own, `part-1.zip`,
 * `part-2.zip` ..., each at most the format's limit, beside the data file and readme. The school unpacks the
 * download and uploads each part. Images are stored (JPEGs don't deflate), so a part's size is known exactly
 * before an image is added: yazl writes, per entry of known size, a local header (30 bytes + name), the
 * bytes, and a central directory record (46 bytes + name + a 9-byte timestamp field), then a 22-byte end
 * record (no ZIP64 below 65,535 entries and 4 GiB, which a part never reaches).
 */

const LOCAL_HEADER = 30;
const CENTRAL_RECORD = 46 + 9;
const END_RECORD = 22;
/** Below ZIP64's entry count (a part with this many entries ends there). */
const MAX_ENTRIES = 65_000;

/** The part size limit in bytes, or null when the format keeps its images in the archive itself. */
export const partLimit = (format: Pick<ExportFormatRow, 'images_zip_part_max_bytes'>) =>
  format.images_zip_part_max_bytes && format.images_zip_part_max_bytes > 0
    ? format.images_zip_part_max_bytes
    : null;

export const partName = (n: number) => `part-${n}.zip`;

/** What one entry of `bytes` bytes named `name` adds to a ZIP (its headers and its data). */
export const entryCost = (name: string, bytes: number) =>
  LOCAL_HEADER + CENTRAL_RECORD + 2 * Buffer.byteLength(name, 'utf8') + bytes;

/**
 * yazl keeps every entry (for the central directory) and, with it, the closure holding the entry's bytes;
 * dropping that closure once the bytes are written keeps memory flat in the number of images. Answers the
 * function that drops those of the entries written so far.
 */
export function writtenEntriesReleaser(zip: ZipFile): () => void {
  const entries = (zip as unknown as { entries: { state: number; doFileDataPump: unknown }[] }).entries;
  const FILE_DATA_DONE = 3; // yazl's Entry.FILE_DATA_DONE
  let released = 0;
  return () => {
    while (released < entries.length && entries[released]!.state === FILE_DATA_DONE) {
      entries[released]!.doFileDataPump = null;
      released++;
    }
  };
}

interface OpenPart {
  zip: ZipFile;
  file: string;
  stream: WriteStream;
  bytes: number;
  entries: number;
  release: () => void;
}

/**
 * Writes images into part ZIPs spooled in `folder`; each finished part is handed to `onPart` (the builder
 * adds it to the archive). Names inside a part are as given (flat, unless a group folder is part of them).
 */
export class ImageParts {
  private current: OpenPart | null = null;
  private count = 0;

  constructor(
    private readonly folder: string,
    private readonly limit: number,
    private readonly mtime: Date,
    private readonly onPart: (file: string, name: string) => Promise<void>,
  ) {}

  /** Adds an image, first closing the current part when the image would take it past the limit. */
  async add(buffer: Buffer, name: string): Promise<void> {
    const cost = entryCost(name, buffer.length);
    const open = this.current;
    if (open && open.entries > 0 && (open.bytes + cost > this.limit || open.entries >= MAX_ENTRIES)) {
      await this.close();
    }
    const part = this.current ?? this.open();
    part.zip.addBuffer(buffer, name, { compress: false, mtime: this.mtime });
    part.bytes += cost;
    part.entries++;
    const output = part.zip.outputStream as PassThrough;
    while (output.writableNeedDrain || part.stream.writableNeedDrain) {
      await Promise.race([once(output.writableNeedDrain ? output : part.stream, 'drain'), this.failed(part)]);
    }
    part.release();
  }

  /** Ends the last part; answers how many parts were made. */
  async finish(): Promise<number> {
    if (this.current) await this.close();
    return this.count;
  }

  /** Stops writing (on failure); the spool folder is removed by the builder. */
  destroy() {
    this.current?.stream.destroy();
    this.current = null;
  }

  private open(): OpenPart {
    this.count++;
    const zip = new ZipFile();
    const file = path.join(this.folder, `part-${this.count}.zip`);
    const stream = createWriteStream(file);
    (zip.outputStream as PassThrough).pipe(stream);
    this.current = { zip, file, stream, bytes: END_RECORD, entries: 0, release: writtenEntriesReleaser(zip) };
    return this.current;
  }

  private failed(part: OpenPart) {
    return once(part.stream, 'error').then(([error]) => Promise.reject(error));
  }

  private async close() {
    const part = this.current!;
    this.current = null;
    part.zip.end();
    await finished(part.stream);
    await this.onPart(part.file, partName(this.count));
  }
}
