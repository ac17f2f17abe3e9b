import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { isRecordId } from '../../http/params.js';
import { type PhotoRow, selectPhotos } from '../photos/service.js';
import type { BatchRow } from './queries.js';

/**
 * What a station link reaches of picture day: its own live batch's upload calls (live-batch.ts), found
 * here by id; anything else answers it 404, as a record out of its view.
 */

/** A station link's own live batch by id (with its project's organization), else 404. */
export async function stationOwnBatch(db: Db, request: FastifyRequest, id: string) {
  const stationId = request.station?.station_id;
  if (!stationId || !isRecordId(id)) throw notFound();
  const row = await db
    .selectFrom('photo_batches as b')
    .innerJoin('projects as p', 'p.id', 'b.project_id')
    .selectAll('b')
    .select('p.organization_id')
    .where('b.id', '=', id)
    .where('b.station_id', '=', stationId)
    .where('p.deleting_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound();
  request.authorized = true;
  const { organization_id, ...batch } = row;
  return { batch: batch as BatchRow, organizationId: organization_id };
}

/** A photo of a station link's own live batch, else 404 (its upload is verified by the link). */
export async function stationOwnPhoto(db: Db, request: FastifyRequest, id: string): Promise<PhotoRow> {
  const stationId = request.station?.station_id;
  if (!stationId || !isRecordId(id)) throw notFound();
  const photo = await selectPhotos(db)
    .where('ph.id', '=', id)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('photo_batch_items as i')
          .innerJoin('photo_batches as b', 'b.id', 'i.photo_batch_id')
          .select('i.id')
          .whereRef('i.photo_id', '=', 'ph.id')
          .where('b.station_id', '=', stationId),
      ),
    )
    .executeTakeFirst();
  if (!photo) throw notFound();
  request.authorized = true;
  return photo;
}
