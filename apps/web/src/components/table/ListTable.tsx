import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListMeta } from '../../api/types';
import { EmptyState } from '../EmptyState';
import { type QueryLike, QueryState } from '../QueryState';
import { ActionsCell } from './ActionsCell';
import { Pager } from './Pager';
import { ScrollCues, useHorizontalOverflow } from './ScrollCues';

/**
 * A header cell: its words; or the words with the row actions' column (pinned on phones) or alignment; or
 * a column with nothing to show, named for screen readers only.
 */
export type ListColumn =
  | ReactNode
  | { label: ReactNode; actions?: boolean; align?: 'right' | 'center' }
  | { ariaLabel: string };

export interface ListTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: readonly ListColumn[];
  rows: readonly T[];
  /** One `<TableRow>` a record. */
  children: (row: T) => ReactNode;
  /** The previous page still shows while the next one loads: a progress bar, and the table marked busy. */
  busy?: boolean;
  size?: 'small' | 'medium';
  /** For a paged list: the answer's meta, where Previous and Next lead, and whether they wait. */
  paging?: { meta: ListMeta; onPage: (page: number) => void; disabled?: boolean };
  /** What shows instead of the table when there are no rows. */
  emptyMessage?: string;
  testId?: string;
}

function HeaderCell({ column }: { column: ListColumn }) {
  if (column !== null && typeof column === 'object' && 'ariaLabel' in column) {
    return <TableCell aria-label={column.ariaLabel} />;
  }
  if (column !== null && typeof column === 'object' && 'label' in column) {
    if (column.actions) return <ActionsCell header>{column.label}</ActionsCell>;
    return <TableCell align={column.align}>{column.label}</TableCell>;
  }
  return <TableCell>{column}</TableCell>;
}

/** The one list table: outlined, headed by its columns, one row a record, with paging below when paged. */
export function ListTable<T>({
  label,
  columns,
  rows,
  children,
  busy,
  size,
  paging,
  emptyMessage,
  testId,
}: ListTableProps<T>) {
  const overflow = useHorizontalOverflow();
  if (emptyMessage !== undefined && rows.length === 0) return <EmptyState message={emptyMessage} />;
  return (
    <>
      <Box sx={{ position: 'relative' }}>
        <TableContainer component={Paper} variant="outlined" ref={overflow.ref}>
          {busy && <LinearProgress aria-hidden="true" />}
          <Table size={size} aria-label={label} aria-busy={busy} data-testid={testId}>
            <TableHead>
              <TableRow>
                {columns.map((column, index) => (
                  // Columns are fixed per screen: their position is their identity.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <HeaderCell key={index} column={column} />
                ))}
              </TableRow>
            </TableHead>
            <TableBody>{rows.map(children)}</TableBody>
          </Table>
        </TableContainer>
        <ScrollCues start={overflow.start} end={overflow.end} endInset={overflow.endInset} />
      </Box>
      {paging && <Pager meta={paging.meta} onPage={paging.onPage} disabled={paging.disabled} />}
    </>
  );
}

/** The parts of a list query the table reads besides the loading and error states. */
interface ListQuery<D> extends QueryLike<D> {
  isPlaceholderData?: boolean;
  isFetching?: boolean;
}

export interface QueryListTableProps<D, T>
  extends Omit<ListTableProps<T>, 'rows' | 'busy' | 'paging' | 'emptyMessage'> {
  query: ListQuery<D>;
  errorMessage: string;
  emptyMessage: string;
  /** The records in an answer. */
  rowsOf: (data: D) => readonly T[];
  /** For a paged answer (one that carries `meta`): where Previous and Next lead. */
  onPage?: D extends { meta: ListMeta } ? (page: number) => void : never;
}

/**
 * A list screen's query as a table: its loading, error and empty states (QueryState), then the records,
 * busy while the next page loads, and paged when `onPage` is given.
 */
export function QueryListTable<D, T>({
  query,
  errorMessage,
  emptyMessage,
  rowsOf,
  onPage,
  ...table
}: QueryListTableProps<D, T>) {
  return (
    <QueryState
      query={query}
      errorMessage={errorMessage}
      isEmpty={(data) => rowsOf(data).length === 0}
      emptyMessage={emptyMessage}
    >
      {(data) => (
        <ListTable
          {...table}
          rows={rowsOf(data)}
          busy={onPage ? !!query.isPlaceholderData : undefined}
          paging={
            onPage
              ? { meta: (data as { meta: ListMeta }).meta, onPage, disabled: query.isFetching }
              : undefined
          }
        />
      )}
    </QueryState>
  );
}

/**
 * The list screens that keep their words under one prefix with the same keys: `load-failed` (the error
 * message), `empty` (the empty state), `list-label` (the table's accessible name) and `heading` (the
 * page's title, for PagedListPage).
 */
export type ListWords = 'activity' | 'attachment-requests' | 'organizations' | 'users';

export interface PagedListTableProps<D extends { meta: ListMeta }, T>
  extends Omit<QueryListTableProps<D, T>, 'errorMessage' | 'emptyMessage' | 'label' | 'onPage'> {
  words: ListWords;
  /** Where Previous and Next lead. */
  onPage: (page: number) => void;
}

/** A list screen's paged query as a table, in the screen's words (QueryListTable with them filled in). */
export function PagedListTable<D extends { meta: ListMeta }, T>({
  words,
  onPage,
  ...table
}: PagedListTableProps<D, T>) {
  const { t } = useTranslation();
  return (
    <QueryListTable
      {...table}
      errorMessage={t(`${words}.load-failed`)}
      emptyMessage={t(`${words}.empty`)}
      label={t(`${words}.list-label`)}
      // D carries `meta`, which TypeScript cannot see through the conditional type of a generic D.
      onPage={onPage as QueryListTableProps<D, T>['onPage']}
    />
  );
}
