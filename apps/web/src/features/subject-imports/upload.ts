import { api } from '../../api/api';
import { type SubjectImportDetail, verifyImport } from '../../api/subjectImports';
import { uploadToPresignedPost } from '../../api/uploads';

/** The encodings the API reads a text roster in (API.md, roster imports), in the order offered. */
export const ROSTER_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252', 'iso-8859-1'] as const;
export type RosterEncoding = (typeof ROSTER_ENCODINGS)[number];

/**
 * Upload with an encoding: create the import, send the file to its presigned form, then verify. The
 * chosen encoding (none: the server detects it) goes with both, so a file the server could not place
 * is read as the user says.
 */
export async function uploadRoster(
  projectId: string,
  file: File,
  encoding: RosterEncoding | null,
): Promise<SubjectImportDetail> {
  const chosen = encoding ? { encoding } : {};
  const { subject_import: created } = await api.post('/api/projects/{id}/subject-imports', {
    path: { id: projectId },
    body: { subject_import: { upload_file_name: file.name, upload_file_size: file.size, ...chosen } },
  });
  // Only an import of an attachment comes without an upload target.
  if (!created.presigned_post) throw new Error('The import has no upload target');
  await uploadToPresignedPost(created.presigned_post, file);
  return verifyImport(created.id, chosen);
}
