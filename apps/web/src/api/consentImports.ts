import { useMutation } from '@tanstack/react-query';
import { api, type SuccessBody } from './api';
import { createAttachment, invalidateProjectFiles, verifyAttachment } from './attachments';
import { queryKeys } from './keys';
import { queryClient } from './queryClient';
import { uploadToPresignedPost, withRetry } from './uploads';

/** The report on the school's consent file: its columns, which were read, and what matched or changes. */
export type ConsentImportReport = SuccessBody<
  '/api/projects/{id}/subject-consent-imports',
  'post'
>['consent_import'];

/** Which columns to read: a column's header, null for none, left out to let the server guess. */
export interface ConsentImportColumns {
  student_id_column?: string | null;
  directory_opt_out_column?: string | null;
  yearbook_opt_out_column?: string | null;
}

/**
 * POST /api/projects/:id/subject-consent-imports: a preview of the school's file (nothing written), or,
 * with `apply`, the flags set; after applying, the project's subjects are read again.
 */
export function useConsentImport(projectId: string) {
  return useMutation({
    mutationFn: ({
      attachmentId,
      columns,
      apply,
    }: {
      attachmentId: string;
      columns: ConsentImportColumns;
      apply: boolean;
    }) =>
      api
        .post('/api/projects/{id}/subject-consent-imports', {
          path: { id: projectId },
          body: { consent_import: { attachment_id: attachmentId, ...columns }, apply },
        })
        .then((b) => b.consent_import),
    onSuccess: (report) => {
      if (report.applied) void queryClient.invalidateQueries({ queryKey: queryKeys.subjects.all });
    },
  });
}

/**
 * The school's file uploaded to the project's files from the consent dialog (a school could not
 * upload one anywhere else): the record, its bytes to the presigned target with progress, then the server's
 * check of them (spec §4), as the file requests' upload does, with no request to answer. Answers the
 * verified attachment; the project's files are read again.
 */
export async function uploadConsentFile(
  projectId: string,
  file: File,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
) {
  const { signal } = options;
  const created = await createAttachment(projectId, null, file, signal);
  if (created.upload_verified_at) return created;
  await withRetry(() => uploadToPresignedPost(created.presigned_post, file, options), { signal });
  const verified = await withRetry(() => verifyAttachment(created.id, signal, { notify: false }), { signal });
  invalidateProjectFiles(projectId);
  return verified;
}
