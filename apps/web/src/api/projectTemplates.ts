import { FIELD_KEYS, type ProjectTemplateForm } from '@school-portal/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from './api';
import { queryKeys } from './keys';
import { queryClient } from './queryClient';
import { sendRecord, useEveryPage, useRecord } from './records';
import type { ApiResponse, ElementOf } from './types';

/** A reusable template (project_id null) or a project's own copy, as the template lists answer it. */
export type ProjectTemplateSummary = ElementOf<
  ApiResponse<'/api/organizations/{id}/project-templates', 'get'>['project_templates']
>;

/** A template with its subject fields, in arrangement order (hidden ones only for callers who may see them). */
export type ProjectTemplate = ApiResponse<'/api/project-templates/{id}', 'get'>['project_template'];

/** A subject field of a template; a null `field_key` means Custom. */
export type SubjectField = ElementOf<ProjectTemplate['subject_fields']>;

export type FieldKeyOption = ElementOf<ApiResponse<'/api/project-templates/field-keys', 'get'>['field_keys']>;

const TEMPLATE_PAGE_SIZE = 500;

/** Reusable templates of an organization, newest first. */
export function useProjectTemplates(organizationId: string | null | undefined, enabled = true) {
  return useEveryPage(
    queryKeys.projectTemplates.list,
    '/api/organizations/{id}/project-templates',
    organizationId,
    'project_templates',
    TEMPLATE_PAGE_SIZE,
    { enabled },
  );
}

export function useProjectTemplate(templateId: string) {
  return useRecord(
    queryKeys.projectTemplates.template,
    '/api/project-templates/{id}',
    templateId,
    'project_template',
  );
}

/** The subject-field catalogue (GET /api/project-templates/field-keys); the shared list until it answers. */
export function useFieldKeys() {
  return useQuery({
    queryKey: queryKeys.projectTemplates.fieldKeys,
    queryFn: ({ signal }) =>
      api.get('/api/project-templates/field-keys', { signal }).then((b) => b.field_keys),
    placeholderData: FIELD_KEYS.map((f) => ({ key: f.key, label: f.label })),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export type ProjectTemplateBody = ProjectTemplateForm & { organization_id: string };

function afterSave(template: ProjectTemplate) {
  queryClient.setQueryData(queryKeys.projectTemplates.template(template.id), template);
  const { subject_fields: _fields, ...summary } = template;
  queryClient.setQueryData<ProjectTemplateSummary[]>(
    queryKeys.projectTemplates.list(template.organization_id),
    (list) =>
      list
        ? list.some((t) => t.id === summary.id)
          ? list.map((t) => (t.id === summary.id ? summary : t))
          : [summary, ...list]
        : list,
  );
  void queryClient.invalidateQueries({ queryKey: queryKeys.projectTemplates.list(template.organization_id) });
}

export function useCreateProjectTemplate() {
  return useMutation({
    mutationFn: (projectTemplate: ProjectTemplateBody) =>
      sendRecord('post', '/api/project-templates', null, { project_template: projectTemplate }),
    onSuccess: afterSave,
  });
}

export function useUpdateProjectTemplate(templateId: string) {
  return useMutation({
    mutationFn: (projectTemplate: ProjectTemplateBody) =>
      sendRecord('put', '/api/project-templates/{id}', templateId, { project_template: projectTemplate }),
    onSuccess: afterSave,
  });
}

export function useDeleteProjectTemplate() {
  return useMutation({
    mutationFn: (template: Pick<ProjectTemplateSummary, 'id' | 'organization_id'>) =>
      api.delete('/api/project-templates/{id}', { path: { id: template.id } }).then(() => template),
    onSuccess: (template) => {
      // Not removed: the screen showing it may still be open until it navigates away.
      void queryClient.invalidateQueries({
        queryKey: queryKeys.projectTemplates.template(template.id),
        refetchType: 'none',
      });
      queryClient.setQueryData<ProjectTemplateSummary[]>(
        queryKeys.projectTemplates.list(template.organization_id),
        (list) => list?.filter((t) => t.id !== template.id),
      );
      void queryClient.invalidateQueries({
        queryKey: queryKeys.projectTemplates.list(template.organization_id),
      });
    },
  });
}
