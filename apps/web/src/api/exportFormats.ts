import type { ExportFormatDraft, ExportFormatRef } from '@school-portal/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiFetch } from './client';
import { queryKeys } from './keys';
import { queryClient } from './queryClient';

/** An export format as the API sends it (exports §3; GET /api/project-export-formats/:id). */
export interface ExportFormat extends ExportFormatDraft {
  id: string;
  organization_id: string | null;
  organization_name: string | null;
  standard_key: string | null;
  is_global: boolean;
  is_custom: boolean;
  created_by_user_id: string | null;
  /** Null for built-in formats and when the creator's user was deleted. */
  created_by_user_name: string | null;
  created_by_user_deleted: boolean;
  created_at: string;
  updated_at: string;
}

/** What the wizard sends: the format's fields, and for a new one its organization. */
export type ExportFormatPayload = ExportFormatDraft & { organization_id?: string };

export const exportFormatKeys = queryKeys.exportFormats;

/** The format as the permission rules see it (`can(abilities, 'export-format.update', ref)`). */
export const exportFormatRef = (format: ExportFormat): ExportFormatRef => ({
  organization_id: format.organization_id,
  created_by_user_id: format.created_by_user_id,
  restricted: format.restrict_to_orgs_managed_by_creator,
});

/** Formats the project may use: built-in ones, its organization's own, and those shared from above. */
export function useProjectExportFormats(projectId: string) {
  return useQuery({
    queryKey: exportFormatKeys.project(projectId),
    queryFn: ({ signal }) =>
      apiFetch<{ project_export_formats: ExportFormat[] }>(
        `/api/projects/${encodeURIComponent(projectId)}/project-export-formats`,
        { signal },
      ).then((b) => b.project_export_formats),
    enabled: projectId !== '',
  });
}

export function useExportFormat(formatId: string | undefined) {
  return useQuery({
    queryKey: exportFormatKeys.format(formatId ?? ''),
    queryFn: ({ signal }) =>
      apiFetch<{ project_export_format: ExportFormat }>(
        `/api/project-export-formats/${encodeURIComponent(formatId!)}`,
        { signal },
      ).then((b) => b.project_export_format),
    enabled: !!formatId,
  });
}

const refresh = () => queryClient.invalidateQueries({ queryKey: exportFormatKeys.all });

export function useSaveExportFormat(formatId: string | undefined) {
  return useMutation({
    mutationFn: (format: ExportFormatPayload) =>
      apiFetch<{ project_export_format: ExportFormat }>(
        formatId
          ? `/api/project-export-formats/${encodeURIComponent(formatId)}`
          : '/api/project-export-formats',
        { method: formatId ? 'PUT' : 'POST', body: { project_export_format: format } },
      ).then((b) => b.project_export_format),
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
      apiFetch<{ project_export_format: ExportFormat }>(
        `/api/project-export-formats/${encodeURIComponent(sourceId ?? '')}/copy`,
        { method: 'POST', body: { project_export_format: format } },
      ).then((b) => b.project_export_format),
    onSuccess: () => void refresh(),
  });
}

export function useDeleteExportFormat() {
  return useMutation({
    mutationFn: (format: ExportFormat) =>
      apiFetch<unknown>(`/api/project-export-formats/${encodeURIComponent(format.id)}`, { method: 'DELETE' }),
    onSuccess: () => void refresh(),
  });
}
