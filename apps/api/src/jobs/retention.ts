import { purgeAuditEvents } from '../modules/audit/retention.js';
import { purgeFamilies } from '../modules/families/retention.js';
import { expireRenders } from '../modules/layouts/retention.js';
import { purgeWalkUps } from '../modules/photo-sessions/retention.js';
import { finishStalledProjectDeletions } from '../modules/projects/delete.js';
import { daysAfter } from '../time.js';
import { deleteDueObjects } from './cleanup.js';
import type { JobDeps } from './deps.js';
import { defineSweep } from './queue.js';

/**
 * Retention: renders past EXPORT_RETENTION_DAYS lose their PDF and are marked expired; trail
 * rows older than AUDIT_RETENTION_DAYS are purged; project deletions whose job gave up are finished;
 * guardians who have not signed in again within GUARDIAN_RETENTION_DAYS are removed (families/retention.ts);
 * walk-ups never approved go WALK_UP_RETENTION_DAYS after their session (photo-sessions/retention.ts).
 * Export archives expire by the exports' own job. `now` is the clock (tests move it).
 */
export async function runRetentionSweep(
  deps: Pick<JobDeps, 'db' | 'storage' | 'config'>,
  now = new Date(),
): Promise<{ renders_expired: number; audit_events_purged: number; project_deletions_finished: number }> {
  const renders = await expireRenders(deps.db, now, deps.config.exportRetentionDays);
  const audit = await purgeAuditEvents(deps.db, daysAfter(now, -deps.config.auditRetentionDays));
  if (renders > 0) await deleteDueObjects(deps);
  const projects = await finishStalledProjectDeletions(deps, now);
  // Guardians who have not signed in again within the families' retention period, and spent family links.
  await purgeFamilies(deps.db, now);
  await purgeWalkUps(deps.db, now);
  return { renders_expired: renders, audit_events_purged: audit, project_deletions_finished: projects };
}

export const retentionSweepJob = defineSweep(
  'retention.sweep',
  {
    retryLimit: 3,
    retryDelaySeconds: 300,
    schedule: '27 3 * * *',
    log: 'always',
    message: 'retention sweep',
  },
  (deps: JobDeps) => runRetentionSweep(deps),
);
