import type { RouteObject } from 'react-router';
import { screenRoute } from '../../app/routes';

/** Coverage (who is missing a portrait), mounted by the project area under the activation check. */
export const coverageRoutes: RouteObject[] = [
  screenRoute(
    'project.coverage',
    'coverage.title',
    async () => (await import('./CoveragePage')).CoveragePage,
  ),
];
