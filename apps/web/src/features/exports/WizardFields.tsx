import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { formatFieldMessage } from '@school-portal/domain';
import type { ParseKeys } from 'i18next';
import { type FieldError, useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { menuItems, type SelectOption } from '../../components/forms/fields';
import type { Draft, DraftKey } from './wizardSteps';

/** A field's first message, also when it sits on an item of a list (`field_mappings.0.custom_label`). */
export function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as Partial<FieldError>;
  if (typeof message === 'string' && message) return formatFieldMessage(message);
  for (const [key, value] of Object.entries(error)) {
    if (key === 'ref' || key === 'type') continue;
    const found = firstMessage(value);
    if (found) return found;
  }
  return undefined;
}

/**
 * One setting of the wizard's form: its value, a change that also drops the field's message (it is
 * checked again at Next or Save), and the message in the spec's wording.
 */
export function useSetting<K extends DraftKey>(name: K) {
  const { control, clearErrors } = useFormContext<Draft>();
  const { field, fieldState } = useController({ control, name });
  return {
    value: field.value as Draft[K],
    onChange: (value: Draft[K]) => {
      field.onChange(value);
      clearErrors(name);
    },
    inputRef: field.ref,
    error: firstMessage(fieldState.error),
  };
}

/** What a setting's text field shows of it: focus on its error, its message (else the help), full width. */
export function settingFieldProps(
  setting: Pick<ReturnType<typeof useSetting>, 'inputRef' | 'error'>,
  helperText?: string,
) {
  return {
    inputRef: setting.inputRef,
    error: !!setting.error,
    helperText: setting.error ?? helperText,
    fullWidth: true,
  };
}

interface SettingProps {
  name: DraftKey;
  /** Its words, when they are not the wizard's words for its name (see useSettingLabel). */
  label?: string;
  required?: boolean;
}

/**
 * A setting's label: the one given, else the wizard's words for its name, which stand under
 * `exports.wizard` as the name with dashes (`data_file_name` reads `exports.wizard.data-file-name`).
 */
function useSettingLabel(name: DraftKey, label: string | undefined): string {
  const { t } = useTranslation();
  return label ?? t(`exports.wizard.${name.replaceAll('_', '-')}` as ParseKeys);
}

export function TextSetting({
  name,
  label,
  required,
  helperText,
  multiline,
}: SettingProps & { helperText?: string; multiline?: boolean }) {
  const setting = useSetting(name);
  const words = useSettingLabel(name, label);
  return (
    <TextField
      label={words}
      required={required}
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      value={(setting.value as string | null) ?? ''}
      onChange={(e) => setting.onChange(e.target.value as never)}
      {...settingFieldProps(setting, helperText)}
    />
  );
}

export function NumberSetting({ name, label, required }: SettingProps) {
  const setting = useSetting(name);
  const words = useSettingLabel(name, label);
  return (
    <TextField
      label={words}
      type="number"
      required={required}
      value={(setting.value as number | null) ?? ''}
      onChange={(e) => setting.onChange((e.target.value === '' ? null : Number(e.target.value)) as never)}
      {...settingFieldProps(setting)}
    />
  );
}

export function ToggleSetting({ name, label }: Omit<SettingProps, 'required'>) {
  const setting = useSetting(name);
  const words = useSettingLabel(name, label);
  return (
    <FormControlLabel
      control={
        <Switch
          checked={!!setting.value}
          onChange={(e) => setting.onChange(e.target.checked as never)}
          inputRef={setting.inputRef}
        />
      }
      label={words}
    />
  );
}

/** A select of `options`; with `none`, a None entry that stands for null. */
export function ChoiceSetting({
  name,
  label,
  options,
  required,
  none,
}: SettingProps & { options: readonly SelectOption[]; none?: boolean }) {
  const { t } = useTranslation();
  const setting = useSetting(name);
  const words = useSettingLabel(name, label);
  return (
    <TextField
      select
      label={words}
      required={required}
      value={(setting.value as string | null) ?? ''}
      onChange={(e) => setting.onChange((e.target.value === '' ? null : e.target.value) as never)}
      {...settingFieldProps(setting)}
    >
      {menuItems(options, none ? t('exports.wizard.none') : undefined)}
    </TextField>
  );
}
