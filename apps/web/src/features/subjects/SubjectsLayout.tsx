import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useParams } from 'react-router';
import { useConfig } from '../../api/config';
import { useProject } from '../../api/projects';
import { useAbilities } from '../../api/users';
import { routePath } from '../../app/routes';
import { SubjectDirectoryDialog } from '../layouts/SubjectDirectory';

const navButtonSx = {
  textTransform: 'none',
  '&.active': { bgcolor: 'action.selected', color: 'primary.main' },
} as const;

/**
 * Spec §2 project.subjects: the sub-menu (All Subjects, New Subject, Download Subject Directory, Upload
 * Subjects, Find Duplicates) above every subjects screen.
 */
export function SubjectsLayout() {
  const { t } = useTranslation();
  const { projectId = '' } = useParams();
  const abilities = useAbilities();
  const { data: config } = useConfig();
  const [duplicatesOpen, setDuplicatesOpen] = useState(false);
  const companionUrl = config?.companion_app_url;
  const project = useProject(projectId);

  return (
    <>
      <Container maxWidth="lg">
        <Box
          component="nav"
          aria-label={t('subjects.nav.label')}
          data-testid="subjects-nav"
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', borderBottom: 1, borderColor: 'divider', pb: 1 }}
        >
          <Button
            component={NavLink}
            to={routePath('project.subjects', { projectId })}
            end
            size="small"
            sx={navButtonSx}
          >
            {t('subjects.nav.all')}
          </Button>
          <Button
            component={NavLink}
            to={routePath('project.subjects.new', { projectId })}
            end
            size="small"
            sx={navButtonSx}
          >
            {t('subjects.nav.new')}
          </Button>
          {(project.data?.subjects_count ?? 0) > 0 && (
            <Button
              component={NavLink}
              to={routePath('project.subjects.subject-directory', { projectId })}
              size="small"
              sx={navButtonSx}
            >
              Download Subject Directory
            </Button>
          )}
          {abilities?.canUploadSubjects && companionUrl && (
            <Button
              component="a"
              href={companionUrl}
              target="_blank"
              rel="noopener noreferrer"
              size="small"
              endIcon={<OpenInNewIcon aria-hidden="true" fontSize="small" />}
              aria-label={t('subjects.nav.upload-label')}
              sx={{ textTransform: 'none' }}
            >
              {t('subjects.nav.upload')}
            </Button>
          )}
          <Button size="small" onClick={() => setDuplicatesOpen(true)} sx={{ textTransform: 'none' }}>
            {t('subjects.nav.duplicates')}
          </Button>
        </Box>
      </Container>
      <Outlet />
      <SubjectDirectoryDialog />
      <Dialog
        open={duplicatesOpen}
        onClose={() => setDuplicatesOpen(false)}
        aria-labelledby="find-duplicates-title"
      >
        <DialogTitle id="find-duplicates-title">{t('subjects.duplicates.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('subjects.duplicates.text')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDuplicatesOpen(false)}>{t('subjects.duplicates.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
