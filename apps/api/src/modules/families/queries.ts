import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { newAccessCode, printedCode } from './codes.js';

/** What other areas may read of a project's families, as SQL over a project id column. */
export const projectGuardianReads = (projectIdColumn: string) => ({
  /** How many guardians claimed a child of the project. */
  count: sql<number>`(SELECT count(DISTINCT gl.guardian_id)::int FROM guardian_links gl JOIN subjects gs ON gs.id = gl.subject_id WHERE gs.project_id = ${sql.ref(projectIdColumn)})`,
});

/**
 * The live family access codes of subjects (printed form), giving one to each subject that has none yet:
 * what the family notice prints (layouts). Codes are drawn again on the rare clash with a code in use.
 */
export async function familyCodesFor(db: Db, subjectIds: string[]): Promise<Map<string, string>> {
  const read = async () =>
    db
      .selectFrom('family_access_codes')
      .select(['subject_id', 'code'])
      .where('subject_id', 'in', subjectIds)
      .where('revoked_at', 'is', null)
      .execute();
  if (subjectIds.length === 0) return new Map();
  let rows = await read();
  const have = new Set(rows.map((r) => r.subject_id));
  const missing = subjectIds.filter((id) => !have.has(id));
  if (missing.length > 0) {
    await giveCodes(db, missing);
    rows = await read();
  }
  return new Map(rows.map((r) => [r.subject_id, printedCode(r.code)]));
}

/** Gives each subject a new live code (a unique code; drawn again on a clash). */
export async function giveCodes(db: Db, subjectIds: string[]) {
  for (let i = 0; i < subjectIds.length; i += 1000) {
    let pending = subjectIds.slice(i, i + 1000);
    while (pending.length > 0) {
      const made = await db
        .insertInto('family_access_codes')
        .values(pending.map((subject_id) => ({ subject_id, code: newAccessCode() })))
        .onConflict((oc) => oc.doNothing())
        .returning('subject_id')
        .execute();
      const done = new Set(made.map((m) => m.subject_id));
      pending = pending.filter((id) => !done.has(id));
    }
  }
}

/** The address a family notice's QR code opens: the claim page with the code filled in. */
export const claimUrl = (publicUrl: string, printed: string) =>
  `${publicUrl}/family/claim?code=${encodeURIComponent(printed)}`;
