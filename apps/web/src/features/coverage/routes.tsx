import type { RouteObject } from 'react-router';
import { ROUTES, type RouteHandle } from '../../app/routes';

const handle = (h: RouteHandle) => h;

/** Coverage (who is missing a portrait), mounted by the project area under the activation check. */
export const coverageRoutes: RouteObject[] = [
  {
    path: ROUTES['project.coverage'],
    handle: handle({ name: 'project.coverage', titleKey: 'coverage.title' }),
    lazy: { Component: async () => (await import('./CoveragePage')).CoveragePage },
  },
];
