import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListMeta } from '../../api/types';
import { GridList } from '../../components/GridList';
import { Pager } from '../../components/table/Pager';

interface SubjectGridProps {
  /** SubjectCards, one a subject of the page. */
  children: ReactNode;
  meta: ListMeta;
  onPage: (page: number) => void;
  /** The previous page still shows while the next loads: dimmed, marked busy, paging waits. */
  placeholder: boolean;
  /** Whether the grid says it is busy to assistive technology while it shows the previous page. */
  announceBusy?: boolean;
  testId?: string;
  /** The list's accessible name (the subjects grid's by default). */
  label?: string;
}

/** A page of subject cards (one to four a row as the screen widens) and its Pager. */
export function SubjectGrid({
  children,
  meta,
  onPage,
  placeholder,
  announceBusy,
  testId,
  label,
}: SubjectGridProps) {
  const { t } = useTranslation();
  return (
    <>
      <GridList
        label={label ?? t('subjects.grid.label')}
        busy={announceBusy ? placeholder : undefined}
        testId={testId}
        columns={{
          xs: 'repeat(1, minmax(0, 1fr))',
          sm: 'repeat(2, minmax(0, 1fr))',
          md: 'repeat(3, minmax(0, 1fr))',
          lg: 'repeat(4, minmax(0, 1fr))',
        }}
        sx={{ opacity: announceBusy && placeholder ? 0.6 : 1 }}
      >
        {children}
      </GridList>
      <Pager meta={meta} onPage={onPage} disabled={placeholder} />
    </>
  );
}
