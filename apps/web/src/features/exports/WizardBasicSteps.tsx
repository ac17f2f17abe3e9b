import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  CONTENT_TYPE_LABELS,
  FIELD_KEYS,
  IMAGE_CONTENT_TYPES,
  IMAGE_NAME_SEPARATORS,
  SEPARATOR_LABELS,
} from '@school-portal/domain';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ChoiceSetting, NumberSetting, TextSetting, ToggleSetting } from './WizardFields';
import type { Draft } from './wizardSteps';

/** The subject fields a setting can name (directory groups, image names, zero padding). */
export const SUBJECT_FIELD_OPTIONS = FIELD_KEYS.map((f) => ({ value: f.key, label: f.label }));

/** Step 1: the name, who may use the format, and (on another organization's project) who will see it. */
export function NameStep({ mayShare, audience }: { mayShare: boolean; audience: string | null }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <TextSetting name="name" label={t('exports.wizard.name')} required />
      {mayShare && (
        <ToggleSetting
          name="available_to_suborganizations"
          label={t('exports.wizard.available-to-suborganizations')}
        />
      )}
      <ToggleSetting name="restrict_to_orgs_managed_by_creator" label={t('exports.wizard.restrict')} />
      {audience && (
        <Alert severity="info" data-testid="format-audience">
          {audience}
        </Alert>
      )}
    </Stack>
  );
}

/** Step 2: the archive's directories and what it holds. */
export function DirectoriesStep() {
  const { t } = useTranslation();
  const [includeData, includeImages] = useWatch<Draft, ['include_data', 'include_images']>({
    name: ['include_data', 'include_images'],
  });
  return (
    <Stack spacing={2}>
      <TextSetting
        name="output_directory_name"
        label={t('exports.wizard.output-directory-name')}
        helperText={t('exports.wizard.output-directory-help')}
      />
      <ToggleSetting name="include_data" label={t('exports.wizard.include-data')} />
      <ToggleSetting name="include_images" label={t('exports.wizard.include-images')} />
      <ToggleSetting name="include_readme" label={t('exports.wizard.include-readme')} />
      <ToggleSetting name="yearbook" label={t('exports.wizard.yearbook')} />
      {includeData && (
        <TextSetting name="data_directory_name" label={t('exports.wizard.data-directory-name')} />
      )}
      {includeData && (
        <ToggleSetting
          name="data_directory_group_enabled"
          label={t('exports.wizard.data-directory-group-enabled')}
        />
      )}
      {includeImages && (
        <TextSetting name="images_directory_name" label={t('exports.wizard.images-directory-name')} />
      )}
      {includeImages && (
        <ToggleSetting
          name="images_directory_group_enabled"
          label={t('exports.wizard.images-directory-group-enabled')}
        />
      )}
      <ChoiceSetting
        name="directory_group_field_key"
        label={t('exports.wizard.directory-group-field-key')}
        options={SUBJECT_FIELD_OPTIONS}
        none
      />
      <ToggleSetting
        name="allow_custom_directory_group_field"
        label={t('exports.wizard.allow-custom-directory-group-field')}
      />
    </Stack>
  );
}

/** Step 3: image type, size and names (only when the archive holds images). */
export function ImagesStep() {
  const { t } = useTranslation();
  const [includeImages, firstKey, secondKey, zeroPad] = useWatch<
    Draft,
    [
      'include_images',
      'images_name_primary_field_first_key',
      'images_name_primary_field_second_key',
      'images_name_zero_pad_enabled',
    ]
  >({
    name: [
      'include_images',
      'images_name_primary_field_first_key',
      'images_name_primary_field_second_key',
      'images_name_zero_pad_enabled',
    ],
  });
  if (!includeImages) return <Typography>{t('exports.wizard.images-off')}</Typography>;
  return (
    <Stack spacing={2}>
      <ChoiceSetting
        name="images_content_type"
        label={t('exports.wizard.images-content-type')}
        options={IMAGE_CONTENT_TYPES.map((v) => ({ value: v, label: CONTENT_TYPE_LABELS[v] }))}
        required
      />
      <Stack direction="row" spacing={2}>
        <NumberSetting
          name="images_crop_width_pixels"
          label={t('exports.wizard.images-crop-width-pixels')}
          required
        />
        <NumberSetting
          name="images_crop_height_pixels"
          label={t('exports.wizard.images-crop-height-pixels')}
          required
        />
      </Stack>
      <NumberSetting name="images_pixels_per_inch" label={t('exports.wizard.images-pixels-per-inch')} />
      <ChoiceSetting
        name="images_name_primary_field_first_key"
        label={t('exports.wizard.images-name-primary-field-first-key')}
        options={SUBJECT_FIELD_OPTIONS}
        none
      />
      <ChoiceSetting
        name="images_name_primary_field_second_key"
        label={t('exports.wizard.images-name-primary-field-second-key')}
        options={SUBJECT_FIELD_OPTIONS}
        none
      />
      <ChoiceSetting
        name="images_name_primary_separator"
        label={t('exports.wizard.images-name-primary-separator')}
        options={IMAGE_NAME_SEPARATORS.map((v) => ({ value: v, label: SEPARATOR_LABELS[v] }))}
        none
        required={!!firstKey && !!secondKey}
      />
      <ToggleSetting
        name="images_name_zero_pad_enabled"
        label={t('exports.wizard.images-name-zero-pad-enabled')}
      />
      <NumberSetting
        name="images_name_zero_pad_length"
        label={t('exports.wizard.images-name-zero-pad-length')}
        required={zeroPad}
      />
      <ToggleSetting
        name="images_name_append_sequential_number"
        label={t('exports.wizard.images-name-append-sequential-number')}
      />
    </Stack>
  );
}
