import { attachmentContentType, MULTI_PAGE_SIZES, PAGE_SIZES } from '@school-portal/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, type RequestBodyOf } from './api';
import { saveLink } from './client';
import { queryKeys } from './keys';
import { fetchAllOf } from './pages';
import { queryClient } from './queryClient';
import { fetchSignedDownload, useEveryPage, useListPage, useRecord } from './records';
import type { ApiResponse, ElementOf, ProjectSummary } from './types';

// ---------------------------------------------------------------------------------------------------
// Shapes (API.md, snake_case as on the wire)

/** A file request (spec §3: Attachment request). */
export type AttachmentRequest = ApiResponse<'/api/attachment-requests/{id}', 'get'>['attachment_request'];

/** A project a file request asks files for; `pending` while no verified file has arrived for it. */
export type AttachmentRequestProject = ElementOf<AttachmentRequest['projects']>;

/** A file attached to a project (spec §3: Attachment). Verified means upload_verified_at is present. */
export type Attachment = ElementOf<ApiResponse<'/api/projects/{id}/attachments', 'get'>['attachments']>;

/** A project offered by the new file request form. */
export type FileRequestProjectOption = Pick<
  ProjectSummary,
  'id' | 'name' | 'short_code' | 'organization_name'
>;

/** The body of POST /api/attachment-requests (spec §7: the save sends project_ids). */
export type NewAttachmentRequest = RequestBodyOf<'/api/attachment-requests', 'post'>;

/** Rows of the file request list per page (the organizations list's size). */
export const FILE_REQUESTS_PAGE_SIZE = PAGE_SIZES.organizations;
/** Spec §9: uploads run at most six at a time; a failed presigned upload is tried again 7 times. */

// ---------------------------------------------------------------------------------------------------
// File requests

/** GET /api/organizations/:id/attachment-requests: one page of the requests an organization made. */
export function useOrganizationAttachmentRequests(organizationId: string | null | undefined, page: number) {
  return useListPage(
    queryKeys.attachments.organizationRequestsPage(organizationId ?? '', page),
    '/api/organizations/{id}/attachment-requests',
    organizationId,
    { page, limit: FILE_REQUESTS_PAGE_SIZE },
  );
}

/** GET /api/attachment-requests/:id (404 when unknown or out of view). */
export function useAttachmentRequest(id: string) {
  return useRecord(queryKeys.attachments.request, '/api/attachment-requests/{id}', id, 'attachment_request');
}

/**
 * Every project of the organization and of those below it, for the file request form: GET
 * /api/organizations/:id/projects?traverse_sub_organizations=true in pages of 1000, sorted by
 * organization then name.
 */
export function useFileRequestProjectOptions(organizationId: string | null | undefined, enabled = true) {
  return useQuery({
    queryKey: queryKeys.projects.fileRequestOptions(organizationId ?? ''),
    queryFn: async ({ signal }) => {
      const options: FileRequestProjectOption[] = await fetchAllOf(
        '/api/organizations/{id}/projects',
        'projects',
        MULTI_PAGE_SIZES.projects,
        { path: { id: organizationId! }, query: { traverse_sub_organizations: true }, signal },
      );
      const byText = (a: string, b: string) =>
        a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true });
      return options.sort(
        (a, b) => byText(a.organization_name ?? '', b.organization_name ?? '') || byText(a.name, b.name),
      );
    },
    enabled: enabled && !!organizationId,
  });
}

/** POST /api/attachment-requests: 201; 422 {errors: {name, description, project_ids}}; 403 for non-studios. */
export function useCreateAttachmentRequest() {
  return useMutation({
    mutationFn: (body: NewAttachmentRequest) =>
      api.post('/api/attachment-requests', { body }).then((b) => b.attachment_request),
    onSuccess: (request) => {
      queryClient.setQueryData(queryKeys.attachments.request(request.id), request);
      void queryClient.invalidateQueries({
        queryKey: queryKeys.attachments.organizationRequests(request.organization_id),
      });
      for (const project of request.projects) invalidateProjectFiles(project.id);
    },
  });
}

// ---------------------------------------------------------------------------------------------------
// A project's files

/** GET /api/projects/:id/attachment-requests: the requests asking for this project's files. */
export function useProjectAttachmentRequests(projectId: string) {
  return useRecord(
    queryKeys.attachments.projectRequests,
    '/api/projects/{id}/attachment-requests',
    projectId,
    'attachment_requests',
  );
}

/** GET /api/projects/:id/attachments: the project's files, newest first. */
export function useProjectAttachments(projectId: string) {
  // The list pages (500 at most a page): every page.
  return useEveryPage(
    queryKeys.attachments.projectAttachments,
    '/api/projects/{id}/attachments',
    projectId,
    'attachments',
    500,
  );
}

/**
 * After files arrive (or a request is made): the project's files and requests, its counts (the project
 * itself, exactly, so the activation check is not asked again) and every file request view.
 */
export function invalidateProjectFiles(projectId: string): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.attachments.projectAttachments(projectId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.attachments.projectRequests(projectId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.projects.project(projectId), exact: true });
  void queryClient.invalidateQueries({ queryKey: queryKeys.attachments.requests });
}

// ---------------------------------------------------------------------------------------------------
// Uploading (spec §4: create the record, upload to the presigned target with progress, verify)

/**
 * The content type to declare for a file: the one its extension names when that is one of ours, else
 * the browser's (spec §5), else null. The extension comes first because browsers are unreliable here:
 * Windows reports a .csv as application/vnd.ms-excel when Excel is installed, which the server's content
 * check would then refuse as "not a real XLS file".
 */
export function uploadContentType(file: File): string | null {
  return attachmentContentType(file.name) ?? attachmentContentType(file.name, file.type);
}

/**
 * POST /api/projects/:id/attachments: the record and its presigned upload. The content type is left out
 * when unknown, so the server names the problem (422 {errors: {upload_content_type}}).
 */
export function createAttachment(
  projectId: string,
  attachmentRequestId: string | null,
  file: File,
  signal?: AbortSignal,
) {
  const contentType = uploadContentType(file);
  return api
    .post('/api/projects/{id}/attachments', {
      path: { id: projectId },
      body: {
        attachment: {
          attachment_request_id: attachmentRequestId,
          upload_file_name: file.name,
          upload_file_size: file.size,
          ...(contentType ? { upload_content_type: contentType } : {}),
        },
      },
      signal,
    })
    .then((body) => body.attachment);
}

/**
 * PATCH /api/attachments/:id/verify: the server checks the stored file (422 {errors: {file}} if not real).
 * A file answering a request is announced to the request's creator at once, unless `notify` is false:
 * a batch is announced once at its end (`completeUploads`).
 */
export function verifyAttachment(
  attachmentId: string,
  signal?: AbortSignal,
  options: { notify?: boolean } = {},
) {
  return api
    .patch('/api/attachments/{id}/verify', {
      path: { id: attachmentId },
      body: { notify: options.notify !== false },
      signal,
    })
    .then((body) => body.attachment);
}

/** POST /api/attachment-requests/:id/uploads-complete: one e-mail to the requester for a whole batch. */
export function completeUploads(requestId: string, attachmentIds: string[], signal?: AbortSignal) {
  return api.post('/api/attachment-requests/{id}/uploads-complete', {
    path: { id: requestId },
    body: { attachment_ids: attachmentIds },
    signal,
  });
}

/**
 * Retry for a file that never arrived ("Not Uploaded"): ask the server to check it again (the upload
 * may have landed after all). A 4xx answer means the file is not there: it must be chosen again.
 */
export function useRetryAttachment(projectId: string) {
  return useMutation({
    mutationFn: (attachmentId: string) => verifyAttachment(attachmentId),
    onSettled: () => invalidateProjectFiles(projectId),
  });
}

/** Remove for a file that never arrived: DELETE /api/attachments/:id (unverified ones only). */
export function useRemoveAttachment(projectId: string) {
  return useMutation({
    mutationFn: (attachmentId: string) => api.delete('/api/attachments/{id}', { path: { id: attachmentId } }),
    onSuccess: () => invalidateProjectFiles(projectId),
  });
}

// ---------------------------------------------------------------------------------------------------
// Downloading

/**
 * GET /api/attachments/:id/download?format=json answers a signed, expiring address (served as an
 * attachment): the browser downloads straight from storage, nothing held in memory here.
 */
export async function downloadAttachment(attachment: Attachment): Promise<void> {
  const { url } = await fetchSignedDownload('/api/attachments/{id}/download', attachment.id);
  saveLink(url, attachment.upload_file_name || attachment.name);
}
