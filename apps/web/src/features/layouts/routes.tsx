import type { RouteObject } from 'react-router';
import { screenRoute } from '../../app/routes';

const pages = () => import('./LayoutsPages');

/** The layouts section (index, renders, the print wizard) and the subject directory form; each lazily loaded. */
export const layoutRoutes: RouteObject[] = [
  screenRoute('project.layouts', 'project.layouts-title', async () => (await pages()).LayoutsIndexPage),
  screenRoute(
    'project.layouts.renders',
    'project.layouts-title',
    async () => (await pages()).LayoutRendersPage,
  ),
  screenRoute(
    'project.layouts.edit',
    'project.layouts-title',
    async () => (await import('./EditLayoutsPage')).EditLayoutsPage,
  ),
  screenRoute('project.layout', 'project.layouts-title', async () => (await pages()).LayoutShowPage),
  {
    // Under the subjects sub-menu, as every other subjects screen.
    lazy: { Component: async () => (await import('../subjects/SubjectsLayout')).SubjectsLayout },
    children: [
      screenRoute(
        'project.subjects.subject-directory',
        'project.subjects-title',
        async () => (await import('./SubjectDirectory')).SubjectDirectoryPage,
      ),
    ],
  },
];
