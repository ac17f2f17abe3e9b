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
import { optionsOf } from '../../components/forms/fields';
import { ChoiceSetting, NumberSetting, TextSetting, ToggleSetting } from './WizardFields';
import type { Draft } from './wizardSteps';

/** The subject fields a setting can name (directory groups, image names, zero padding). */
export const SUBJECT_FIELD_OPTIONS = FIELD_KEYS.map((f) => ({ value: f.key, label: f.label }));

/** Step 1: the name, who may use the format, and (on another organization's project) who will see it. */
export function NameStep({ mayShare, audience }: { mayShare: boolean; audience: string | null }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <TextSetting name="name" required />
      {mayShare && <ToggleSetting name="available_to_suborganizations" />}
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
      <TextSetting name="output_directory_name" helperText={t('exports.wizard.output-directory-help')} />
      <ToggleSetting name="files_at_root" />
      <ToggleSetting name="include_data" />
      <ToggleSetting name="include_images" />
      <ToggleSetting name="include_readme" />
      <TextSetting
        name="copyright_statement"
        multiline
        helperText={t('exports.wizard.copyright-statement-help')}
      />
      <ToggleSetting name="yearbook" />
      {includeData && <TextSetting name="data_directory_name" />}
      {includeData && <ToggleSetting name="data_directory_group_enabled" />}
      {includeImages && <TextSetting name="images_directory_name" />}
      {includeImages && <ToggleSetting name="images_directory_group_enabled" />}
      <ChoiceSetting name="directory_group_field_key" options={SUBJECT_FIELD_OPTIONS} none />
      <ToggleSetting name="allow_custom_directory_group_field" />
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
        options={optionsOf(IMAGE_CONTENT_TYPES, CONTENT_TYPE_LABELS)}
        required
      />
      <Stack direction="row" spacing={2}>
        <NumberSetting name="images_crop_width_pixels" required />
        <NumberSetting name="images_crop_height_pixels" required />
      </Stack>
      <NumberSetting name="images_pixels_per_inch" />
      <ChoiceSetting name="images_name_primary_field_first_key" options={SUBJECT_FIELD_OPTIONS} none />
      <ChoiceSetting name="images_name_primary_field_second_key" options={SUBJECT_FIELD_OPTIONS} none />
      <ChoiceSetting
        name="images_name_primary_separator"
        options={optionsOf(IMAGE_NAME_SEPARATORS, SEPARATOR_LABELS)}
        none
        required={!!firstKey && !!secondKey}
      />
      <ToggleSetting name="images_name_zero_pad_enabled" />
      <NumberSetting name="images_name_zero_pad_length" required={zeroPad} />
      <ToggleSetting name="images_name_append_sequential_number" />
    </Stack>
  );
}
