export const DAY_MS = 24 * 60 * 60 * 1000;

/** The time `days` days after `from` (before it, when negative): retention periods are kept in days. */
export const daysAfter = (from: Date, days: number) => new Date(from.getTime() + days * DAY_MS);
