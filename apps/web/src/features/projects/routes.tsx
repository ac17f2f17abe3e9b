import type { RouteObject } from 'react-router';
import { ROUTES, type RouteHandle } from '../../app/routes';
import { projectAttachmentRoutes } from '../attachments/routes';
import { coverageRoutes } from '../coverage/routes';
import { projectExportRoutes } from '../exports/routes';
import { layoutRoutes } from '../layouts/routes';
import { photoCheckRoutes } from '../photo-checks/routes';
import { pictureDayRoutes } from '../picture-day/routes';
import { subjectRoutes } from '../subjects/routes';

const handle = (h: RouteHandle) => h;

/** Heading-only screens for the project sections whose areas have not brought their own routes yet. */
const sectionPlaceholders: RouteObject[] = [
  {
    path: ROUTES['project.subjects'],
    handle: handle({ name: 'project.subjects', titleKey: 'project.subjects-title' }),
    lazy: { Component: async () => (await import('./ProjectSectionPages')).ProjectSubjectsPage },
  },
  {
    path: ROUTES['project.exports'],
    handle: handle({ name: 'project.exports', titleKey: 'project.exports-title' }),
    lazy: { Component: async () => (await import('./ProjectSectionPages')).ProjectExportsPage },
  },
  {
    path: ROUTES['project.layouts'],
    handle: handle({ name: 'project.layouts', titleKey: 'project.layouts-title' }),
    lazy: { Component: async () => (await import('./ProjectSectionPages')).ProjectLayoutsPage },
  },
  {
    path: ROUTES['project.attachments'],
    handle: handle({ name: 'project.attachments', titleKey: 'project.attachments-title' }),
    lazy: { Component: async () => (await import('./ProjectSectionPages')).ProjectAttachmentsPage },
  },
];

function pathsOf(routes: RouteObject[]): string[] {
  return routes.flatMap((route) => [...(route.path ? [route.path] : []), ...pathsOf(route.children ?? [])]);
}

/**
 * Everything behind the activation check: the sections' own route modules (subjects, a project's files),
 * plus a placeholder for each section path none of them serves yet.
 */
const sectionRoutes: RouteObject[] = [
  ...subjectRoutes,
  ...projectAttachmentRoutes,
  ...projectExportRoutes,
  ...layoutRoutes,
  ...pictureDayRoutes,
  ...coverageRoutes,
  ...photoCheckRoutes,
];
const served = new Set(pathsOf(sectionRoutes));
const activatedProjectRoutes: RouteObject[] = [
  ...sectionRoutes,
  ...sectionPlaceholders.filter((route) => !served.has(route.path ?? '')),
];

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
    path: ROUTES['projects.new'],
    handle: handle({ name: 'projects.new', titleKey: 'project-form.title' }),
    lazy: { Component: async () => (await import('./NewProjectPage')).NewProjectPage },
  },
  {
    // Outside the project layout: the text alone, no subnav leading to more refusals.
    path: ROUTES['project.not-activated'],
    handle: handle({ name: 'project.not-activated', titleKey: 'project.not-activated.title' }),
    lazy: { Component: async () => (await import('./ProjectNotActivatedPage')).ProjectNotActivatedPage },
  },
  {
    // The project subnav around the dashboard and the sub-screens.
    path: ROUTES['project.index'],
    lazy: { Component: async () => (await import('./ProjectLayout')).ProjectLayout },
    children: [
      {
        index: true,
        handle: handle({ name: 'project.index', titleKey: 'project.title' }),
        lazy: { Component: async () => (await import('./ProjectPage')).ProjectPage },
      },
      {
        // What the portal holds about the project: readable and printable by a school.
        path: ROUTES['project.data-summary'],
        handle: handle({ name: 'project.data-summary', titleKey: 'data-summary.title' }),
        lazy: { Component: async () => (await import('./DataSummaryPage')).DataSummaryPage },
      },
      {
        // Spec §4: subjects, exports, layouts and attachments open only for an activated project.
        lazy: { Component: async () => (await import('./ProjectActivation')).ProjectActivation },
        children: activatedProjectRoutes,
      },
    ],
  },
  {
    path: ROUTES['project-templates.index'],
    handle: handle({ name: 'project-templates.index', titleKey: 'project-templates.title' }),
    lazy: {
      Component: async () => (await import('../project-templates/ProjectTemplatesPage')).ProjectTemplatesPage,
    },
  },
  {
    path: ROUTES['project-templates.new'],
    handle: handle({ name: 'project-templates.new', titleKey: 'project-template.form.new-title' }),
    lazy: {
      Component: async () =>
        (await import('../project-templates/ProjectTemplateFormPage')).NewProjectTemplatePage,
    },
  },
  {
    path: ROUTES['project-template.index'],
    handle: handle({ name: 'project-template.index', titleKey: 'project-template.title' }),
    lazy: {
      Component: async () => (await import('../project-templates/ProjectTemplatePage')).ProjectTemplatePage,
    },
  },
  {
    path: ROUTES['project-template.edit'],
    handle: handle({ name: 'project-template.edit', titleKey: 'project-template.form.edit-title' }),
    lazy: {
      Component: async () =>
        (await import('../project-templates/ProjectTemplateFormPage')).EditProjectTemplatePage,
    },
  },
  {
    path: ROUTES['seasons.index'],
    handle: handle({ name: 'seasons.index', titleKey: 'seasons.title' }),
    lazy: { Component: async () => (await import('../seasons/SeasonsPage')).SeasonsPage },
  },
  {
    path: ROUTES['seasons.new'],
    handle: handle({ name: 'seasons.new', titleKey: 'seasons.form.title' }),
    lazy: { Component: async () => (await import('../seasons/NewSeasonPage')).NewSeasonPage },
  },
];
