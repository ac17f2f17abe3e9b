import { createBrowserRouter, type RouteObject } from 'react-router';
import { setAuthFailureHandlers } from '../api/client';
import { LoadingScreen } from '../components/LoadingScreen';
import { attachmentRequestRoutes } from '../features/attachment-requests/routes';
import { familyRoutes } from '../features/families/routes';
import { stationRoute } from '../features/photo-sessions/routes';
import { projectAreaRoutes } from '../features/projects/routes';
import { AppLayout } from './AppLayout';
import { RequireAnonymous, RequireAuth, type SignInState } from './guards';
import { RouteError } from './RouteError';
import { ROUTES, type RouteHandle, screenRoute } from './routes';

/** The screens without the sidebar and navigation bar: signing in, passwords, invitations, licence, accounts. */
const NO_CHROME = { chrome: false };

/** Every screen is its own chunk, loaded when its route is first visited. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: AppLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: () => <LoadingScreen />,
    children: [
      {
        index: true,
        handle: { name: 'root' } satisfies RouteHandle,
        lazy: { Component: async () => (await import('../features/root/RootPage')).RootPage },
      },
      {
        Component: RequireAnonymous,
        children: [
          screenRoute(
            'sign-in',
            'sign-in.title',
            async () => (await import('../features/auth/SignInPage')).SignInPage,
            NO_CHROME,
          ),
          screenRoute(
            'reset-password.index',
            'reset-password.title',
            async () => (await import('../features/reset-password/ResetPasswordPage')).ResetPasswordPage,
            NO_CHROME,
          ),
          screenRoute(
            'reset-password.sent',
            'reset-password.sent.title',
            async () =>
              (await import('../features/reset-password/ResetPasswordSentPage')).ResetPasswordSentPage,
            NO_CHROME,
          ),
        ],
      },
      // The e-mailed link works whether or not someone is signed in on this browser.
      screenRoute(
        'reset-password.edit',
        'reset-password.edit.title',
        async () => (await import('../features/reset-password/ChooseNewPasswordPage')).ChooseNewPasswordPage,
        NO_CHROME,
      ),
      // The e-mailed invitation works signed out (and replaces a session someone else left open).
      screenRoute(
        'invitation.accept',
        'invitation.title',
        async () => (await import('../features/invitations/AcceptInvitationPage')).AcceptInvitationPage,
        NO_CHROME,
      ),
      screenRoute(
        'not-licensed',
        'not-licensed.title',
        async () => (await import('../features/licensing/NotLicensedPage')).NotLicensedPage,
        NO_CHROME,
      ),
      // A station opens signed in or from a station link (a device signed in for one session only).
      stationRoute,
      // A family's pages: public, or signed in by a guardian's e-mailed link (a token of its own).
      ...familyRoutes,
      {
        element: <RequireAuth licensed={false} pageHandlesLoadErrors />,
        children: [
          screenRoute(
            'switch-accounts',
            'switch-accounts.title',
            async () => (await import('../features/accounts/SwitchAccountsPage')).SwitchAccountsPage,
            NO_CHROME,
          ),
        ],
      },
      {
        element: <RequireAuth licensed />,
        children: [
          screenRoute(
            'dashboard',
            'dashboard.title',
            async () => (await import('../features/dashboard/DashboardPage')).DashboardPage,
          ),
          // Projects, project screens, seasons and templates: their own module.
          ...projectAreaRoutes,
          screenRoute(
            'organizations.index',
            'organizations.title',
            async () => (await import('../features/organizations/OrganizationsPage')).OrganizationsPage,
          ),
          screenRoute(
            'organizations.new',
            'organization-form.title',
            async () => (await import('../features/organizations/NewOrganizationPage')).NewOrganizationPage,
          ),
          screenRoute(
            'organization.index',
            'organization.title',
            async () => (await import('../features/organizations/OrganizationPage')).OrganizationPage,
          ),
          screenRoute(
            'users.index',
            'users.title',
            async () => (await import('../features/users/UsersPage')).UsersPage,
          ),
          screenRoute(
            'users.new',
            'new-user.title',
            async () => (await import('../features/users/NewUserPage')).NewUserPage,
          ),
          screenRoute(
            'user.index',
            'user.title',
            async () => (await import('../features/users/UserPage')).UserPage,
          ),
          screenRoute(
            'support',
            'support.title',
            async () => (await import('../features/support/SupportPage')).SupportPage,
          ),
          // File requests: their own module.
          ...attachmentRequestRoutes,
          screenRoute(
            'activity',
            'activity.title',
            async () => (await import('../features/activity/ActivityPage')).ActivityPage,
          ),
        ],
      },
      screenRoute(
        'dev.mailbox',
        'dev-mailbox.title',
        async () => (await import('../features/dev-mailbox/DevMailboxPage')).DevMailboxPage,
      ),
      {
        path: '*',
        handle: { name: 'not-found', titleKey: 'not-found.title' } satisfies RouteHandle,
        lazy: { Component: async () => (await import('../features/not-found/NotFoundPage')).NotFoundPage },
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

const SIGNED_OUT_PATHS = new Set<string>([
  ROUTES['sign-in'],
  ROUTES['reset-password.index'],
  ROUTES['reset-password.sent'],
]);

setAuthFailureHandlers({
  // 401: the token is gone; sign in again and come back here.
  unauthorized: () => {
    const { pathname, search, hash } = router.state.location;
    if (
      SIGNED_OUT_PATHS.has(pathname) ||
      pathname.startsWith(`${ROUTES['reset-password.index']}/`) ||
      pathname.startsWith('/invitations/')
    ) {
      return;
    }
    const state: SignInState = { from: `${pathname}${search}${hash}` };
    void router.navigate(ROUTES['sign-in'], { replace: true, state });
  },
  // 403 not_licensed from any call.
  notLicensed: () => {
    if (router.state.location.pathname === ROUTES['not-licensed']) return;
    void router.navigate(ROUTES['not-licensed'], { replace: true });
  },
});
