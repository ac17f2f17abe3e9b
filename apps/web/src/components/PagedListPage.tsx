import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListMeta } from '../api/types';
import { Page } from './Page';
import { PagedListTable, type PagedListTableProps } from './table/ListTable';

interface PagedListPageProps<D extends { meta: ListMeta }, T> extends PagedListTableProps<D, T> {
  /** The page's buttons beside its title. */
  actions?: ReactNode;
  /** The area's sub-navigation under the title. */
  nav?: ReactNode;
  /** What stands between the navigation and the list (an introduction, the filters). */
  above?: ReactNode;
}

/**
 * A list screen: the page titled in the screen's words (`heading`), its navigation and what stands
 * above the list, then the paged list itself (PagedListTable).
 */
export function PagedListPage<D extends { meta: ListMeta }, T>({
  actions,
  nav,
  above,
  ...table
}: PagedListPageProps<D, T>) {
  const { t } = useTranslation();
  return (
    <Page title={t(`${table.words}.heading`)} actions={actions}>
      {nav}
      {above}
      <PagedListTable {...table} />
    </Page>
  );
}
