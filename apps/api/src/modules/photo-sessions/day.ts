import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { csvLine, layoutDefinitionSchema, layoutPages, readsHiddenFields } from '@school-portal/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { isRecordId } from '../../http/params.js';
import { writePdf } from '../layouts/draw.js';
import { createMeasure } from '../layouts/fonts.js';
import { selectLayouts } from '../layouts/service.js';
import { loadLayoutSubjects, photoSourceFor } from '../layouts/subjects.js';
import { loadFields } from '../project-templates/service.js';
import { selectProjects } from '../projects/service.js';
import { findSession, roster } from './service.js';

/** The end-of-day lists: who was absent, who waits for a retake. */
export const DAY_LISTS = { absent: 'absent', retakes: 'retake' } as const;
export type DayList = keyof typeof DAY_LISTS;

export const dayListEntrySchema = z.object({
  subject_id: z.string().nullable(),
  walk_up_id: z.string().nullable(),
  display_name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  student_id: z.string().nullable(),
  grade: z.string().nullable(),
  teacher: z.string().nullable(),
  home_room: z.string().nullable(),
  card_code: z.string(),
  status: z.enum(['absent', 'retake']),
  /** The check-in's note: why a retake was asked. */
  reason: z.string().nullable(),
  at: z.string(),
  station_id: z.string(),
});
export type DayListEntry = z.infer<typeof dayListEntrySchema>;

/**
 * A session's absent or retake list: the roster's people (subjects and walk-ups awaiting review) whose
 * standing status in the session (the domain's merge, as the counts) is that one, with its reason and
 * when and where it was set; by class, then name. Fields hidden from customers are null for callers who
 * don't read them, as on the roster.
 */
export async function dayList(ctx: AppContext, request: FastifyRequest, sessionId: string, list: DayList) {
  const session = await findSession(ctx.db, request, sessionId);
  const { subjects } = await roster(ctx, request, session.id);
  const status = DAY_LISTS[list];
  const entries: DayListEntry[] = [];
  for (const person of subjects) {
    const current = person.current;
    if (current?.status !== status) continue;
    entries.push({
      subject_id: person.subject_id,
      walk_up_id: person.walk_up_id,
      display_name: person.display_name,
      first_name: person.first_name,
      last_name: person.last_name,
      student_id: person.student_id,
      grade: person.grade,
      teacher: person.teacher,
      home_room: person.home_room,
      card_code: person.card_code,
      status,
      reason: current.note,
      at: current.at,
      station_id: current.station_id,
    });
  }
  const text = (v: string | null) => v ?? '';
  entries.sort(
    (a, b) =>
      text(a.grade).localeCompare(text(b.grade), undefined, { numeric: true }) ||
      text(a.teacher).localeCompare(text(b.teacher)) ||
      text(a.last_name).localeCompare(text(b.last_name)) ||
      text(a.first_name).localeCompare(text(b.first_name)),
  );
  return { session, entries };
}

const CSV_COLUMNS: [keyof DayListEntry, string][] = [
  ['last_name', 'Last Name'],
  ['first_name', 'First Name'],
  ['student_id', 'Student ID'],
  ['grade', 'Grade'],
  ['teacher', 'Teacher'],
  ['home_room', 'Home Room'],
  ['card_code', 'Camera Card Code'],
  ['status', 'Status'],
  ['reason', 'Reason'],
  ['at', 'At'],
];

/** The list as CSV: UTF-8 with a byte-order mark, CRLF, cells neutralized against formulas (csvLine). */
export async function dayListCsv(ctx: AppContext, request: FastifyRequest, sessionId: string, list: DayList) {
  const { session, entries } = await dayList(ctx, request, sessionId, list);
  const lines = [csvLine(CSV_COLUMNS.map(([, label]) => label))];
  for (const e of entries) lines.push(csvLine(CSV_COLUMNS.map(([key]) => String(e[key] ?? ''))));
  const title = list === 'absent' ? 'Absent' : 'Retakes';
  return {
    csv: `\uFEFF${lines.join('\r\n')}\r\n`,
    fileName: `${title} - ${session.name} ${session.date}.csv`,
  };
}

/**
 * One subject's camera card again, as a PDF made at once (a card lost or bent on the day): the built-in
 * Camera Card layout, as a print of it would draw it, for a subject of the session's project (another
 * project's, or none: 404). Hidden fields print only for callers who read them; a station link never does.
 */
export async function cameraCardPdf(
  ctx: AppContext,
  request: FastifyRequest,
  sessionId: string,
  subjectId: string,
) {
  const session = await findSession(ctx.db, request, sessionId);
  if (!isRecordId(subjectId)) throw notFound();
  const [project, layout] = await Promise.all([
    selectProjects(ctx.db).where('p.id', '=', session.project_id).executeTakeFirstOrThrow(),
    selectLayouts(ctx.db)
      .innerJoin('layout_categories as c', 'c.id', 'l.layout_category_id')
      .where('c.slug', '=', 'camera-cards')
      .where('c.organization_id', 'is', null)
      .where('l.organization_id', 'is', null)
      .orderBy('l.id')
      .executeTakeFirstOrThrow(),
  ]);
  const hidden = request.session ? readsHiddenFields(request.session.abilities) : false;
  const fields = project.project_template_id
    ? await loadFields(ctx.db, [project.project_template_id], hidden)
    : [];
  const subjects = await loadLayoutSubjects(ctx.db, {
    projectId: project.id,
    subjectIds: [subjectId],
    fields,
    school: project.organization_name,
    project: project.name,
    season: project.season_name,
  });
  if (subjects.length === 0) throw notFound();
  const definition = layoutDefinitionSchema.parse(layout.definition);
  const pages = layoutPages(definition, layout.layout_type, subjects, {
    group_by: [],
    sort_by: [],
    measure: createMeasure(),
  });
  const file = path.join(tmpdir(), `camera-card-${randomBytes(8).toString('hex')}.pdf`);
  try {
    await writePdf(pages, await photoSourceFor(ctx.db, ctx.storage, subjects), file, {
      title: 'Camera card',
    });
    return await readFile(file);
  } finally {
    await rm(file, { force: true });
  }
}
