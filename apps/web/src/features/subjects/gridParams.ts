import { BLANK_FILTER, SUBJECT_SORT_KEYS } from '@school-portal/domain';
import { useMemo } from 'react';
import {
  DEFAULT_SUBJECT_FILTERS,
  type ImagesFilter,
  type SortDirection,
  type SubjectFilters,
} from '../../api/subjects';
import { useListParams } from '../organizations/listState';

/** Address parameters of the grid, so back and reload keep the filters and the page. */
export const GRID_PARAMS = ['f1', 'v1', 'f2', 'v2', 'images', 'since', 'sort', 'dir'] as const;
export type GridParam = (typeof GRID_PARAMS)[number];

const IMAGES: readonly ImagesFilter[] = ['any', 'with', 'without', 'retake'];
const FIELD_ID = /^\d{1,18}$/;
const SINCE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** The spec's Added Since years start at 2014. */
export const FIRST_YEAR = 2014;

/** A local "YYYY-MM-DDTHH:mm" as an ISO instant, or null when it is not a date. */
export function sinceToIso(local: string): string | null {
  if (!SINCE.test(local)) return null;
  const value = new Date(local);
  if (Number.isNaN(value.getTime()) || value.getFullYear() < FIRST_YEAR) return null;
  return value.toISOString();
}

/** The grid's filters as the address holds them (unknown values fall back to the defaults). */
export function useGridParams() {
  const list = useListParams(GRID_PARAMS);
  const { values, keyword, page } = list;
  const filters = useMemo<SubjectFilters>(() => {
    const field1 = FIELD_ID.test(values.f1) ? values.f1 : '';
    const field2 = FIELD_ID.test(values.f2) ? values.f2 : '';
    const sort =
      (SUBJECT_SORT_KEYS as readonly string[]).includes(values.sort) || /^field:\d{1,18}$/.test(values.sort)
        ? values.sort
        : DEFAULT_SUBJECT_FILTERS.sort;
    return {
      keyword,
      field1,
      value1: field1 && values.v1 ? values.v1 : null,
      field2,
      value2: field2 && values.v2 ? values.v2 : null,
      images: IMAGES.includes(values.images as ImagesFilter) ? (values.images as ImagesFilter) : 'any',
      addedSince: sinceToIso(values.since),
      sort,
      direction: (values.dir === 'desc' ? 'desc' : 'asc') as SortDirection,
    };
  }, [values, keyword]);
  return { ...list, page, filters };
}

export const isBlank = (value: string | null) => value === BLANK_FILTER;
