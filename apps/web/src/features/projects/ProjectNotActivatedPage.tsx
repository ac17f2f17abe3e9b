import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '../../app/routes';
import { Page } from '../../components/Page';

/** Spec §2/§8: shown when a project is not activated for this app on the user's account. */
export function ProjectNotActivatedPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('project.not-activated.heading')} maxWidth="md">
      <Typography data-testid="project-not-activated" sx={{ mb: 3 }}>
        {t('project.not-activated.text')}
      </Typography>
      <Stack direction="row" spacing={2}>
        <Button component={Link} to={ROUTES['projects.index']} variant="contained">
          {t('project.not-activated.back')}
        </Button>
        <Button component={Link} to={ROUTES.support} variant="outlined">
          {t('project.not-activated.support')}
        </Button>
      </Stack>
    </Page>
  );
}
