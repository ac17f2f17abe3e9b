import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { fitEncoding } from '../project-exports/archive/data.js';
import { checkExport } from '../project-exports/archive/index.js';
import { allExportSubjects } from '../project-exports/subjects.js';
import { subjectsWithYearbookPhoto } from '../subjects/bulk.js';
import { matchingSubjectIds } from '../subjects/queries.js';
import { lastCompletedDelivery, type TargetRow } from './queries.js';
import type { DeliveryCheck, DeliveryWarning, WarningSubject } from './serialize.js';
import {
  deliveredState,
  deliverySetup,
  diffSince,
  renders,
  type SubjectNow,
  subjectsNow,
  whoOf,
} from './state.js';

/** A warning names at most this many subjects (its count says how many there are). */
const NAMED = 200;

const asWarningSubject = (s: Pick<SubjectNow, 'id' | 'who'>): WarningSubject => ({
  id: s.id,
  name: s.who.name,
  grade: s.who.grade,
  teacher: s.who.teacher,
});

const subjectsWord = (n: number) => (n === 1 ? '1 subject' : `${n.toLocaleString('en-US')} subjects`);

function warning(
  code: DeliveryWarning['code'],
  message: string,
  subjects: Pick<SubjectNow, 'id' | 'who'>[],
): DeliveryWarning {
  return { code, message, count: subjects.length, subjects: subjects.slice(0, NAMED).map(asWarningSubject) };
}

/** Importers tell staff apart by the grade column: these words (any case) mark staff. */
const STAFF_GRADES =
  /^(staff|faculty|teachers?|admin(istration)?|administrators?|office|support|employees?)$/i;

/**
 * The check before a delivery (nothing written): what it would hold (its changes since the last delivery)
 * and every warning, each naming its subjects.
 */
export async function checkDelivery(
  db: Db,
  target: TargetRow,
  kind: 'full' | 'changes',
): Promise<DeliveryCheck> {
  const setup = await deliverySetup(db, target);
  const now = await subjectsNow(db, setup);
  const last = await lastCompletedDelivery(db, target.id);
  const diff = await diffSince(db, setup, now, last ? await deliveredState(db, last.id) : null);
  const effectiveKind = kind === 'changes' && last ? 'changes' : 'full';
  const would = { ...diff.counts };
  would.images = now.filter(
    (s) => s.photo && renders(effectiveKind, diff.bySubject.get(s.id)?.change),
  ).length;
  return {
    kind,
    since_delivery_id: last?.id ?? null,
    would_hold: would,
    changes: diff.changes,
    warnings: await warningsFor(db, target, setup, now),
    not_pictured: now.filter((s) => !s.photo).map(asWarningSubject),
  };
}

async function warningsFor(
  db: Db,
  target: TargetRow,
  setup: Awaited<ReturnType<typeof deliverySetup>>,
  now: SubjectNow[],
): Promise<DeliveryWarning[]> {
  const warnings: DeliveryWarning[] = [];
  const withoutPhoto = now.filter((s) => !s.photo);
  if (withoutPhoto.length > 0) {
    warnings.push(
      warning(
        'no_yearbook_photo',
        `${subjectsWord(withoutPhoto.length)} in the book ${withoutPhoto.length === 1 ? 'has' : 'have'} no approved yearbook photo (the not-pictured list).`,
        withoutPhoto,
      ),
    );
  }
  const several = now.filter((s) => s.photoCount > 1);
  const chosen = await subjectsWithYearbookPhoto(
    db,
    several.map((s) => s.id),
  );
  const unchosen = several.filter((s) => !chosen.has(s.id));
  if (unchosen.length > 0) {
    warnings.push(
      warning(
        'pose_not_chosen',
        `${subjectsWord(unchosen.length)} ${unchosen.length === 1 ? 'has' : 'have'} several photos and no yearbook pose chosen: the primary photo goes unless the school chooses${target.deadlines[0] ? ` by ${target.deadlines[0].date}` : ''}.`,
        unchosen,
      ),
    );
  }

  // The package check of the PSPA export: image size, aspect, staff marked, names the index can hold.
  const report = checkExport(
    setup.format,
    now.map((s) => s.exportSubject),
    setup.options,
  );
  const byId = new Map(now.map((s) => [s.id, s]));
  const named = (ids: string[]) => ids.map((id) => byId.get(id)).filter((s): s is SubjectNow => !!s);
  for (const issue of report.issues) {
    const code =
      issue.code === 'pspa_image_size'
        ? 'image_size'
        : issue.code === 'pspa_aspect'
          ? 'aspect'
          : issue.code === 'pspa_staff_unmarked'
            ? 'staff_unmarked'
            : ['pspa_name_not_unique', 'pspa_unsafe_name', 'missing_field', 'name_collision'].includes(
                  issue.code,
                )
              ? 'format_problem'
              : null;
    if (!code) continue;
    const w = warning(code, issue.message, named(issue.subject_ids));
    warnings.push({ ...w, count: issue.count });
  }
  // Staff beside students: the grade column must tell them apart (a Title or Department marks staff).
  const staffWithGrade = now.filter(
    (s) =>
      (s.exportSubject.values.title || s.exportSubject.values.department) &&
      s.who.grade !== '' &&
      !STAFF_GRADES.test(s.who.grade) &&
      !report.issues.some((i) => i.code === 'pspa_staff_unmarked'),
  );
  if (staffWithGrade.length > 0) {
    warnings.push(
      warning(
        'staff_unmarked',
        `${subjectsWord(staffWithGrade.length)} with a title or department ${staffWithGrade.length === 1 ? 'has' : 'have'} a student's grade: the publisher files staff by grade (Staff, Faculty).`,
        staffWithGrade,
      ),
    );
  }

  // Duplicates: one photo for two subjects; one name twice in a class.
  const byHash = new Map<string, SubjectNow[]>();
  for (const s of now) {
    const key = s.photo?.sha256 ?? (s.photo ? `photo-${s.photo.id}` : null);
    if (!key) continue;
    byHash.set(key, [...(byHash.get(key) ?? []), s]);
  }
  const samePhoto = [...byHash.values()].filter((g) => g.length > 1).flat();
  if (samePhoto.length > 0) {
    warnings.push(
      warning(
        'same_photo_two_subjects',
        `${subjectsWord(samePhoto.length)} share a portrait with another subject: one of each pair has the wrong photo.`,
        samePhoto,
      ),
    );
  }
  const byClass = new Map<string, SubjectNow[]>();
  for (const s of now) {
    const key = [s.who.name, s.who.grade, s.who.teacher].map((v) => v.trim().toLowerCase()).join('\u0000');
    byClass.set(key, [...(byClass.get(key) ?? []), s]);
  }
  const twice = [...byClass.values()].filter((g) => g.length > 1).flat();
  if (twice.length > 0) {
    warnings.push(
      warning(
        'name_twice_in_class',
        `${subjectsWord(twice.length)} share a name with another in the same class: the book would print it twice.`,
        twice,
      ),
    );
  }

  // Yearbook opt-outs: left out of every delivery, named here.
  const optOutIds = await matchingSubjectIds(db, setup.projectId, sql`s.yearbook_opt_out`);
  if (optOutIds.length > 0) {
    const optedOut = await allExportSubjects(
      db,
      {
        ...setup.selection,
        included_subject_ids: optOutIds.slice(0, NAMED),
        leave_out_yearbook_opt_outs: false,
      },
      setup.fields,
      setup.choice,
    );
    warnings.push({
      ...warning(
        'yearbook_opt_out',
        `${subjectsWord(optOutIds.length)} asked to be left out of the yearbook and ${optOutIds.length === 1 ? 'is' : 'are'} left out of every delivery.`,
        optedOut.map((s) => ({ id: s.id, who: whoOf(s.values) })),
      ),
      count: optOutIds.length,
    });
  }

  // Values the index can't hold: tabs and line breaks, over-long fields, characters outside its encoding.
  const tabs: SubjectNow[] = [];
  const long: SubjectNow[] = [];
  const outside: SubjectNow[] = [];
  const max = setup.preset.max_value_length;
  for (const s of now) {
    const values = Object.values(s.values);
    if (values.some((v) => /[\t\r\n]/.test(v))) tabs.push(s);
    if (values.some((v) => v.length > max)) long.push(s);
    if (values.some((v) => fitEncoding(v, setup.format.data_encoding) !== v.normalize('NFC')))
      outside.push(s);
  }
  if (tabs.length > 0) {
    warnings.push(
      warning(
        'value_has_tab',
        `${subjectsWord(tabs.length)} ${tabs.length === 1 ? 'has' : 'have'} a tab or line break in a value: the index is tab-delimited, so it would shift the columns.`,
        tabs,
      ),
    );
  }
  if (long.length > 0) {
    warnings.push(
      warning(
        'value_too_long',
        `${subjectsWord(long.length)} ${long.length === 1 ? 'has' : 'have'} a value longer than ${max} characters, more than ${setup.preset.name}'s index takes.`,
        long,
      ),
    );
  }
  if (outside.length > 0) {
    warnings.push(
      warning(
        'value_outside_encoding',
        `${subjectsWord(outside.length)} ${outside.length === 1 ? 'has' : 'have'} characters the index's encoding (${setup.format.data_encoding}) can't hold: they are written as the nearest plain letters.`,
        outside,
      ),
    );
  }
  return warnings;
}
