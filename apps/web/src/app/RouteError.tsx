import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** Error boundary of the router: a failed lazy chunk (often after a deployment) or a rendering bug. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <Container maxWidth="sm" sx={{ py: 6 }} role="alert">
      <Typography variant="h1" component="h1" gutterBottom>
        {t('errors.route-heading')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('errors.route-text')}</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </Button>
    </Container>
  );
}
