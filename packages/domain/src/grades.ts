/**
 * Grade ordering and the sort and group keys of layouts, prints and the subject directory (spec §5).
 *
 * The API's SQL ordering of the subjects grid (`gradeOrder` in apps/api/src/modules/subjects/grid.ts)
 * follows the same rule with the same buckets and the same number pattern; the domain tests pin the
 * cases and the API's grid test pins the SQL.
 */

/** A grade as written as a number: "3", "12", "-1", "2.5". The SQL uses the same pattern. */
export const NUMERIC_GRADE = /^-?\d+(\.\d+)?$/;
const KINDERGARTEN = ['k', 'kindergarten'];

/**
 * Grade ordering: numeric grades by number ("k" and "kindergarten" count as zero), then the other
 * grades by their text, then blanks. Returns a tuple to compare in order: bucket (0 numeric, 1 other,
 * 2 blank), number, text.
 */
export function gradeSortKey(grade: string | null | undefined): [number, number, string] {
  const value = (grade ?? '').trim().toLowerCase();
  if (!value) return [2, 0, ''];
  if (KINDERGARTEN.includes(value)) return [0, 0, value];
  if (NUMERIC_GRADE.test(value)) return [0, Number(value), value];
  return [1, 0, value];
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function compareGrades(a: string | null | undefined, b: string | null | undefined): number {
  const [x, y] = [gradeSortKey(a), gradeSortKey(b)];
  return x[0] - y[0] || x[1] - y[1] || compareText(x[2], y[2]);
}

/** Any field's value compared for sorting and grouping: grades by grade ordering, others by trimmed, lower-cased text. */
export function compareFieldValues(
  fieldKey: string | null,
  a: string | null | undefined,
  b: string | null | undefined,
): number {
  if (fieldKey === 'grade') return compareGrades(a, b);
  return compareText((a ?? '').trim().toLowerCase(), (b ?? '').trim().toLowerCase());
}

/**
 * Sorts items by several fields in turn (each by `compareFieldValues`), keeping the input order for
 * ties. `readValue` reads an item's value for a field key.
 */
export function sortByFields<T>(
  items: readonly T[],
  fieldKeys: readonly string[],
  readValue: (item: T, fieldKey: string) => string | null | undefined,
): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((x, y) => {
      for (const key of fieldKeys) {
        const c = compareFieldValues(key, readValue(x.item, key), readValue(y.item, key));
        if (c !== 0) return c;
      }
      return x.index - y.index;
    })
    .map(({ item }) => item);
}

/** Groups items by one field (same trimmed, lower-cased value), the groups in that field's order. */
export function groupByField<T>(
  items: readonly T[],
  fieldKey: string,
  readValue: (item: T, fieldKey: string) => string | null | undefined,
): { value: string; items: T[] }[] {
  const groups = new Map<string, { value: string; items: T[] }>();
  for (const item of items) {
    const value = (readValue(item, fieldKey) ?? '').trim();
    const key = value.toLowerCase();
    const group = groups.get(key) ?? { value, items: [] };
    group.items.push(item);
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => compareFieldValues(fieldKey, a.value, b.value));
}

export interface GroupAndSort {
  group_by: string[];
  sort_by: string[];
}

/** Print default: group by Grade, sort by Last Name then First Name. */
export const PRINT_DEFAULTS: GroupAndSort = { group_by: ['grade'], sort_by: ['last_name', 'first_name'] };

/** Subject directory: grouped by Teacher unless chosen; sorted by Teacher, Grade, Last Name, First Name. */
export const SUBJECT_DIRECTORY_DEFAULTS: GroupAndSort = {
  group_by: ['teacher'],
  sort_by: ['teacher', 'grade', 'last_name', 'first_name'],
};

/**
 * The group-by and sort-by keys to use: the defaults for the purpose where none are given. Each key
 * must be one of the project's field keys; unknown ones come back as 422-style field errors.
 */
export function resolveGroupAndSort(
  purpose: 'print' | 'subject-directory',
  chosen: Partial<GroupAndSort>,
  knownFieldKeys: readonly string[],
): { value: GroupAndSort; errors: Record<string, string[]> } {
  const defaults = purpose === 'print' ? PRINT_DEFAULTS : SUBJECT_DIRECTORY_DEFAULTS;
  const value: GroupAndSort = {
    group_by: chosen.group_by?.length ? [...chosen.group_by] : [...defaults.group_by],
    sort_by: chosen.sort_by?.length ? [...chosen.sort_by] : [...defaults.sort_by],
  };
  const known = new Set(knownFieldKeys);
  const errors: Record<string, string[]> = {};
  for (const name of ['group_by', 'sort_by'] as const) {
    if (value[name].some((key) => !known.has(key))) errors[name] = ['must be fields of this project'];
  }
  return { value, errors };
}
