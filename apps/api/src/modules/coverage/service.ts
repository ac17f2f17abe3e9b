import { fieldKeyLabel } from '@school-portal/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import type { PageRequest } from '../../db/paging.js';
import { sessionOf } from '../../http/auth.js';
import { unprocessable } from '../../http/errors.js';
import { enqueueEmailOn, queueEmail } from '../../mail/outbox.js';
import { missingPortraitsMessage } from '../../mail/templates.js';
import { actorOf, recordAudit } from '../audit/record.js';
import { createRender, selectLayouts } from '../layouts/service.js';
import { projectsToContact } from '../projects/queries.js';
import { loadProjectFields, type ProjectFields } from '../subjects/service.js';
import { earliestUserEmail } from '../users/queries.js';
import { type ClassField, classCounts, missingAll, missingPage } from './queries.js';
import { fieldsByKey, missingCsv, serializeCoverage, serializeMissing } from './serialize.js';

/** Classes group by these keys, in this order (the subject directory's: teacher, then grade), then home room. */
const CLASS_KEYS = ['teacher', 'grade', 'home_room'] as const;
/** The built-in contact sheets' category (migration 0011). */
const CONTACT_SHEETS_CATEGORY = 'contact-sheets';

/** The project in view (the route's action decided) with the class and name fields the caller sees. */
async function coverageFields(request: FastifyRequest, projectId: string) {
  const pf = await loadProjectFields(request.access, sessionOf(request), projectId);
  const byKey = fieldsByKey(pf.fields);
  const classFields = CLASS_KEYS.flatMap((key) => {
    const f = byKey.get(key);
    return f ? [{ key, id: f.id, label: fieldKeyLabel(key) ?? key }] : [];
  });
  const nameFields = (['last_name', 'first_name'] as const).flatMap((k) => {
    const f = byKey.get(k);
    return f ? [f.id] : [];
  });
  return { pf, byKey, classFields, nameFields };
}

/** The counts by class and one page of the missing list (subjects without a portrait). */
export async function projectCoverage(
  ctx: AppContext,
  request: FastifyRequest,
  projectId: string,
  page: PageRequest,
) {
  const { pf, byKey, classFields, nameFields } = await coverageFields(request, projectId);
  const [counts, missing] = await Promise.all([
    classCounts(ctx.db, pf.project.id, classFields),
    missingPage(ctx.db, pf.project.id, classFields, nameFields, page),
  ]);
  return {
    coverage: serializeCoverage(pf.project.id, classFields, counts),
    missing: missing.rows.map((r) => serializeMissing(r, byKey)),
    meta: missing.meta,
  };
}

/** The whole missing list as CSV, with the name it downloads under. */
export async function coverageCsv(ctx: AppContext, request: FastifyRequest, projectId: string) {
  const { pf, byKey, classFields, nameFields } = await coverageFields(request, projectId);
  const rows = await missingAll(ctx.db, pf.project.id, classFields, nameFields);
  return { csv: missingCsv(rows, byKey), fileName: `Missing portraits - ${pf.project.name}.csv` };
}

/**
 * The built-in Contact Sheet: a page per class headed by it ("Grade 3 · Ms. Lee"), each subject a box with
 * the name and Student ID, a placeholder where the portrait goes. Its category prints for everyone (directory opt-outs
 * too: they need a portrait for ID cards and the school's systems all the same).
 */
function contactSheetLayout(ctx: AppContext) {
  return selectLayouts(ctx.db)
    .innerJoin('layout_categories as c', 'c.id', 'l.layout_category_id')
    .where('c.slug', '=', CONTACT_SHEETS_CATEGORY)
    .where('c.organization_id', 'is', null)
    .where('l.organization_id', 'is', null)
    .orderBy('l.id')
    .executeTakeFirstOrThrow();
}

/** The heading line of the missing-portraits print. */
export const MISSING_HEADING = 'Missing portraits';

/**
 * A printable PDF of the missing list through the layout engine: a render of the built-in Contact Sheet
 * for the subjects without a portrait (placeholders with their names), headed "Missing portraits" (the
 * render's batch name), a page per class of the class
 * fields the caller sees, by name. An ordinary render: followed and downloaded as any other.
 */
export async function printMissing(ctx: AppContext, request: FastifyRequest, projectId: string) {
  const { pf, classFields, nameFields } = await coverageFields(request, projectId);
  const rows = await missingAll(ctx.db, pf.project.id, classFields, nameFields);
  if (rows.length === 0) throw unprocessable({ missing: ['Every subject has a portrait'] });
  const layout = await contactSheetLayout(ctx);
  return createRender(ctx, request, sessionOf(request), {
    layout_id: layout.id,
    project_id: pf.project.id,
    pdf_name: `Missing Portraits - ${pf.project.name}`.slice(0, 200),
    // Printed above each page's school, class and season: without it the pages read as a contact sheet.
    batch_name: MISSING_HEADING,
    subject_ids: rows.map((r) => r.id),
    group_by: classFields.map((f) => f.label),
    sort_by: [...classFields.map((f) => f.label), 'Last Name', 'First Name'],
    subjects_without_photo: 'placeholder',
  });
}

/** Totals for the e-mail, from the same counts as the page. */
async function totalsOf(ctx: AppContext, pf: ProjectFields, classFields: ClassField[]) {
  return serializeCoverage(pf.project.id, [], await classCounts(ctx.db, pf.project.id, classFields)).totals;
}

/**
 * The studio's "missing portraits" e-mail to the project's school, as it would go now: to its contact
 * address, else its earliest user (as file requests choose), with the counts and a link to the coverage
 * page. Read with `db` (the sending transaction, or the pool for a preview); nothing is queued here.
 */
async function missingPortraitsMail(ctx: AppContext, request: FastifyRequest, projectId: string, db: Db) {
  const session = sessionOf(request);
  const { pf } = await coverageFields(request, projectId);
  const [project] = await projectsToContact(db, request.access, [pf.project.id]);
  if (!project) throw unprocessable({ project: ['is invalid'] });
  const totals = await totalsOf(ctx, pf, []);
  if (totals.without_portrait === 0) throw unprocessable({ missing: ['Every subject has a portrait'] });
  const to = project.contact_email ?? (await earliestUserEmail(db, project.organization_id));
  if (!to) throw unprocessable({ recipient: ['The school has no contact e-mail and no users'] });
  const message = missingPortraitsMessage({
    to,
    organizationName: project.organization_name,
    projectName: project.name,
    senderName: session.user.name,
    subjects: totals.subjects,
    withPortrait: totals.with_portrait,
    missing: totals.without_portrait,
    retakes: totals.retake_pending,
    link: `${ctx.config.publicUrl}/projects/${project.id}/coverage`,
  });
  return { project, totals, message };
}

/**
 * The e-mail the studio would send, shown before it sends it: recipient, subject and text,
 * exactly as `notifySchool` would queue them at this moment. Sends nothing and records nothing.
 */
export async function previewSchoolNotification(ctx: AppContext, request: FastifyRequest, projectId: string) {
  const { project, totals, message } = await missingPortraitsMail(ctx, request, projectId, ctx.db);
  return {
    notification_preview: {
      organization_name: project.organization_name,
      to: message.to,
      subject: message.subject,
      text: message.text,
      subjects: totals.subjects,
      without_portrait: totals.without_portrait,
    },
  };
}

/**
 * Sends the "missing portraits" e-mail (`missingPortraitsMail`), queued in the transaction that records
 * it in the activity trail (who and when; counts only, never a name).
 */
export async function notifySchool(ctx: AppContext, request: FastifyRequest, projectId: string) {
  const { project, totals } = await ctx.db.transaction().execute(async (trx) => {
    const mail = await missingPortraitsMail(ctx, request, projectId, trx);
    await queueEmail(trx, enqueueEmailOn(ctx.queue), mail.message);
    await recordAudit(trx, actorOf(request), {
      action: 'coverage.notify',
      recordType: 'project',
      recordId: mail.project.id,
      projectId: mail.project.id,
      ownerOrganizationId: mail.project.organization_id,
      details: { subjects: mail.totals.subjects, without_portrait: mail.totals.without_portrait },
    });
    return mail;
  });
  return {
    notification: {
      organization_name: project.organization_name,
      subjects: totals.subjects,
      without_portrait: totals.without_portrait,
      sent_at: new Date().toISOString(),
    },
  };
}
