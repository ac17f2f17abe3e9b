import type { RouteObject } from 'react-router';
import { ROUTES, type RouteHandle } from '../../app/routes';

const handle = (h: RouteHandle) => h;

/**
 * The project area's screens (projects, one project and its sub-screens, seasons, project templates),
 * mounted by the app router among the signed-in, licensed routes. Each screen is its own chunk.
 */
export const projectAreaRoutes: RouteObject[] = [
  {
    path: ROUTES['projects.index'],
    handle: handle({ name: 'projects.index', titleKey: 'projects.title' }),
    lazy: { Component: async () => (await import('./ProjectsPage')).ProjectsPage },
  },
  {
    path: ROUTES['project.index'],
    handle: handle({ name: 'project.index', titleKey: 'project.title' }),
    lazy: { Component: async () => (await import('./ProjectPage')).ProjectPage },
  },
  {
    path: ROUTES['project-templates.index'],
    handle: handle({ name: 'project-templates.index', titleKey: 'project-templates.title' }),
    lazy: {
      Component: async () => (await import('../project-templates/ProjectTemplatesPage')).ProjectTemplatesPage,
    },
  },
  {
    path: ROUTES['seasons.index'],
    handle: handle({ name: 'seasons.index', titleKey: 'seasons.title' }),
    lazy: { Component: async () => (await import('../seasons/SeasonsPage')).SeasonsPage },
  },
];
