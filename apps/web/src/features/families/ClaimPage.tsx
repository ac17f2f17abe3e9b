import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatFieldMessage } from '@school-portal/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ROUTES } from '../../app/routes';
import { RouterLink } from '../../components/RouterLink';
import { FamilyApiError, useClaim } from './api';
import { FamilyFrame } from './FamilyFrame';
import { RetryAfter } from './RetryAfter';
import { takeFromAddress, useFamilyToken } from './session';

/** What a parent types as the code: capitals, without the spaces and dashes a printed code is read with. */
export const normalizeCode = (code: string) => code.toUpperCase().replace(/[\s-]+/g, '');

type Field = 'code' | 'last_name' | 'email';

/**
 * The claim page: a parent enters the printed code, the child's last name and their own e-mail. The
 * answer is the same whether or not they matched (a sign-in link goes out only when they did), so the
 * page tells nobody whether a code exists.
 */
export function ClaimPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const signedIn = useFamilyToken() !== null;
  const claim = useClaim();
  const [code, setCode] = useState(() => takeFromAddress('code') ?? '');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [missing, setMissing] = useState<Partial<Record<Field, string>>>({});
  const signedOut = (location.state as { signedOut?: boolean } | null)?.signedOut === true;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = { code: normalizeCode(code), last_name: lastName.trim(), email: email.trim() };
    const blank: Partial<Record<Field, string>> = {};
    if (!values.code) blank.code = t('families.claim.code-required');
    if (!values.last_name) blank.last_name = t('families.claim.last-name-required');
    if (!values.email) blank.email = t('families.claim.email-required');
    else if (!/^[^\s@]+@[^\s@]+$/.test(values.email)) blank.email = t('families.claim.email-invalid');
    setMissing(blank);
    if (Object.keys(blank).length > 0) return;
    try {
      await claim.mutateAsync(values);
      setSentTo(values.email);
    } catch {
      // Said below from claim.error.
    }
  };

  const error = claim.error instanceof FamilyApiError ? claim.error : null;
  const serverErrors = error?.status === 422 ? (error.fieldErrors ?? {}) : {};
  /** A field's message: the page's own check, else the server's (keyed `claim.<field>` or `<field>`). */
  const messageOf = (field: Field) => {
    const server = serverErrors[`claim.${field}`]?.[0] ?? serverErrors[field]?.[0];
    return missing[field] ?? (server ? formatFieldMessage(server) : undefined);
  };

  if (sentTo !== null) {
    return (
      <FamilyFrame title={t('families.claim.sent-title')} narrow>
        <Alert severity="success" data-testid="claim-sent" sx={{ mb: 2 }}>
          {t('families.claim.sent', { email: sentTo })}
        </Alert>
        <Typography sx={{ mb: 2 }}>{t('families.claim.sent-help')}</Typography>
        <Button
          variant="outlined"
          onClick={() => {
            claim.reset();
            setSentTo(null);
            setCode('');
            setLastName('');
          }}
        >
          {t('families.claim.another')}
        </Button>
      </FamilyFrame>
    );
  }

  return (
    <FamilyFrame title={t('families.claim.title')} narrow>
      {signedOut && !signedIn && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('families.signed-out')}
        </Alert>
      )}
      <Typography sx={{ mb: 2 }}>{t('families.claim.intro')}</Typography>
      <Box
        component="form"
        aria-label={t('families.claim.form')}
        noValidate
        onSubmit={onSubmit}
        sx={{ display: 'grid', gap: 2 }}
      >
        {error && error.status === 429 && (
          <Alert severity="warning" role="alert" data-testid="claim-rate-limited">
            <AlertTitle>{t('families.claim.too-many')}</AlertTitle>
            <RetryAfter key={claim.submittedAt} seconds={error.retryAfter} />
          </Alert>
        )}
        {error && error.status !== 429 && error.status !== 422 && (
          <Alert severity="error" role="alert">
            {t('families.claim.failed')}
          </Alert>
        )}
        <TextField
          label={t('families.claim.code')}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          error={!!messageOf('code')}
          helperText={messageOf('code') ?? t('families.claim.code-help')}
          slotProps={{ htmlInput: { 'aria-required': true, style: { fontFamily: 'monospace' } } }}
        />
        <TextField
          label={t('families.claim.last-name')}
          value={lastName}
          onChange={(event) => setLastName(event.target.value)}
          autoComplete="off"
          error={!!messageOf('last_name')}
          helperText={messageOf('last_name')}
          slotProps={{ htmlInput: { 'aria-required': true } }}
        />
        <TextField
          label={t('families.claim.email')}
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          autoComplete="email"
          error={!!messageOf('email')}
          helperText={messageOf('email') ?? t('families.claim.email-help')}
          slotProps={{ htmlInput: { 'aria-required': true } }}
        />
        <Button type="submit" variant="contained" size="large" disabled={claim.isPending}>
          {claim.isPending ? t('families.claim.sending') : t('families.claim.submit')}
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
        {t('families.claim.privacy')}
      </Typography>
      {signedIn && (
        <Box sx={{ mt: 2 }}>
          <RouterLink to={ROUTES['family.index']}>{t('families.back-to-gallery')}</RouterLink>
        </Box>
      )}
    </FamilyFrame>
  );
}
