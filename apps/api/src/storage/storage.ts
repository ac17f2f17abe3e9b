import type { Readable } from 'node:stream';
import formatContentDisposition from 'content-disposition';

/** What a browser needs to upload one file straight to storage (S3's presigned POST). */
export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

/** One upload a presigned POST allows: one key, one content type, at most `maxBytes`, for a short while. */
export interface PresignPostArgs {
  key: string;
  contentType: string;
  maxBytes: number;
  expiresInSeconds: number;
}

/** A signed GET address's terms; served as an attachment with `downloadName` when given. */
export interface PresignGetArgs {
  key: string;
  expiresInSeconds: number;
  downloadName?: string;
  contentType?: string;
}

export interface StoredObject {
  size: number;
  contentType: string | null;
}

/**
 * Where files live: local disk by default, any S3-compatible store for scale. Keys are made by the
 * server (never a user's file name), under the organization's prefix.
 */
export interface Storage {
  readonly driver: 'local' | 's3';
  /** A presigned POST limited to one key, one content type, a size range and a short expiry. */
  presignPost(args: PresignPostArgs): Promise<PresignedPost>;
  /** A signed GET address that expires; served as an attachment with `downloadName` when given. */
  presignGet(args: PresignGetArgs): Promise<string>;
  head(key: string): Promise<StoredObject | null>;
  /** The first `bytes` bytes (for sniffing the real type), or all of it. */
  read(key: string, bytes?: number): Promise<Buffer>;
  stream(key: string): Promise<Readable>;
  /** Bytes `start` to `end` inclusive (random access for ZIP central directories). */
  streamRange(key: string, start: number, end: number): Promise<Readable>;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Stores a file written on local disk (e.g. a generated PDF), streaming it rather than holding it in memory. */
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  /**
   * Stores a stream of unknown length (e.g. a ZIP being built) with backpressure, never holding it all in
   * memory. Replaces the object at `key` as a whole: readers see the old object or the new one, and a
   * failed or aborted stream leaves no object (nor a partial one) behind.
   */
  putStream(key: string, body: Readable, contentType: string): Promise<void>;
  /**
   * Moves an object to a key no upload form targets (keeping its content type): verify takes the bytes
   * away from where a still-valid form could overwrite them.
   */
  move(from: string, to: string): Promise<void>;
  /**
   * A copy of an object under another key (keeping its content type), made by the store itself (S3's
   * CopyObject, a hard link on local disk): a photo's original is its full-size rendition too, and its
   * bytes need not pass through the API again.
   */
  copy(from: string, to: string): Promise<void>;
  delete(key: string): Promise<void>;
  deletePrefix(prefix: string): Promise<void>;
  /** Housekeeping of the driver itself (the local driver's used-form markers and stale temporary files). */
  sweep(olderThanMs: number): Promise<void>;
}

/** A file name safe for Content-Disposition: no quotes, slashes or control characters. */
export function safeDownloadName(name: string): string {
  const cleaned = name
    .normalize('NFKC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f"\\/:*?<>|]+/g, '_')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 150);
  return cleaned || 'download';
}

/** `attachment` with the cleaned name, an ASCII fallback and the UTF-8 form (RFC 6266), by the library. */
export function contentDisposition(name: string): string {
  return formatContentDisposition(safeDownloadName(name), { type: 'attachment' });
}
