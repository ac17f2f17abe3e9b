import type { SubjectSelection } from '@school-portal/domain';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { unprocessable } from '../../http/errors.js';
import { type AuditActor, recordAudits } from '../audit/record.js';
import { type ConsentFlags, selectionCondition, updateConsent, updateSubject } from './queries.js';
import type { ProjectFields } from './service.js';

export type { ConsentFlags };

/** How a consent change was made, as the trail says: one subject's page, a selection, a roster import. */
export type ConsentVia = 'subject' | 'selection' | 'roster_import' | 'family_request';

const given = (flags: ConsentFlags) =>
  flags.directory_opt_out !== undefined || flags.yearbook_opt_out !== undefined;

/**
 * Sets consent flags (directory information opt-out, leave out of the yearbook) on a project's subjects
 * matching `where`, in the caller's transaction, and records one `subject.consent_change` per subject
 * whose flags changed (who, when, the flags now and how), so a school sees who changed a child's consent.
 * Answers how many subjects changed.
 */
export async function setConsent(
  db: Db,
  actor: AuditActor,
  project: { id: string; organization_id: string },
  where: Expression<SqlBool>,
  flags: ConsentFlags,
  via: ConsentVia,
  details: Record<string, string> = {},
): Promise<number> {
  if (!given(flags)) return 0;
  const changed = await updateConsent(db, project.id, where, flags);
  await recordAudits(
    db,
    actor,
    changed.map((row) => ({
      action: 'subject.consent_change',
      recordType: 'subject',
      recordId: row.id,
      projectId: project.id,
      ownerOrganizationId: project.organization_id,
      details: {
        directory_opt_out: row.directory_opt_out,
        yearbook_opt_out: row.yearbook_opt_out,
        via,
        ...details,
      },
    })),
  );
  return changed.length;
}

/**
 * One subject's values, yearbook photo and consent from its page (PATCH /api/subjects/:id), in one
 * transaction with the consent's trail row; answers its row.
 */
export function updateSubjectAndConsent(
  db: Db,
  actor: AuditActor,
  project: { id: string; organization_id: string },
  subjectId: string,
  update: { changes: Record<string, string>; yearbook: string | null | undefined; consent: ConsentFlags },
) {
  return db.transaction().execute(async (trx) => {
    const where = sql<SqlBool>`s.id = ${subjectId}::bigint`;
    await setConsent(trx, actor, project, where, update.consent, 'subject');
    return updateSubject(trx, subjectId, update.changes, update.yearbook);
  });
}

/** A selection's consent (POST /api/projects/:id/subject-consents), in one transaction. */
export function setSelectionConsent(
  db: Db,
  actor: AuditActor,
  pf: Pick<ProjectFields, 'fields' | 'project'>,
  selection: SubjectSelection,
  flags: ConsentFlags,
) {
  if (!given(flags))
    throw unprocessable({ subject_consent: ['must set directory_opt_out or yearbook_opt_out'] });
  const where = selectionCondition(pf, selection);
  return db.transaction().execute((trx) => setConsent(trx, actor, pf.project, where, flags, 'selection'));
}
