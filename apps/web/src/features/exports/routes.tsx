import type { RouteObject } from 'react-router';
import { ROUTES, type RouteHandle, screenRoute } from '../../app/routes';

const wizard = () => import('./ExportFormatWizardPage');
const downloadPage = () => import('./ProjectExportPage');

/**
 * A project's exports: the exports index (Downloads, Standard Formats, Custom Formats) and the export
 * format wizard, the export wizard (runs) and the project export download page, mounted by the project area under the activation check. Each screen is its own chunk.
 */
export const projectExportRoutes: RouteObject[] = [
  screenRoute('project.exports', 'exports.title', async () => (await import('./ExportsPage')).ExportsPage),
  screenRoute(
    'project.export-formats.new',
    'exports.wizard.new-title',
    async () => (await wizard()).NewExportFormatPage,
  ),
  screenRoute(
    'project.export-format.edit',
    'exports.wizard.edit-title',
    async () => (await wizard()).EditExportFormatPage,
  ),
  screenRoute(
    'project.export-format.copy',
    'exports.wizard.new-title',
    async () => (await wizard()).CopyExportFormatPage,
  ),
  screenRoute(
    'project.export.run',
    'exports.title',
    async () => (await import('./ExportRunPage')).ExportRunPage,
  ),
  {
    path: ROUTES['project.project-export'],
    handle: { name: 'project.project-export', titleKey: 'exports.page.title' } satisfies RouteHandle,
    lazy: { Component: async () => (await downloadPage()).ProjectExportPage },
    children: [
      screenRoute(
        'project.project-export.download',
        'exports.page.title',
        async () => (await downloadPage()).ProjectExportDownloadPage,
      ),
    ],
  },
];
