import type { Insertable } from 'kysely';
import type { Db } from '../../src/db/database.js';
import type { Database } from '../../src/db/schema.js';

/** Tables whose rows have a bigint id (read as a string). */
type TableWithId = { [T in keyof Database]: Database[T] extends { id: unknown } ? T : never }[keyof Database];

/** Inserts `rows` into `table` straight (no API, no rules): their ids, in order. */
export async function insertIds<T extends TableWithId>(
  db: Db,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<string[]> {
  // Kysely cannot follow a table chosen by a type parameter; the row type above keeps callers checked.
  const inserted = (await db
    .insertInto(table)
    .values(rows as never)
    .returning('id' as never)
    .execute()) as unknown as { id: string }[];
  return inserted.map((r) => r.id);
}

/** `count` rows of `table`, the i-th made by `row(i)`, inserted straight: their ids, in order. */
export function insertMany<T extends TableWithId>(
  db: Db,
  table: T,
  count: number,
  row: (i: number) => Insertable<Database[T]>,
): Promise<string[]> {
  return insertIds(
    db,
    table,
    Array.from({ length: count }, (_, i) => row(i)),
  );
}

/** One row of `insertIds`: its id. */
export async function insertId<T extends TableWithId>(
  db: Db,
  table: T,
  row: Insertable<Database[T]>,
): Promise<string> {
  return (await insertIds(db, table, [row]))[0]!;
}

/**
 * A photo row as an upload leaves it once verified and its renditions made: a small JPEG of no
 * particular content, `row` over that.
 */
export const readyPhotoRow = (
  row: Pick<Insertable<Database['photos']>, 'album_id' | 'storage_key' | 'upload_file_name'> &
    Partial<Insertable<Database['photos']>>,
): Insertable<Database['photos']> => ({
  upload_file_size: 100,
  upload_content_type: 'image/jpeg',
  uploaded_at: new Date(),
  upload_verified_at: new Date(),
  content_sha256: '0'.repeat(64),
  width: 10,
  height: 10,
  orientation: 1,
  renditions_ready_at: new Date(),
  ...row,
});

/**
 * A subject of `projectId` made straight in the database, with `values` by field key (`fieldIds` maps
 * each key to the project's field id): its id.
 */
export function insertSubject(
  db: Db,
  projectId: string,
  fieldIds: Record<string, string>,
  values: Record<string, string>,
): Promise<string> {
  const properties = Object.fromEntries(Object.entries(values).map(([key, v]) => [fieldIds[key]!, v]));
  return insertId(db, 'subjects', { project_id: projectId, properties: JSON.stringify(properties) });
}
