const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** A timestamp as a date ("Nov 21, 2026"). */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const value = new Date(iso);
  return Number.isNaN(value.getTime()) ? '' : date.format(value);
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A timestamp with its time ("Nov 21, 2026, 3:04 PM"), in the browser's time zone. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const value = new Date(iso);
  return Number.isNaN(value.getTime()) ? '' : dateTime.format(value);
}

/** A calendar date without time (2026-08-01) as written ("Aug 1, 2026"), whatever the time zone. */
export function formatCalendarDate(isoDate: string | null | undefined): string {
  if (!isoDate) return '';
  const value = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(value.getTime()) ? isoDate : dateOnly.format(value);
}

/** Case- and accent-insensitive comparison that orders "Grade 2" before "Grade 10". */
export const compareText = (a: string, b: string) =>
  a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true });

const UNITS = ['KB', 'MB', 'GB'] as const;

/** The one way file sizes are written (photos, files, limits): "512 bytes", "1.5 KB", "100 MB". */
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
