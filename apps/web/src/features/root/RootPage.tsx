import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { useConfig } from '../../api/config';
import { useToken } from '../../api/token';
import { ROUTES } from '../../app/routes';
import { LoadingScreen } from '../../components/LoadingScreen';

/** Signed in, or no landing page configured: the dashboard. Otherwise the external landing page. */
export function RootPage() {
  const token = useToken();
  const config = useConfig();
  const landingPage = token ? null : (config.data?.landing_page_url ?? null);

  useEffect(() => {
    if (landingPage) window.location.assign(landingPage);
  }, [landingPage]);

  if (token) return <Navigate to={ROUTES.dashboard} replace />;
  if (config.isPending) return <LoadingScreen />;
  if (!landingPage) return <Navigate to={ROUTES.dashboard} replace />;
  return <LoadingScreen />;
}
