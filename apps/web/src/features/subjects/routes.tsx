import type { RouteObject } from 'react-router';
import { ROUTES, type RouteHandle } from '../../app/routes';

const handle = (h: RouteHandle) => h;

/**
 * The subjects area (grid, new subject, subject tabs, upload, crop), mounted by the project area under
 * the activation check. Each screen is its own chunk. Paths are the full paths of ROUTES.
 */
export const subjectRoutes: RouteObject[] = [
  {
    // The sub-menu (All Subjects, New Subject, Upload Subjects, Find Duplicates) above every screen.
    lazy: { Component: async () => (await import('./SubjectsLayout')).SubjectsLayout },
    children: [
      {
        path: ROUTES['project.subjects'],
        handle: handle({ name: 'project.subjects', titleKey: 'subjects.title' }),
        lazy: { Component: async () => (await import('./SubjectsPage')).SubjectsPage },
      },
      {
        path: ROUTES['project.subjects.new'],
        handle: handle({ name: 'project.subjects.new', titleKey: 'subjects.form.new-title' }),
        lazy: { Component: async () => (await import('./NewSubjectPage')).NewSubjectPage },
      },
      {
        path: ROUTES['project.subjects.find-duplicates'],
        handle: handle({ name: 'project.subjects.find-duplicates', titleKey: 'subjects.duplicates.title' }),
        lazy: { Component: async () => (await import('./FindDuplicatesPage')).FindDuplicatesPage },
      },
      {
        // Roster import: the wizard and the project's import history.
        path: ROUTES['project.subjects.import'],
        handle: handle({ name: 'project.subjects.import' }),
        lazy: {
          Component: async () => (await import('../subject-imports/ImportRosterPage')).ImportRosterPage,
        },
      },
      {
        path: ROUTES['project.subject.crop'],
        handle: handle({ name: 'project.subject.crop', titleKey: 'subjects.crop.title' }),
        lazy: { Component: async () => (await import('./PhotoCropPage')).PhotoCropPage },
      },
      {
        // The subject with its tabs: Info, Edit Data, Upload Photos.
        path: ROUTES['project.subject'],
        lazy: { Component: async () => (await import('./SubjectLayout')).SubjectLayout },
        children: [
          {
            index: true,
            handle: handle({ name: 'project.subject', titleKey: 'subjects.subject.title' }),
            lazy: { Component: async () => (await import('./SubjectInfoTab')).SubjectInfoTab },
          },
          {
            path: ROUTES['project.subject.edit'],
            handle: handle({ name: 'project.subject.edit', titleKey: 'subjects.subject.edit' }),
            lazy: { Component: async () => (await import('./SubjectEditTab')).SubjectEditTab },
          },
          {
            path: ROUTES['project.subject.upload'],
            handle: handle({ name: 'project.subject.upload', titleKey: 'subjects.upload.title' }),
            lazy: { Component: async () => (await import('./SubjectUploadTab')).SubjectUploadTab },
          },
        ],
      },
    ],
  },
];
