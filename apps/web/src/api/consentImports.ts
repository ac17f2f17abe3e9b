import { useMutation } from '@tanstack/react-query';
import { api, type SuccessBody } from './api';
import { queryKeys } from './keys';
import { queryClient } from './queryClient';

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
