import { api, pathOf, type RequestBodyOf } from './api';
import { downloadWithToken } from './client';
import { queryKeys } from './keys';
import { getRecord, sendRecord, useListPage } from './records';
import type { ApiResponse, ElementOf } from './types';
import { uploadToPresignedPost } from './uploads';

// Roster imports (API.md "roster imports"). Shapes as on the wire.

/** A roster import with its mapping choices (GET /api/subject-imports/:id). */
export type SubjectImportDetail = ApiResponse<'/api/subject-imports/{id}', 'get'>['subject_import'];
/** A roster import as the project's list answers it. */
export type SubjectImport = ElementOf<
  ApiResponse<'/api/projects/{id}/subject-imports', 'get'>['subject_imports']
>;
export type ImportStatus = SubjectImport['status'];
export type ImportMode = SubjectImport['mode'];
export type ImportMatchBy = SubjectImport['match_by'];
export type CheckReport = NonNullable<SubjectImport['check']>;
export type ApplyReport = NonNullable<SubjectImport['report']>;
export type LineErrors = ElementOf<CheckReport['errors']>;
export type FieldChange = ElementOf<ElementOf<CheckReport['updates']>['changes']>;

export const subjectImportKeys = queryKeys.subjectImports;

/** The encodings the API reads a text roster in (API.md, roster imports), in the order offered. */
export const ROSTER_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252', 'iso-8859-1'] as const;
export type RosterEncoding = (typeof ROSTER_ENCODINGS)[number];

/**
 * Upload: create the import, send the file to its presigned form, then verify (the server reads it). The
 * chosen encoding (none: the server detects it) goes with both, so a file the server could not place is
 * read as the user says.
 */
export async function importRosterFile(
  projectId: string,
  file: File,
  encoding: RosterEncoding | null = null,
): Promise<SubjectImportDetail> {
  const chosen = encoding ? { encoding } : {};
  const created = await sendRecord('post', '/api/projects/{id}/subject-imports', projectId, {
    subject_import: { upload_file_name: file.name, upload_file_size: file.size, ...chosen },
  });
  const target = created.presigned_post;
  // Only an import of an attachment comes without an upload target.
  if (!target) throw new Error('The import has no upload target');
  await uploadToPresignedPost(target, file);
  return verifyImport(created.id, chosen);
}

export const verifyImport = (
  id: string,
  options: NonNullable<RequestBodyOf<'/api/subject-imports/{id}/verify', 'patch'>>['subject_import'] = {},
) => sendRecord('patch', '/api/subject-imports/{id}/verify', id, { subject_import: options });

/** "Import as roster": a verified file-request upload of the project. */
export const importAttachment = (projectId: string, attachmentId: string) =>
  api
    .post('/api/projects/{id}/subject-imports', {
      path: { id: projectId },
      body: { attachment_id: attachmentId },
    })
    .then((b) => b.subject_import);

export const getImport = (id: string) => getRecord('/api/subject-imports/{id}', id, 'subject_import');

export const updateImport = (
  id: string,
  changes: {
    mapping?: Record<string, string | null>;
    match_by?: ImportMatchBy;
    mode?: ImportMode;
    save_mapping?: boolean;
    sheet_name?: string;
    oneroster_student_id?: SubjectImportDetail['oneroster_student_id'];
  },
) => sendRecord('patch', '/api/subject-imports/{id}', id, { subject_import: changes });

export const checkImport = (id: string) =>
  api.post('/api/subject-imports/{id}/check', { path: { id } }).then((b) => b.subject_import);

export const applyImport = (id: string, skipInvalidRows: boolean) =>
  sendRecord('post', '/api/subject-imports/{id}/apply', id, {
    subject_import: { skip_invalid_rows: skipInvalidRows },
  });

/** GET /api/projects/:id/subject-imports, newest first. */
export function useProjectImports(projectId: string, page: number) {
  return useListPage(
    subjectImportKeys.list(projectId, page),
    '/api/projects/{id}/subject-imports',
    projectId,
    {
      page,
      limit: 10,
    },
  );
}

/** The skipped rows as CSV, fetched with the token and saved by the browser. */
export function downloadSkippedRows(imp: SubjectImport): Promise<void> {
  return downloadWithToken(
    pathOf('/api/subject-imports/{id}/skipped-rows', { id: imp.id }),
    `${imp.upload_file_name.replace(/\.[^.]*$/, '')} - skipped rows.csv`,
  );
}
