import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { isRecordId } from '../../http/params.js';
import { lockStation, stationInView } from '../photo-sessions/queries.js';
import { createAlbum } from '../photos/queries.js';
import { type BatchRow, insertBatch } from './queries.js';
import { batchAnswer, DEFAULT_MATCH_FIELD } from './service.js';

/**
 * Tethered capture: each station has one live batch, matched by check-in in the station's session, that
 * its uploader sends every frame into as it is shot. A station link reaches that batch's upload calls
 * (`POST /photo-batches/:id/photos`, `PATCH /photos/:id/verify`) and nothing else of picture day.
 */

/** The station of the path: a station link's own (any other is 404), else one in the caller's view. */
export async function stationOf(request: FastifyRequest, id: string) {
  const own = request.station;
  if (own) {
    if (id !== own.station_id) throw notFound();
    request.authorized = true;
    return { id: own.station_id, photo_session_id: own.photo_session_id, project_id: own.project_id };
  }
  if (!isRecordId(id)) throw notFound();
  return request.access.findRowWhere('project', (ids, db) => stationInView(db, ids, id));
}

/**
 * Opens the station's live batch on its first call, else answers the one it has. The station's row is
 * locked first, so calls at once make one batch (and one album) between them.
 */
export async function openStationBatch(ctx: AppContext, request: FastifyRequest, stationId: string) {
  const station = await stationOf(request, stationId);
  const { batch, created } = await ctx.db.transaction().execute(async (trx) => {
    const row = await lockStation(trx, station.id);
    if (!row) throw notFound();
    const existing = await trx
      .selectFrom('photo_batches')
      .selectAll()
      .where('station_id', '=', station.id)
      .executeTakeFirst();
    if (existing) return { batch: existing, created: false };
    const name = `${row.session_name}: ${row.name}`.slice(0, 200);
    const album = await createAlbum(trx, station.project_id, {
      name: `Picture day: ${name}`,
      tags: ['school-portal', 'picture-day'],
    });
    const batch = await insertBatch(trx, {
      project_id: station.project_id,
      album_id: album.id,
      name,
      // Matched by check-in: the batch kinds the jobs know are typed without it (see createBatch).
      match_by: 'check_in' as BatchRow['match_by'],
      photo_session_id: station.photo_session_id,
      station_id: station.id,
      match_field_key: DEFAULT_MATCH_FIELD,
      primary_rule: 'if_none',
      created_by_user_id: request.session?.user.id ?? null,
    });
    return { batch, created: true };
  });
  return { created, photo_batch: await batchAnswer(ctx.db, request.session, batch) };
}
