import { ListAndNewNav } from '../organizations/SectionNav';
import { useMayCreateUsers } from './creation';

/**
 * All Users and, when this account may create users somewhere, New User; `offerNew={false}` on pages that
 * show an error, where a New User link would lead away from what went wrong.
 */
export function UsersNav({ offerNew = true }: { offerNew?: boolean }) {
  const mayCreate = useMayCreateUsers();
  return <ListAndNewNav area="users" offerNew={offerNew && mayCreate} />;
}
