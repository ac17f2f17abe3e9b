import { poseDeadline, posesOpen } from '@school-portal/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** Targets with their format's name and settings (what the preset may fix), their creator and last delivery. */
export const selectTargets = (db: Db) =>
  db
    .selectFrom('yearbook_targets as t')
    .leftJoin('project_export_formats as f', 'f.id', 't.project_export_format_id')
    .leftJoin('users as u', 'u.id', 't.created_by_user_id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('yearbook_deliveries as d')
          .select(['d.id', 'd.number', 'd.kind', 'd.status', 'd.created_at'])
          .whereRef('d.yearbook_target_id', '=', 't.id')
          .orderBy('d.number', 'desc')
          .limit(1)
          .as('last'),
      (join) => join.onTrue(),
    )
    .selectAll('t')
    .select([
      'f.name as format_name',
      'f.images_crop_width_pixels as format_width',
      'f.images_crop_height_pixels as format_height',
      'f.data_encoding as format_encoding',
      'f.data_include_headers as format_header',
      'f.data_master_file as format_master',
      'u.name as created_by_user_name',
      'last.id as last_delivery_id',
      'last.number as last_delivery_number',
      'last.kind as last_delivery_kind',
      'last.status as last_delivery_status',
      'last.created_at as last_delivery_created_at',
      sql<number>`(SELECT count(*)::int FROM yearbook_deliveries c WHERE c.yearbook_target_id = t.id)`.as(
        'deliveries_count',
      ),
    ]);
export type TargetRow = Awaited<ReturnType<ReturnType<typeof selectTargets>['executeTakeFirstOrThrow']>>;

export const selectDeliveries = (db: Db) =>
  db
    .selectFrom('yearbook_deliveries as d')
    .leftJoin('users as u', 'u.id', 'd.created_by_user_id')
    .selectAll('d')
    .select(['u.name as created_by_user_name']);
export type DeliveryRow = Awaited<ReturnType<ReturnType<typeof selectDeliveries>['executeTakeFirstOrThrow']>>;

export const selectManifest = (db: Db, deliveryId: string) =>
  db
    .selectFrom('yearbook_delivery_subjects')
    .selectAll()
    .where('yearbook_delivery_id', '=', deliveryId)
    .orderBy('subject_id');
export type ManifestRow = Awaited<ReturnType<ReturnType<typeof selectManifest>['executeTakeFirstOrThrow']>>;

/** Who downloaded what of these deliveries, oldest first. */
export function deliveryDownloads(db: Db, deliveryIds: string[]) {
  if (deliveryIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('yearbook_delivery_downloads as w')
    .leftJoin('users as u', 'u.id', 'w.user_id')
    .select(['w.yearbook_delivery_id', 'w.user_id', 'u.name as user_name', 'w.what', 'w.created_at'])
    .where('w.yearbook_delivery_id', 'in', deliveryIds)
    .orderBy('w.id')
    .execute();
}

/** The target's last completed delivery: the state the next one counts its changes from. */
export const lastCompletedDelivery = (db: Db, targetId: string) =>
  db
    .selectFrom('yearbook_deliveries')
    .select(['id', 'number'])
    .where('yearbook_target_id', '=', targetId)
    .where('status', '=', 'completed')
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();

/**
 * The pose deadline of the project's targets that has passed on `today` (YYYY-MM-DD, UTC), the earliest
 * such, or null while every target's choice is open: a subject's yearbook photo changes only until it,
 * whichever route changes it.
 */
export async function passedPoseDeadline(db: Db, projectId: string, today: string): Promise<string | null> {
  const targets = await db
    .selectFrom('yearbook_targets')
    .select('deadlines')
    .where('project_id', '=', projectId)
    .execute();
  const passed = targets
    .filter((t) => !posesOpen(t.deadlines, today))
    .map((t) => poseDeadline(t.deadlines) as string)
    .sort();
  return passed[0] ?? null;
}
