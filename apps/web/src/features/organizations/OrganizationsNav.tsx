import { useCan } from '../../app/can';
import { useChildOrganizationRole } from './childRole';
import { ListAndNewNav } from './SectionNav';

/** All Organizations and, when this account may add a child, New Organization. */
export function OrganizationsNav() {
  const can = useCan();
  const childRole = useChildOrganizationRole();
  return (
    <ListAndNewNav area="organizations" all={can('organization.list-children')} offerNew={!!childRole} />
  );
}
