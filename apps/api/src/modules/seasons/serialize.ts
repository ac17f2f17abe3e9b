import { isoTimestamps } from '../../wire.js';
import type { SeasonRow } from './queries.js';

export const serializeSeason = (s: SeasonRow) => ({
  ...s,
  ...isoTimestamps(s),
});
