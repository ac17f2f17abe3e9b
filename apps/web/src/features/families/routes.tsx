import type { RouteObject } from 'react-router';
import { screenRoute } from '../../app/routes';

const NO_CHROME = { chrome: false };

/**
 * The family's pages: public (no organization sign-in, none of the app's navigation), a guardian signed
 * in by their e-mailed link only, with a token of its own. They stand outside every sign-in guard.
 */
export const familyRoutes: RouteObject[] = [
  screenRoute(
    'family.index',
    'families.gallery.title',
    async () => (await import('./GalleryPage')).GalleryPage,
    NO_CHROME,
  ),
  screenRoute(
    'family.claim',
    'families.claim.title',
    async () => (await import('./ClaimPage')).ClaimPage,
    NO_CHROME,
  ),
  screenRoute(
    'family.sign-in',
    'families.sign-in.title',
    async () => (await import('./FamilySignInPage')).FamilySignInPage,
    NO_CHROME,
  ),
  screenRoute(
    'family.sign-in.token',
    'families.sign-in.title',
    async () => (await import('./FamilySignInPage')).FamilySignInPage,
    NO_CHROME,
  ),
  screenRoute(
    'family.unsubscribe',
    'families.unsubscribe.title',
    async () => (await import('./UnsubscribePage')).UnsubscribePage,
    NO_CHROME,
  ),
  screenRoute(
    'family.unsubscribe.token',
    'families.unsubscribe.title',
    async () => (await import('./UnsubscribePage')).UnsubscribePage,
    NO_CHROME,
  ),
];

/** The project's Families screen (guardians, opt-out requests, the studio's family settings). */
export const projectFamilyRoutes: RouteObject[] = [
  screenRoute(
    'project.families',
    'families.staff.title',
    async () => (await import('./ProjectFamiliesPage')).ProjectFamiliesPage,
  ),
];
