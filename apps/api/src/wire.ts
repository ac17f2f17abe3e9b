import { z } from 'zod';

/**
 * Fields several records share on the wire, each written once: the zod fragment a response schema spreads
 * where the field stands, and the serializer that fills it from the database row (dates as ISO 8601).
 */

/** A time that may not have happened yet, as the API answers it: ISO 8601, or null. */
export const isoOrNull = (d: Date | null) => d?.toISOString() ?? null;

/** When the record was made and last changed. */
export const timestampsShape = { created_at: z.string(), updated_at: z.string() };

/** A record as the API answers it: its id, then its own `fields`, then when it was made and last changed. */
export const recordSchema = <S extends z.ZodRawShape>(fields: S) =>
  z.object({ id: z.string(), ...fields, ...timestampsShape });

/** A record whose answer tells only when it was made: its id, then its own `fields`, then `created_at`. */
export const createdRecordSchema = <S extends z.ZodRawShape>(fields: S) =>
  z.object({ id: z.string(), ...fields, created_at: z.string() });

/** Another record as one names it: its id and its name (a project's organization, an event's user). */
export const namedRef = z.object({ id: z.string(), name: z.string() });

export const isoTimestamps = (row: { created_at: Date; updated_at: Date }) => ({
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** An uploaded file (a photo's, an attachment's): what the form declared, when it came and was verified. */
export const uploadShape = {
  upload_file_name: z.string(),
  upload_file_size: z.number(),
  upload_content_type: z.string(),
  uploaded_at: z.string().nullable(),
  upload_verified_at: z.string().nullable(),
};

export interface UploadRow {
  upload_file_name: string;
  /** A bigint column: the driver answers it as a string. */
  upload_file_size: string;
  upload_content_type: string;
  uploaded_at: Date | null;
  upload_verified_at: Date | null;
}

export const serializeUpload = (row: UploadRow) => ({
  upload_file_name: row.upload_file_name,
  upload_file_size: Number(row.upload_file_size),
  upload_content_type: row.upload_content_type,
  uploaded_at: isoOrNull(row.uploaded_at),
  upload_verified_at: isoOrNull(row.upload_verified_at),
});
