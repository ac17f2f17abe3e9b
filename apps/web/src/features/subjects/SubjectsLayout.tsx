import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { can } from '@school-portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useParams } from 'react-router';
import { useConfig } from '../../api/config';
import { useAbilities } from '../../api/users';
import { routePath } from '../../app/routes';

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
          {abilities && can(abilities, 'subject-import.create') && (
            <Button
              component={NavLink}
              to={routePath('project.subjects.import', { projectId })}
              end
              size="small"
              sx={navButtonSx}
            >
              Import Roster
            </Button>
          )}
          {/* Download Subject Directory appears only once it has a handler (second document, later issue). */}
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
