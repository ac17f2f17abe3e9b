import { describe, expect, test } from 'vitest';
import { projectFormSchema, projectUpdateSchema, SHORT_CODE_MAX_LENGTH } from '../src/index.js';

const base = { name: 'Spring Pictures', organization_id: '3' };

describe('project short code (spec §9: at most 9 characters)', () => {
  test('nine characters are accepted, ten are refused with the limit in the message', () => {
    expect(SHORT_CODE_MAX_LENGTH).toBe(9);
    expect(projectFormSchema.parse({ ...base, short_code: 'SPRING026' }).short_code).toBe('SPRING026');
    const result = projectFormSchema.safeParse({ ...base, short_code: 'TOOLONGCODE1' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['short_code'],
        message: 'is too long (maximum is 9 characters)',
      }),
    ]);
    expect(projectFormSchema.safeParse({ ...base, short_code: 'SPRING2026' }).success).toBe(false);
  });

  test('a change to a project keeps the same limit; surrounding spaces do not count', () => {
    expect(projectUpdateSchema.safeParse({ short_code: 'TOOLONGCODE1' }).success).toBe(false);
    expect(projectUpdateSchema.parse({ short_code: '  ABC  ' }).short_code).toBe('ABC');
  });
});
