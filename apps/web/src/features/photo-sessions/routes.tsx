import type { RouteObject } from 'react-router';
import { screenRoute } from '../../app/routes';

/** A project's picture-day sessions and one session's stations, under the project's activation check. */
export const photoSessionRoutes: RouteObject[] = [
  screenRoute(
    'project.photo-sessions',
    'photo-sessions.title',
    async () => (await import('./SessionsPage')).SessionsPage,
  ),
  screenRoute(
    'project.photo-session',
    'photo-sessions.session-title',
    async () => (await import('./SessionPage')).SessionPage,
  ),
];

/**
 * The station screen: on its own (no navigation), opened by signed-in staff or by a station link, whose
 * token signs the device in for that session only; so it stands outside the sign-in guard.
 */
export const stationRoute: RouteObject = screenRoute(
  'station',
  'station.title',
  async () => (await import('./station/StationPage')).StationPage,
  { chrome: false },
);
