import { Navigate, Outlet } from 'react-router';
import { useCan } from '../../app/can';
import { ROUTES } from '../../app/routes';
import { LoadingScreen } from '../../components/LoadingScreen';

/** File requests are for studio accounts that manage their own organization (spec §2, §6); others go home. */
export function FileRequestsGuard() {
  const can = useCan();
  if (!can.ready) return <LoadingScreen />;
  if (!can('file-request.create')) return <Navigate to={ROUTES.root} replace />;
  return <Outlet />;
}
