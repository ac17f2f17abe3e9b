import type { ExportFormatDraft, ExportFormatRef } from '@school-portal/domain';
import { useMutation } from '@tanstack/react-query';
import { api, type RequestBodyOf } from './api';
import { queryKeys } from './keys';
import { queryClient } from './queryClient';
import { sendRecord, useRecord } from './records';
import type { ApiResponse } from './types';

/** An export format as the API sends it (exports §3; GET /api/project-export-formats/:id). */
export type ExportFormat = ApiResponse<'/api/project-export-formats/{id}', 'get'>['project_export_format'];

/** What the wizard sends: the format's fields, and for a new one its organization. */
export type ExportFormatPayload = ExportFormatDraft & { organization_id?: string };

/**
 * The wizard's draft as the wire body. One of the few explicit types left: the domain's draft holds
 * field keys as any text (the wizard offers the template's keys), which the server checks against its
 * catalogue and answers 422 for; the generated body type names the catalogue's keys only.
 */
const wireFormat = (format: ExportFormatPayload) =>
  format as RequestBodyOf<'/api/project-export-formats', 'post'>['project_export_format'];

export const exportFormatKeys = queryKeys.exportFormats;

/** The format as the permission rules see it (`can(abilities, 'export-format.update', ref)`). */
export const exportFormatRef = (format: ExportFormat): ExportFormatRef => ({
  organization_id: format.organization_id,
  created_by_user_id: format.created_by_user_id,
  restricted: format.restrict_to_orgs_managed_by_creator,
});

/** Formats the project may use: built-in ones, its organization's own, and those shared from above. */
export function useProjectExportFormats(projectId: string) {
  return useRecord(
    exportFormatKeys.project,
    '/api/projects/{id}/project-export-formats',
    projectId,
    'project_export_formats',
  );
}

export function useExportFormat(formatId: string | undefined) {
  return useRecord(
    exportFormatKeys.format,
    '/api/project-export-formats/{id}',
    formatId,
    'project_export_format',
  );
}

const refresh = () => queryClient.invalidateQueries({ queryKey: exportFormatKeys.all });

export function useSaveExportFormat(formatId: string | undefined) {
  return useMutation({
    mutationFn: (format: ExportFormatPayload) => {
      const body = { project_export_format: wireFormat(format) };
      return formatId
        ? sendRecord('put', '/api/project-export-formats/{id}', formatId, body)
        : sendRecord('post', '/api/project-export-formats', null, body);
    },
    onSuccess: (format) => {
      queryClient.setQueryData(exportFormatKeys.format(format.id), format);
      void refresh();
    },
  });
}

/**
 * POST /api/project-export-formats/:id/copy: the copy wizard's values become "name (Copy)" in the source's
 * organization, with the settings, mappings and duplicate search fields as edited.
 */
export function useCopyExportFormat(sourceId: string | undefined) {
  return useMutation({
    mutationFn: (format: ExportFormatPayload) =>
      sendRecord('post', '/api/project-export-formats/{id}/copy', sourceId ?? '', {
        project_export_format: wireFormat(format),
      }),
    onSuccess: () => void refresh(),
  });
}

export function useDeleteExportFormat() {
  return useMutation({
    mutationFn: (format: ExportFormat) =>
      api.delete('/api/project-export-formats/{id}', { path: { id: format.id } }),
    onSuccess: () => void refresh(),
  });
}
