import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { signOut } from '../api/auth';
import { isApiError } from '../api/client';
import { getLastClearReason, useToken } from '../api/token';
import { useCurrentUser } from '../api/users';
import { ErrorState } from '../components/ErrorState';
import { LoadingScreen } from '../components/LoadingScreen';
import { ROUTES } from './routes';
import { hasOtherEnabledAccount, isUserLicensed } from './session';

/** Location state of the sign-in route: where to go after signing in. */
export interface SignInState {
  from?: string;
  passwordChanged?: boolean;
}

/** Ends an unlicensed session (spec §4); the guard then sends the browser to not-licensed. */
function EndUnlicensedSession() {
  const { t } = useTranslation();
  useEffect(() => {
    void signOut('not-licensed');
  }, []);
  return <LoadingScreen label={t('nav.signing-out')} />;
}

/**
 * Protected routes: signed-out visitors go to sign-in (remembering where they were going); with
 * `licensed`, users without a license for this app go to not-licensed. With `pageHandlesLoadErrors`,
 * a failure to load the user is the page's to show in its own frame (Switch Accounts: "There was a
 * problem loading your accounts." with Sign Out still there), not the bare full-page error. A failed
 * background refresh of a user already loaded keeps the page as it is.
 */
export function RequireAuth({
  licensed,
  pageHandlesLoadErrors = false,
}: {
  licensed: boolean;
  pageHandlesLoadErrors?: boolean;
}) {
  const { t } = useTranslation();
  const token = useToken();
  const location = useLocation();
  const user = useCurrentUser();

  if (!token) {
    const reason = getLastClearReason();
    if (reason === 'not-licensed') return <Navigate to={ROUTES['not-licensed']} replace />;
    const state: SignInState | undefined =
      reason === 'sign-out' ? undefined : { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to={ROUTES['sign-in']} replace state={state} />;
  }
  // The page shows loading and failure itself (and asks again on mount, which would loop through here).
  if (pageHandlesLoadErrors && !licensed) return <Outlet />;
  if (user.isPending) return <LoadingScreen />;
  if (user.isError) {
    if (isApiError(user.error, 403) && user.error.reason === 'not_licensed') {
      return <Navigate to={ROUTES['not-licensed']} replace />;
    }
    // 401 is handled globally (token cleared, back to sign-in).
    if (!user.data)
      return <ErrorState message={t('common.load-failed')} onRetry={() => void user.refetch()} />;
  }
  if (!user.data) return <LoadingScreen />;
  if (licensed && !isUserLicensed(user.data)) {
    if (hasOtherEnabledAccount(user.data)) return <Navigate to={ROUTES['not-licensed']} replace />;
    return <EndUnlicensedSession />;
  }
  return <Outlet />;
}

/** Only paths inside this app may be returned to after sign-in. */
export function safeReturnPath(from: unknown): string | null {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return null;
  if (from.startsWith(ROUTES['sign-in'])) return null;
  return from;
}

/**
 * Sign-in and reset-password are for signed-out visitors only. Signed-in users go where they were
 * headed (the moment sign-in stores the token this renders too, and must agree with sign-in's own
 * navigation), else to the dashboard.
 */
export function RequireAnonymous() {
  const token = useToken();
  const location = useLocation();
  if (token) {
    const from = safeReturnPath((location.state as SignInState | null)?.from);
    return <Navigate to={from ?? ROUTES.dashboard} replace />;
  }
  return <Outlet />;
}
