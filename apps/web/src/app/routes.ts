import type { ParseKeys } from 'i18next';
import type { ComponentType } from 'react';
import { type RouteObject, useParams } from 'react-router';

/**
 * Route names (as in the spec) and their paths. Screens link with `routePath(name, params)` so that a
 * path changes in one place only.
 */
export const ROUTES = {
  root: '/',
  'sign-in': '/sign-in',
  'reset-password.index': '/reset-password',
  'reset-password.sent': '/reset-password/sent',
  'reset-password.edit': '/reset-password/:token',
  'not-licensed': '/not-licensed',
  'switch-accounts': '/switch-accounts',
  dashboard: '/dashboard',
  'projects.index': '/projects',
  'projects.new': '/projects/new',
  'project.index': '/projects/:projectId',
  'project.subjects': '/projects/:projectId/subjects',
  'project.subjects.new': '/projects/:projectId/subjects/new',
  'project.subjects.find-duplicates': '/projects/:projectId/subjects/find-duplicates',
  'project.subjects.import': '/projects/:projectId/subjects/import',
  'project.subject': '/projects/:projectId/subjects/:subjectId',
  'project.subject.edit': '/projects/:projectId/subjects/:subjectId/edit',
  'project.subject.upload': '/projects/:projectId/subjects/:subjectId/upload',
  'project.subject.crop': '/projects/:projectId/subjects/:subjectId/photos/:photoId/crop',
  'project.exports': '/projects/:projectId/exports',
  'project.export-formats.new': '/projects/:projectId/exports/formats/new',
  'project.export-format.edit': '/projects/:projectId/exports/formats/:formatId/edit',
  'project.export-format.copy': '/projects/:projectId/exports/formats/:formatId/copy',
  'project.export.run': '/projects/:projectId/exports/formats/:formatId/run',
  'project.project-export': '/projects/:projectId/project-exports/:projectExportId',
  'project.project-export.download': '/projects/:projectId/project-exports/:projectExportId/download',
  'project.layouts': '/projects/:projectId/layouts',
  'project.layouts.renders': '/projects/:projectId/layouts/renders',
  'project.layouts.edit': '/projects/:projectId/layouts/edit',
  'project.layout': '/projects/:projectId/layouts/:layoutId',
  'project.subjects.subject-directory': '/projects/:projectId/subjects/subject-directory',
  'project.attachments': '/projects/:projectId/files',
  'project.attachments.upload': '/projects/:projectId/files/upload/:attachmentRequestId',
  'project.not-activated': '/projects/:projectId/not-activated',
  'project.data-summary': '/projects/:projectId/data-summary',
  'project.picture-day': '/projects/:projectId/picture-day',
  'project.picture-day.batch': '/projects/:projectId/picture-day/:batchId',
  'project.coverage': '/projects/:projectId/coverage',
  'project.photo-checks': '/projects/:projectId/photo-checks',
  'project.photo-sessions': '/projects/:projectId/photo-sessions',
  'project.photo-session': '/projects/:projectId/photo-sessions/:sessionId',
  'project.yearbook': '/projects/:projectId/yearbook',
  'project.yearbook-targets.new': '/projects/:projectId/yearbook/targets/new',
  'project.yearbook-target': '/projects/:projectId/yearbook/targets/:targetId',
  'project.yearbook-target.edit': '/projects/:projectId/yearbook/targets/:targetId/edit',
  'project.yearbook-target.check': '/projects/:projectId/yearbook/targets/:targetId/check',
  'project.yearbook-delivery': '/projects/:projectId/yearbook/deliveries/:deliveryId',
  'project.families': '/projects/:projectId/families',
  station: '/photo-sessions/:sessionId/stations/:stationId',
  'family.index': '/family',
  'family.claim': '/family/claim',
  'family.sign-in': '/family/sign-in',
  'family.sign-in.token': '/family/sign-in/:token',
  'family.unsubscribe': '/family/unsubscribe',
  'family.unsubscribe.token': '/family/unsubscribe/:token',
  'organizations.index': '/organizations',
  'organizations.new': '/organizations/new',
  'organization.index': '/organizations/:organizationId',
  'users.index': '/users',
  'users.new': '/users/new',
  'user.index': '/users/:userId',
  'invitation.accept': '/invitations/:token',
  support: '/support',
  'project-templates.index': '/project-templates',
  'project-templates.new': '/project-templates/new',
  'project-template.index': '/project-templates/:projectTemplateId',
  'project-template.edit': '/project-templates/:projectTemplateId/edit',
  'seasons.index': '/seasons',
  'seasons.new': '/seasons/new',
  'attachment-requests.index': '/file-requests',
  'attachment-requests.new': '/file-requests/new',
  'attachment-request.index': '/file-requests/:attachmentRequestId',
  activity: '/activity',
  'dev.mailbox': '/dev/mailbox',
} as const;

export type RouteName = keyof typeof ROUTES;

type ParamNames<Path extends string> = Path extends `${string}:${infer Param}/${infer Rest}`
  ? Param | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Param}`
    ? Param
    : never;

export type RouteParams<Name extends RouteName> = Record<ParamNames<(typeof ROUTES)[Name]>, string>;

/** The path of a named route with its parameters filled in (URL-encoded). */
export function routePath<Name extends RouteName>(
  name: Name,
  ...params: ParamNames<(typeof ROUTES)[Name]> extends never ? [] : [RouteParams<Name>]
): string {
  const values = (params[0] ?? {}) as Record<string, string>;
  return ROUTES[name].replace(/:([A-Za-z]+)/g, (_match, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`Missing route parameter ${key} for ${name}`);
    return encodeURIComponent(value);
  });
}

/** Metadata every route carries in its `handle`. */
export interface RouteHandle {
  name: RouteName | 'not-found';
  /** Translation key of the document title. */
  titleKey?: ParseKeys;
  /** False hides the sidebar and navigation bar (sign-in, reset-password, not-licensed, switch-accounts). */
  chrome?: boolean;
}

/**
 * The route of one screen: the named route's path, its handle (the document title's key, and `chrome`
 * where the screen hides the navigation), and its component, loaded as its own chunk on the first visit.
 */
export function screenRoute(
  name: RouteName,
  titleKey: ParseKeys | undefined,
  Component: () => Promise<ComponentType>,
  options: Pick<RouteHandle, 'chrome'> = {},
): RouteObject {
  const handle: RouteHandle = { name, titleKey, ...options };
  return { path: ROUTES[name], handle, lazy: { Component } };
}

/** The project a screen under `/projects/:projectId` is about (its id from the address). */
export function useProjectId(): string {
  return useParams().projectId ?? '';
}
