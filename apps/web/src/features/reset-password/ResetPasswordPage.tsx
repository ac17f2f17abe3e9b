import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRequestPasswordReset } from '../../api/passwordResets';
import { ROUTES } from '../../app/routes';
import { AuthCard } from '../../components/AuthCard';
import { RouterLink } from '../../components/RouterLink';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const request = useRequestPasswordReset();
  const canSubmit = email.trim() !== '' && !request.isPending;

  return (
    <AuthCard heading={t('reset-password.heading')}>
      <Typography sx={{ mb: 1 }}>{t('reset-password.intro')}</Typography>
      <Typography color="text.secondary" variant="body2" sx={{ mb: 1 }}>
        {t('reset-password.all-apps')}
      </Typography>
      <Box
        component="form"
        aria-label={t('reset-password.heading')}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!canSubmit) return;
          request.mutate(email.trim(), {
            onSuccess: () => navigate(ROUTES['reset-password.sent']),
          });
        }}
      >
        {request.isError && (
          <Alert severity="error" role="alert" sx={{ mt: 1 }}>
            {t('reset-password.failed')}
          </Alert>
        )}
        <TextField
          id="reset-password-email"
          label={t('reset-password.email')}
          type="email"
          autoComplete="email"
          autoFocus
          slotProps={{ htmlInput: { 'aria-required': true } }}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={!canSubmit} sx={{ mt: 2 }}>
          {t('reset-password.submit')}
        </Button>
      </Box>
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <RouterLink to={ROUTES['sign-in']}>{t('reset-password.back-to-sign-in')}</RouterLink>
      </Box>
    </AuthCard>
  );
}
