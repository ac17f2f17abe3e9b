import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../app/routes';
import { AuthCard } from '../../components/AuthCard';
import { RouterLink } from '../../components/RouterLink';

function Steps({ items, icon, ordered }: { items: string[]; icon: ReactNode; ordered?: boolean }) {
  return (
    <List dense component={ordered ? 'ol' : 'ul'} sx={{ listStyle: 'none', pl: 0 }}>
      {items.map((item) => (
        <ListItem key={item} disableGutters>
          <ListItemIcon sx={{ minWidth: 36 }}>{icon}</ListItemIcon>
          <ListItemText primary={item} />
        </ListItem>
      ))}
    </List>
  );
}

export function ResetPasswordSentPage() {
  const { t } = useTranslation();
  return (
    <AuthCard heading={t('reset-password.sent.heading')}>
      <Typography sx={{ mb: 1 }}>{t('reset-password.sent.intro')}</Typography>
      <Typography variant="h2" component="h2" sx={{ mt: 2, fontSize: '1.1rem' }}>
        {t('reset-password.sent.next-steps')}
      </Typography>
      <Steps
        ordered
        icon={<CheckCircleOutlineIcon color="primary" aria-hidden="true" />}
        items={[
          t('reset-password.sent.step-inbox'),
          t('reset-password.sent.step-follow'),
          t('reset-password.sent.step-sign-in'),
        ]}
      />
      <Typography variant="h2" component="h2" sx={{ mt: 1, fontSize: '1.1rem' }}>
        {t('reset-password.sent.troubleshooting')}
      </Typography>
      <Steps
        icon={<HelpOutlineIcon color="action" aria-hidden="true" />}
        items={[
          t('reset-password.sent.check-address'),
          t('reset-password.sent.check-spam'),
          t('reset-password.sent.wait'),
        ]}
      />
      <Typography sx={{ mt: 2, textAlign: 'center' }}>
        <RouterLink to={ROUTES['sign-in']}>{t('reset-password.back-to-sign-in')}</RouterLink>
      </Typography>
    </AuthCard>
  );
}
