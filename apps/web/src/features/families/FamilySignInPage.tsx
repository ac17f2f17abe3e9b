import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ROUTES } from '../../app/routes';
import { LoadingScreen } from '../../components/LoadingScreen';
import { RouterLink } from '../../components/RouterLink';
import { FamilyApiError, startFamilySession } from './api';
import { FamilyFrame } from './FamilyFrame';
import { RetryAfter } from './RetryAfter';
import { takeFromAddress } from './session';

type Outcome =
  | { kind: 'working' }
  | { kind: 'used' }
  | { kind: 'full' }
  | { kind: 'rate-limited'; seconds: number | null }
  | { kind: 'failed' };

/**
 * Where the e-mailed sign-in link lands: its token (in the path, or in the fragment) is traded once for a
 * family token, which is kept apart from any organization session on this browser, then the family's
 * gallery opens. A used, expired or unknown link says so and leads back to the claim page.
 */
export function FamilySignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const [linkToken] = useState(() => params.token ?? takeFromAddress('token'));
  const [outcome, setOutcome] = useState<Outcome>(() => (linkToken ? { kind: 'working' } : { kind: 'used' }));
  const started = useRef(false);

  useEffect(() => {
    if (!linkToken || started.current) return;
    started.current = true;
    // The link's token leaves the address bar (and the history) before anything else happens.
    if (params.token) window.history.replaceState(window.history.state, '', ROUTES['family.sign-in']);
    startFamilySession(linkToken).then(
      () => navigate(ROUTES['family.index'], { replace: true }),
      (error: unknown) => {
        if (error instanceof FamilyApiError && error.status === 409) {
          // The code has four guardians already.
          setOutcome({ kind: 'full' });
        } else if (error instanceof FamilyApiError && error.status === 429) {
          setOutcome({ kind: 'rate-limited', seconds: error.retryAfter });
        } else if (error instanceof FamilyApiError && error.status >= 400 && error.status < 500) {
          setOutcome({ kind: 'used' });
        } else {
          setOutcome({ kind: 'failed' });
        }
      },
    );
  }, [linkToken, params.token, navigate]);

  if (outcome.kind === 'working') {
    return (
      <FamilyFrame title={t('families.sign-in.title')} narrow>
        <LoadingScreen label={t('families.sign-in.working')} />
      </FamilyFrame>
    );
  }
  return (
    <FamilyFrame title={t('families.sign-in.title')} narrow>
      {outcome.kind === 'used' && (
        <Alert severity="warning" data-testid="family-link-invalid">
          <AlertTitle>{t('families.sign-in.invalid-title')}</AlertTitle>
          {t('families.sign-in.invalid')}
        </Alert>
      )}
      {outcome.kind === 'full' && (
        <Alert severity="warning" data-testid="family-code-full">
          <AlertTitle>{t('families.sign-in.full-title')}</AlertTitle>
          {t('families.sign-in.full')}
        </Alert>
      )}
      {outcome.kind === 'rate-limited' && (
        <Alert severity="warning" role="alert">
          <AlertTitle>{t('families.claim.too-many')}</AlertTitle>
          <RetryAfter seconds={outcome.seconds} />
        </Alert>
      )}
      {outcome.kind === 'failed' && (
        <Alert severity="error" role="alert">
          {t('families.sign-in.failed')}
        </Alert>
      )}
      <Box sx={{ mt: 2 }}>
        <RouterLink to={ROUTES['family.claim']}>{t('families.sign-in.new-link')}</RouterLink>
      </Box>
    </FamilyFrame>
  );
}
