import SchoolIcon from '@mui/icons-material/School';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface AuthCardProps {
  heading: ReactNode;
  children: ReactNode;
}

/** The centred card of the screens without navigation (sign-in, reset-password, not-licensed, ...). */
export function AuthCard({ heading, children }: AuthCardProps) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: { xs: 'flex-start', sm: 'center' },
        justifyContent: 'center',
        p: { xs: 1, sm: 3 },
      }}
    >
      <Paper elevation={2} sx={{ width: '100%', maxWidth: 480, p: { xs: 3, sm: 4 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, color: 'primary.main' }}>
          <SchoolIcon aria-hidden="true" />
          <Typography component="p" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('app.name')}
          </Typography>
        </Box>
        <Typography variant="h1" component="h1" sx={{ mb: 2, fontSize: '1.6rem' }}>
          {heading}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}
