import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/PlaceholderPage';

export function AttachmentRequestsPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('attachment-requests.heading')} />;
}
