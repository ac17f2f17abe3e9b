import { useTranslation } from 'react-i18next';
import { useAbilities } from '../../api/users';
import { ROUTES } from '../../app/routes';
import { SectionNav, type SectionNavItem } from '../organizations/SectionNav';

/**
 * All Users and, when this account may create users somewhere, New User; `offerNew={false}` on pages that
 * show an error, where a New User link would lead away from what went wrong.
 */
export function UsersNav({ offerNew = true }: { offerNew?: boolean }) {
  const { t } = useTranslation();
  const abilities = useAbilities();
  const items: SectionNavItem[] = [{ key: 'all', label: t('users.all'), to: ROUTES['users.index'] }];
  if (offerNew && abilities?.canCreateUsers)
    items.push({ key: 'new', label: t('users.new'), to: ROUTES['users.new'] });
  return <SectionNav label={t('users.section-nav')} items={items} />;
}
