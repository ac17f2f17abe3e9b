import type { RouteObject } from 'react-router';
import { ROUTES, type RouteHandle } from '../../app/routes';

const handle = (h: RouteHandle) => h;

/**
 * A project's files (Files Requested, Files Uploaded, the upload page), mounted by the project area
 * under the activation check. Each screen is its own chunk. Paths are the full paths of ROUTES.
 */
export const projectAttachmentRoutes: RouteObject[] = [
  {
    path: ROUTES['project.attachments'],
    handle: handle({ name: 'project.attachments', titleKey: 'attachments.title' }),
    lazy: { Component: async () => (await import('./ProjectAttachmentsPage')).ProjectAttachmentsPage },
  },
  {
    path: ROUTES['project.attachments.upload'],
    handle: handle({ name: 'project.attachments.upload', titleKey: 'attachments.upload.title' }),
    lazy: { Component: async () => (await import('./AttachmentUploadPage')).AttachmentUploadPage },
  },
];
