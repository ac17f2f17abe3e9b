import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRequestPasswordReset } from '../../api/passwordResets';
import { ROUTES } from '../../app/routes';
import { AuthCard } from '../../components/AuthCard';
import { AuthFooterLink, AuthForm, AuthSubmit } from '../../components/AuthForm';

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
      <AuthForm
        label={t('reset-password.heading')}
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
        <AuthSubmit disabled={!canSubmit}>{t('reset-password.submit')}</AuthSubmit>
      </AuthForm>
      <AuthFooterLink to={ROUTES['sign-in']}>{t('reset-password.back-to-sign-in')}</AuthFooterLink>
    </AuthCard>
  );
}
