import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch, downloadWithToken } from './client';
import type { ListMeta } from './types';
import { type PresignedPost, uploadToPresignedPost } from './uploads';

// Roster imports (API.md "roster imports"). Shapes as on the wire.

export type ImportStatus = 'uploading' | 'ready' | 'checked' | 'applying' | 'applied' | 'failed';
export type ImportMode = 'add_only' | 'add_and_update';
export type ImportMatchBy = 'auto' | 'student_id' | 'name_and_grade';

export interface FieldChange {
  field_id: string;
  label: string;
  from: string;
  to: string;
}
export interface LineErrors {
  line: number;
  messages: string[];
}
export interface CheckReport {
  total_rows: number;
  create_count: number;
  update_count: number;
  unchanged_count: number;
  existing_skipped_count: number;
  error_count: number;
  creates: { line: number; name: string }[];
  updates: { line: number; subject_id: string; name: string; changes: FieldChange[] }[];
  errors: LineErrors[];
}
export interface ApplyReport {
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  skipped_rows: LineErrors[];
}
export interface SubjectImport {
  id: string;
  project_id: string;
  attachment_id: string | null;
  upload_file_name: string;
  upload_file_size: number;
  status: ImportStatus;
  file_format: 'csv' | 'xlsx' | null;
  encoding: string | null;
  delimiter: string | null;
  sheet_name: string | null;
  sheet_names: string[];
  columns: string[];
  sample_rows: string[][];
  row_count: number;
  mapping: Record<string, string | null>;
  match_by: ImportMatchBy;
  mode: ImportMode;
  skip_invalid_rows: boolean;
  check: CheckReport | null;
  report: ApplyReport | null;
  progress: { done: number; total: number };
  failure: string | null;
  applied_at: string | null;
  created_at: string;
}
export interface SubjectImportDetail extends SubjectImport {
  suggested_mapping: Record<string, string | null>;
  fields: { id: string; field_key: string | null; label: string }[];
}

const enc = encodeURIComponent;
type One = { subject_import: SubjectImportDetail };

export const subjectImportKeys = {
  list: (projectId: string, page: number) => ['projects', projectId, 'subject-imports', { page }] as const,
  one: (id: string) => ['subject-imports', id] as const,
};

/** Upload: create the import, send the file to its presigned form, then verify (the server reads it). */
export async function importRosterFile(projectId: string, file: File): Promise<SubjectImportDetail> {
  const created = await apiFetch<{ subject_import: SubjectImportDetail & { presigned_post: PresignedPost } }>(
    `/api/projects/${enc(projectId)}/subject-imports`,
    {
      method: 'POST',
      body: { subject_import: { upload_file_name: file.name, upload_file_size: file.size } },
    },
  );
  await uploadToPresignedPost(created.subject_import.presigned_post, file);
  return verifyImport(created.subject_import.id);
}

export const verifyImport = (id: string, options: { encoding?: string } = {}) =>
  apiFetch<One>(`/api/subject-imports/${enc(id)}/verify`, {
    method: 'PATCH',
    body: { subject_import: options },
  }).then((b) => b.subject_import);

/** "Import as roster": a verified file-request upload of the project. */
export const importAttachment = (projectId: string, attachmentId: string) =>
  apiFetch<One>(`/api/projects/${enc(projectId)}/subject-imports`, {
    method: 'POST',
    body: { attachment_id: attachmentId },
  }).then((b) => b.subject_import);

export const getImport = (id: string) =>
  apiFetch<One>(`/api/subject-imports/${enc(id)}`).then((b) => b.subject_import);

export const updateImport = (
  id: string,
  changes: {
    mapping?: Record<string, string | null>;
    match_by?: ImportMatchBy;
    mode?: ImportMode;
    save_mapping?: boolean;
    sheet_name?: string;
  },
) =>
  apiFetch<One>(`/api/subject-imports/${enc(id)}`, {
    method: 'PATCH',
    body: { subject_import: changes },
  }).then((b) => b.subject_import);

export const checkImport = (id: string) =>
  apiFetch<One>(`/api/subject-imports/${enc(id)}/check`, { method: 'POST' }).then((b) => b.subject_import);

export const applyImport = (id: string, skipInvalidRows: boolean) =>
  apiFetch<One>(`/api/subject-imports/${enc(id)}/apply`, {
    method: 'POST',
    body: { subject_import: { skip_invalid_rows: skipInvalidRows } },
  }).then((b) => b.subject_import);

/** GET /api/projects/:id/subject-imports, newest first. */
export function useProjectImports(projectId: string, page: number) {
  return useQuery({
    queryKey: subjectImportKeys.list(projectId, page),
    queryFn: ({ signal }) =>
      apiFetch<{ subject_imports: SubjectImport[]; meta: ListMeta }>(
        `/api/projects/${enc(projectId)}/subject-imports`,
        { query: { page, limit: 10 }, signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** The skipped rows as CSV, fetched with the token and saved by the browser. */
export function downloadSkippedRows(imp: SubjectImport): Promise<void> {
  return downloadWithToken(
    `/api/subject-imports/${enc(imp.id)}/skipped-rows`,
    `${imp.upload_file_name.replace(/\.[^.]*$/, '')} - skipped rows.csv`,
  );
}
