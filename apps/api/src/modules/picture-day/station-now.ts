import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { unprocessable } from '../../http/errors.js';
import { sessionLiveApply } from '../photo-sessions/queries.js';
import { stationCurrentStudent } from '../photo-sessions/service.js';
import { serializePhoto } from '../photos/service.js';
import { stationOf } from './live-batch.js';
import { makePickPrimary } from './live-match.js';
import { REASON_CODES, type ReasonCode } from './match.js';
import { framesOfSubject, type ItemRow, liveBatchOfStation, pickItem, processingCount } from './queries.js';
import { reasonText, type StationFrame, type StationNow } from './serialize.js';

/**
 * A station's "now" view (tethered capture): its current student (the last check-in at that station)
 * and that student's frames in the station's live batch as they arrive, each with its signed thumbnails,
 * its photo checks and its portrait auto crop, and whether the last frame calls for another one now
 * (`retake_now`: it failed a check). The photographer may mark one frame as the student's pick.
 */
export async function stationNow(
  ctx: AppContext,
  request: FastifyRequest,
  stationId: string,
): Promise<StationNow> {
  const station = await stationOf(request, stationId);
  const [student, batch, liveApply] = await Promise.all([
    stationCurrentStudent(ctx.db, request, station),
    liveBatchOfStation(ctx.db, station.id),
    sessionLiveApply(ctx.db, station.photo_session_id),
  ]);
  const frames =
    batch && student?.subject_id
      ? await frameAnswers(ctx, await framesOfSubject(ctx.db, batch.id, student.subject_id))
      : [];
  const last = frames.at(-1);
  const retakeNow = !!last && last.checked && last.checks.length > 0;
  return {
    station_id: station.id,
    photo_session_id: station.photo_session_id,
    photo_batch_id: batch?.id ?? null,
    live_apply: liveApply,
    student,
    frames,
    retake_now: retakeNow,
    retake_reasons: retakeNow ? last.checks.map((c) => c.code) : [],
    processing: batch ? await processingCount(ctx.db, batch.id) : 0,
  };
}

type Frame = Awaited<ReturnType<typeof framesOfSubject>>[number];

async function frameAnswers(ctx: AppContext, rows: Frame[]): Promise<StationFrame[]> {
  return Promise.all(
    rows.map(async ({ item, photo, auto_crop, is_primary }) => {
      const reason = (REASON_CODES as readonly string[]).includes(item.reason_code ?? '')
        ? (item.reason_code as ReasonCode)
        : null;
      const { thumbnails } = await serializePhoto(ctx.storage, photo);
      const face = photo.face
        ? { x: photo.face.x, y: photo.face.y, width: photo.face.width, height: photo.face.height }
        : null;
      return {
        photo_id: photo.id,
        photo_batch_item_id: item.id,
        file_name: item.file_name,
        captured_at: item.captured_at?.toISOString() ?? null,
        state: item.state,
        reason_code: reason,
        reason: reasonText(reason, 'value', item.candidate_subject_ids.length),
        verification_state: photo.verification_state,
        thumbnails,
        checked: photo.checked_at !== null,
        checks: photo.checks ?? [],
        face,
        auto_crop,
        picked: item.picked_at !== null,
        applied: item.applied_at !== null,
        is_primary,
      };
    }),
  );
}

/**
 * The photographer's pick among the current student's frames: the one they keep. Marked on its item (one
 * per student in the batch: another pick replaces it); a frame already applied becomes the student's
 * primary at once, and one applied later becomes it then (apply). 422 for a photo that is not a matched,
 * checked frame of the station's current student.
 */
export async function pickFrame(
  ctx: AppContext,
  request: FastifyRequest,
  stationId: string,
  photoId: string,
) {
  const station = await stationOf(request, stationId);
  const [student, batch] = await Promise.all([
    stationCurrentStudent(ctx.db, request, station),
    liveBatchOfStation(ctx.db, station.id),
  ]);
  const notHers = () => unprocessable({ photo_id: ["is not a frame of the station's current student"] });
  if (!batch || !student?.subject_id) throw notHers();
  const subjectId = student.subject_id;
  const frames = await framesOfSubject(ctx.db, batch.id, subjectId);
  const frame = frames.find((f) => f.photo.id === photoId);
  if (frame?.item.state !== 'matched' || frame.item.subject_id !== subjectId) throw notHers();
  if (!frame.photo.checked_at)
    throw unprocessable({ photo_id: ['is still being checked; pick it once it is'] });
  await ctx.db.transaction().execute(async (trx) => {
    const picked: ItemRow = await pickItem(trx, batch.id, subjectId, frame.item.id);
    if (picked.applied_at) await makePickPrimary(trx, subjectId, picked.photo_id);
  });
  return stationNow(ctx, request, stationId);
}
