import { describe, expect, test } from 'vitest';
import {
  compareGrades,
  DEFAULT_DUPLICATE_FIELDS,
  duplicateFieldErrors,
  excludeAll,
  excludeFilterResults,
  excludeIds,
  fromIds,
  gradeSortKey,
  groupByField,
  isSelected,
  PRINT_DEFAULTS,
  resolveGroupAndSort,
  SUBJECT_DIRECTORY_DEFAULTS,
  selectAll,
  selectFilterResults,
  selectIds,
  selectionToWire,
  sortByFields,
  subjectSelectionSchema,
} from '../src/index.js';

describe('grade ordering (spec §5)', () => {
  test('numbers by value, k and kindergarten as zero, other text after, blanks last', () => {
    const grades = ['', '10', 'Pre-K', '2', 'Kindergarten', '12', 'k', ' ', 'Adult', '1', null, '9'];
    expect([...grades].sort(compareGrades)).toEqual([
      'k',
      'Kindergarten',
      '1',
      '2',
      '9',
      '10',
      '12',
      'Adult',
      'Pre-K',
      '',
      ' ',
      null,
    ]);
  });
  test('numbers compare as numbers, not text', () => {
    expect(compareGrades('9', '10')).toBeLessThan(0);
    expect(compareGrades('10', '9')).toBeGreaterThan(0);
  });
  test('k counts as zero: before 1, level with 0', () => {
    expect(gradeSortKey('K')[1]).toBe(0);
    expect(gradeSortKey(' kindergarten ')).toEqual([0, 0, 'kindergarten']);
    expect(compareGrades('k', '1')).toBeLessThan(0);
  });
  test('non-numeric after every number, blanks after every text', () => {
    expect(compareGrades('Pre-K', '100')).toBeGreaterThan(0);
    expect(compareGrades('', 'zzz')).toBeGreaterThan(0);
    expect(compareGrades(undefined, 'Pre-K')).toBeGreaterThan(0);
  });
});

describe('group-by and sort-by', () => {
  const people = [
    { last_name: 'Smith', first_name: 'Zoe', grade: '10', teacher: 'B' },
    { last_name: 'adams', first_name: 'Ann', grade: 'K', teacher: 'a' },
    { last_name: 'Smith', first_name: 'Al', grade: '', teacher: 'B' },
    { last_name: 'Brown', first_name: 'Bo', grade: '2', teacher: 'A' },
  ];
  const readValue = (p: (typeof people)[number], key: string) => p[key as keyof typeof p];
  test('print default: group by Grade, sort by Last Name then First Name', () => {
    expect(PRINT_DEFAULTS).toEqual({ group_by: ['grade'], sort_by: ['last_name', 'first_name'] });
    const groups = groupByField(people, 'grade', readValue).map((g) => ({
      grade: g.value,
      names: sortByFields(g.items, PRINT_DEFAULTS.sort_by, readValue).map((p) => p.first_name),
    }));
    expect(groups).toEqual([
      { grade: 'K', names: ['Ann'] },
      { grade: '2', names: ['Bo'] },
      { grade: '10', names: ['Zoe'] },
      { grade: '', names: ['Al'] },
    ]);
  });
  test('subject directory default: Teacher, sorted by Teacher, Grade, Last Name, First Name', () => {
    expect(SUBJECT_DIRECTORY_DEFAULTS.group_by).toEqual(['teacher']);
    const sorted = sortByFields(people, SUBJECT_DIRECTORY_DEFAULTS.sort_by, readValue).map(
      (p) => p.first_name,
    );
    expect(sorted).toEqual(['Ann', 'Bo', 'Zoe', 'Al']);
    const groups = groupByField(people, 'teacher', readValue);
    expect(groups.map((g) => g.items.length)).toEqual([2, 2]);
  });
  test('defaults apply when none are chosen; unknown keys are field errors', () => {
    const known = ['first_name', 'last_name', 'grade', 'teacher'];
    expect(resolveGroupAndSort('print', {}, known)).toEqual({ value: PRINT_DEFAULTS, errors: {} });
    expect(resolveGroupAndSort('subject-directory', { group_by: ['grade'] }, known).value.group_by).toEqual([
      'grade',
    ]);
    expect(resolveGroupAndSort('print', { sort_by: ['shoe_size'] }, known).errors).toEqual({
      sort_by: ['must be fields of this project'],
    });
  });
});

describe('duplicate search fields (spec §5, §9)', () => {
  const known = ['first_name', 'last_name', 'student_id', 'grade', 'teacher', 'email'];
  test('defaults: First Name, Last Name, Student ID', () => {
    expect([...DEFAULT_DUPLICATE_FIELDS]).toEqual(['first_name', 'last_name', 'student_id']);
    expect(duplicateFieldErrors(DEFAULT_DUPLICATE_FIELDS, known)).toEqual([]);
  });
  test('at most 5', () => {
    expect(duplicateFieldErrors(known.slice(0, 5), known)).toEqual([]);
    expect(duplicateFieldErrors(known, known)).toEqual(['is too long (maximum is 5 fields)']);
  });
  test('no repeats, known keys only, not empty', () => {
    expect(duplicateFieldErrors(['grade', 'grade'], known)).toEqual(['must not repeat a field']);
    expect(duplicateFieldErrors(['shoe_size'], known)).toEqual(['must be fields of this project']);
    expect(duplicateFieldErrors([], known)).toEqual(["can't be blank"]);
  });
});

describe('subject selection', () => {
  const f = { field_1: '7', value_1: '3' };
  test('Select All is every subject; Exclude All is nothing', () => {
    expect(selectionToWire(selectAll())).toEqual({
      filter: null,
      included_subject_ids: [],
      excluded_subject_ids: [],
    });
    expect(selectionToWire(excludeAll())).toBeNull();
  });
  test('Select Page from nothing is exactly those ids; twice is their union', () => {
    const s = selectIds(selectIds(excludeAll(), ['1', '2']), ['2', '3']);
    expect(selectionToWire(s)).toEqual({
      filter: null,
      included_subject_ids: ['1', '2', '3'],
      excluded_subject_ids: [],
    });
  });
  test('Select Filter Results after a page keeps the page: filter plus ids', () => {
    const s = selectFilterResults(selectIds(excludeAll(), ['1']), { ...f, images: 'any', keyword: ' ' });
    expect(s && selectionToWire(s)).toEqual({
      filter: f,
      included_subject_ids: ['1'],
      excluded_subject_ids: [],
    });
  });
  test('unticking a card of a filter selection excludes it; ticking it again brings it back', () => {
    const s = excludeIds(selectFilterResults(excludeAll(), f)!, ['5']);
    expect(selectionToWire(s)?.excluded_subject_ids).toEqual(['5']);
    expect(isSelected(s, '5', true)).toBe(false);
    expect(isSelected(s, '6', true)).toBe(true);
    expect(isSelected(s, '6', false)).toBe(false);
    expect(selectionToWire(selectIds(s, ['5']))?.excluded_subject_ids).toEqual([]);
  });
  test('All plus ids is still all (ids are only sent with a filter)', () => {
    expect(selectionToWire(selectIds(excludeIds(selectAll(), ['4']), ['9']))).toEqual({
      filter: null,
      included_subject_ids: [],
      excluded_subject_ids: ['4'],
    });
  });
  test('unticking the last id leaves nothing', () => {
    expect(excludeIds(fromIds(['1']), ['1'])).toEqual(excludeAll());
  });
  test('compositions that need the server answer null (the screen resolves them to ids)', () => {
    expect(selectFilterResults(selectAll(), f)).toBeNull();
    expect(excludeFilterResults(selectAll(), f)).toBeNull();
    expect(excludeFilterResults(excludeAll(), f)).toEqual(excludeAll());
    expect(selectFilterResults(selectFilterResults(excludeAll(), f)!, { ...f })).not.toBeNull();
  });
  test('the wire schema refuses ids that are not record ids and filters with unknown keys', () => {
    expect(subjectSelectionSchema.safeParse({ included_subject_ids: ['x'] }).success).toBe(false);
    expect(subjectSelectionSchema.safeParse({ filter: { shoe: '1' } }).success).toBe(false);
    expect(subjectSelectionSchema.parse({})).toEqual({ included_subject_ids: [], excluded_subject_ids: [] });
  });
});
