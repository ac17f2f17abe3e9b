import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../app/routes';
import { SubNav } from '../../components/SubNav';

/** All Seasons and New Season (spec §2). */
export function SeasonsNav() {
  const { t } = useTranslation();
  return (
    <SubNav
      label={t('seasons.nav')}
      items={[
        { key: 'all', to: ROUTES['seasons.index'], label: t('seasons.all'), end: true },
        { key: 'new', to: ROUTES['seasons.new'], label: t('seasons.new') },
      ]}
    />
  );
}
