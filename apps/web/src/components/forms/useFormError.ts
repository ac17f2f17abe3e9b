import { useState } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { applyServerFieldErrors, type ServerFieldMap } from './serverErrors';

/**
 * A form's message above its fields, and the one way a failed save reaches the form: the server's
 * field errors go under their fields, the ones no field takes show above the form, and an answer with
 * no field errors at all shows `fallback` (the screen's own "could not save" words).
 */
export function useFormError<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: ServerFieldMap<T>,
  fallback: string,
) {
  const [formError, setFormError] = useState<string | null>(null);
  const showSaveError = (error: unknown) => {
    const unplaced = applyServerFieldErrors(error, setError, fields);
    if (unplaced === null) setFormError(fallback);
    else if (unplaced.length > 0) setFormError(unplaced.join(' '));
  };
  return { formError, setFormError, showSaveError };
}
