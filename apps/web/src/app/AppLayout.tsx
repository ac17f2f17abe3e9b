import Box from '@mui/material/Box';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { LoadingScreen } from '../components/LoadingScreen';
import { RebrandBanner } from '../components/shell/RebrandBanner';
import { VersionNotice } from '../components/shell/VersionNotice';
import type { RouteHandle } from './routes';

// The shell (navigation bar, sidebar, drawers) is its own chunk: sign-in and the other screens without
// navigation never load it.
const AppShell = lazy(async () => ({ default: (await import('../components/shell/AppShell')).AppShell }));

function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.name) return handle;
  }
  return undefined;
}

function SkipLink() {
  const { t } = useTranslation();
  return (
    <Box
      component="a"
      href="#main-content"
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: 2000,
        p: 1,
        bgcolor: 'background.paper',
        '&:focus': { top: 8 },
      }}
    >
      {t('app.skip-to-content')}
    </Box>
  );
}

/** The root route: document title, banners, and the app shell unless the route hides navigation. */
export function AppLayout() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const chrome = handle?.chrome !== false;
  const titleKey = handle?.titleKey;

  useEffect(() => {
    const page = titleKey ? t(titleKey) : '';
    document.title = page ? t('app.document-title', { page }) : t('app.name');
  }, [t, titleKey]);

  const banners = (
    <>
      <VersionNotice />
      <RebrandBanner routeName={handle?.name} />
    </>
  );

  return (
    <>
      <SkipLink />
      {chrome ? (
        <Suspense fallback={<LoadingScreen />}>
          <AppShell banners={banners}>
            <Outlet />
          </AppShell>
        </Suspense>
      ) : (
        <>
          {banners}
          <Box component="main" id="main-content" tabIndex={-1} sx={{ outline: 'none' }}>
            <Outlet />
          </Box>
        </>
      )}
      <ScrollRestoration />
    </>
  );
}
