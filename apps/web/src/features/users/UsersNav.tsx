import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../app/routes';
import { SectionNav, type SectionNavItem } from '../organizations/SectionNav';
import { useMayCreateUsers } from './creation';

/**
 * All Users and, when this account may create users somewhere, New User; `offerNew={false}` on pages that
 * show an error, where a New User link would lead away from what went wrong.
 */
export function UsersNav({ offerNew = true }: { offerNew?: boolean }) {
  const { t } = useTranslation();
  const mayCreate = useMayCreateUsers();
  const items: SectionNavItem[] = [{ key: 'all', label: t('users.all'), to: ROUTES['users.index'] }];
  if (offerNew && mayCreate) items.push({ key: 'new', label: t('users.new'), to: ROUTES['users.new'] });
  return <SectionNav label={t('users.section-nav')} items={items} />;
}
