import { ListAndNewNav } from '../organizations/SectionNav';

/** All File Requests and New File Request. */
export function FileRequestsNav() {
  return <ListAndNewNav area="attachment-requests" />;
}
