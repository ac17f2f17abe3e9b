import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { FieldError, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { textFieldProps } from './serverErrors';

/**
 * A form's required Name, its first field: registered as `name`, focused when the form opens (unless
 * `autoFocus` says otherwise), with its message under it.
 */
export function NameField<T extends FieldValues & { name: string }>({
  register,
  error,
  ...props
}: {
  register: UseFormRegister<T>;
  error: FieldError | undefined;
} & Pick<TextFieldProps, 'id' | 'label' | 'autoFocus' | 'fullWidth'>) {
  return <TextField {...textFieldProps(register('name' as Path<T>), error)} required autoFocus {...props} />;
}
