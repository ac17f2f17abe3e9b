import type { SeasonRow } from './queries.js';

export const serializeSeason = (s: SeasonRow) => ({
  ...s,
  created_at: s.created_at.toISOString(),
  updated_at: s.updated_at.toISOString(),
});
