import type { RouteObject } from 'react-router';
import { screenRoute } from '../../app/routes';

/**
 * Upload Picture Day (a project's photo batches, one batch), mounted by the project area under the
 * activation check. Each screen is its own chunk.
 */
export const pictureDayRoutes: RouteObject[] = [
  screenRoute(
    'project.picture-day',
    'picture-day.title',
    async () => (await import('./PictureDayPage')).PictureDayPage,
  ),
  screenRoute(
    'project.picture-day.batch',
    'picture-day.batch.title',
    async () => (await import('./PhotoBatchPage')).PhotoBatchPage,
  ),
];
