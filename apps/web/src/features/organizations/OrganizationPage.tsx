import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/PlaceholderPage';

export function OrganizationPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('organization.heading')} />;
}
