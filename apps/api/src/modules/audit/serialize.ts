import { csvLine } from '@school-portal/domain';
import { type AuditRow, shownUserName } from './queries.js';

/** An acting organization no longer there (the same word as a deleted user). */
const DELETED_ORGANIZATION = '(Deleted)';

export function serializeAuditEvent(r: AuditRow) {
  return {
    id: r.id,
    action: r.action,
    record_type: r.record_type,
    record_id: r.record_id,
    project_id: r.project_id,
    project_name: r.project_name,
    user: r.user_id ? { id: r.user_id, name: shownUserName(r) } : null,
    account_id: r.account_id,
    acting_organization: r.acting_organization_id
      ? { id: r.acting_organization_id, name: r.acting_organization_name ?? DELETED_ORGANIZATION }
      : null,
    owner_organization_id: r.owner_organization_id,
    ip: r.ip,
    details: r.details,
    created_at: r.created_at.toISOString(),
  };
}

export const CSV_HEADER = [
  'ID',
  'Time (UTC)',
  'Action',
  'User',
  'User ID',
  'Account ID',
  'Acting organization',
  'Acting organization ID',
  'Owner organization ID',
  'Record type',
  'Record ID',
  'Project',
  'Project ID',
  'Address',
];

export function csvRow(r: AuditRow): string {
  return csvLine([
    r.id,
    r.created_at.toISOString(),
    r.action,
    r.user_id ? shownUserName(r) : '',
    r.user_id ?? '',
    r.account_id ?? '',
    r.acting_organization_name ?? '',
    r.acting_organization_id ?? '',
    r.owner_organization_id ?? '',
    r.record_type,
    r.record_id ?? '',
    r.project_name ?? '',
    r.project_id ?? '',
    r.ip ?? '',
  ]);
}
