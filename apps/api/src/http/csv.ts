import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { contentDisposition } from '../storage/storage.js';

/** The answers of a route that downloads a CSV file. */
export const csvResponse = { 200: z.string().describe('text/csv') };

/**
 * Answers `body` as the CSV file `fileName`. A stream passes the response serializer by (the route's
 * schema only knows the string).
 */
export function sendCsv(reply: FastifyReply, fileName: string, body: string | Readable) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', contentDisposition(fileName))
    .send(body);
}
