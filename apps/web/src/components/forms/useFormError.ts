import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type DefaultValues, type FieldValues, type UseFormSetError, useForm } from 'react-hook-form';
import type { z } from 'zod';
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

/**
 * A form checked by its zod schema (react-hook-form), whose failed saves land through useFormError.
 * `submit(save)` is the form's submit handler: it clears the message, runs `save` with the parsed values
 * and shows what the server refused; `refusedMessage` may name an error of its own (a 403, say) first.
 */
export function useSchemaForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  options: {
    defaultValues: DefaultValues<Input>;
    mode?: 'onTouched' | 'onChange' | 'onSubmit';
    serverFields: ServerFieldMap<Input>;
    saveFailed: string;
  },
) {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    mode: options.mode ?? 'onTouched',
    defaultValues: options.defaultValues,
  });
  const { formError, setFormError, showSaveError } = useFormError(
    form.setError,
    options.serverFields,
    options.saveFailed,
  );
  const submit = (
    save: (values: Output) => Promise<void>,
    refusedMessage?: (error: unknown) => string | null,
  ) =>
    form.handleSubmit(async (values) => {
      setFormError(null);
      try {
        await save(values);
      } catch (error) {
        const refused = refusedMessage?.(error);
        if (refused) setFormError(refused);
        else showSaveError(error);
      }
    });
  return { ...form, formError, submit };
}
