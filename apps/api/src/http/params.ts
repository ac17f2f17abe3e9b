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

/** A paged list's query fields: `page`, and `limit` up to `max` (`defaultLimit` when left out). */
export const pageFields = (defaultLimit: number, max = 500) => ({
  ...pageQuery,
  limit: z.coerce.number().int().min(1).max(max).default(defaultLimit),
});

/** A list over an organization and, with traverse_sub_organizations, every one below it; keyword narrows it. */
export const treeListQuery = {
  ...pageFields(10),
  traverse_sub_organizations: queryBoolean,
  keyword: z.string().trim().max(200).optional(),
};

export const listMeta = z.object({ page: z.number(), limit: z.number(), total: z.number() });

/** A paged list's answer: the records under their plural key, then the page's `meta` (API.md). */
export function pageOf<K extends string, T extends z.ZodType>(key: K, item: T) {
  const shape = { [key]: z.array(item), meta: listMeta };
  return z.object(shape as { [P in K]: z.ZodArray<T> } & { meta: typeof listMeta });
}
