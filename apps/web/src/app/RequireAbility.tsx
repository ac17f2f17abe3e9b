import type { OrganizationTarget } from '@school-portal/domain';
import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { LoadingScreen } from '../components/LoadingScreen';
import { type Can, useCan, useOwnOrganization } from './can';
import { ROUTES } from './routes';

/**
 * A screen a caller may not use sends them home before it asks the API for anything (spec §2: e.g. "New
 * project is redirected home if not permitted"): the screen's queries live below this guard, so no request
 * the policies would refuse is sent. Renders `children`, or the child routes when used as a route element.
 */
export function RequireAbility({
  allowed,
  children,
}: {
  allowed: (can: Can, own: OrganizationTarget | null) => boolean;
  children?: ReactNode;
}) {
  const can = useCan();
  const own = useOwnOrganization();
  if (!can.ready) return <LoadingScreen />;
  if (!allowed(can, own)) return <Navigate to={ROUTES.root} replace />;
  return children ?? <Outlet />;
}
