import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Container from '@mui/material/Container';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useConfig } from '../../api/config';
import { useCurrentProject } from '../../api/projects';
import { useCan } from '../../app/can';
import { routePath } from '../../app/routes';
import { SubNav } from '../../components/SubNav';
import { SubjectDirectoryDialog } from '../layouts/SubjectDirectory';

/**
 * Spec §2 project.subjects: the sub-menu (All Subjects, New Subject, Download Subject Directory, Upload
 * Subjects, Find Duplicates) above every subjects screen.
 */
export function SubjectsLayout() {
  const { t } = useTranslation();
  const { projectId, project } = useCurrentProject();
  const can = useCan();
  const { data: config } = useConfig();
  const companionUrl = config?.companion_app_url;

  return (
    <>
      <Container maxWidth="lg">
        <SubNav
          label={t('subjects.nav.label')}
          testId="subjects-nav"
          items={[
            {
              key: 'all',
              to: routePath('project.subjects', { projectId }),
              label: t('subjects.nav.all'),
              end: true,
            },
            {
              key: 'new',
              to: routePath('project.subjects.new', { projectId }),
              label: t('subjects.nav.new'),
              end: true,
            },
            ...(can('subject-import.create')
              ? [
                  {
                    key: 'import',
                    to: routePath('project.subjects.import', { projectId }),
                    label: t('subjects.nav.import'),
                    end: true,
                  },
                ]
              : []),
            // Download Subject Directory appears only once the project has subjects to list.
            ...((project.data?.subjects_count ?? 0) > 0
              ? [
                  {
                    key: 'directory',
                    to: routePath('project.subjects.subject-directory', { projectId }),
                    label: t('subjects.nav.directory'),
                  },
                ]
              : []),
            ...(can('companion-app.open') && companionUrl
              ? [
                  {
                    key: 'upload',
                    href: companionUrl,
                    label: t('subjects.nav.upload'),
                    ariaLabel: t('subjects.nav.upload-label'),
                    endIcon: <OpenInNewIcon aria-hidden="true" fontSize="small" />,
                  },
                ]
              : []),
            {
              key: 'duplicates',
              to: routePath('project.subjects.find-duplicates', { projectId }),
              label: t('subjects.nav.duplicates'),
              end: true,
            },
          ]}
        />
      </Container>
      <Outlet />
      <SubjectDirectoryDialog />
    </>
  );
}
