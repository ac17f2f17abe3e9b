import { formatFieldErrors, formatFieldMessage } from '@school-portal/domain';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../../api/client';

/**
 * Puts a 422/409 answer's field errors on the form (spec §5: capital first letter, closing period).
 * `fieldFor` names the form field of a server key, or null for none. Returns what could not be placed
 * on a field (to show above the form), or null when the error carried no field errors at all.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldFor: (key: string) => Path<T> | null,
): string[] | null {
  if (!isApiError(error) || (error.status !== 422 && error.status !== 409)) return null;
  const raw = error.fieldErrors;
  if (!raw || Object.keys(raw).length === 0) return null;
  const messages = formatFieldErrors(raw);
  const unplaced: string[] = [];
  let first = true;
  for (const [key, message] of Object.entries(messages)) {
    const field = fieldFor(key);
    if (field) {
      setError(field, { type: 'server', message }, { shouldFocus: first });
      first = false;
    } else {
      unplaced.push(message);
    }
  }
  return unplaced;
}

/** A form field's message (zod's "can't be blank" or a server one) in the spec's wording, or undefined. */
export function fieldMessage(error: { message?: string } | undefined): string | undefined {
  return error?.message ? formatFieldMessage(error.message) : undefined;
}
