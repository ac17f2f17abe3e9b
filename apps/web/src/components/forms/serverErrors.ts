import { formatFieldErrors, formatFieldMessage } from '@school-portal/domain';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../api/client';

/** Which form field shows a server key: a list of field names taken as they are, or a function (null: none). */
export type ServerFieldMap<T extends FieldValues> = readonly Path<T>[] | ((key: string) => Path<T> | null);

/**
 * The one way a 422/409 answer's field errors reach a react-hook-form form (spec §5: capital first
 * letter, closing period). Each message goes under the field `fields` names for its key, the first one
 * focused. Returns the messages no field took (to show above the form), or null when the error carried
 * no field errors at all. With `root: true` those messages also go to `root.server`, joined.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: ServerFieldMap<T>,
  options: { root?: boolean; focus?: boolean } = {},
): string[] | null {
  if (!isApiError(error) || (error.status !== 422 && error.status !== 409)) return null;
  const raw = error.fieldErrors;
  if (!raw || Object.keys(raw).length === 0) return null;
  const fieldFor =
    typeof fields === 'function'
      ? fields
      : (key: string) => ((fields as readonly string[]).includes(key) ? (key as Path<T>) : null);
  const unplaced: string[] = [];
  let first = options.focus ?? true;
  for (const [key, message] of Object.entries(formatFieldErrors(raw))) {
    const field = fieldFor(key);
    if (field) {
      setError(field, { type: 'server', message }, { shouldFocus: first });
      first = false;
    } else {
      unplaced.push(message);
    }
  }
  if (options.root && unplaced.length > 0) {
    setError('root.server' as Path<T>, { type: 'server', message: unplaced.join(' ') });
  }
  return unplaced;
}

/** A form field's message (zod's "can't be blank" or a server one) in the spec's wording, or undefined. */
export function fieldMessage(error: { message?: string } | undefined): string | undefined {
  return error?.message ? formatFieldMessage(error.message) : undefined;
}

/** A registered text field's props with its message: `<TextField {...textFieldProps(register('name'), errors.name)} />`. */
export function textFieldProps<R extends { ref: unknown }>(
  registered: R,
  error: { message?: string } | undefined,
): Omit<R, 'ref'> & { inputRef: R['ref']; error: boolean; helperText: string | undefined } {
  const { ref, ...rest } = registered;
  return { ...rest, inputRef: ref, error: !!error, helperText: fieldMessage(error) };
}

/** A Controller's field as a TextField's props (a select's value and handlers, with its message). */
export const controlledFieldProps = <F extends { ref: unknown }>(
  field: F,
  fieldState: { error?: { message?: string } },
) => textFieldProps(field, fieldState.error);
