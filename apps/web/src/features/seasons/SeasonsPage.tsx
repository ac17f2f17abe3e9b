import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/PlaceholderPage';

export function SeasonsPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('seasons.heading')} />;
}
