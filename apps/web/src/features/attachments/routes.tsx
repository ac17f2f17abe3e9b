import type { RouteObject } from 'react-router';
import { screenRoute } from '../../app/routes';

/**
 * A project's files (Files Requested, Files Uploaded, the upload page), mounted by the project area
 * under the activation check. Each screen is its own chunk. Paths are the full paths of ROUTES.
 */
export const projectAttachmentRoutes: RouteObject[] = [
  screenRoute(
    'project.attachments',
    'attachments.title',
    async () => (await import('./ProjectAttachmentsPage')).ProjectAttachmentsPage,
  ),
  screenRoute(
    'project.attachments.upload',
    'attachments.upload.title',
    async () => (await import('./AttachmentUploadPage')).AttachmentUploadPage,
  ),
];
