import { z } from 'zod';

/** A record id in a path: digits only, so anything else is a clean 404 rather than a database error. */
export const idParam = z.object({ id: z.string() });

/** Booleans in query strings are the text true / false; omitted means not set (API.md). */
export const queryBoolean = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();

export const isRecordId = (value: string) => /^\d{1,18}$/.test(value);

export const pageQuery = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
};

export const listMeta = z.object({ page: z.number(), limit: z.number(), total: z.number() });
