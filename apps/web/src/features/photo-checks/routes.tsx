import type { RouteObject } from 'react-router';
import { screenRoute } from '../../app/routes';

/** Photo Checks (the review of a project's flagged photos), mounted by the project area under the activation check. */
export const photoCheckRoutes: RouteObject[] = [
  screenRoute(
    'project.photo-checks',
    'photo-checks.title',
    async () => (await import('./PhotoChecksPage')).PhotoChecksPage,
  ),
];
