import pLimit from 'p-limit';
import type { Db } from '../../db/database.js';
import { readCardCode, readCardCodeThoroughly, readClockText } from '../../images/card-code.js';
import { imageThreads } from '../../images/threads/pool.js';
import type { JobDeps } from '../../jobs/deps.js';
import { defineJob } from '../../jobs/queue.js';
import type { Storage } from '../../storage/storage.js';
import { notifyPhotosReady } from '../families/notify.js';
import { DEFAULT_LARGEST_OUTPUT_HEIGHT } from '../photos/checks/checks.js';
import { hashesHeldElsewhere } from '../photos/queries.js';
import { baseOf, renditionKey, selectPhotos, workingMaster } from '../photos/service.js';
import { projectFields } from '../subject-imports/service.js';
import { insertSubjectsWithCardCodes, projectSubjectsToMatch } from '../subjects/bulk.js';
import { assignBatchFrames } from './assign.js';
import { sessionCheckIns } from './check-ins.js';
import { EXIF_HEADER_BYTES, faceless, type HeaderFacts, headerFactsIn } from './frame-reading.js';
import { makePickPrimary } from './live-match.js';
import { type ItemToMatch, matchItems } from './match.js';
import {
  batchItems,
  findBatch,
  type ItemRow,
  markItemsApplied,
  moveBatch,
  type Reading,
  saveCardLooks,
  saveMatches,
  saveReadings,
  setItemSubjects,
} from './queries.js';
import { matchField, readMapping, subjectReport } from './service.js';

/** Readings saved every this many photos, so a long match holds no transaction and loses little. */
const SAVE_EVERY = 50;

/** EXIF capture time and camera from the file's header only (never the whole image). */
async function headerFacts(storage: Storage, key: string): Promise<HeaderFacts> {
  const header = await storage.read(key, EXIF_HEADER_BYTES).catch(() => null);
  return header ? headerFactsIn(header) : { captured_at: null, camera_key: null };
}

type Photo = Awaited<ReturnType<ReturnType<typeof selectPhotos>['execute']>>[number];

/**
 * A camera card's code (or, `clock`, a station clock card's text) in a photo the verification did not
 * read (verified before it read them): from its working master, or (none yet) its original at reduced size.
 */
async function cardCode(storage: Storage, photo: Photo, clock = false): Promise<string | null> {
  const master = workingMaster(photo);
  const bytes = await storage.read(master ? master.storageKey : photo.storage_key);
  return clock ? readClockText(bytes) : readCardCode(bytes);
}

/** The picture-day batch item of a photo, if it is one, and whether its batch matches by camera card. */
export const batchItemOfPhoto = (db: Db, photoId: string) =>
  db
    .selectFrom('photo_batch_items as i')
    .innerJoin('photo_batches as b', 'b.id', 'i.photo_batch_id')
    .select(['i.id', 'b.match_by', 'i.photo_batch_id', 'b.project_id'])
    .where('i.photo_id', '=', photoId)
    .executeTakeFirst();

/** Whether a photo has a sharp face by its checks (photos.checks), or undefined when not checked yet. */
function checkedFace(photo: Photo): boolean | undefined {
  return photo.checked_at ? !faceless(photo.face, photo.checks) : undefined;
}

/**
 * Whether a photo's 600 px rendition has a sharp face, examined as photos.checks examines it (its job may
 * not have reached the photo yet; verification looks for it in the frames it reads, this is for the rest);
 * null when the rendition can't be read.
 */
async function storedSharpFace(storage: Storage, photo: Photo): Promise<boolean | null> {
  const rendition = await storage.read(renditionKey(baseOf(photo.storage_key), 'large')).catch(() => null);
  return rendition
    ? imageThreads().run('sharpFaceIn', rendition, photo.height ?? DEFAULT_LARGEST_OUTPUT_HEIGHT)
    : null;
}

/**
 * camera_card: which verified frames without a code are cards the reader missed. A frame with no face
 * (its checks' face, or looked for here when not checked yet) is read again from its original with the
 * reader that tries hardest (full resolution, a crop of the largest bright rectangle); a code found makes
 * it a card, else it is an unreadable card (`unreadable_card`), which stops the sequence. What is found
 * is kept on the item, so a new match looks again at nothing.
 */
async function lookForUnreadableCards(
  db: Db,
  storage: Storage,
  input: ItemToMatch[],
  items: ItemRow[],
  photos: Map<string, Photo>,
) {
  const limit = pLimit(1);
  const found: Parameters<typeof saveCardLooks>[1] = [];
  await Promise.all(
    input.map((item, k) =>
      limit(async () => {
        const row = items[k]!;
        const photo = photos.get(row.photo_id);
        if (!item.verified || item.code || !photo) return;
        // face_count keeps what was found here: 1 a sharp face, 0 none (or only a blurred one).
        let face = checkedFace(photo) ?? (row.face_count === null ? null : row.face_count > 0);
        const looked = face === null;
        if (looked) face = await storedSharpFace(storage, photo);
        if (face === true) {
          if (looked) found.push({ id: row.id, face_count: 1, thorough: false, card_code: null });
          return;
        }
        // No sharp face, or none could be looked for (its rendition unreadable): a frame nobody could
        // examine must not carry the child before's sequence on, so it is read as a card would be. Only
        // a face looked for and not found is kept (face_count 0); a failed look is tried again next match.
        let code: string | null = null;
        if (!row.card_read_thoroughly_at) {
          const original = await storage.read(photo.storage_key).catch(() => null);
          code = original ? await readCardCodeThoroughly(original) : null;
          found.push({ id: row.id, face_count: face === false ? 0 : null, thorough: true, card_code: code });
        }
        if (code) item.code = code;
        else item.unreadable_card = true;
      }),
    ),
  );
  await saveCardLooks(db, found);
}

/**
 * Matches a batch (POST /photo-batches/:id/match set it matching): reads what is not read yet (photos.verify
 * reads every batch photo's capture time and card code; left here are photos verified before it did:
 * capture times from EXIF headers; card codes for camera_card, two images at a time as the image jobs),
 * saving as it goes, then matches every item and writes the outcome and the report in one short
 * transaction. Idempotent: a batch not matching is left alone; readings are kept across runs.
 */
export const photoBatchMatchJob = defineJob('photo-batches.match', {
  retryLimit: 2,
  retryDelaySeconds: 10,
  expireInSeconds: 60 * 60,
  async handle({ photo_batch_id }, { db, storage, log }: JobDeps) {
    const batch = await findBatch(db, photo_batch_id).catch(() => null);
    if (batch?.state !== 'matching') return;
    try {
      const items = await batchItems(db, batch.id);
      const photos = new Map(
        items.length
          ? (
              await selectPhotos(db)
                .where(
                  'ph.id',
                  'in',
                  items.map((i) => i.photo_id),
                )
                .execute()
            ).map((p) => [p.id, p])
          : [],
      );
      const readCodes = batch.match_by === 'camera_card';
      const byCheckIn = (batch.match_by as string) === 'check_in';
      const toRead = items.filter((i) => !i.code_read_at && photos.get(i.photo_id)?.upload_verified_at);
      const limit = pLimit(2);
      const read = new Map<string, Reading>();
      let unsaved: Reading[] = [];
      await Promise.all(
        toRead.map((item) =>
          limit(async () => {
            const photo = photos.get(item.photo_id)!;
            const reading = {
              id: item.id,
              ...(await headerFacts(storage, photo.storage_key)),
              card_code: readCodes || byCheckIn ? await cardCode(storage, photo, byCheckIn) : null,
            };
            read.set(item.id, reading);
            unsaved.push(reading);
            if (unsaved.length >= SAVE_EVERY) {
              const rows = unsaved;
              unsaved = [];
              await saveReadings(db, rows);
            }
          }),
        ),
      );
      await saveReadings(db, unsaved);

      const fields = await projectFields(db, batch.project_id);
      const field = matchField(fields, batch.match_field_key);
      const subjects = (await projectSubjectsToMatch(db, batch.project_id)).map((s) => ({
        id: s.id,
        card_code: s.card_code,
        value: field ? (s.properties[field.id] ?? '') : '',
      }));
      const mapping =
        batch.match_by === 'mapping_file' ? await readMapping({ storage }, batch, fields) : undefined;
      const input: ItemToMatch[] = items.map((i) => {
        const now = read.get(i.id);
        const photo = photos.get(i.photo_id);
        return {
          id: i.id,
          file_name: i.file_name,
          captured_at: now ? now.captured_at : i.captured_at,
          camera: now ? now.camera_key : i.camera_key,
          last_modified: i.last_modified,
          verified: !!photo?.upload_verified_at,
          // The code this photo holds: read now, or read before (by its verification: still pending, or
          // ignored before it arrived; or a card's own), never one a match carried after a card. By
          // check-in it is a clock card's text, which a match never carries to another photo.
          code: now
            ? now.card_code
            : byCheckIn || i.state === 'card' || i.state === 'pending' || i.reason_code === 'not_verified'
              ? i.card_code
              : null,
          reviewed: i.reviewed,
          state: i.state,
          subject_id: i.subject_id,
        };
      });
      if (readCodes) await lookForUnreadableCards(db, storage, input, items, photos);
      const held = await hashesHeldElsewhere(
        db,
        batch.project_id,
        batch.album_id,
        [...photos.values()].flatMap((p) =>
          p.upload_verified_at && p.content_sha256 ? [p.content_sha256] : [],
        ),
      );
      for (const [k, i] of input.entries()) {
        const sha = photos.get(items[k]!.photo_id)?.content_sha256;
        i.duplicate = !!sha && held.has(sha);
      }
      // A batch whose session is gone matches nothing by check-in: every photo goes to review.
      const session =
        byCheckIn && batch.photo_session_id ? await sessionCheckIns(db, batch.photo_session_id) : undefined;
      const matches = matchItems({
        matchBy: byCheckIn ? 'check_in' : batch.match_by,
        createExtras: batch.create_extras,
        items: input,
        subjects,
        ...(mapping ? { mapping } : {}),
        ...(byCheckIn
          ? {
              checkIns: session?.checkIns ?? [],
              stationIds: session?.stationIds ?? new Set(),
              stationId: batch.station_id,
            }
          : {}),
      });
      await db.transaction().execute(async (trx) => {
        await saveMatches(trx, matches);
        const report = await subjectReport(trx, batch);
        await moveBatch(trx, batch.id, ['matching'], 'matched', {
          matched_at: new Date(),
          report: JSON.stringify(report),
        });
      });
      log.info({ photo_batch_id, items: items.length, read: toRead.length }, 'photo batch matched');
    } catch (error) {
      const message =
        error && typeof error === 'object' && 'statusCode' in error && error.statusCode === 422
          ? 'the mapping file can no longer be read; upload it again'
          : 'the photos could not be matched; match again';
      await moveBatch(db, batch.id, ['matching'], 'failed', { error: message });
      if (message.startsWith('the photos')) throw error;
    }
  },
});

/**
 * Applies a batch (POST /photo-batches/:id/apply set it applying): every matched photo is assigned to its
 * subject (extras first get their new subjects), the last one of each subject's sequence that passed the
 * photo checks becomes its primary as the batch's rule says (assignBatchFrames), cards never; a frame the
 * photographer picked at the station becomes it whatever the rule. One short
 * transaction; applying again changes nothing (assignments made are kept as they are, items remember they
 * were applied).
 */
export const photoBatchApplyJob = defineJob('photo-batches.apply', {
  retryLimit: 2,
  retryDelaySeconds: 10,
  async handle({ photo_batch_id }, { db, log, config, enqueueEmail }: JobDeps) {
    const batch = await findBatch(db, photo_batch_id).catch(() => null);
    if (batch?.state !== 'applying') return;
    try {
      await db.transaction().execute(async (trx) => {
        const items = (await batchItems(trx, batch.id))
          .filter((i) => i.state === 'matched')
          .sort((a, b) => (a.sequence ?? 0) - (b.sequence ?? 0) || Number(BigInt(a.id) - BigInt(b.id)));
        const extras = items.filter((i) => !i.subject_id && i.reason_code === 'new_subject' && i.card_code);
        if (extras.length > 0) {
          const made = await insertSubjectsWithCardCodes(trx, batch.project_id, [
            ...new Set(extras.map((i) => i.card_code!)),
          ]);
          const assigned = extras.map((i) => ({ id: i.id, subject_id: made.get(i.card_code!)! }));
          await setItemSubjects(trx, assigned);
          for (const a of assigned) items.find((i) => i.id === a.id)!.subject_id = a.subject_id;
        }
        const rows = items
          .filter((i) => i.subject_id)
          .map((i) => ({ id: i.id, subject_id: i.subject_id!, photo_id: i.photo_id }));
        const made = await assignBatchFrames(trx, rows, batch.primary_rule);
        // The photographer's pick at the station (tethered capture) is its student's primary.
        for (const i of items)
          if (i.picked_at && i.subject_id) await makePickPrimary(trx, i.subject_id, i.photo_id);
        await markItemsApplied(
          trx,
          rows.map((r) => r.id),
        );
        const report = await subjectReport(trx, batch);
        // Families: "photos are ready" to the guardians of the subjects who asked for it.
        await notifyPhotosReady(
          trx,
          { config, enqueueEmail },
          rows.map((r) => r.subject_id),
        );
        await moveBatch(trx, batch.id, ['applying'], 'applied', {
          applied_at: new Date(),
          report: JSON.stringify(report),
        });
        log.info({ photo_batch_id, assigned: made }, 'photo batch applied');
      });
    } catch (error) {
      await moveBatch(db, batch.id, ['applying'], 'failed', {
        error: 'the batch could not be applied; nothing was assigned',
      });
      throw error;
    }
  },
});
