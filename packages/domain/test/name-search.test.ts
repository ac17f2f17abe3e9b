import { describe, expect, test } from 'vitest';
import { foldForSearch, nameMatches, searchByName } from '../src/name-search.js';
import { clockCardPayload, findByScan, readClockCard, readScannedCode } from '../src/station-codes.js';

describe('name search', () => {
  test('accents, case and punctuation are ignored', () => {
    expect(foldForSearch('Zoë  Brown-Smith')).toBe('zoe brown smith');
    expect(foldForSearch('ŁUKASZ Øster Straße')).toBe('lukasz oster strasse');
    expect(nameMatches('zoe brown', ['Zoë', 'Brown'])).toBe(true);
    expect(nameMatches('ZOË', ['Zoe', 'Brown'])).toBe(true);
    expect(nameMatches('jerome', ['Jérôme'])).toBe(true);
  });

  test('words in any order, each the start of a different word of the name', () => {
    expect(nameMatches('brown zoe', ['Zoë', 'Brown'])).toBe(true);
    expect(nameMatches('bro z', ['Zoë', 'Brown'])).toBe(true);
    expect(nameMatches('rown', ['Zoë', 'Brown'])).toBe(false);
    expect(nameMatches('zoe zoe', ['Zoë', 'Brown'])).toBe(false);
    expect(nameMatches('ann annabel', ['Annabel', 'Ann'])).toBe(true);
    expect(nameMatches('zoe green', ['Zoë', 'Brown'])).toBe(false);
    expect(nameMatches('  ', ['Zoë', 'Brown'])).toBe(true);
  });

  test('whole-word answers come before those that only start a word', () => {
    const people = [
      { first: 'Zoey', last: 'Browning' },
      { first: 'Zoë', last: 'Brown' },
      { first: 'Ada', last: 'Lane' },
    ];
    const found = searchByName(people, 'zoe brown', (p) => [p.first, p.last]);
    expect(found.map((p) => p.first)).toEqual(['Zoë', 'Zoey']);
  });
});

describe('station scans', () => {
  const people = [
    { id: 1, card_code: 'AB12CD34', student_id: 'S-100' },
    { id: 2, card_code: 'ZZ99YY88', student_id: '200' },
  ];

  test('a camera card gives its card code, anything else a Student ID', () => {
    expect(readScannedCode(' SPC1:ab12cd34 ')).toEqual({ kind: 'card', code: 'AB12CD34' });
    expect(readScannedCode('S-100')).toEqual({ kind: 'student_id', code: 'S-100' });
    expect(readScannedCode('   ')).toBeNull();
  });

  test('a scan names one person by card or Student ID, or no one', () => {
    expect(findByScan(people, 'SPC1:AB12CD34')?.id).toBe(1);
    expect(findByScan(people, 's-100')?.id).toBe(1);
    expect(findByScan(people, '200')?.id).toBe(2);
    expect(findByScan(people, 'zz99yy88')?.id).toBe(2);
    expect(findByScan(people, 'SPC1:AAAAAAAA')).toBeNull();
  });
});

test("a station's clock card holds its id and time, and names no student", () => {
  const at = new Date(Date.UTC(2026, 8, 1, 9, 41, 7, 250));
  const text = clockCardPayload('12', at);
  expect(readClockCard(text)).toEqual({ station_id: '12', at });
  expect(readClockCard('SPC1:AB12CD34')).toBeNull();
  expect(findByScan([{ card_code: null, student_id: text }], text)).toBeNull();
});
