import {
  FIELD_KEYS,
  type HeadSizeRule,
  headOfFaceBox,
  headSizeCrop,
  POSE_NUMBER_PATTERN,
} from '@school-portal/domain';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { PhotoFace } from '../../db/schema.js';
import { exportPhotoSources, subjectPhotoReads } from '../photos/queries.js';
import { workingMaster } from '../photos/service.js';
import { projectHeadSizeRule } from '../projects/queries.js';
import {
  countMatchingSubjects,
  matchingSubjectIds,
  selectionCondition,
  subjectBatchAfter,
} from '../subjects/queries.js';
import type { ExportCheckIssue, ExportImageSource, ExportSubject, ProjectField } from './archive/index.js';

/** Subjects are read this many at a time (keyset pages): memory stays flat in the number of subjects. */
export const SUBJECT_BATCH = 500;

/** What decides which subjects an export holds, as stored on the export. */
export interface ExportSelection {
  project_id: string;
  included_subject_ids: string[];
  excluded_subject_ids: string[];
  include_subjects_without_images: boolean;
  /** A yearbook format's run (consent, migration 0030): subjects left out of the yearbook are not exported. */
  leave_out_yearbook_opt_outs?: boolean;
}

/** How each subject's images are chosen (exports §9). */
export interface ImageChoice {
  selected_pose: string;
  selected_background: 'default' | 'ordered';
  use_default_photo_crops: boolean;
  /** The output's shape: portrait when at least as high as wide (crops 8x10), else landscape (10x8). */
  portrait: boolean;
  /** The output's width:height, for the crop of that aspect (photo checks); without it, by orientation. */
  aspect?: number;
  /** The project's head-size rule, for an auto crop of the aspect computed from the stored face. */
  headSize?: HeadSizeRule;
}

/** A template field as values are read from it. */
export type ExportField = ProjectField;

const KNOWN_KEYS = new Set<string>(FIELD_KEYS.map((f) => f.key));

/**
 * The selection as one condition over `subjects s` of the project: the selection issue's semantics (empty
 * included ids = every subject, minus the excluded ids), and, when subjects without images are left out,
 * only subjects with a photo.
 */
function selectionWhere(selection: ExportSelection): Expression<SqlBool> {
  const chosen = chosenWhere(selection);
  return selection.leave_out_yearbook_opt_outs
    ? sql<SqlBool>`(${chosen} AND NOT s.yearbook_opt_out)`
    : chosen;
}

/** The selection before consent is applied (the pre-export check names who consent leaves out). */
function chosenWhere(selection: ExportSelection): Expression<SqlBool> {
  const base = selectionCondition(
    { fields: [] },
    {
      filter: null,
      included_subject_ids: selection.included_subject_ids,
      excluded_subject_ids: selection.excluded_subject_ids,
    },
  );
  return selection.include_subjects_without_images
    ? base
    : sql<SqlBool>`(${base} AND ${subjectPhotoReads('s.id').hasAny})`;
}

export async function countSelection(db: Db, selection: ExportSelection): Promise<number> {
  return countMatchingSubjects(db, selection.project_id, selectionWhere(selection));
}

/**
 * For a yearbook format's run, the selected subjects its consent leaves out (families who asked to be left
 * out of the yearbook), as the pre-export check names them; null for other runs or when there are none.
 */
export async function yearbookOptOutIssue(
  db: Db,
  selection: ExportSelection,
): Promise<ExportCheckIssue | null> {
  if (!selection.leave_out_yearbook_opt_outs) return null;
  const ids = await matchingSubjectIds(
    db,
    selection.project_id,
    sql<SqlBool>`(${chosenWhere(selection)} AND s.yearbook_opt_out)`,
  );
  if (ids.length === 0) return null;
  const n = ids.length;
  return {
    code: 'yearbook_opt_out',
    message: `${n === 1 ? '1 subject' : `${n.toLocaleString('en-US')} subjects`} asked to be left out of the yearbook and will be left out.`,
    field_key: null,
    count: n,
    subject_ids: ids.slice(0, 100),
  };
}

/** Values by field key: each keyed field's trimmed value (the first field of a key wins). */
export function valuesOf(fields: ExportField[], properties: Record<string, string>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const f of fields) {
    if (!f.field_key || !KNOWN_KEYS.has(f.field_key)) continue;
    const value = (properties[f.id] ?? '').trim();
    if (value && values[f.field_key] === undefined) values[f.field_key] = value;
  }
  return values;
}

/** Values by template field id (for custom and unmapped fields' columns): each field's trimmed value. */
export function valuesById(
  fields: ExportField[],
  properties: Record<string, string>,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const f of fields) {
    const value = (properties[f.id] ?? '').trim();
    if (value) values[f.id] = value;
  }
  return values;
}

type PhotoRow = Awaited<ReturnType<typeof exportPhotoSources>>['photos'][number];
type CropRow = Awaited<ReturnType<typeof exportPhotoSources>>['crops'][number];

/**
 * The photos of one subject for the pose, from its photos in upload order:
 * - primary: its primary photo (a subject without one: its latest, as printing does);
 * - yearbook: the photo flagged for the yearbook, else as primary; yearbook_strict: only the flagged one;
 * - all: every photo; oldest / newest: the first / last uploaded; a number n: the nth uploaded.
 * Backgrounds: nothing in the photos models background choices, so "default" keeps the primary photo
 * first for pose "all" and "ordered" keeps the plain upload order (docs/decisions.md).
 */
export function photosForPose<P extends Pick<PhotoRow, 'id' | 'is_primary'>>(
  photos: P[],
  yearbookPhotoId: string | null,
  pose: string,
  background: 'default' | 'ordered',
): P[] {
  if (photos.length === 0) return [];
  const primary = photos.find((p) => p.is_primary) ?? photos[photos.length - 1]!;
  const yearbook = yearbookPhotoId ? photos.find((p) => p.id === yearbookPhotoId) : undefined;
  switch (pose) {
    case 'primary':
      return [primary];
    case 'yearbook':
      return [yearbook ?? primary];
    case 'yearbook_strict':
      return yearbook ? [yearbook] : [];
    case 'all':
      return background === 'ordered' ? photos : [primary, ...photos.filter((p) => p !== primary)];
    case 'oldest':
      return [photos[0]!];
    case 'newest':
      return [photos[photos.length - 1]!];
    default: {
      if (!POSE_NUMBER_PATTERN.test(pose)) return [];
      const nth = photos[Number(pose) - 1];
      return nth ? [nth] : [];
    }
  }
}

/** EXIF orientations 5 to 8 turn the image a quarter: the upright image's sides swap. */
const upright = (p: { width: number; height: number; orientation: number | null }) =>
  p.orientation !== null && p.orientation >= 5 && p.orientation <= 8
    ? { width: p.height, height: p.width }
    : { width: p.width, height: p.height };

/** Two aspects (width:height) this close are the same frame (a format's 640 x 800 and the 8x10's 0.8). */
const SAME_ASPECT = 0.02;

/**
 * The crop of a photo for the output, in the upright image's pixels (docs/api.md "Photo checks"):
 * - a person's crop of the output's aspect (`target.aspect`), their default first;
 * - else a person's crop of the output's orientation (portrait or landscape; cut to the aspect around
 *   its centre by the archive);
 * - else the computer's auto crop of that aspect; else one computed from the photo's stored face by the
 *   project's head-size rule for that aspect (a format whose auto crops are not made yet);
 * - else an auto crop of the orientation (the 8x10 one, cut to the aspect);
 * - none: the archive centres a crop of the output's aspect ratio.
 * Without `target`, crops are taken in the order given (a person's first), by orientation.
 */
export function cropFor(
  photo: { width: number; height: number; orientation: number | null },
  crops: (Omit<CropRow, 'source' | 'aspect'> & { source?: CropRow['source']; aspect?: number | null })[],
  portrait: boolean,
  target?: { aspect: number; face?: PhotoFace | null; rule?: HeadSizeRule },
): { crop: ExportImageSource['crop']; name: string | null; source?: 'manual' | 'auto' } {
  const size = upright(photo);
  const inPixels = (c: Pick<CropRow, 'x' | 'y' | 'width' | 'height'>) => {
    const x = Math.round(c.x * size.width);
    const y = Math.round(c.y * size.height);
    return {
      x,
      y,
      width: Math.max(1, Math.min(size.width - x, Math.round(c.width * size.width))),
      height: Math.max(1, Math.min(size.height - y, Math.round(c.height * size.height))),
    };
  };
  const chosen = (c: (typeof crops)[number]) => ({ crop: inPixels(c), name: c.name, source: c.source });
  const oriented = (c: (typeof crops)[number]) => {
    const px = inPixels(c);
    return px.height >= px.width === portrait;
  };
  if (!target) {
    // Crops come a person's first (default first), then the computer's auto crops, each in the order made.
    const first = crops.find(oriented);
    return first ? chosen(first) : { crop: null, name: null };
  }
  const near = (aspect: number) => Math.abs(aspect - target.aspect) <= SAME_ASPECT * target.aspect;
  const manual = crops.filter((c) => c.source !== 'auto');
  const auto = crops.filter((c) => c.source === 'auto');
  const manualOfAspect = manual.find((c) => {
    const px = inPixels(c);
    return near(px.width / px.height);
  });
  if (manualOfAspect) return chosen(manualOfAspect);
  const manualOriented = manual.find(oriented);
  if (manualOriented) return chosen(manualOriented);
  const autoOfAspect = auto.find((c) => c.aspect != null && near(c.aspect));
  if (autoOfAspect) return chosen(autoOfAspect);
  if (target.face && target.rule && portrait) {
    const computed = headSizeCrop(
      headOfFaceBox(target.face),
      size.width / size.height,
      target.aspect,
      target.rule,
    );
    return {
      crop: inPixels(computed),
      name: `Auto ${Math.round(target.aspect * 10_000) / 10_000}`,
      source: 'auto',
    };
  }
  const autoOriented = auto.find(oriented);
  return autoOriented ? chosen(autoOriented) : { crop: null, name: null };
}

/** Builds the ExportSubjects of one page of subject rows: values, and images with their crops. */
async function toExportSubjects(
  db: Db,
  rows: { id: string; properties: Record<string, string>; yearbook_photo_id: string | null }[],
  fields: ExportField[],
  choice: ImageChoice,
): Promise<ExportSubject[]> {
  const { photos, crops } = await exportPhotoSources(
    db,
    rows.map((r) => r.id),
  );
  const photosBySubject = new Map<string, PhotoRow[]>();
  for (const p of photos) {
    const list = photosBySubject.get(p.subject_id) ?? [];
    list.push(p);
    photosBySubject.set(p.subject_id, list);
  }
  const cropsByPhoto = new Map<string, CropRow[]>();
  for (const c of crops) {
    const list = cropsByPhoto.get(c.photo_id) ?? [];
    list.push(c);
    cropsByPhoto.set(c.photo_id, list);
  }
  return rows.map((row) => {
    const chosen = photosForPose(
      photosBySubject.get(row.id) ?? [],
      row.yearbook_photo_id,
      choice.selected_pose,
      choice.selected_background,
    );
    return {
      id: row.id,
      values: valuesOf(fields, row.properties),
      fieldValues: valuesById(fields, row.properties),
      images: chosen.map((p) => {
        const photo = { width: p.width!, height: p.height!, orientation: p.orientation };
        const { crop, name, source } = choice.use_default_photo_crops
          ? cropFor(
              photo,
              cropsByPhoto.get(p.id) ?? [],
              choice.portrait,
              choice.aspect ? { aspect: choice.aspect, face: p.face, rule: choice.headSize } : undefined,
            )
          : { crop: null, name: null };
        return {
          photoId: p.id,
          storageKey: p.storage_key,
          width: photo.width,
          height: photo.height,
          orientation: p.orientation,
          crop,
          cropName: name,
          ...(source ? { cropSource: source } : {}),
          master: workingMaster(p),
        };
      }),
    };
  });
}

/**
 * The selected subjects as ExportSubjects, a page of SUBJECT_BATCH at a time in the order they were added
 * (keyset pagination on the project's (created_at, id) index): only one page is held at once, however many
 * subjects the project has.
 */
export async function* exportSubjects(
  db: Db,
  selection: ExportSelection,
  fields: ExportField[],
  choice: ImageChoice,
  batchSize = SUBJECT_BATCH,
): AsyncGenerator<ExportSubject> {
  // An auto crop of the output's aspect is computed from the stored face by the project's rule when the
  // photo has none of that aspect yet.
  const images =
    choice.aspect && !choice.headSize
      ? { ...choice, headSize: await projectHeadSizeRule(db, selection.project_id) }
      : choice;
  // created_at as PostgreSQL's text, which keeps its microseconds (a Date would round them away).
  let after: { created_at: string; id: string } | null = null;
  for (;;) {
    const rows = await subjectBatchAfter(
      db,
      selection.project_id,
      selectionWhere(selection),
      after,
      batchSize,
    );
    if (rows.length === 0) return;
    yield* await toExportSubjects(db, rows, fields, images);
    const last = rows[rows.length - 1]!;
    after = { created_at: last.created_key, id: last.id };
    if (rows.length < batchSize) return;
  }
}

/** Every selected subject at once, for the pre-export check (which looks across subjects). */
export async function allExportSubjects(
  db: Db,
  selection: ExportSelection,
  fields: ExportField[],
  choice: ImageChoice,
): Promise<ExportSubject[]> {
  const all: ExportSubject[] = [];
  for await (const s of exportSubjects(db, selection, fields, choice)) all.push(s);
  return all;
}
