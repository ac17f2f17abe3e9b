import { useTranslation } from 'react-i18next';
import { useCan } from '../../app/can';
import { ROUTES } from '../../app/routes';
import { useSessionUser } from '../../app/session';
import { SubNav, type SubNavItem } from '../../components/SubNav';

/** All Project Templates, and New Project Template for those who may create one. */
export function ProjectTemplatesNav() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const can = useCan();
  const organizationId = user.current_account?.organization_id;
  const items: SubNavItem[] = [
    {
      key: 'all',
      to: ROUTES['project-templates.index'],
      label: t('project-templates.all'),
      // A template's own pages belong to the list; New Project Template has its own tab.
      activeWhen: (pathname) =>
        pathname.startsWith(ROUTES['project-templates.index']) &&
        pathname !== ROUTES['project-templates.new'],
    },
  ];
  if (organizationId && can('template.update', { organization_id: organizationId, project_id: null })) {
    items.push({ key: 'new', to: ROUTES['project-templates.new'], label: t('project-templates.new') });
  }
  return <SubNav label={t('project-templates.nav')} items={items} />;
}
