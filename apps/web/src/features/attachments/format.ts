import { ATTACHMENT_TYPES } from '@school-portal/domain';

export { formatBytes } from '../../components/format';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A timestamp as date and time ("Nov 21, 2026, 3:04 PM"); '' when missing. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const value = new Date(iso);
  return Number.isNaN(value.getTime()) ? '' : dateTime.format(value);
}

/** The accepted extensions as people write them: "PNG, JPG, JPEG, CSV, …". */
export const ACCEPTED_TYPES_TEXT = Object.keys(ATTACHMENT_TYPES)
  .map((ext) => ext.toUpperCase())
  .join(', ');

/** A content type as a short label (CSV, PDF, XLSX, ...), else the content type itself. */
export function fileTypeLabel(contentType: string, fileName?: string): string {
  const ext = fileName?.toLowerCase().split('.').pop();
  const types = ATTACHMENT_TYPES as Record<string, string>;
  if (ext && types[ext] === contentType) return ext.toUpperCase();
  const match = Object.entries(types).find(([, type]) => type === contentType);
  return match ? match[0].toUpperCase() : contentType;
}
