import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  customLabelKey,
  DATA_DELIMITER_FORMATS,
  DATA_ENCODINGS,
  DATA_FILE_EXTENSIONS,
  DATA_NEWLINE_FORMATS,
  DELIMITER_LABELS,
  DUPLICATE_SEARCH_FIELDS_MAX,
  ENCODING_LABELS,
  EXPORT_FIELD_KEYS,
  exportFieldKeyLabel,
  NEWLINE_LABELS,
} from '@school-portal/domain';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSubjectFields } from '../../api/subjects';
import { optionsOf } from '../../components/forms/fields';
import { SUBJECT_FIELD_OPTIONS } from './WizardBasicSteps';
import {
  ChoiceSetting,
  NumberSetting,
  settingFieldProps,
  TextSetting,
  ToggleSetting,
  useSetting,
} from './WizardFields';
import type { Draft, Mapping } from './wizardSteps';

/** What Add Field offers: a catalogue field (key) or one of the project's custom fields (by label). */
interface FieldOption {
  key: string | null;
  label: string;
  group: 'catalogue' | 'project';
}

/** A typed or picked Add Field entry as a mapping: a catalogue label maps its key, other text a custom label. */
function mappingOf(entry: FieldOption | string): Omit<Mapping, 'position'> | null {
  if (typeof entry !== 'string') {
    return entry.key
      ? { field_key: entry.key, custom_label: null }
      : { field_key: null, custom_label: entry.label };
  }
  const label = entry.trim();
  if (!label) return null;
  const known = EXPORT_FIELD_KEYS.find((f) => customLabelKey(f.label) === customLabelKey(label));
  return known ? { field_key: known.key, custom_label: null } : { field_key: null, custom_label: label };
}

/** A mapping as the wizard names it: the catalogue field's label, or "Custom: label". */
export const mappingName = (t: TFunction, m: Mapping) =>
  m.field_key
    ? exportFieldKeyLabel(m.field_key)
    : t('exports.wizard.custom-field', { label: m.custom_label ?? '' });

/** The data file's columns in order: move up or down, remove, and Add Field. */
function FieldMappings({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const setting = useSetting('field_mappings');
  const mappings = setting.value;
  const projectFields = useSubjectFields(projectId);
  const [adding, setAdding] = useState<FieldOption | string | null>(null);
  const [addingText, setAddingText] = useState('');

  const setMappings = (list: Omit<Mapping, 'position'>[]) =>
    setting.onChange(
      list.map((m, i) => ({ field_key: m.field_key, custom_label: m.custom_label ?? null, position: i + 1 })),
    );
  const fieldOptions: FieldOption[] = [
    ...EXPORT_FIELD_KEYS.map((f) => ({
      key: f.key as string,
      label: f.label as string,
      group: 'catalogue' as const,
    })),
    ...projectFields.fields
      .filter((f) => !f.field_key && f.label)
      .map((f) => ({ key: null, label: f.label ?? '', group: 'project' as const })),
  ];
  const addField = () => {
    const mapping = mappingOf(adding ?? addingText);
    if (!mapping) return;
    setMappings([...mappings, mapping]);
    setAdding(null);
    setAddingText('');
  };
  const move = (index: number, by: number) => {
    const list = [...mappings];
    const [item] = list.splice(index, 1);
    if (!item) return;
    list.splice(index + by, 0, item);
    setMappings(list);
  };

  return (
    <Box>
      <Typography variant="subtitle1" component="h3">
        {t('exports.wizard.fields')}
      </Typography>
      <List dense aria-label={t('exports.wizard.fields-label')}>
        {mappings.map((m, index) => {
          const name = mappingName(t, m);
          return (
            <ListItem
              key={`${m.field_key ?? m.custom_label}-${m.position}`}
              secondaryAction={
                <>
                  <IconButton
                    aria-label={t('exports.wizard.move-up', { name })}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUpwardIcon />
                  </IconButton>
                  <IconButton
                    aria-label={t('exports.wizard.move-down', { name })}
                    disabled={index === mappings.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDownwardIcon />
                  </IconButton>
                  <IconButton
                    aria-label={t('exports.wizard.remove', { name })}
                    onClick={() => setMappings(mappings.filter((_, i) => i !== index))}
                  >
                    <DeleteIcon />
                  </IconButton>
                </>
              }
            >
              <ListItemText primary={`${m.position}. ${name}`} />
            </ListItem>
          );
        })}
      </List>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {/* A catalogue field, one of this project's custom fields, or a custom field's label typed in
            (matched, ignoring case, in the project an export runs on). */}
        <Autocomplete<FieldOption, false, false, true>
          freeSolo
          size="small"
          options={fieldOptions}
          groupBy={(o) => t(`exports.wizard.field-groups.${o.group}`)}
          getOptionLabel={(o) => (typeof o === 'string' ? o : o.label)}
          value={adding}
          onChange={(_, picked) => setAdding(picked)}
          inputValue={addingText}
          onInputChange={(_, text) => {
            setAddingText(text);
            if (typeof adding !== 'string' && adding && adding.label !== text) setAdding(null);
          }}
          sx={{ flex: 1, minWidth: 0 }}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('exports.wizard.add-field')}
              helperText={t('exports.wizard.add-field-help')}
            />
          )}
        />
        <Button disabled={!adding && !addingText.trim()} onClick={addField}>
          {t('exports.wizard.add')}
        </Button>
      </Stack>
      {setting.error && (
        <FormHelperText error role="alert">
          {setting.error}
        </FormHelperText>
      )}
    </Box>
  );
}

/** Up to DUPLICATE_SEARCH_FIELDS_MAX subject fields the duplicate check compares. */
function DuplicateSearchFields() {
  const { t } = useTranslation();
  const setting = useSetting('duplicate_search_fields');
  const picked = setting.value;
  return (
    <TextField
      select
      label={t('exports.wizard.duplicate-search-fields')}
      value={picked}
      onChange={(e) => {
        const value = e.target.value as unknown as string[];
        setting.onChange(typeof value === 'string' ? [value] : value);
      }}
      slotProps={{ select: { multiple: true } }}
      {...settingFieldProps(setting, t('exports.wizard.duplicate-search-fields-help'))}
    >
      {SUBJECT_FIELD_OPTIONS.map((o) => (
        <MenuItem
          key={o.value}
          value={o.value}
          disabled={picked.length >= DUPLICATE_SEARCH_FIELDS_MAX && !picked.includes(o.value)}
        >
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Step 4: the data file (its columns, name and format) and the duplicate check. */
export function DataStep({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const [includeData, zeroPadKey] = useWatch<Draft, ['include_data', 'data_zero_pad_field_key']>({
    name: ['include_data', 'data_zero_pad_field_key'],
  });
  return (
    <Stack spacing={2}>
      {!includeData && <Typography>{t('exports.wizard.data-off')}</Typography>}
      <FieldMappings projectId={projectId} />
      <Stack direction="row" spacing={2}>
        <TextSetting name="data_file_name" required />
        <ChoiceSetting name="data_file_extension" options={optionsOf(DATA_FILE_EXTENSIONS)} required />
      </Stack>
      <ChoiceSetting
        name="data_delimiter_format"
        options={optionsOf(DATA_DELIMITER_FORMATS, DELIMITER_LABELS)}
        required
      />
      <ChoiceSetting
        name="data_newline_format"
        options={optionsOf(DATA_NEWLINE_FORMATS, NEWLINE_LABELS)}
        required
      />
      <ToggleSetting name="data_include_headers" />
      <ToggleSetting name="data_quote_fields" />
      <ToggleSetting name="data_downcase_field_names" />
      <ChoiceSetting name="data_encoding" options={optionsOf(DATA_ENCODINGS, ENCODING_LABELS)} required />
      <ToggleSetting name="data_include_unmapped_fields" />
      <ToggleSetting name="data_master_file" />
      <ToggleSetting name="data_image_rows_only" />
      <ToggleSetting name="data_allow_custom_file_name" />
      <ToggleSetting name="data_escape_formulas" />
      <ChoiceSetting name="data_zero_pad_field_key" options={SUBJECT_FIELD_OPTIONS} none />
      <NumberSetting name="data_zero_pad_field_length" required={!!zeroPadKey} />
      <DuplicateSearchFields />
    </Stack>
  );
}
