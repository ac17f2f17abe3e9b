import type { RouteObject } from 'react-router';
import { RequireAbility } from '../../app/RequireAbility';
import { ROUTES, type RouteHandle, screenRoute } from '../../app/routes';

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
      screenRoute(
        'project.subjects',
        'subjects.title',
        async () => (await import('./SubjectsPage')).SubjectsPage,
      ),
      screenRoute(
        'project.subjects.new',
        'subjects.form.new-title',
        async () => (await import('./NewSubjectPage')).NewSubjectPage,
      ),
      screenRoute(
        'project.subjects.find-duplicates',
        'subjects.duplicates.title',
        async () => (await import('./FindDuplicatesPage')).FindDuplicatesPage,
      ),
      {
        // Roster import: the wizard and the project's import history. Only for those who may import
        // (studio and lab managers); others go home before the history is asked for.
        element: <RequireAbility allowed={(can) => can('subject-import.create')} />,
        children: [
          screenRoute(
            'project.subjects.import',
            undefined,
            async () => (await import('../subject-imports/ImportRosterPage')).ImportRosterPage,
          ),
        ],
      },
      screenRoute(
        'project.subject.crop',
        'subjects.crop.title',
        async () => (await import('./PhotoCropPage')).PhotoCropPage,
      ),
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
          screenRoute(
            'project.subject.edit',
            'subjects.subject.edit',
            async () => (await import('./SubjectEditTab')).SubjectEditTab,
          ),
          screenRoute(
            'project.subject.upload',
            'subjects.upload.title',
            async () => (await import('./SubjectUploadTab')).SubjectUploadTab,
          ),
        ],
      },
    ],
  },
];
