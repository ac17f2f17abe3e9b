import type { RouteObject } from 'react-router';
import { ROUTES, type RouteHandle } from '../../app/routes';

const handle = (h: RouteHandle) => h;

/**
 * File requests (list, new, detail), mounted by the app router among the signed-in, licensed routes.
 * Only studio accounts that manage their own organization may open them (spec §2, §6); others go home.
 * Each screen is its own chunk.
 */
export const attachmentRequestRoutes: RouteObject[] = [
  {
    lazy: { Component: async () => (await import('./FileRequestsGuard')).FileRequestsGuard },
    children: [
      {
        path: ROUTES['attachment-requests.index'],
        handle: handle({ name: 'attachment-requests.index', titleKey: 'attachment-requests.title' }),
        lazy: { Component: async () => (await import('./AttachmentRequestsPage')).AttachmentRequestsPage },
      },
      {
        path: ROUTES['attachment-requests.new'],
        handle: handle({ name: 'attachment-requests.new', titleKey: 'attachment-requests.form.title' }),
        lazy: {
          Component: async () => (await import('./NewAttachmentRequestPage')).NewAttachmentRequestPage,
        },
      },
      {
        path: ROUTES['attachment-request.index'],
        handle: handle({ name: 'attachment-request.index', titleKey: 'attachment-requests.detail.title' }),
        lazy: { Component: async () => (await import('./AttachmentRequestPage')).AttachmentRequestPage },
      },
    ],
  },
];
