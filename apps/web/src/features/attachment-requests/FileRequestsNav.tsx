import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../app/routes';
import { SectionNav } from '../organizations/SectionNav';

/** All File Requests and New File Request. */
export function FileRequestsNav() {
  const { t } = useTranslation();
  return (
    <SectionNav
      label={t('attachment-requests.section-nav')}
      items={[
        { key: 'all', label: t('attachment-requests.all'), to: ROUTES['attachment-requests.index'] },
        { key: 'new', label: t('attachment-requests.new'), to: ROUTES['attachment-requests.new'] },
      ]}
    />
  );
}
