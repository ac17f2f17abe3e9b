import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/PlaceholderPage';

export function ProjectTemplatesPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('project-templates.heading')} />;
}
