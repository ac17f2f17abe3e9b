import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import type Switch from '@mui/material/Switch';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { controlledFieldProps, fieldMessage } from './serverErrors';

/** A select's choice: the value it stands for and the words it shows. */
export interface SelectOption {
  value: string;
  label: ReactNode;
}

/** The choices of a list of values, each in the words `labels` gives it (or as itself without them). */
export function optionsOf<V extends string>(
  values: readonly V[],
  labels?: Readonly<Record<V, string>>,
): SelectOption[] {
  return values.map((value) => ({ value, label: labels ? labels[value] : value }));
}

/**
 * A select's choices as its menu items (an array, which the select reads item by item), after an
 * emphasised choice of the empty value when `empty` names one (None, or the format's default).
 */
export function menuItems(options: readonly SelectOption[], empty?: ReactNode): ReactNode[] {
  const items = options.map((option) => (
    <MenuItem key={option.value} value={option.value}>
      {option.label}
    </MenuItem>
  ));
  if (empty === undefined) return items;
  return [
    <MenuItem key="" value="">
      <em>{empty}</em>
    </MenuItem>,
    ...items,
  ];
}

interface SelectFieldProps<T extends FieldValues, Output>
  extends Pick<TextFieldProps, 'id' | 'label' | 'required' | 'disabled' | 'slotProps' | 'sx'> {
  /** The form's control (its values as parsed may differ from the fields'). */
  control: Control<T, unknown, Output>;
  name: Path<T>;
  /** The choices, after any `children` (a "none" item, say). */
  options: readonly SelectOption[];
  /** What stands under the select while it has no message. */
  helperText?: ReactNode;
  children?: ReactNode;
}

/** A form's select (a react-hook-form Controller): its choices, and its message or help under it. */
export function SelectField<T extends FieldValues, Output = T>({
  control,
  name,
  options,
  helperText,
  children,
  ...props
}: SelectFieldProps<T, Output>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          {...props}
          {...controlledFieldProps(field, fieldState)}
          helperText={fieldMessage(fieldState.error) ?? helperText}
        >
          {children}
          {menuItems(options)}
        </TextField>
      )}
    />
  );
}

/** A form's yes/no box or switch (a react-hook-form Controller) with its label, and its help under it. */
export function CheckboxField<T extends FieldValues, Output = T>({
  control,
  name,
  label,
  sx,
  toggle: Toggle = Checkbox,
  help,
}: {
  control: Control<T, unknown, Output>;
  name: Path<T>;
  label: ReactNode;
  sx?: SxProps<Theme>;
  /** A Switch for a setting that takes effect as such (the default is a Checkbox). */
  toggle?: typeof Checkbox | typeof Switch;
  /** The words under it, which describe the box (`id` ties them to it). */
  help?: { id: string; text: ReactNode };
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const box = (
          <FormControlLabel
            sx={help ? undefined : sx}
            control={
              <Toggle
                checked={!!field.value}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                inputRef={field.ref}
                name={field.name}
                slotProps={help ? { input: { 'aria-describedby': help.id } } : undefined}
              />
            }
            label={label}
          />
        );
        if (!help) return box;
        return (
          <Box sx={sx}>
            {box}
            <FormHelperText id={help.id} sx={{ mt: 0 }}>
              {help.text}
            </FormHelperText>
          </Box>
        );
      }}
    />
  );
}
