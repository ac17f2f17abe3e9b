import { AUDIT_ACTIONS, type AuditAction } from '@school-portal/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';

export { AUDIT_ACTIONS, type AuditAction };

export interface AuditEntry {
  action: AuditAction;
  /** The kind of record acted on, e.g. 'project_export'. */
  recordType: string;
  recordId: string | null;
  /** The project the record belongs to, when it belongs to one. */
  projectId?: string | null;
  /** The organization that owns the record (a project's organization): whose trail it shows in. */
  ownerOrganizationId?: string | null;
  /** Ids and counts only: never a student's name, an e-mail or a field value. */
  details?: Record<string, string | number | boolean | null | string[]>;
}

/** Who acts, from where. A sign-in failure has no user. */
export interface AuditActor {
  userId: string | null;
  accountId: string | null;
  actingOrganizationId: string | null;
  ip: string | null;
}

/** The actor of a request: its signed-in user and the account (organization) it acts as. */
export function actorOf(request: FastifyRequest): AuditActor {
  const s = request.session;
  return {
    userId: s?.user.id ?? null,
    accountId: s?.account?.id ?? null,
    actingOrganizationId: s?.account?.organization_id ?? null,
    ip: request.ip ?? null,
  };
}

/**
 * Appends one row to the trail. Pass the transaction that makes the change, so the row exists exactly when
 * the change does (the table refuses UPDATE and DELETE, see migration 0013).
 */
export async function recordAudit(db: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await recordAudits(db, actor, [entry]);
}

/** Appends many rows by one actor (a change to each subject of a selection), a few thousand a statement. */
export async function recordAudits(db: Db, actor: AuditActor, entries: AuditEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += 2000) {
    await db
      .insertInto('audit_events')
      .values(
        entries.slice(i, i + 2000).map((entry) => ({
          user_id: actor.userId,
          account_id: actor.accountId,
          acting_organization_id: actor.actingOrganizationId,
          ip: actor.ip,
          action: entry.action,
          record_type: entry.recordType,
          record_id: entry.recordId,
          project_id: entry.projectId ?? null,
          owner_organization_id: entry.ownerOrganizationId ?? null,
          details: entry.details ?? {},
        })),
      )
      .execute();
  }
}
