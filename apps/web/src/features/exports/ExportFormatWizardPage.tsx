import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepContent from '@mui/material/StepContent';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CONTENT_TYPE_LABELS,
  can,
  copyName,
  customLabelKey,
  DATA_DELIMITER_FORMATS,
  DATA_ENCODINGS,
  DATA_FILE_EXTENSIONS,
  DATA_NEWLINE_FORMATS,
  DELIMITER_LABELS,
  DUPLICATE_SEARCH_FIELDS_MAX,
  ENCODING_LABELS,
  EXPORT_FIELD_KEYS,
  type ExportFormatDraft,
  exportDataFileName,
  exportFieldKeyLabel,
  exportFormatFormSchema,
  FIELD_KEYS,
  formatFieldErrors,
  formatFieldMessage,
  IMAGE_CONTENT_TYPES,
  IMAGE_NAME_SEPARATORS,
  NEWLINE_LABELS,
  newExportFormatDefaults,
  SEPARATOR_LABELS,
} from '@school-portal/domain';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../api/client';
import {
  type ExportFormat,
  exportFormatRef,
  useCopyExportFormat,
  useExportFormat,
  useSaveExportFormat,
} from '../../api/exportFormats';
import { useProject } from '../../api/projects';
import { useSessionAbilities } from '../../api/sessionAbilities';
import { useSubjectFields } from '../../api/subjects';
import { routePath } from '../../app/routes';
import { useSessionUser } from '../../app/session';
import { ErrorState } from '../../components/ErrorState';
import { LoadingScreen } from '../../components/LoadingScreen';
import { useNotify } from '../../components/Notifications';
import { Page } from '../../components/Page';

type Draft = ExportFormatDraft;
type Errors = Record<string, string>;

const STEPS = ['name', 'directories', 'images', 'data', 'review'] as const;
/** Which step shows each field, so a message (the browser's or the server's) opens the right step. */
const STEP_FIELDS: Record<(typeof STEPS)[number], string[]> = {
  name: ['name', 'available_to_suborganizations', 'restrict_to_orgs_managed_by_creator', 'organization_id'],
  directories: [
    'output_directory_name',
    'include_data',
    'include_images',
    'include_readme',
    'data_directory_name',
    'data_directory_group_enabled',
    'images_directory_name',
    'images_directory_group_enabled',
    'directory_group_field_key',
    'allow_custom_directory_group_field',
  ],
  images: [
    'images_content_type',
    'images_crop_width_pixels',
    'images_crop_height_pixels',
    'images_pixels_per_inch',
    'images_name_primary_field_first_key',
    'images_name_primary_field_second_key',
    'images_name_primary_separator',
    'images_name_zero_pad_enabled',
    'images_name_zero_pad_length',
    'images_name_append_sequential_number',
  ],
  data: [
    'field_mappings',
    'data_file_name',
    'data_file_extension',
    'data_delimiter_format',
    'data_newline_format',
    'data_include_headers',
    'data_quote_fields',
    'data_downcase_field_names',
    'data_include_unmapped_fields',
    'data_allow_custom_file_name',
    'data_zero_pad_field_key',
    'data_zero_pad_field_length',
    'data_escape_formulas',
    'data_encoding',
    'data_master_file',
    'duplicate_search_fields',
  ],
  review: [],
};
/** `field_mappings.0.field_key` belongs to `field_mappings`. */
const fieldOf = (key: string) => key.split('.')[0] ?? key;
const stepOf = (key: string) => {
  const index = STEPS.findIndex((s) => STEP_FIELDS[s].includes(fieldOf(key)));
  return index === -1 ? 0 : index;
};

/** The browser's check of the whole format (the domain's §5 rules), as field -> message. */
function validate(values: Draft): Errors {
  const result = exportFormatFormSchema.safeParse(values);
  if (result.success) return {};
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const key = fieldOf(issue.path.join('.'));
    errors[key] ??= formatFieldMessage(issue.message);
  }
  return errors;
}

type Mapping = Draft['field_mappings'][number];
type ReviewKey =
  | 'name'
  | 'output'
  | 'contents'
  | 'group-field'
  | 'custom-group-field'
  | 'images'
  | 'pixels-per-inch'
  | 'images-directory'
  | 'image-names'
  | 'name-separator'
  | 'image-zero-pad'
  | 'sequential-number'
  | 'data-file'
  | 'master-file'
  | 'delimiter'
  | 'newline'
  | 'encoding'
  | 'headers'
  | 'quote'
  | 'downcase'
  | 'fields'
  | 'unmapped'
  | 'data-zero-pad'
  | 'formulas'
  | 'custom-file-name'
  | 'duplicates'
  | 'restrict'
  | 'sharing'
  | 'audience';

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

const draftOf = (format: ExportFormat): Draft => {
  const defaults = newExportFormatDefaults();
  return Object.fromEntries(
    Object.keys(defaults).map((key) => [key, format[key as keyof Draft] ?? defaults[key as keyof Draft]]),
  ) as Draft;
};

/**
 * The wizard on a new format, an existing one (`format`), or a copy of one (`copyOf`: starts from its values
 * as "name (Copy)" and saves through the copy call).
 */
function Wizard({
  projectId,
  format,
  copyOf,
}: {
  projectId: string;
  format?: ExportFormat;
  copyOf?: ExportFormat;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const abilities = useSessionAbilities();
  const saveFormat = useSaveExportFormat(format?.id);
  const copyFormat = useCopyExportFormat(copyOf?.id);
  const save = copyOf ? copyFormat : saveFormat;
  const [values, setValues] = useState<Draft>(() => {
    if (format) return draftOf(format);
    if (copyOf)
      return {
        ...draftOf(copyOf),
        name: copyName(copyOf.name),
        // A copy is shared again only by those who may share.
        available_to_suborganizations:
          copyOf.available_to_suborganizations && can(abilities, 'export-format.share'),
      };
    return newExportFormatDefaults();
  });
  const [errors, setErrors] = useState<Errors>({});
  const [active, setActive] = useState(0);
  const [unplaced, setUnplaced] = useState<string[]>([]);
  const [adding, setAdding] = useState<FieldOption | string | null>(null);
  const [addingText, setAddingText] = useState('');
  const mayShare = can(abilities, 'export-format.share') || !!format?.available_to_suborganizations;
  const user = useSessionUser();
  const project = useProject(projectId);
  const projectFields = useSubjectFields(projectId);
  // Who will see the format: it belongs to its organization (a new one, the caller's), and a project of an
  // organization below sees it only when it is made available to sub-organizations.
  const ownerId = format?.organization_id ?? user.current_account?.organization_id ?? user.organization_id;
  const ownerName = format?.organization_name ?? user.organization_name;
  const projectOrganization = project.data
    ? { id: project.data.organization_id, name: project.data.organization_name }
    : null;
  const audience =
    ownerId && ownerName && projectOrganization && projectOrganization.id !== ownerId
      ? t(
          values.available_to_suborganizations
            ? 'exports.wizard.audience-shared'
            : 'exports.wizard.audience-private',
          { owner: ownerName, organization: projectOrganization.name },
        )
      : null;

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };
  const errorOf = (key: string) => errors[key];

  const stepErrors = (index: number, all: Errors) =>
    Object.fromEntries(Object.entries(all).filter(([key]) => stepOf(key) === index));

  const next = () => {
    const found = stepErrors(active, validate(values));
    setErrors(found);
    if (Object.keys(found).length === 0) setActive((s) => s + 1);
  };

  const submit = () => {
    const all = validate(values);
    if (Object.keys(all).length > 0) {
      setErrors(all);
      setActive(Math.min(...Object.keys(all).map(stepOf)));
      return;
    }
    setUnplaced([]);
    save.mutate(values, {
      onSuccess: (saved) => {
        notify({ message: t('exports.wizard.saved', { name: saved.name }) });
        navigate(`${routePath('project.exports', { projectId })}?tab=custom`);
      },
      onError: (error) => {
        const raw =
          isApiError(error) && (error.status === 422 || error.status === 409) ? error.fieldErrors : undefined;
        if (!raw || Object.keys(raw).length === 0) {
          setUnplaced([t('exports.wizard.save-failed')]);
          return;
        }
        const messages = formatFieldErrors(raw);
        const placed: Errors = {};
        for (const [key, message] of Object.entries(messages)) placed[fieldOf(key)] = message;
        setErrors(placed);
        setActive(Math.min(...Object.keys(placed).map(stepOf)));
      },
    });
  };

  const text = (key: keyof Draft, label: string, extra: { helperText?: string; required?: boolean } = {}) => (
    <TextField
      label={label}
      required={extra.required}
      value={(values[key] as string | null) ?? ''}
      onChange={(e) => set(key, e.target.value as never)}
      error={!!errorOf(key)}
      helperText={errorOf(key) ?? extra.helperText}
      fullWidth
    />
  );
  const number = (key: keyof Draft, label: string, required = false) => (
    <TextField
      label={label}
      type="number"
      required={required}
      value={(values[key] as number | null) ?? ''}
      onChange={(e) => set(key, (e.target.value === '' ? null : Number(e.target.value)) as never)}
      error={!!errorOf(key)}
      helperText={errorOf(key)}
      fullWidth
    />
  );
  const toggle = (key: keyof Draft, label: string) => (
    <FormControlLabel
      control={<Switch checked={!!values[key]} onChange={(e) => set(key, e.target.checked as never)} />}
      label={label}
    />
  );
  const choice = (
    key: keyof Draft,
    label: string,
    options: readonly { value: string; label: string }[],
    extra: { required?: boolean; none?: boolean } = {},
  ) => (
    <TextField
      select
      label={label}
      required={extra.required}
      value={(values[key] as string | null) ?? ''}
      onChange={(e) => set(key, (e.target.value === '' ? null : e.target.value) as never)}
      error={!!errorOf(key)}
      helperText={errorOf(key)}
      fullWidth
    >
      {extra.none && (
        <MenuItem value="">
          <em>{t('exports.wizard.none')}</em>
        </MenuItem>
      )}
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
  const subjectFields = FIELD_KEYS.map((f) => ({ value: f.key, label: f.label }));

  const mappings = values.field_mappings;
  const setMappings = (list: Omit<Mapping, 'position'>[]) =>
    set(
      'field_mappings',
      list.map((m, i) => ({ field_key: m.field_key, custom_label: m.custom_label ?? null, position: i + 1 })),
    );
  const mappingName = (m: Mapping) =>
    m.field_key
      ? exportFieldKeyLabel(m.field_key)
      : t('exports.wizard.custom-field', { label: m.custom_label ?? '' });
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

  const yesNo = (on: boolean) => (on ? t('exports.wizard.yes') : t('exports.wizard.no'));
  const keyLabel = (key: string | null) => (key ? exportFieldKeyLabel(key) : t('exports.wizard.none'));
  const width = values.images_crop_width_pixels ?? values.images_crop_height_pixels ?? 480;
  const height = values.images_crop_height_pixels ?? values.images_crop_width_pixels ?? 640;
  const extension = values.data_file_extension;
  const dataBase = values.data_file_name.trim() || 'data';
  const imageNameKeys = [
    values.images_name_primary_field_first_key,
    values.images_name_primary_field_second_key,
  ].filter((k): k is string => !!k);
  /** Every setting as the archive will use it (the same names, cases and defaults as the builder's). */
  const review: [ReviewKey, string][] = [
    ['name', values.name],
    ['output', values.output_directory_name?.trim() || values.name],
    [
      'contents',
      [
        values.include_data && t('exports.wizard.include-data'),
        values.include_images && t('exports.wizard.include-images'),
        values.include_readme && t('exports.wizard.include-readme'),
      ]
        .filter(Boolean)
        .join(', ') || t('exports.wizard.none'),
    ],
    ['group-field', keyLabel(values.directory_group_field_key)],
    ['custom-group-field', yesNo(values.allow_custom_directory_group_field)],
  ];
  if (values.include_images) {
    review.push(
      ['images', `${CONTENT_TYPE_LABELS[values.images_content_type]}, ${width} × ${height}`],
      [
        'pixels-per-inch',
        values.images_pixels_per_inch
          ? String(values.images_pixels_per_inch)
          : t('exports.wizard.review.pixels-per-inch-unset'),
      ],
      [
        'images-directory',
        `${values.images_directory_name?.trim() || 'images'}${values.images_directory_group_enabled ? ` (${t('exports.wizard.review.grouped')})` : ''}`,
      ],
      [
        'image-names',
        imageNameKeys.map((k) => exportFieldKeyLabel(k)).join(' + ') || t('exports.wizard.none'),
      ],
      [
        'name-separator',
        values.images_name_primary_separator
          ? SEPARATOR_LABELS[values.images_name_primary_separator]
          : t('exports.wizard.none'),
      ],
      [
        'image-zero-pad',
        values.images_name_zero_pad_enabled
          ? t('exports.wizard.review.digits', { count: values.images_name_zero_pad_length ?? 0 })
          : t('exports.wizard.no'),
      ],
      ['sequential-number', yesNo(values.images_name_append_sequential_number)],
    );
  }
  if (values.include_data) {
    review.push(
      [
        'data-file',
        `${exportDataFileName(dataBase, extension)}${values.data_directory_name?.trim() ? ` (${values.data_directory_name.trim()})` : ''}${values.data_directory_group_enabled ? ` (${t('exports.wizard.review.grouped')})` : ''}`,
      ],
      [
        'master-file',
        values.data_master_file
          ? t('exports.wizard.review.master-on', {
              master: exportDataFileName(dataBase, extension, 'MASTER'),
              index: exportDataFileName(dataBase, extension),
            })
          : t('exports.wizard.no'),
      ],
      ['delimiter', DELIMITER_LABELS[values.data_delimiter_format]],
      ['newline', NEWLINE_LABELS[values.data_newline_format]],
      ['encoding', ENCODING_LABELS[values.data_encoding]],
      ['headers', yesNo(values.data_include_headers)],
      ['quote', yesNo(values.data_quote_fields)],
      ['downcase', yesNo(values.data_downcase_field_names)],
      ['fields', mappings.map(mappingName).join(', ') || t('exports.wizard.none')],
      [
        'unmapped',
        values.data_include_unmapped_fields ? t('exports.wizard.review.unmapped-on') : t('exports.wizard.no'),
      ],
      [
        'data-zero-pad',
        values.data_zero_pad_field_key
          ? t('exports.wizard.review.zero-pad-field', {
              field: exportFieldKeyLabel(values.data_zero_pad_field_key),
              digits: t('exports.wizard.review.digits', { count: values.data_zero_pad_field_length ?? 0 }),
            })
          : t('exports.wizard.none'),
      ],
      ['formulas', yesNo(values.data_escape_formulas)],
      ['custom-file-name', yesNo(values.data_allow_custom_file_name)],
    );
  }
  review.push(
    [
      'duplicates',
      values.duplicate_search_fields.map((k) => exportFieldKeyLabel(k)).join(', ') ||
        t('exports.wizard.none'),
    ],
    ['restrict', yesNo(values.restrict_to_orgs_managed_by_creator)],
  );
  if (mayShare) review.push(['sharing', yesNo(values.available_to_suborganizations)]);
  if (audience) review.push(['audience', audience]);

  const bodies: Record<(typeof STEPS)[number], ReactNode> = {
    name: (
      <Stack spacing={2}>
        {text('name', t('exports.wizard.name'), { required: true })}
        {mayShare &&
          toggle('available_to_suborganizations', t('exports.wizard.available-to-suborganizations'))}
        {toggle('restrict_to_orgs_managed_by_creator', t('exports.wizard.restrict'))}
        {audience && (
          <Alert severity="info" data-testid="format-audience">
            {audience}
          </Alert>
        )}
      </Stack>
    ),
    directories: (
      <Stack spacing={2}>
        {text('output_directory_name', t('exports.wizard.output-directory-name'), {
          helperText: t('exports.wizard.output-directory-help'),
        })}
        {toggle('include_data', t('exports.wizard.include-data'))}
        {toggle('include_images', t('exports.wizard.include-images'))}
        {toggle('include_readme', t('exports.wizard.include-readme'))}
        {values.include_data && text('data_directory_name', t('exports.wizard.data-directory-name'))}
        {values.include_data &&
          toggle('data_directory_group_enabled', t('exports.wizard.data-directory-group-enabled'))}
        {values.include_images && text('images_directory_name', t('exports.wizard.images-directory-name'))}
        {values.include_images &&
          toggle('images_directory_group_enabled', t('exports.wizard.images-directory-group-enabled'))}
        {choice('directory_group_field_key', t('exports.wizard.directory-group-field-key'), subjectFields, {
          none: true,
        })}
        {toggle('allow_custom_directory_group_field', t('exports.wizard.allow-custom-directory-group-field'))}
      </Stack>
    ),
    images: values.include_images ? (
      <Stack spacing={2}>
        {choice(
          'images_content_type',
          t('exports.wizard.images-content-type'),
          IMAGE_CONTENT_TYPES.map((v) => ({ value: v, label: CONTENT_TYPE_LABELS[v] })),
          { required: true },
        )}
        <Stack direction="row" spacing={2}>
          {number('images_crop_width_pixels', t('exports.wizard.images-crop-width-pixels'), true)}
          {number('images_crop_height_pixels', t('exports.wizard.images-crop-height-pixels'), true)}
        </Stack>
        {number('images_pixels_per_inch', t('exports.wizard.images-pixels-per-inch'))}
        {choice(
          'images_name_primary_field_first_key',
          t('exports.wizard.images-name-primary-field-first-key'),
          subjectFields,
          { none: true },
        )}
        {choice(
          'images_name_primary_field_second_key',
          t('exports.wizard.images-name-primary-field-second-key'),
          subjectFields,
          { none: true },
        )}
        {choice(
          'images_name_primary_separator',
          t('exports.wizard.images-name-primary-separator'),
          IMAGE_NAME_SEPARATORS.map((v) => ({ value: v, label: SEPARATOR_LABELS[v] })),
          {
            none: true,
            required:
              !!values.images_name_primary_field_first_key && !!values.images_name_primary_field_second_key,
          },
        )}
        {toggle('images_name_zero_pad_enabled', t('exports.wizard.images-name-zero-pad-enabled'))}
        {number(
          'images_name_zero_pad_length',
          t('exports.wizard.images-name-zero-pad-length'),
          values.images_name_zero_pad_enabled,
        )}
        {toggle(
          'images_name_append_sequential_number',
          t('exports.wizard.images-name-append-sequential-number'),
        )}
      </Stack>
    ) : (
      <Typography>{t('exports.wizard.images-off')}</Typography>
    ),
    data: (
      <Stack spacing={2}>
        {!values.include_data && <Typography>{t('exports.wizard.data-off')}</Typography>}
        <Box>
          <Typography variant="subtitle1" component="h3">
            {t('exports.wizard.fields')}
          </Typography>
          <List dense aria-label={t('exports.wizard.fields-label')}>
            {mappings.map((m, index) => {
              const name = mappingName(m);
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
          {errorOf('field_mappings') && (
            <FormHelperText error role="alert">
              {errorOf('field_mappings')}
            </FormHelperText>
          )}
        </Box>
        <Stack direction="row" spacing={2}>
          {text('data_file_name', t('exports.wizard.data-file-name'), { required: true })}
          {choice(
            'data_file_extension',
            t('exports.wizard.data-file-extension'),
            DATA_FILE_EXTENSIONS.map((v) => ({ value: v, label: v })),
            { required: true },
          )}
        </Stack>
        {choice(
          'data_delimiter_format',
          t('exports.wizard.data-delimiter-format'),
          DATA_DELIMITER_FORMATS.map((v) => ({ value: v, label: DELIMITER_LABELS[v] })),
          { required: true },
        )}
        {choice(
          'data_newline_format',
          t('exports.wizard.data-newline-format'),
          DATA_NEWLINE_FORMATS.map((v) => ({ value: v, label: NEWLINE_LABELS[v] })),
          { required: true },
        )}
        {toggle('data_include_headers', t('exports.wizard.data-include-headers'))}
        {toggle('data_quote_fields', t('exports.wizard.data-quote-fields'))}
        {toggle('data_downcase_field_names', t('exports.wizard.data-downcase-field-names'))}
        {choice(
          'data_encoding',
          t('exports.wizard.data-encoding'),
          DATA_ENCODINGS.map((v) => ({ value: v, label: ENCODING_LABELS[v] })),
          { required: true },
        )}
        {toggle('data_include_unmapped_fields', t('exports.wizard.data-include-unmapped-fields'))}
        {toggle('data_master_file', t('exports.wizard.data-master-file'))}
        {toggle('data_allow_custom_file_name', t('exports.wizard.data-allow-custom-file-name'))}
        {toggle('data_escape_formulas', t('exports.wizard.data-escape-formulas'))}
        {choice('data_zero_pad_field_key', t('exports.wizard.data-zero-pad-field-key'), subjectFields, {
          none: true,
        })}
        {number(
          'data_zero_pad_field_length',
          t('exports.wizard.data-zero-pad-field-length'),
          !!values.data_zero_pad_field_key,
        )}
        <TextField
          select
          label={t('exports.wizard.duplicate-search-fields')}
          value={values.duplicate_search_fields}
          onChange={(e) => {
            const picked = e.target.value as unknown as string[];
            set('duplicate_search_fields', typeof picked === 'string' ? [picked] : picked);
          }}
          slotProps={{ select: { multiple: true } }}
          error={!!errorOf('duplicate_search_fields')}
          helperText={errorOf('duplicate_search_fields') ?? t('exports.wizard.duplicate-search-fields-help')}
          fullWidth
        >
          {subjectFields.map((o) => (
            <MenuItem
              key={o.value}
              value={o.value}
              disabled={
                values.duplicate_search_fields.length >= DUPLICATE_SEARCH_FIELDS_MAX &&
                !values.duplicate_search_fields.includes(o.value)
              }
            >
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    ),
    review: (
      <Box component="dl" aria-label={t('exports.wizard.review.label')} sx={{ m: 0 }}>
        {review.map(([key, value]) => (
          <Box
            key={key}
            sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, py: 0.5 }}
            data-testid={`review-${key}`}
          >
            <Typography component="dt" sx={{ fontWeight: 'bold', minWidth: 200 }}>
              {t(`exports.wizard.review.${key}`)}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    ),
  };

  const last = active === STEPS.length - 1;
  return (
    <Page title={t(format ? 'exports.wizard.edit-title' : 'exports.wizard.new-title')} maxWidth="md">
      {unplaced.map((message) => (
        <Alert key={message} severity="error" role="alert" sx={{ mb: 2 }}>
          {message}
        </Alert>
      ))}
      <Stepper activeStep={active} orientation="vertical">
        {STEPS.map((step, index) => (
          <Step key={step}>
            <StepLabel>{t(`exports.wizard.steps.${step}`)}</StepLabel>
            {/* No expand animation: a click on a step still growing in was sometimes lost (issue 13 item 2). */}
            <StepContent slotProps={{ transition: { unmountOnExit: true, timeout: 0 } }}>
              {/* Only the active step's fields and buttons: a closing step is still animating out. */}
              {index === active && <Box sx={{ py: 1 }}>{bodies[step]}</Box>}
              {index === active && (
                <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
                  {index === 0 ? (
                    <Button component={Link} to={routePath('project.exports', { projectId })}>
                      {t('exports.wizard.cancel')}
                    </Button>
                  ) : (
                    <Button onClick={() => setActive(index - 1)} disabled={save.isPending}>
                      {t('exports.wizard.back')}
                    </Button>
                  )}
                  <Button variant="contained" onClick={last ? submit : next} disabled={save.isPending}>
                    {last
                      ? save.isPending
                        ? t('exports.wizard.saving')
                        : t('exports.wizard.save')
                      : t('exports.wizard.next')}
                  </Button>
                </Stack>
              )}
            </StepContent>
          </Step>
        ))}
      </Stepper>
    </Page>
  );
}

/** The export format wizard for a new custom format (exports §2). */
export function NewExportFormatPage() {
  const { projectId = '' } = useParams();
  return <Wizard projectId={projectId} />;
}

/** The export format wizard on an existing format; built-in and others' restricted formats are refused. */
export function EditExportFormatPage() {
  const { t } = useTranslation();
  const { projectId = '', formatId } = useParams();
  const abilities = useSessionAbilities();
  const format = useExportFormat(formatId);
  if (format.isPending) return <LoadingScreen />;
  if (format.isError)
    return <ErrorState message={t('exports.wizard.load-failed')} onRetry={() => void format.refetch()} />;
  if (!can(abilities, 'export-format.update', exportFormatRef(format.data))) {
    return (
      <Page title={t('exports.wizard.edit-title')}>
        <Alert severity="info">{t('exports.wizard.not-editable')}</Alert>
      </Page>
    );
  }
  return <Wizard key={format.data.id} projectId={projectId} format={format.data} />;
}

/** The export format wizard on a copy of a format (exports §2: the copy route), saved as a new one. */
export function CopyExportFormatPage() {
  const { t } = useTranslation();
  const { projectId = '', formatId } = useParams();
  const abilities = useSessionAbilities();
  const format = useExportFormat(formatId);
  if (format.isPending) return <LoadingScreen />;
  if (format.isError)
    return <ErrorState message={t('exports.wizard.load-failed')} onRetry={() => void format.refetch()} />;
  if (!can(abilities, 'export-format.copy', exportFormatRef(format.data))) {
    return (
      <Page title={t('exports.wizard.new-title')}>
        <Alert severity="info">{t('exports.wizard.not-editable')}</Alert>
      </Page>
    );
  }
  return <Wizard key={format.data.id} projectId={projectId} copyOf={format.data} />;
}
