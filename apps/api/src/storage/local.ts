import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import {
  copyFile,
  link,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PresignGetArgs, PresignPostArgs } from './storage.js';
import { contentDisposition, type PresignedPost, type Storage, type StoredObject } from './storage.js';
import { recordKeyOf } from './uploads.js';

/** The policy of a local presigned POST: what S3 would enforce, enforced by our /storage/upload. */
export interface LocalPolicy {
  key: string;
  content_type: string;
  max_bytes: number;
  expires_at: number;
  /** Makes every form its own, even two for one key in the same millisecond (a form is used once). */
  nonce?: string;
}

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9/_.-]{0,500}$/;
export const isSafeKey = (key: string) =>
  KEY_PATTERN.test(key) && !key.split('/').some((p) => p === '..' || p === '.' || p === '');

/**
 * Files on local disk under `root`, served by the API itself through HMAC-signed, expiring addresses
 * that mimic S3's presigned POST and GET. Content types are kept in a sidecar `.meta` file.
 *
 * Addresses are same-origin relative paths (`/storage/upload`, `/storage/files/...`): the app may be
 * opened on any host (127.0.0.1, a LAN address, a proxy alias) and its CSP allows only 'self'.
 * PUBLIC_URL is for e-mailed links only.
 */
export class LocalStorage implements Storage {
  readonly driver = 'local' as const;

  constructor(
    private readonly root: string,
    private readonly secret: string,
  ) {}

  private file(key: string): string {
    if (!isSafeKey(key)) throw new Error('unsafe storage key');
    return path.join(this.root, key);
  }

  sign(value: string): string {
    return createHmac('sha256', this.secret).update(value).digest('base64url');
  }

  verify(value: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(value));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  async presignPost(args: PresignPostArgs): Promise<PresignedPost> {
    const policy: LocalPolicy = {
      key: args.key,
      content_type: args.contentType,
      max_bytes: args.maxBytes,
      expires_at: Date.now() + args.expiresInSeconds * 1000,
      nonce: randomBytes(12).toString('base64url'),
    };
    const encoded = Buffer.from(JSON.stringify(policy)).toString('base64url');
    return {
      url: '/storage/upload',
      fields: {
        key: args.key,
        'Content-Type': args.contentType,
        policy: encoded,
        signature: this.sign(encoded),
      },
    };
  }

  /** The policy behind an upload form, if its signature holds and it has not expired. */
  readPolicy(encoded: string, signature: string): LocalPolicy | null {
    if (!this.verify(encoded, signature)) return null;
    const policy = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as LocalPolicy;
    return policy.expires_at > Date.now() ? policy : null;
  }

  async presignGet(args: PresignGetArgs) {
    const expires = Math.floor(Date.now() / 1000) + args.expiresInSeconds;
    const params = new URLSearchParams({ expires: String(expires) });
    if (args.downloadName) params.set('name', args.downloadName);
    if (args.contentType) params.set('type', args.contentType);
    const signature = this.sign(`${args.key}?${params.toString()}`);
    params.set('signature', signature);
    return `/storage/files/${args.key}?${params.toString()}`;
  }

  /** Checks a signed GET address; returns the response headers to use, or null when invalid or expired. */
  checkGet(
    key: string,
    query: Record<string, string | undefined>,
  ): { disposition?: string; contentType?: string } | null {
    const { signature, ...rest } = query;
    if (!signature || !rest.expires || Number(rest.expires) * 1000 < Date.now()) return null;
    const params = new URLSearchParams();
    params.set('expires', rest.expires);
    if (rest.name) params.set('name', rest.name);
    if (rest.type) params.set('type', rest.type);
    if (!this.verify(`${key}?${params.toString()}`, signature)) return null;
    return {
      ...(rest.name ? { disposition: contentDisposition(rest.name) } : {}),
      ...(rest.type ? { contentType: rest.type } : {}),
    };
  }

  async head(key: string): Promise<StoredObject | null> {
    try {
      const info = await stat(this.file(key));
      const meta = await readFile(`${this.file(key)}.meta`, 'utf8').catch(() => null);
      return { size: info.size, contentType: meta };
    } catch {
      return null;
    }
  }

  async read(key: string, bytes?: number): Promise<Buffer> {
    if (bytes === undefined) return readFile(this.file(key));
    const handle = await open(this.file(key), 'r');
    try {
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async stream(key: string): Promise<Readable> {
    await stat(this.file(key));
    return createReadStream(this.file(key));
  }

  async streamRange(key: string, start: number, end: number): Promise<Readable> {
    await stat(this.file(key));
    return createReadStream(this.file(key), { start, end });
  }

  /** Writes atomically: a reader never sees half a file. */
  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, body);
    await writeFile(`${target}.meta`, contentType);
    await rename(temporary, target);
  }

  async putFile(key: string, filePath: string, contentType: string): Promise<void> {
    await this.putStream(key, createReadStream(filePath), contentType);
  }

  /** Streams into a temporary file beside the target, then renames it into place (an atomic replace). */
  async putStream(key: string, body: Readable, contentType: string): Promise<void> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await pipeline(body, createWriteStream(temporary));
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    await writeFile(`${target}.meta`, contentType);
    await rename(temporary, target);
  }

  /** Moves an already-written temporary file into place (the upload route streams to disk first). */
  async adopt(temporaryPath: string, key: string, contentType: string): Promise<void> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(`${target}.meta`, contentType);
    await rename(temporaryPath, target);
  }

  temporaryPath(): string {
    return path.join(this.root, '.uploads', randomBytes(12).toString('hex'));
  }

  async move(from: string, to: string): Promise<void> {
    const source = this.file(from);
    const target = this.file(to);
    await mkdir(path.dirname(target), { recursive: true });
    const meta = await readFile(`${source}.meta`, 'utf8').catch(() => null);
    if (meta !== null) await writeFile(`${target}.meta`, meta);
    await rename(source, target);
    await rm(`${source}.meta`, { force: true });
  }

  /**
   * A hard link (no bytes copied; a copy where the file system has no links), put in place by a rename:
   * safe because nothing here writes a file in place (put and putStream write a new file and rename it).
   */
  async copy(from: string, to: string): Promise<void> {
    const source = this.file(from);
    const target = this.file(to);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    await link(source, temporary).catch(() => copyFile(source, temporary));
    const meta = await readFile(`${source}.meta`, 'utf8').catch(() => null);
    if (meta !== null) await writeFile(`${target}.meta`, meta);
    await rename(temporary, target);
  }

  /** A form's used mark: by the form itself (its signature), not by the key it targets. */
  private usedFormMarker(signature: string): string {
    return path.join(this.root, '.used-forms', createHash('sha256').update(signature).digest('hex'));
  }

  /** Whether verify has moved the bytes of a form's key to its record's key. */
  private async uploadTaken(formKey: string): Promise<boolean> {
    const recordKey = recordKeyOf(formKey);
    return recordKey !== null && (await this.head(recordKey)) !== null;
  }

  /**
   * Whether a form can't upload any more: it completed an upload already, or verify has taken the
   * bytes of its key to the record's key (then no form for that key may write again, however new).
   * S3 can't express "once"; there verify moving the bytes away is all there is.
   */
  async formSpent(key: string, signature: string): Promise<boolean> {
    if (await this.uploadTaken(key)) return true;
    return (await stat(this.usedFormMarker(signature)).catch(() => null)) !== null;
  }

  /**
   * Marks a form used once its upload has arrived whole (atomically: of two posts of the same form, one
   * wins); false when it can't upload any more (`formSpent`). Marked on completion only, and by form: an
   * upload cut off part-way (the page reloaded) burns nothing, and the new form a resumed upload gets
   * for the same key works even when an earlier form's bytes arrived but were never verified.
   */
  async claimForm(key: string, signature: string): Promise<boolean> {
    if (await this.uploadTaken(key)) return false;
    const marker = this.usedFormMarker(signature);
    await mkdir(path.dirname(marker), { recursive: true });
    try {
      await writeFile(marker, '', { flag: 'wx' });
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
  }

  /** Removes used-form markers and abandoned temporary uploads older than any form's life. */
  async sweep(olderThanMs: number): Promise<void> {
    const cutoff = Date.now() - olderThanMs;
    for (const folder of ['.used-forms', '.uploads']) {
      const dir = path.join(this.root, folder);
      const names = await readdir(dir).catch(() => [] as string[]);
      for (const name of names) {
        const info = await stat(path.join(dir, name)).catch(() => null);
        if (info && info.mtimeMs < cutoff) await rm(path.join(dir, name), { force: true });
      }
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
    await rm(`${this.file(key)}.meta`, { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    if (!isSafeKey(prefix.replace(/\/$/, ''))) throw new Error('unsafe storage prefix');
    await rm(path.join(this.root, prefix), { recursive: true, force: true });
  }
}
