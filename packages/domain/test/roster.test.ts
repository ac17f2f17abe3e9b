import { describe, expect, test } from 'vitest';
import {
  csvLine,
  mappingToSave,
  neutralizeCsvCell,
  normalizeHeader,
  rosterGrade,
  ssnLikeColumns,
  suggestMapping,
} from '../src/index.js';

const fields = [
  { id: '1', field_key: 'student_id', label: null },
  { id: '2', field_key: 'first_name', label: null },
  { id: '3', field_key: 'last_name', label: null },
  { id: '4', field_key: 'grade', label: null },
  { id: '5', field_key: 'teacher', label: null },
  { id: '6', field_key: null, label: 'Bus Route' },
];

describe('roster mapping suggestions', () => {
  test('headers compare without case, punctuation or spacing', () => {
    expect(normalizeHeader(' Student_Number ')).toBe('student number');
    expect(normalizeHeader('GRADE-LEVEL')).toBe('grade level');
    expect(normalizeHeader('Student #')).toBe('student number');
  });

  test.each([
    ['Student Number', '1'],
    ['Student_Number', '1'],
    ['ID', '1'],
    ['Grade Level', '4'],
    ['Homeroom Teacher', '5'],
    ['First Name', '2'],
    ['FirstName', '2'],
    ['Student First Name', '2'],
    ['Given Name', '2'],
    ['Last_Name', '3'],
    ['Surname', '3'],
    ['bus route', '6'],
  ])('%s -> field %s', (header, id) => {
    expect(suggestMapping([header], fields)[header]).toBe(id);
  });

  test('unknown columns map to nothing and each field goes to one column only', () => {
    expect(suggestMapping(['Locker', 'ID', 'Student Number'], fields)).toEqual({
      Locker: null,
      ID: '1',
      'Student Number': null,
    });
  });

  test('a label match wins over a spelling match', () => {
    expect(suggestMapping(['ID', 'Student ID'], fields)).toEqual({ ID: null, 'Student ID': '1' });
  });

  test("the organization's saved mapping is offered again, skipped columns included", () => {
    const saved = mappingToSave({ 'Pupil Ref': '1', Grade: null, Route: '6' }, fields);
    expect(saved).toEqual({ 'pupil ref': 'key:student_id', grade: null, route: 'label:bus route' });
    // Another project: other field ids, same keys and labels.
    const other = fields.map((f) => ({ ...f, id: `9${f.id}` }));
    expect(suggestMapping(['Pupil Ref', 'Grade', 'Route', 'First Name'], other, saved)).toEqual({
      'Pupil Ref': '91',
      Grade: null,
      Route: '96',
      'First Name': '92',
    });
  });
});

describe('CSV injection', () => {
  test.each(['=SUM(A1)', '+1', '-1', '@cmd', '\tx', '\rx', '\nx', '\0x'])('%j gets a leading quote', (v) => {
    expect(neutralizeCsvCell(v)).toBe(`'${v}`);
  });
  test('plain values are kept; quoting per RFC 4180', () => {
    expect(neutralizeCsvCell('Zoë')).toBe('Zoë');
    expect(csvLine(['a,b', 'say "hi"', '=1+1'])).toBe('"a,b","say ""hi""",\'=1+1');
  });
});

describe('grades and Social Security numbers in roster files', () => {
  test('grade levels as the portal writes grades: PowerSchool 0 and -1 are K and PK, "05" is 5', () => {
    expect(
      ['0', '-1', '05', '00', '12', 'KG', 'kg', 'K', 'PK', 'TK', '-2', ' 3 ', 'Other'].map(rosterGrade),
    ).toEqual(['K', 'PK', '5', 'K', '12', 'K', 'K', 'K', 'PK', 'TK', '-2', '3', 'Other']);
  });
  test('a column looks like Social Security numbers by its header or by most of its values', () => {
    const columns = ['SSN', 'Social Security #', 'soc_sec_no', 'ID', 'Phone', 'Assessment', 'Notes'];
    const rows = [
      ['', '', '', '123-45-6789', '555-1234', 'SSN-free', '123-45-6789'],
      ['', '', '', '234-56-7890', '555-9876', 'x', 'called home'],
      ['', '', '', '', '555-0000', 'y', 'late'],
    ];
    expect(ssnLikeColumns(columns, rows)).toEqual(['SSN', 'Social Security #', 'soc_sec_no', 'ID']);
    expect(ssnLikeColumns(['Student ID'], [])).toEqual([]);
  });
});
