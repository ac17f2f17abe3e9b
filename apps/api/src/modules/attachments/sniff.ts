import { createHash } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { TextDecoder } from 'node:util';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import yauzl from 'yauzl';
import { PIXEL_LIMIT } from '../../images/images.js';
import type { Storage } from '../../storage/storage.js';

/** What file-type needs to tell a format by its signature. */
const HEAD_BYTES = 4100;
/** PDF readers look for the `%%EOF` trailer in the last 1024 bytes. */
const PDF_TAIL_BYTES = 1024;
/** A central directory with more entries than this is not a roster or a spreadsheet. */
const MAX_ZIP_ENTRIES = 50_000;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ZIP_FAMILY = new Set(['zip', 'xlsx', 'docx', 'pptx']);

export interface ContentCheck {
  /** Null when the whole file is what it claims to be; else why not (for the 422). */
  problem: string | null;
  /** SHA-256 (hex) of the bytes checked. */
  sha256: string;
}

/** Reads the whole stream through a check; each check sees every byte, in order, once. */
interface StreamCheck {
  write(chunk: Buffer): Promise<void> | void;
  /** Null when the content held to the end; else why not. */
  end(): Promise<string | null>;
}

/** C0 controls that text files hold (tab, LF, FF, CR); any other control byte, or DEL, marks binary. */
const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d]);
const isBinaryByte = (byte: number) => (byte < 0x20 && !TEXT_CONTROLS.has(byte)) || byte === 0x7f;
const hasBinaryCharacter = (text: string) => {
  for (let i = 0; i < text.length; i++) if (isBinaryByte(text.charCodeAt(i))) return true;
  return false;
};

/**
 * Text: UTF-16 with a BOM, valid to the last byte; otherwise any 8-bit text: UTF-8 or a single-byte
 * encoding such as Windows-1252 (what Excel on Windows writes as "CSV"; the roster import decodes it).
 * Either way no NUL and no control character other than tab, CR, LF and FF anywhere, so a renamed
 * executable or a file with binary appended after its start is still refused. 8-bit text is checked by
 * byte: every single-byte encoding and UTF-8 keep the controls at the same byte values.
 */
function textCheck(): StreamCheck {
  let utf16: TextDecoder | null = null;
  let started = false;
  let pending: Buffer = Buffer.alloc(0);
  let problem: string | null = null;
  const feed = (bytes: Buffer, final: boolean) => {
    if (problem) return;
    if (!started) {
      // The BOM decides; wait for enough bytes to see it.
      if (bytes.length < 2 && !final) {
        pending = bytes;
        return;
      }
      started = true;
      if (bytes[0] === 0xff && bytes[1] === 0xfe) utf16 = new TextDecoder('utf-16le', { fatal: true });
      else if (bytes[0] === 0xfe && bytes[1] === 0xff) utf16 = new TextDecoder('utf-16be', { fatal: true });
    }
    if (!utf16) {
      if (bytes.includes(0)) problem = 'contains NUL bytes';
      else if (bytes.some(isBinaryByte)) problem = 'contains binary control bytes';
      return;
    }
    try {
      const text = utf16.decode(bytes, { stream: !final });
      if (text.includes('\u0000')) problem = 'contains NUL bytes';
      else if (hasBinaryCharacter(text)) problem = 'contains binary control bytes';
    } catch {
      problem = 'is not valid UTF-16 text';
    }
  };
  return {
    write(chunk) {
      const bytes = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      pending = Buffer.alloc(0);
      feed(bytes, false);
    },
    async end() {
      feed(pending, true);
      return problem;
    },
  };
}

/** PDF: complete, ending with its `%%EOF` trailer (a cut-off upload has none). */
function pdfCheck(): StreamCheck {
  let tail: Buffer = Buffer.alloc(0);
  return {
    write(chunk) {
      tail = Buffer.concat([tail, chunk]);
      if (tail.length > PDF_TAIL_BYTES) tail = tail.subarray(tail.length - PDF_TAIL_BYTES);
    },
    async end() {
      return tail.includes('%%EOF', 0, 'latin1') ? null : 'is incomplete (no end-of-file trailer)';
    },
  };
}

/** PNG/JPEG: decoded to the end by sharp (a truncated file fails), within the pixel limit. */
function imageCheck(): StreamCheck {
  const input = new PassThrough();
  const decoded = sharp({ limitInputPixels: PIXEL_LIMIT, failOn: 'truncated' })
    .resize({ width: 64, height: 64, fit: 'inside' })
    .raw();
  input.pipe(decoded);
  const result = decoded.toBuffer().then(
    () => null,
    () => 'is damaged or incomplete',
  );
  let settled = false;
  void result.then(() => {
    settled = true;
  });
  return {
    async write(chunk) {
      // sharp fails early on bad input and then stops reading: stop feeding it, never wait for a drain.
      if (settled) return;
      if (!input.write(chunk)) await Promise.race([new Promise((r) => input.once('drain', r)), result]);
    },
    async end() {
      input.end();
      return result;
    },
  };
}

/** XLS (OLE compound file): the size is whole sectors, as the header declares them. */
function compoundFileCheck(head: Buffer, size: number): string | null {
  const sectorShift = head.length >= 32 ? head.readUInt16LE(30) : 0;
  if (sectorShift !== 9 && sectorShift !== 12) return 'is damaged (bad compound file header)';
  const sector = 1 << sectorShift;
  return size >= 512 + sector && size % sector === 0 ? null : 'is incomplete';
}

/**
 * ZIP/XLSX: the central directory at the end must read to its last entry. Random access by ranged reads,
 * so the file is never held in memory. An XLSX must also have a workbook.
 */
async function zipCheck(
  storage: Storage,
  key: string,
  size: number,
  contentType: string,
): Promise<string | null> {
  class StorageReader extends yauzl.RandomAccessReader {
    override _readStreamForRange(start: number, end: number): Readable {
      const out = new PassThrough();
      if (end <= start) {
        out.end();
        return out;
      }
      storage.streamRange(key, start, end - 1).then(
        (stream) => stream.on('error', (e) => out.destroy(e)).pipe(out),
        (error) => out.destroy(error),
      );
      return out;
    }
  }
  const names = await new Promise<Set<string>>((resolve, reject) => {
    yauzl.fromRandomAccessReader(
      new StorageReader(),
      size,
      { lazyEntries: true, autoClose: true, strictFileNames: false, validateEntrySizes: true },
      (error, zip) => {
        if (error || !zip) return reject(error ?? new Error('no zip'));
        const seen = new Set<string>();
        zip.on('entry', (entry: yauzl.Entry) => {
          seen.add(entry.fileName);
          if (seen.size > MAX_ZIP_ENTRIES) {
            zip.close();
            reject(new Error('too many entries'));
          } else zip.readEntry();
        });
        zip.on('end', () => resolve(seen));
        zip.on('error', reject);
        zip.readEntry();
      },
    );
  }).catch(() => null);
  if (!names) return 'is damaged or incomplete (its file directory cannot be read)';
  if (contentType === XLSX && !(names.has('[Content_Types].xml') && names.has('xl/workbook.xml')))
    return 'is not a real XLSX workbook';
  return null;
}

/**
 * Checks a stored file against the type it claims, reading all of it as a stream (never the whole
 * file in memory): the signature by file-type, then the whole body (text to the last byte, images
 * decoded, PDF trailer, ZIP directory). Answers the SHA-256 of the bytes read as well.
 */
export async function checkStoredContent(
  storage: Storage,
  key: string,
  contentType: string,
  size: number,
): Promise<ContentCheck> {
  const hash = createHash('sha256');
  const headParts: Buffer[] = [];
  let headLength = 0;
  const check: StreamCheck | null =
    contentType === 'text/csv' || contentType === 'text/plain'
      ? textCheck()
      : contentType === 'application/pdf'
        ? pdfCheck()
        : contentType === 'image/png' || contentType === 'image/jpeg'
          ? imageCheck()
          : null;
  let streamProblem: string | null = null;
  try {
    for await (const chunk of await storage.stream(key)) {
      const bytes = chunk as Buffer;
      hash.update(bytes);
      if (headLength < HEAD_BYTES) {
        headParts.push(bytes);
        headLength += bytes.length;
      }
      await check?.write(bytes);
    }
  } finally {
    streamProblem = (await check?.end()) ?? null;
  }
  const sha256 = hash.digest('hex');
  const head = Buffer.concat(headParts).subarray(0, HEAD_BYTES);
  const problem = await (async () => {
    const detected = await fileTypeFromBuffer(head).catch(() => undefined);
    switch (contentType) {
      case 'text/csv':
      case 'text/plain':
        return streamProblem;
      case 'image/png':
      case 'image/jpeg':
      case 'application/pdf': {
        const same =
          detected?.mime === contentType || (contentType === 'image/png' && detected?.mime === 'image/apng');
        return same ? streamProblem : 'wrong type';
      }
      case 'application/vnd.ms-excel':
        return detected?.ext === 'cfb' ? compoundFileCheck(head, size) : 'wrong type';
      case 'application/zip':
      case XLSX:
        return detected && ZIP_FAMILY.has(detected.ext)
          ? zipCheck(storage, key, size, contentType)
          : 'wrong type';
      default:
        return 'wrong type';
    }
  })();
  return { problem, sha256 };
}
