import { exportFieldKeyLabel } from '@school-portal/domain';
import type { ExportCheckIssue, ExportFormatRow, ExportSubject } from './types.js';

/**
 * The built-in formats a school's own systems import (docs/exports.md), each matching a
 * photo to a person by the file's name or a data column: the ID. What each system does with an ID decides
 * what the pre-export check says beyond the shared missing_value, duplicate_value and leading_zeros (check.ts):
 *
 * - `numeric`: the system reads IDs as numbers. Infinite Campus's photo import ignores leading zeros when it
 *   matches student numbers, and Aeries's Permanent ID (STU.ID) is a number: 0123 and 123 are one person
 *   there, so two subjects whose IDs differ only in leading zeros would both land on one record
 *   (`leading_zeros_collide`).
 * - `numberOnly`: the system's ID is a number and nothing else (Aeries's Permanent ID): an ID that is not
 *   digits only (`E-77`) matches no one there (`not_a_number`).
 * - `csv`: the IDs are also a column of a CSV that people open in a spreadsheet (the ID card import.csv):
 *   Excel reads 00123 as the number 123, and the row no longer matches the photo named 00123.jpg
 *   (`leading_zeros_in_csv`), unless the column is imported as text.
 */
interface SisFormat {
  system: string;
  numeric?: boolean;
  numberOnly?: boolean;
  csv?: boolean;
}

export const SIS_FORMATS: Readonly<Record<string, SisFormat>> = {
  powerschool_photo_import: { system: 'PowerSchool' },
  photos_by_student_id: { system: 'student information systems' },
  infinite_campus_photo_import: { system: 'Infinite Campus', numeric: true },
  aeries_photo_import: { system: 'Aeries', numeric: true, numberOnly: true },
  id_card_import: { system: 'ID card systems', csv: true },
};

/** The field a format's system matches people by (Student ID), when it is one of the SIS formats. */
export const sisIdKeys = (format: Pick<ExportFormatRow, 'standard_key'>): string[] =>
  format.standard_key && SIS_FORMATS[format.standard_key] ? ['student_id'] : [];

const MAX_LISTED = 100;
const subjects = (n: number) => (n === 1 ? '1 subject' : `${n.toLocaleString('en-US')} subjects`);

function issue(
  code: ExportCheckIssue['code'],
  message: string,
  key: string,
  ids: string[],
): ExportCheckIssue {
  const all = [...new Set(ids)];
  return { code, message, field_key: key, count: all.length, subject_ids: all.slice(0, MAX_LISTED) };
}

/** An ID of digits only that starts with 0 (and isn't all zeros' single 0). */
const zeroLed = (value: string) => /^0\d+$/.test(value);

/** The leading-zero issues of an SIS format's ID over the subjects the archive holds. */
export function sisIssues(format: ExportFormatRow, exported: ExportSubject[]): ExportCheckIssue[] {
  const sis = format.standard_key ? SIS_FORMATS[format.standard_key] : undefined;
  if (!sis) return [];
  const issues: ExportCheckIssue[] = [];
  for (const key of sisIdKeys(format)) {
    const label = exportFieldKeyLabel(key);
    const values = exported
      .map((s) => ({ id: s.id, value: (s.values[key] ?? '').trim() }))
      .filter((v) => v.value !== '');
    if (sis.numeric) {
      // Grouped by the number the system reads; a group holding more than one written form collides.
      const byNumber = new Map<string, { id: string; value: string }[]>();
      for (const v of values.filter((v) => /^\d+$/.test(v.value))) {
        const number = v.value.replace(/^0+(?=\d)/, '');
        byNumber.set(number, [...(byNumber.get(number) ?? []), v]);
      }
      const colliding = [...byNumber.values()]
        .filter((group) => new Set(group.map((v) => v.value)).size > 1)
        .flat()
        .map((v) => v.id);
      if (colliding.length > 0) {
        issues.push(
          issue(
            'leading_zeros_collide',
            `${subjects(colliding.length)} ${colliding.length === 1 ? 'has' : 'have'} a ${label} that is another subject's once leading zeros are dropped; ${sis.system} reads IDs as numbers (0123 is 123), so their photos would go to one person.`,
            key,
            colliding,
          ),
        );
      }
    }
    if (sis.numberOnly) {
      const words = values.filter((v) => !/^\d+$/.test(v.value));
      if (words.length > 0) {
        issues.push(
          issue(
            'not_a_number',
            `${subjects(words.length)} ${words.length === 1 ? 'has' : 'have'} a ${label} that is not a number; ${sis.system} matches pictures by the Permanent ID, a number, so ${words.length === 1 ? 'its photo' : 'their photos'} would match no one.`,
            key,
            words.map((v) => v.id),
          ),
        );
      }
    }
    if (sis.csv && format.include_data) {
      const led = values.filter((v) => zeroLed(v.value));
      if (led.length > 0) {
        issues.push(
          issue(
            'leading_zeros_in_csv',
            `${subjects(led.length)} ${led.length === 1 ? 'has' : 'have'} a ${label} starting with 0; a spreadsheet opening the CSV drops leading zeros (import the column as text), and the photo's file name keeps them.`,
            key,
            led.map((v) => v.id),
          ),
        );
      }
    }
  }
  return issues;
}
