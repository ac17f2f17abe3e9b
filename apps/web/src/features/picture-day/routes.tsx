import type { RouteObject } from 'react-router';
import { ROUTES, type RouteHandle } from '../../app/routes';

const handle = (h: RouteHandle) => h;

/**
 * Upload Picture Day (a project's photo batches, one batch), mounted by the project area under the
 * activation check. Each screen is its own chunk.
 */
export const pictureDayRoutes: RouteObject[] = [
  {
    path: ROUTES['project.picture-day'],
    handle: handle({ name: 'project.picture-day', titleKey: 'picture-day.title' }),
    lazy: { Component: async () => (await import('./PictureDayPage')).PictureDayPage },
  },
  {
    path: ROUTES['project.picture-day.batch'],
    handle: handle({ name: 'project.picture-day.batch', titleKey: 'picture-day.batch.title' }),
    lazy: { Component: async () => (await import('./PhotoBatchPage')).PhotoBatchPage },
  },
];
