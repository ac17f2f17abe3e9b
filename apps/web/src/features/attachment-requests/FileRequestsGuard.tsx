import { Navigate, Outlet } from 'react-router';
import { useAbilities } from '../../api/users';
import { ROUTES } from '../../app/routes';
import { LoadingScreen } from '../../components/LoadingScreen';

/** File requests are for studio accounts that manage their own organization (spec §2, §6); others go home. */
export function FileRequestsGuard() {
  const abilities = useAbilities();
  if (!abilities) return <LoadingScreen />;
  if (!abilities.sidebar.fileRequests) return <Navigate to={ROUTES.root} replace />;
  return <Outlet />;
}
