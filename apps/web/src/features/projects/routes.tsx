import type { RouteObject } from 'react-router';
import { ROUTES, type RouteHandle, screenRoute } from '../../app/routes';
import { projectAttachmentRoutes } from '../attachments/routes';
import { coverageRoutes } from '../coverage/routes';
import { projectExportRoutes } from '../exports/routes';
import { projectFamilyRoutes } from '../families/routes';
import { layoutRoutes } from '../layouts/routes';
import { photoCheckRoutes } from '../photo-checks/routes';
import { photoSessionRoutes } from '../photo-sessions/routes';
import { pictureDayRoutes } from '../picture-day/routes';
import { subjectRoutes } from '../subjects/routes';
import { yearbookRoutes } from '../yearbook/routes';

/**
 * The project area's screens (projects, one project and its sub-screens, seasons, project templates),
 * mounted by the app router among the signed-in, licensed routes. Each screen is its own chunk.
 */
export const projectAreaRoutes: RouteObject[] = [
  screenRoute('projects.index', 'projects.title', async () => (await import('./ProjectsPage')).ProjectsPage),
  screenRoute(
    'projects.new',
    'project-form.title',
    async () => (await import('./NewProjectPage')).NewProjectPage,
  ),
  // Outside the project layout: the text alone, no subnav leading to more refusals.
  screenRoute(
    'project.not-activated',
    'project.not-activated.title',
    async () => (await import('./ProjectNotActivatedPage')).ProjectNotActivatedPage,
  ),
  {
    // The project subnav around the dashboard and the sub-screens.
    path: ROUTES['project.index'],
    lazy: { Component: async () => (await import('./ProjectLayout')).ProjectLayout },
    children: [
      {
        index: true,
        handle: { name: 'project.index', titleKey: 'project.title' } satisfies RouteHandle,
        lazy: { Component: async () => (await import('./ProjectPage')).ProjectPage },
      },
      // What the portal holds about the project: readable and printable by a school.
      screenRoute(
        'project.data-summary',
        'data-summary.title',
        async () => (await import('./DataSummaryPage')).DataSummaryPage,
      ),
      {
        // Spec §4: the sections (subjects, exports, layouts, files, picture day, coverage, photo checks)
        // open only for an activated project; each section's module brings its own screens.
        lazy: { Component: async () => (await import('./ProjectActivation')).ProjectActivation },
        children: [
          ...subjectRoutes,
          ...projectAttachmentRoutes,
          ...projectExportRoutes,
          ...layoutRoutes,
          ...pictureDayRoutes,
          ...photoSessionRoutes,
          ...coverageRoutes,
          ...photoCheckRoutes,
          ...projectFamilyRoutes,
          ...yearbookRoutes,
        ],
      },
    ],
  },
  screenRoute(
    'project-templates.index',
    'project-templates.title',
    async () => (await import('../project-templates/ProjectTemplatesPage')).ProjectTemplatesPage,
  ),
  screenRoute(
    'project-templates.new',
    'project-template.form.new-title',
    async () => (await import('../project-templates/ProjectTemplateFormPage')).NewProjectTemplatePage,
  ),
  screenRoute(
    'project-template.index',
    'project-template.title',
    async () => (await import('../project-templates/ProjectTemplatePage')).ProjectTemplatePage,
  ),
  screenRoute(
    'project-template.edit',
    'project-template.form.edit-title',
    async () => (await import('../project-templates/ProjectTemplateFormPage')).EditProjectTemplatePage,
  ),
  screenRoute(
    'seasons.index',
    'seasons.title',
    async () => (await import('../seasons/SeasonsPage')).SeasonsPage,
  ),
  screenRoute(
    'seasons.new',
    'seasons.form.title',
    async () => (await import('../seasons/NewSeasonPage')).NewSeasonPage,
  ),
];
