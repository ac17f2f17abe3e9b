import { type YearbookPublisherPreset, yearbookPublisher } from '@school-portal/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { unprocessable } from '../../http/errors.js';
import { yearbookPhotoFacts } from '../photos/queries.js';
import { type DataColumn, dataColumns, rowCells } from '../project-exports/archive/data.js';
import type { ExportFormatRow, ExportRunOptions, ExportSubject } from '../project-exports/archive/index.js';
import { exportFields, imageChoice, loadFormatRow, runOptions } from '../project-exports/service.js';
import { allExportSubjects, type ExportSelection, type ImageChoice } from '../project-exports/subjects.js';
import { selectProjects } from '../projects/service.js';
import { matchingSubjectIds } from '../subjects/queries.js';
import { type ManifestRow, selectManifest, type TargetRow } from './queries.js';
import type { DeliveryChange, DeliveryCounts } from './serialize.js';

/** What every delivery of a target runs with: the format with the preset's fixes, visible fields only. */
export interface DeliverySetup {
  projectId: string;
  organizationId: string;
  projectName: string;
  preset: YearbookPublisherPreset;
  format: ExportFormatRow;
  options: ExportRunOptions;
  choice: ImageChoice;
  selection: ExportSelection;
  columns: DataColumn[];
  fields: Awaited<ReturnType<typeof exportFields>>;
}

/** The run settings of every delivery: the yearbook pose (the flag, else the primary), the crops people made. */
const SETTINGS = {
  custom_directory_group_field_key: null,
  use_photo_crop_name: false,
  include_subjects_without_images: true,
  selected_pose: 'yearbook',
  selected_background: 'default' as const,
  use_default_photo_crops: true,
};

/** The format a preset fixes: image size, the index's encoding, its header line and MASTER.TXT. */
export function withPreset(format: ExportFormatRow, preset: YearbookPublisherPreset): ExportFormatRow {
  return {
    ...format,
    ...(preset.image_width && preset.image_height
      ? { images_crop_width_pixels: preset.image_width, images_crop_height_pixels: preset.image_height }
      : {}),
    ...(preset.data_encoding ? { data_encoding: preset.data_encoding } : {}),
    ...(preset.header !== null ? { data_include_headers: preset.header } : {}),
    ...(preset.master_file !== null ? { data_master_file: preset.master_file } : {}),
    yearbook: true,
    // An image keeps its name from one delivery to the next (MASTER.TXT names the images delivered before):
    // no running number, which would shift when a subject leaves.
    images_name_append_sequential_number: false,
  };
}

export async function deliverySetup(
  db: Db,
  target: Pick<TargetRow, 'project_id' | 'publisher' | 'project_export_format_id'>,
): Promise<DeliverySetup> {
  const project = await selectProjects(db).where('p.id', '=', target.project_id).executeTakeFirstOrThrow();
  const loaded = target.project_export_format_id
    ? await loadFormatRow(db, target.project_export_format_id)
    : null;
  if (!loaded) throw unprocessable({ project_export_format_id: ['was deleted: choose the format again'] });
  const preset = yearbookPublisher(target.publisher);
  const format = withPreset(loaded, preset);
  // Deliveries never read a hidden field: only the fields schools see reach a publisher.
  const fields = await exportFields(db, project, false);
  return {
    projectId: project.id,
    organizationId: project.organization_id,
    projectName: project.name,
    preset,
    format,
    options: runOptions(format, SETTINGS, project.name, fields),
    choice: imageChoice(format, SETTINGS),
    selection: {
      project_id: project.id,
      included_subject_ids: [],
      excluded_subject_ids: [],
      include_subjects_without_images: true,
      // Yearbook opt-outs are never in a delivery.
      leave_out_yearbook_opt_outs: true,
    },
    columns: dataColumns(format, fields),
    fields,
  };
}

export interface Who {
  name: string;
  grade: string;
  teacher: string;
}

/** A subject as a delivery holds it now. */
export interface SubjectNow {
  id: string;
  who: Who;
  /** The index's columns (not the file and folder the archive fills in), by label. */
  values: Record<string, string>;
  photo: {
    id: string;
    sha256: string | null;
    crop: { x: number; y: number; width: number; height: number } | null;
    takenAt: Date | null;
  } | null;
  /** Verified photos the subject has (several, none chosen: the school picks one). */
  photoCount: number;
  exportSubject: ExportSubject;
}

const SPECIAL = new Set(['image_file_name', 'image_folder', 'volume', 'image_size']);
const BLANK = { image_file_name: '', image_folder: '', volume: '', image_size: '' };

export const whoOf = (values: Record<string, string>): Who => ({
  name:
    [values.first_name || values.nickname, values.last_name].filter(Boolean).join(' ') ||
    values.student_id ||
    'A subject without a name',
  grade: values.grade ?? '',
  teacher: values.teacher ?? '',
});

/** Every subject in the book now (yearbook opt-outs left out), with what a manifest records of it. */
export async function subjectsNow(db: Db, setup: DeliverySetup): Promise<SubjectNow[]> {
  const subjects = await allExportSubjects(db, setup.selection, setup.fields, setup.choice);
  const facts = new Map<string, { count: number; byPhoto: Map<string, { sha: string | null; at: Date }> }>();
  for (let i = 0; i < subjects.length; i += 1000) {
    const rows = await yearbookPhotoFacts(
      db,
      subjects.slice(i, i + 1000).map((s) => s.id),
    );
    for (const r of rows) {
      const f = facts.get(r.subject_id) ?? { count: 0, byPhoto: new Map() };
      f.count++;
      f.byPhoto.set(r.id, { sha: r.content_sha256, at: r.created_at });
      facts.set(r.subject_id, f);
    }
  }
  const valueColumns = setup.columns.filter((c) => !SPECIAL.has(c.key ?? ''));
  return subjects.map((s) => {
    const cells = rowCells(setup.format, valueColumns, s, BLANK);
    const values: Record<string, string> = {};
    valueColumns.forEach((c, i) => {
      values[c.label] = cells[i] ?? '';
    });
    const image = s.images[0];
    const f = facts.get(s.id);
    const fact = image ? f?.byPhoto.get(image.photoId) : undefined;
    return {
      id: s.id,
      who: whoOf(s.values),
      values,
      photo: image
        ? { id: image.photoId, sha256: fact?.sha ?? null, crop: image.crop, takenAt: fact?.at ?? null }
        : null,
      photoCount: f?.count ?? 0,
      exportSubject: s,
    };
  });
}

/** The state a delivery left: its manifest without its removals. */
export async function deliveredState(db: Db, deliveryId: string): Promise<Map<string, ManifestRow>> {
  const rows = await selectManifest(db, deliveryId).where('change', '!=', 'removed').execute();
  return new Map(rows.map((r) => [r.subject_id, r]));
}

export type Change = 'added' | 'replaced' | 'corrected' | 'unchanged';

export interface Diff {
  bySubject: Map<string, { change: Change; fields: { field: string; from: string; to: string }[] }>;
  removed: { row: ManifestRow; reason: 'left' | 'yearbook_opt_out' }[];
  changes: DeliveryChange[];
  counts: DeliveryCounts;
}

type Crop = { x: number; y: number; width: number; height: number } | null;
const sameCrop = (a: Crop, b: Crop) =>
  a === null || b === null
    ? a === b
    : a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dayOf = (d: Date | null) => (d ? `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}` : 'a later date');

/** "Ava Smith (grade 3, Ms. Lee)". */
export const named = (who: Who) => {
  const where = [who.grade && `grade ${who.grade}`, who.teacher].filter(Boolean).join(', ');
  return where ? `${who.name} (${where})` : who.name;
};

/**
 * What changed since the state `before` (null: nothing delivered yet, so everyone is added): per subject,
 * and the removals (in the last delivery, not in the book now: left, or opted out of the yearbook).
 */
export async function diffSince(
  db: Db,
  setup: DeliverySetup,
  now: SubjectNow[],
  before: Map<string, ManifestRow> | null,
): Promise<Diff> {
  const bySubject: Diff['bySubject'] = new Map();
  const changes: DeliveryChange[] = [];
  const counts: DeliveryCounts = {
    subjects: now.length,
    images: 0,
    added: 0,
    replaced: 0,
    corrected: 0,
    removed: 0,
    unchanged: 0,
  };
  for (const s of now) {
    const prev = before?.get(s.id);
    let change: Change = 'unchanged';
    const fields: { field: string; from: string; to: string }[] = [];
    let text = '';
    if (!prev) {
      change = 'added';
      text = s.photo
        ? `Add ${named(s.who)}: new in the book, portrait of ${dayOf(s.photo.takenAt)}.`
        : `Add ${named(s.who)}: new in the book, no portrait yet (not pictured).`;
    } else {
      for (const [field, to] of Object.entries(s.values)) {
        const from = prev.values[field] ?? '';
        if (from !== to) fields.push({ field, from, to });
      }
      const photoChanged =
        (prev.photo_id ?? null) !== (s.photo?.id ?? null) ||
        (prev.content_sha256 ?? null) !== (s.photo?.sha256 ?? null) ||
        (s.photo !== null && !sameCrop(prev.crop, s.photo.crop));
      const corrections = fields.map((f) => `${f.field} “${f.from}” becomes “${f.to}”`).join('; ');
      if (photoChanged) {
        change = 'replaced';
        if (!s.photo) text = `Remove the portrait of ${named(s.who)}: none is chosen now (not pictured).`;
        else if (!prev.photo_id)
          text = `Add the portrait of ${named(s.who)}: taken ${dayOf(s.photo.takenAt)}.`;
        else if (prev.photo_id === s.photo.id)
          text = `Replace the portrait of ${named(s.who)}: cropped again.`;
        else text = `Replace the portrait of ${named(s.who)}: retake of ${dayOf(s.photo.takenAt)}.`;
        if (corrections) text = `${text.slice(0, -1)}; and correct: ${corrections}.`;
      } else if (fields.length > 0) {
        change = 'corrected';
        text = `Correct ${named(s.who)}: ${corrections}.`;
      }
    }
    counts[change]++;
    bySubject.set(s.id, { change, fields });
    if (change !== 'unchanged') {
      changes.push({
        subject_id: s.id,
        kind: change,
        name: s.who.name,
        grade: s.who.grade,
        teacher: s.who.teacher,
        reason: null,
        fields,
        image_file_name: null,
        text,
      });
    }
  }
  const removed: Diff['removed'] = [];
  if (before) {
    const inBook = new Set(now.map((s) => s.id));
    const gone = [...before.values()].filter((r) => !inBook.has(r.subject_id));
    const optedOut = gone.length
      ? new Set(
          await matchingSubjectIds(
            db,
            setup.projectId,
            sql`s.yearbook_opt_out AND s.id = ANY(${gone.map((r) => r.subject_id)}::bigint[])`,
          ),
        )
      : new Set<string>();
    for (const row of gone) {
      const reason = optedOut.has(row.subject_id) ? 'yearbook_opt_out' : 'left';
      removed.push({ row, reason });
      counts.removed++;
      changes.push({
        subject_id: row.subject_id,
        kind: 'removed',
        name: row.who.name,
        grade: row.who.grade,
        teacher: row.who.teacher,
        reason,
        fields: [],
        image_file_name: row.image_file_name,
        text:
          reason === 'left'
            ? `Remove ${named(row.who)}: no longer on the school's roster.`
            : `Remove ${named(row.who)}: the family asked to leave the student out of the yearbook.`,
      });
    }
  }
  return { bySubject, removed, changes, counts };
}

/** Whether a subject's portrait and index row go into the archive of a delivery of `kind`. */
export const renders = (kind: 'full' | 'changes', change: Change | undefined) =>
  kind === 'full' || (change !== undefined && change !== 'unchanged');
