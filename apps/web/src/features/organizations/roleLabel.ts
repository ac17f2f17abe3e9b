import type { OrganizationRole } from '@school-portal/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** The words for an organization role ("Customer", "Studio", ...). */
export function useRoleLabel(): (role: OrganizationRole | string | null | undefined) => string {
  const { t } = useTranslation();
  return useCallback(
    (role) => {
      switch (role) {
        case 'customer_role':
          return t('organization-roles.customer_role');
        case 'studio_role':
          return t('organization-roles.studio_role');
        case 'lab_role':
          return t('organization-roles.lab_role');
        case 'vertically_integrated_role':
          return t('organization-roles.vertically_integrated_role');
        default:
          return role ?? '';
      }
    },
    [t],
  );
}
