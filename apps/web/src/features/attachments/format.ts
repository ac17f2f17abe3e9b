import { ATTACHMENT_TYPES } from '@school-portal/domain';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A timestamp as date and time ("Nov 21, 2026, 3:04 PM"); '' when missing. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const value = new Date(iso);
  return Number.isNaN(value.getTime()) ? '' : dateTime.format(value);
}

const UNITS = ['KB', 'MB', 'GB'] as const;

/** A file size for people: "512 bytes", "1.5 KB", "100 MB". */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes || 0))} bytes`;
  let value = bytes;
  let unit = -1;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${UNITS[unit]}`;
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
