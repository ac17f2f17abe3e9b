import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/PlaceholderPage';

export function SupportPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('support.heading')} text={t('support.text')} />;
}
