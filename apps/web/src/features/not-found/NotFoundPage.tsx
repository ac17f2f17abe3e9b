import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '../../app/routes';
import { Page } from '../../components/Page';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('not-found.heading')}>
      <Typography sx={{ mb: 3 }}>{t('not-found.text')}</Typography>
      <Button component={Link} to={ROUTES.dashboard} variant="contained">
        {t('not-found.home')}
      </Button>
    </Page>
  );
}
