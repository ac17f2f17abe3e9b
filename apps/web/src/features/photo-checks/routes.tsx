import type { RouteObject } from 'react-router';
import { ROUTES, type RouteHandle } from '../../app/routes';

const handle = (h: RouteHandle) => h;

/** Photo Checks (the review of a project's flagged photos), mounted by the project area under the activation check. */
export const photoCheckRoutes: RouteObject[] = [
  {
    path: ROUTES['project.photo-checks'],
    handle: handle({ name: 'project.photo-checks', titleKey: 'photo-checks.title' }),
    lazy: { Component: async () => (await import('./PhotoChecksPage')).PhotoChecksPage },
  },
];
