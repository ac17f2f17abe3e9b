import type { RouteObject } from 'react-router';
import { screenRoute } from '../../app/routes';

/**
 * File requests (list, new, detail), mounted by the app router among the signed-in, licensed routes.
 * Only studio accounts that manage their own organization may open them (spec §2, §6); others go home.
 * Each screen is its own chunk.
 */
export const attachmentRequestRoutes: RouteObject[] = [
  {
    lazy: { Component: async () => (await import('./FileRequestsGuard')).FileRequestsGuard },
    children: [
      screenRoute(
        'attachment-requests.index',
        'attachment-requests.title',
        async () => (await import('./AttachmentRequestsPage')).AttachmentRequestsPage,
      ),
      screenRoute(
        'attachment-requests.new',
        'attachment-requests.form.title',
        async () => (await import('./NewAttachmentRequestPage')).NewAttachmentRequestPage,
      ),
      screenRoute(
        'attachment-request.index',
        'attachment-requests.detail.title',
        async () => (await import('./AttachmentRequestPage')).AttachmentRequestPage,
      ),
    ],
  },
];
