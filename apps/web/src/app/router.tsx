import { createBrowserRouter, type RouteObject } from 'react-router';
import { setAuthFailureHandlers } from '../api/client';
import { LoadingScreen } from '../components/LoadingScreen';
import { attachmentRequestRoutes } from '../features/attachment-requests/routes';
import { projectAreaRoutes } from '../features/projects/routes';
import { AppLayout } from './AppLayout';
import { RequireAnonymous, RequireAuth, type SignInState } from './guards';
import { RouteError } from './RouteError';
import { ROUTES, type RouteHandle } from './routes';

const handle = (h: RouteHandle) => h;

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
        handle: handle({ name: 'root' }),
        lazy: { Component: async () => (await import('../features/root/RootPage')).RootPage },
      },
      {
        Component: RequireAnonymous,
        children: [
          {
            path: ROUTES['sign-in'],
            handle: handle({ name: 'sign-in', chrome: false, titleKey: 'sign-in.title' }),
            lazy: { Component: async () => (await import('../features/auth/SignInPage')).SignInPage },
          },
          {
            path: ROUTES['reset-password.index'],
            handle: handle({ name: 'reset-password.index', chrome: false, titleKey: 'reset-password.title' }),
            lazy: {
              Component: async () =>
                (await import('../features/reset-password/ResetPasswordPage')).ResetPasswordPage,
            },
          },
          {
            path: ROUTES['reset-password.sent'],
            handle: handle({
              name: 'reset-password.sent',
              chrome: false,
              titleKey: 'reset-password.sent.title',
            }),
            lazy: {
              Component: async () =>
                (await import('../features/reset-password/ResetPasswordSentPage')).ResetPasswordSentPage,
            },
          },
        ],
      },
      {
        // The e-mailed link works whether or not someone is signed in on this browser.
        path: ROUTES['reset-password.edit'],
        handle: handle({ name: 'reset-password.edit', chrome: false, titleKey: 'reset-password.edit.title' }),
        lazy: {
          Component: async () =>
            (await import('../features/reset-password/ChooseNewPasswordPage')).ChooseNewPasswordPage,
        },
      },
      {
        // The e-mailed invitation works signed out (and replaces a session someone else left open).
        path: ROUTES['invitation.accept'],
        handle: handle({ name: 'invitation.accept', chrome: false, titleKey: 'invitation.title' }),
        lazy: {
          Component: async () =>
            (await import('../features/invitations/AcceptInvitationPage')).AcceptInvitationPage,
        },
      },
      {
        path: ROUTES['not-licensed'],
        handle: handle({ name: 'not-licensed', chrome: false, titleKey: 'not-licensed.title' }),
        lazy: {
          Component: async () => (await import('../features/licensing/NotLicensedPage')).NotLicensedPage,
        },
      },
      {
        element: <RequireAuth licensed={false} pageHandlesLoadErrors />,
        children: [
          {
            path: ROUTES['switch-accounts'],
            handle: handle({ name: 'switch-accounts', chrome: false, titleKey: 'switch-accounts.title' }),
            lazy: {
              Component: async () =>
                (await import('../features/accounts/SwitchAccountsPage')).SwitchAccountsPage,
            },
          },
        ],
      },
      {
        element: <RequireAuth licensed />,
        children: [
          {
            path: ROUTES.dashboard,
            handle: handle({ name: 'dashboard', titleKey: 'dashboard.title' }),
            lazy: {
              Component: async () => (await import('../features/dashboard/DashboardPage')).DashboardPage,
            },
          },
          // Projects, project screens, seasons and templates: their own module.
          ...projectAreaRoutes,
          {
            path: ROUTES['organizations.index'],
            handle: handle({ name: 'organizations.index', titleKey: 'organizations.title' }),
            lazy: {
              Component: async () =>
                (await import('../features/organizations/OrganizationsPage')).OrganizationsPage,
            },
          },
          {
            path: ROUTES['organizations.new'],
            handle: handle({ name: 'organizations.new', titleKey: 'organization-form.title' }),
            lazy: {
              Component: async () =>
                (await import('../features/organizations/NewOrganizationPage')).NewOrganizationPage,
            },
          },
          {
            path: ROUTES['organization.index'],
            handle: handle({ name: 'organization.index', titleKey: 'organization.title' }),
            lazy: {
              Component: async () =>
                (await import('../features/organizations/OrganizationPage')).OrganizationPage,
            },
          },
          {
            path: ROUTES['users.index'],
            handle: handle({ name: 'users.index', titleKey: 'users.title' }),
            lazy: { Component: async () => (await import('../features/users/UsersPage')).UsersPage },
          },
          {
            path: ROUTES['users.new'],
            handle: handle({ name: 'users.new', titleKey: 'new-user.title' }),
            lazy: { Component: async () => (await import('../features/users/NewUserPage')).NewUserPage },
          },
          {
            path: ROUTES['user.index'],
            handle: handle({ name: 'user.index', titleKey: 'user.title' }),
            lazy: { Component: async () => (await import('../features/users/UserPage')).UserPage },
          },
          {
            path: ROUTES.support,
            handle: handle({ name: 'support', titleKey: 'support.title' }),
            lazy: { Component: async () => (await import('../features/support/SupportPage')).SupportPage },
          },
          // File requests: their own module.
          ...attachmentRequestRoutes,
          {
            path: ROUTES.activity,
            handle: handle({ name: 'activity', titleKey: 'activity.title' }),
            lazy: { Component: async () => (await import('../features/activity/ActivityPage')).ActivityPage },
          },
        ],
      },
      {
        path: ROUTES['dev.mailbox'],
        handle: handle({ name: 'dev.mailbox', titleKey: 'dev-mailbox.title' }),
        lazy: {
          Component: async () => (await import('../features/dev-mailbox/DevMailboxPage')).DevMailboxPage,
        },
      },
      {
        path: '*',
        handle: handle({ name: 'not-found', titleKey: 'not-found.title' }),
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
