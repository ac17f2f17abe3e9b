import Alert from '@mui/material/Alert';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ROUTES } from '../../app/routes';
import { LoadingScreen } from '../../components/LoadingScreen';
import { FamilyApiError, unsubscribe } from './api';
import { FamilyFrame } from './FamilyFrame';
import { takeFromAddress } from './session';

type Outcome = 'working' | 'done' | 'none' | 'invalid' | 'failed';

/**
 * Where a family e-mail's unsubscribe link lands: its token (in the path or the fragment) stops the
 * "photos are ready" e-mails to that guardian, without signing anyone in.
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const params = useParams();
  const [token] = useState(() => params.token ?? takeFromAddress('token'));
  // The first e-mail to an address that is no guardian yet carries a bare link: nothing is sent to it.
  const [outcome, setOutcome] = useState<Outcome>(() => (token ? 'working' : 'none'));
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    if (params.token) window.history.replaceState(window.history.state, '', ROUTES['family.unsubscribe']);
    unsubscribe(token).then(
      () => setOutcome('done'),
      (error: unknown) =>
        setOutcome(
          error instanceof FamilyApiError && error.status >= 400 && error.status < 500 ? 'invalid' : 'failed',
        ),
    );
  }, [token, params.token]);

  return (
    <FamilyFrame title={t('families.unsubscribe.title')} narrow>
      {outcome === 'working' && <LoadingScreen label={t('families.unsubscribe.working')} />}
      {outcome === 'done' && (
        <Alert severity="success" data-testid="unsubscribed">
          {t('families.unsubscribe.done')}
        </Alert>
      )}
      {outcome === 'none' && (
        <Alert severity="info" data-testid="unsubscribe-none">
          {t('families.unsubscribe.none')}
        </Alert>
      )}
      {outcome === 'invalid' && <Alert severity="warning">{t('families.unsubscribe.invalid')}</Alert>}
      {outcome === 'failed' && (
        <Alert severity="error" role="alert">
          {t('families.unsubscribe.failed')}
        </Alert>
      )}
    </FamilyFrame>
  );
}
