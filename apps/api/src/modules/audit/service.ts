import { csvLine } from '@school-portal/domain';
import type { Db } from '../../db/database.js';
import { type PageRequest, pageOf } from '../../db/paging.js';
import type { Access } from '../access/visibility.js';
import {
  type AuditFilters,
  type AuditScopeMode,
  auditRowColumns,
  auditRowsBefore,
  selectAuditActorList,
  selectAuditEvents,
} from './queries.js';
import { CSV_HEADER, csvRow } from './serialize.js';

const CSV_BATCH = 1000;

/** Which trail a caller reads: the organizations of the tree, and how much of their rows. */
export interface AuditScope {
  organizationIds: ReturnType<Access['subtreeIds']>;
  mode: AuditScopeMode;
}

/** One page of the trail, newest first. */
export function listAuditEvents(db: Db, scope: AuditScope, filters: AuditFilters, page: PageRequest) {
  return pageOf(
    db,
    auditRowColumns(selectAuditEvents(db, scope.organizationIds, scope.mode, filters)),
    (query) => query.orderBy('e.created_at', 'desc').orderBy('e.id', 'desc'),
    page,
  );
}

/** One page of the people in the trail, by name. */
export function listAuditActors(db: Db, scope: AuditScope, page: PageRequest) {
  return pageOf(
    db,
    selectAuditActorList(db, scope.organizationIds, scope.mode),
    (query) => query.orderBy('a.user_name').orderBy('a.id'),
    page,
  );
}

/** The trail as CSV lines. Keyset pages, so a long trail streams in constant memory and a new row can't shift a page. */
export async function* auditCsvLines(db: Db, scope: AuditScope, filters: AuditFilters) {
  yield `\uFEFF${csvLine(CSV_HEADER)}\r\n`;
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const rows = await auditRowsBefore(db, scope.organizationIds, scope.mode, filters, after, CSV_BATCH);
    if (rows.length > 0) yield `${rows.map(csvRow).join('\r\n')}\r\n`;
    if (rows.length < CSV_BATCH) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.cursor_at, id: last.id };
  }
}
