import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isSafeKey, type LocalStorage } from './local.js';

/** The largest file any policy may allow here; each policy sets its own lower limit. */
export const LOCAL_UPLOAD_HARD_LIMIT = 200 * 1024 * 1024;

// S3 answers presigned-POST failures with 403 and an XML body; ours answer JSON with the same statuses.
const refuse = (reply: FastifyReply, status: number, message: string) =>
  reply.status(status).send({ error: status === 403 ? 'forbidden' : 'bad_request', message });
const USED = 'This upload form has already been used';

/**
 * The local driver's stand-in for S3: the presigned-POST target (`POST /storage/upload`) and the
 * signed GET (`GET /storage/files/<key>`). Registered only when files are stored on local disk.
 */
export async function registerLocalStorageRoutes(app: FastifyInstance, storage: LocalStorage) {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: LOCAL_UPLOAD_HARD_LIMIT, files: 1, fields: 10 } });

    scope.post(
      '/storage/upload',
      { config: { action: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        if (!request.isMultipart()) return refuse(reply, 400, 'multipart/form-data expected');
        // The form parser throws on a header it cannot read (no boundary) before the first part.
        if (!/;\s*boundary=\S/i.test(request.headers['content-type'] ?? '')) {
          return refuse(reply, 400, 'multipart/form-data needs a boundary');
        }
        const fields: Record<string, string> = {};
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            fields[part.fieldname] = String(part.value);
            continue;
          }
          // As with S3, the file comes last: every condition is known by now.
          const policy =
            fields.policy && fields.signature ? storage.readPolicy(fields.policy, fields.signature) : null;
          if (!policy) {
            part.file.resume();
            return refuse(reply, 403, 'Invalid or expired policy');
          }
          if (fields.key !== policy.key || !isSafeKey(policy.key)) {
            part.file.resume();
            return refuse(reply, 403, 'Key does not match the policy');
          }
          if (fields['Content-Type'] !== policy.content_type) {
            part.file.resume();
            return refuse(reply, 403, 'Content-Type does not match the policy');
          }
          // A form is good for one completed upload: posting it again (other bytes after a verify) is
          // refused. Asked here to spare the bytes' journey; the mark itself is set only once they have
          // all arrived (below), so an upload cut off part-way leaves the form, and its key, usable.
          const signature = fields.signature!;
          if (await storage.formSpent(policy.key, signature)) {
            part.file.resume();
            return refuse(reply, 403, USED);
          }
          const temporary = storage.temporaryPath();
          await mkdir(path.dirname(temporary), { recursive: true });
          let size = 0;
          const limit = new Transform({
            transform(chunk: Buffer, _encoding, callback) {
              size += chunk.length;
              if (size > policy.max_bytes) callback(new Error('EntityTooLarge'));
              else callback(null, chunk);
            },
          });
          try {
            // Rejects when the browser goes away mid-upload too (a page reload): nothing is marked then.
            await pipeline(part.file, limit, createWriteStream(temporary));
          } catch {
            await rm(temporary, { force: true });
            part.file.resume();
            return refuse(reply, 400, 'Your proposed upload exceeds the maximum allowed size');
          }
          if (part.file.truncated || size === 0) {
            await rm(temporary, { force: true });
            return refuse(
              reply,
              400,
              size === 0 ? 'Your proposed upload is smaller than the minimum allowed size' : 'Too large',
            );
          }
          if (!(await storage.claimForm(policy.key, signature))) {
            await rm(temporary, { force: true });
            return refuse(reply, 403, USED);
          }
          await storage.adopt(temporary, policy.key, policy.content_type);
          return reply.status(204).send();
        }
        return refuse(reply, 400, 'No file in the form');
      },
    );

    scope.get<{ Params: { '*': string }; Querystring: Record<string, string | undefined> }>(
      '/storage/files/*',
      { config: { action: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        const key = request.params['*'];
        const headers = isSafeKey(key) ? storage.checkGet(key, request.query) : null;
        if (!headers) return refuse(reply, 403, 'Request has expired or the signature does not match');
        const object = await storage.head(key);
        if (!object) return reply.status(404).send({ error: 'not_found' });
        reply
          .header('Content-Type', headers.contentType ?? object.contentType ?? 'application/octet-stream')
          .header('Content-Length', String(object.size))
          // Signed addresses are unique and short-lived: a private cache may keep them.
          .header('Cache-Control', 'private, max-age=300');
        if (headers.disposition) reply.header('Content-Disposition', headers.disposition);
        return reply.send(await storage.stream(key));
      },
    );
  });
}
