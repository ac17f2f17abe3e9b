import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Page } from './Page';

/** A screen whose real content arrives in a later issue: its heading and a short note. */
export function PlaceholderPage({ title, text }: { title: string; text?: string }) {
  const { t } = useTranslation();
  return (
    <Page title={title}>
      <Typography color="text.secondary" data-testid="placeholder">
        {text ?? t('common.coming-soon')}
      </Typography>
    </Page>
  );
}
