import { compareGrades } from '@school-portal/domain';
import { useMemo } from 'react';
import { useSubjectFields, useSubjectSample } from '../../api/subjects';

/** The fields whose values name a class (the list's `class` filter matches any of them). */
const CLASS_FIELD_KEYS = new Set(['teacher', 'grade', 'home_room']);

/**
 * The classes of a project as the subjects' Teacher, Grade and Home Room values (from the subject
 * sample the grid filters read too), grades in school order and the rest alphabetically.
 */
export function useClassOptions(projectId: string): string[] {
  const { fields } = useSubjectFields(projectId);
  const classFields = useMemo(
    () => fields.filter((f) => f.field_key && CLASS_FIELD_KEYS.has(f.field_key)),
    [fields],
  );
  const sample = useSubjectSample(projectId, classFields.length > 0);
  return useMemo(() => {
    const byField = classFields.map((field) => {
      const seen = new Set<string>();
      for (const subject of sample.data ?? []) {
        const value = subject.properties[field.id]?.trim();
        if (value) seen.add(value);
      }
      return [...seen].sort(
        field.field_key === 'grade'
          ? compareGrades
          : (a, b) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' }),
      );
    });
    return [...new Set(byField.flat())];
  }, [classFields, sample.data]);
}
