import { describe, expect, test } from 'vitest';
import {
  COPYRIGHT_STATEMENT_MAX,
  DATA_ENCODINGS,
  EXPORT_FIELD_KEYS,
  EXPORT_FORMAT_SETTINGS,
  exportFormatFormSchema,
  newExportFormatDefaults,
} from '../src/exports.js';

/** The format settings of migration 0044 (docs/exports.md): files at the root, the usage statement, ASCII. */
const valid = () => ({
  ...newExportFormatDefaults(),
  name: 'Yearbook',
  field_mappings: [{ field_key: 'last_name', custom_label: null, position: 1 }],
});

describe('export format settings for the files others read', () => {
  test('the usage statement is trimmed, blank is none, and at most 2,000 characters', () => {
    const parsed = exportFormatFormSchema.parse({ ...valid(), copyright_statement: '  Lumen Studio.  ' });
    expect(parsed.copyright_statement).toBe('Lumen Studio.');
    expect(
      exportFormatFormSchema.parse({ ...valid(), copyright_statement: '   ' }).copyright_statement,
    ).toBeNull();
    const long = exportFormatFormSchema.safeParse({
      ...valid(),
      copyright_statement: 'x'.repeat(COPYRIGHT_STATEMENT_MAX + 1),
    });
    expect(long.success).toBe(false);
    expect(long.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['copyright_statement', 'is too long (maximum is 2000 characters)'],
    ]);
  });

  test('files at the root and ASCII are settings the API reads and writes; Image Size is a column to map', () => {
    expect(EXPORT_FORMAT_SETTINGS).toEqual(expect.arrayContaining(['files_at_root', 'copyright_statement']));
    expect(DATA_ENCODINGS).toContain('ascii');
    expect(
      exportFormatFormSchema.parse({ ...valid(), data_encoding: 'ascii', files_at_root: true }),
    ).toMatchObject({
      data_encoding: 'ascii',
      files_at_root: true,
    });
    expect(EXPORT_FIELD_KEYS.find((f) => f.key === 'image_size')?.label).toBe('Image Size');
  });
});
