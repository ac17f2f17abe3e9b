import { useTranslation } from 'react-i18next';
import { useCan } from '../../app/can';
import { ROUTES } from '../../app/routes';
import { useChildOrganizationRole } from './childRole';
import { SectionNav, type SectionNavItem } from './SectionNav';

/** All Organizations and, when this account may add a child, New Organization. */
export function OrganizationsNav() {
  const { t } = useTranslation();
  const can = useCan();
  const childRole = useChildOrganizationRole();
  const items: SectionNavItem[] = [];
  if (can('organization.list-children')) {
    items.push({ key: 'all', label: t('organizations.all'), to: ROUTES['organizations.index'] });
  }
  if (childRole) {
    items.push({ key: 'new', label: t('organizations.new'), to: ROUTES['organizations.new'] });
  }
  return <SectionNav label={t('organizations.section-nav')} items={items} />;
}
