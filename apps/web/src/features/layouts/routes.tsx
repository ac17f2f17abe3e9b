import type { RouteObject } from 'react-router';
import { ROUTES, type RouteHandle } from '../../app/routes';

const handle = (h: RouteHandle) => h;
const pages = () => import('./LayoutsPages');

/** The layouts section (index, renders, the print wizard) and the subject directory form; each lazily loaded. */
export const layoutRoutes: RouteObject[] = [
  {
    path: ROUTES['project.layouts'],
    handle: handle({ name: 'project.layouts', titleKey: 'project.layouts-title' }),
    lazy: { Component: async () => (await pages()).LayoutsIndexPage },
  },
  {
    path: ROUTES['project.layouts.renders'],
    handle: handle({ name: 'project.layouts.renders', titleKey: 'project.layouts-title' }),
    lazy: { Component: async () => (await pages()).LayoutRendersPage },
  },
  {
    path: ROUTES['project.layouts.edit'],
    handle: handle({ name: 'project.layouts.edit', titleKey: 'project.layouts-title' }),
    lazy: { Component: async () => (await import('./EditLayoutsPage')).EditLayoutsPage },
  },
  {
    path: ROUTES['project.layout'],
    handle: handle({ name: 'project.layout', titleKey: 'project.layouts-title' }),
    lazy: { Component: async () => (await pages()).LayoutShowPage },
  },
  {
    // Under the subjects sub-menu, as every other subjects screen.
    lazy: { Component: async () => (await import('../subjects/SubjectsLayout')).SubjectsLayout },
    children: [
      {
        path: ROUTES['project.subjects.subject-directory'],
        handle: handle({ name: 'project.subjects.subject-directory', titleKey: 'project.subjects-title' }),
        lazy: { Component: async () => (await import('./SubjectDirectory')).SubjectDirectoryPage },
      },
    ],
  },
];
