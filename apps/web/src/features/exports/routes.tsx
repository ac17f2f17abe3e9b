import type { RouteObject } from 'react-router';
import { ROUTES, type RouteHandle } from '../../app/routes';

const handle = (h: RouteHandle) => h;

/**
 * A project's exports: the exports index (Downloads, Standard Formats, Custom Formats) and the export
 * format wizard, the export wizard (runs) and the project export download page, mounted by the project area under the activation check. Each screen is its own chunk.
 */
export const projectExportRoutes: RouteObject[] = [
  {
    path: ROUTES['project.exports'],
    handle: handle({ name: 'project.exports', titleKey: 'exports.title' }),
    lazy: { Component: async () => (await import('./ExportsPage')).ExportsPage },
  },
  {
    path: ROUTES['project.export-formats.new'],
    handle: handle({ name: 'project.export-formats.new', titleKey: 'exports.wizard.new-title' }),
    lazy: { Component: async () => (await import('./ExportFormatWizardPage')).NewExportFormatPage },
  },
  {
    path: ROUTES['project.export-format.edit'],
    handle: handle({ name: 'project.export-format.edit', titleKey: 'exports.wizard.edit-title' }),
    lazy: { Component: async () => (await import('./ExportFormatWizardPage')).EditExportFormatPage },
  },
  {
    path: ROUTES['project.export-format.copy'],
    handle: handle({ name: 'project.export-format.copy', titleKey: 'exports.wizard.new-title' }),
    lazy: { Component: async () => (await import('./ExportFormatWizardPage')).CopyExportFormatPage },
  },
  {
    path: ROUTES['project.export.run'],
    handle: handle({ name: 'project.export.run', titleKey: 'exports.title' }),
    lazy: { Component: async () => (await import('./ExportRunPage')).ExportRunPage },
  },
  {
    path: ROUTES['project.project-export'],
    handle: handle({ name: 'project.project-export', titleKey: 'exports.page.title' }),
    lazy: { Component: async () => (await import('./ProjectExportPage')).ProjectExportPage },
    children: [
      {
        path: ROUTES['project.project-export.download'],
        handle: handle({ name: 'project.project-export.download', titleKey: 'exports.page.title' }),
        lazy: { Component: async () => (await import('./ProjectExportPage')).ProjectExportDownloadPage },
      },
    ],
  },
];
