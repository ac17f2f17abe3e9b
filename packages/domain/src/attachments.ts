import { z } from 'zod';
import { recordIdSchema as recordId, requiredText } from './schemas.js';

/**
 * File types a school may send (spec §2, §5): images as the spec states, and the roster and document
 * types inferred from the extension (csv, pdf, txt, xls, xlsx, zip).
 */
export const ATTACHMENT_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  csv: 'text/csv',
  txt: 'text/plain',
  pdf: 'application/pdf',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
} as const;
export const ATTACHMENT_CONTENT_TYPES = [...new Set(Object.values(ATTACHMENT_TYPES))];
export const ATTACHMENT_ACCEPT = Object.keys(ATTACHMENT_TYPES)
  .map((ext) => `.${ext}`)
  .join(',');
/** The largest file a school may send. */
export const MAX_ATTACHMENT_BYTES = 100 * 1024 * 1024;

/** The content type: the declared one when given, else inferred from the extension; null when unsupported. */
export function attachmentContentType(fileName: string, declared?: string | null): string | null {
  const normalized = declared?.trim().toLowerCase();
  if (normalized) return (ATTACHMENT_CONTENT_TYPES as string[]).includes(normalized) ? normalized : null;
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  return (ATTACHMENT_TYPES as Record<string, string>)[ext] ?? null;
}

/** File request (spec §5): name, description and at least one project required. */
export const attachmentRequestFormSchema = z.object({
  name: requiredText(200),
  description: requiredText(5000),
});
export type AttachmentRequestForm = z.infer<typeof attachmentRequestFormSchema>;
export const attachmentRequestProjectIdsSchema = z
  .array(recordId)
  .min(1, 'choose at least one project')
  .max(500);
