import type { Db } from '../../db/database.js';
import { publishEvent } from '../../events/events.js';
import { sessionLiveApply } from '../photo-sessions/queries.js';
import { setPrimariesInBulk } from '../photos/assignments.js';
import { hashesHeldElsewhere } from '../photos/queries.js';
import { assignBatchFrames } from './assign.js';
import { sessionCheckIns } from './check-ins.js';
import { type ItemToMatch, type MatchedItem, matchItems } from './match.js';
import {
  batchItemsWithPhotos,
  type ItemRow,
  liveItemOfPhoto,
  lockBatch,
  markItemsApplied,
  saveMatches,
} from './queries.js';

/**
 * Tethered capture: a station's live batch is matched as its frames arrive, not only at the day's end.
 * When a frame's checks are saved (photos.checks; its capture time and clock card were read by its
 * verification), the whole live batch is matched again by check-in under its row's lock (one match at a
 * time per batch; a frame verified after the one before it may set its camera's clock), and the frames
 * applied so far keep what they were applied as. When the session applies as it goes (`live_apply`), the
 * matched frames not applied yet are applied now: the first good frame of a student becomes the primary
 * unless the student has one (the rule `if_none`), the photographer's pick replacing it. Else they are
 * held for the studio's review, as a batch uploaded by hand. The station's stream is told (`station.frame`:
 * ids and states) as this commits. A batch being matched or applied by the studio is left to that job.
 */
export async function matchLiveFrame(db: Db, photoId: string): Promise<void> {
  const found = await liveItemOfPhoto(db, photoId);
  if (!found?.station_id || !found.photo_session_id) return;
  const stationId = found.station_id;
  const sessionId = found.photo_session_id;
  await db.transaction().execute(async (trx) => {
    const batch = await lockBatch(trx, found.photo_batch_id);
    if (!batch) return;
    const rows = await batchItemsWithPhotos(trx, batch.id);
    const byId = new Map(rows.map((r) => [r.id, r]));
    if (batch.state !== 'matching' && batch.state !== 'applying') {
      const held = await hashesHeldElsewhere(
        trx,
        batch.project_id,
        batch.album_id,
        rows.flatMap((r) => (r.upload_verified_at && r.content_sha256 ? [r.content_sha256] : [])),
      );
      const { checkIns, stationIds } = await sessionCheckIns(trx, sessionId);
      const input: ItemToMatch[] = rows.map((i) => ({
        id: i.id,
        file_name: i.file_name,
        captured_at: i.captured_at,
        camera: i.camera_key,
        last_modified: i.last_modified,
        verified: !!i.upload_verified_at,
        code: i.card_code,
        reviewed: i.reviewed,
        state: i.state,
        subject_id: i.subject_id,
        duplicate: !!i.content_sha256 && held.has(i.content_sha256),
      }));
      const matches = matchItems({
        matchBy: 'check_in',
        createExtras: false,
        items: input,
        subjects: [],
        checkIns,
        stationIds,
        stationId,
      }).filter((m) => !byId.get(m.id)!.applied_at);
      // Written only where the outcome moved: most of a long day's batch stays as it was at each frame.
      await saveMatches(
        trx,
        matches.filter((m) => changed(byId.get(m.id)!, m)),
      );
      for (const m of matches) Object.assign(byId.get(m.id)!, { state: m.state, subject_id: m.subject_id });
      if (await sessionLiveApply(trx, sessionId)) {
        const frames = matches
          .filter((m) => m.state === 'matched' && m.subject_id && byId.get(m.id)!.upload_verified_at)
          .sort((a, b) => a.sequence - b.sequence)
          .map((m) => ({ id: m.id, subject_id: m.subject_id!, photo_id: byId.get(m.id)!.photo_id }));
        if (frames.length > 0) {
          await assignBatchFrames(trx, frames, 'if_none');
          await markItemsApplied(
            trx,
            frames.map((f) => f.id),
          );
          for (const f of frames) {
            const row = byId.get(f.id)!;
            row.applied_at = new Date();
            if (row.picked_at) await makePickPrimary(trx, f.subject_id, f.photo_id);
          }
        }
      }
    }
    const frame = byId.get(found.id);
    if (!frame) return;
    await publishEvent(
      trx,
      { projectId: batch.project_id },
      {
        type: 'station.frame',
        photo_session_id: sessionId,
        station_id: stationId,
        photo_batch_id: batch.id,
        photo_id: photoId,
        subject_id: frame.subject_id,
        state: frame.state,
        checks: !frame.checked_at ? 'pending' : frame.checks.length > 0 ? 'failed' : 'passed',
        applied: frame.applied_at !== null,
      },
    );
  });
}

/** Whether a match's outcome differs from what its item holds. */
function changed(row: ItemRow, m: MatchedItem) {
  return (
    row.sequence !== m.sequence ||
    row.state !== m.state ||
    row.subject_id !== m.subject_id ||
    row.reason_code !== m.reason_code ||
    row.value_read !== m.value_read ||
    row.warning_code !== m.warning_code ||
    (m.card_code !== null && row.card_code !== m.card_code) ||
    row.candidate_subject_ids.join(',') !== m.candidate_subject_ids.join(',')
  );
}

/** The photographer's pick becomes its student's primary (it replaces the one chosen before). */
export const makePickPrimary = (trx: Db, subjectId: string, photoId: string) =>
  setPrimariesInBulk(trx, [{ subject_id: subjectId, photo_id: photoId }], 'newest');
