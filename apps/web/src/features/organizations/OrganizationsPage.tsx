import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useAbilities } from '../../api/users';
import { ROUTES } from '../../app/routes';
import { PlaceholderPage } from '../../components/PlaceholderPage';

export function OrganizationsPage() {
  const { t } = useTranslation();
  const abilities = useAbilities();
  // Spec §2: organizations redirects home when listing is not permitted.
  if (abilities && !abilities.canListOrganizations) return <Navigate to={ROUTES.root} replace />;
  return <PlaceholderPage title={t('organizations.heading')} />;
}
