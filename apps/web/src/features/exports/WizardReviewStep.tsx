import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  CONTENT_TYPE_LABELS,
  DELIMITER_LABELS,
  ENCODING_LABELS,
  exportDataFileName,
  exportFieldKeyLabel,
  NEWLINE_LABELS,
  SEPARATOR_LABELS,
} from '@school-portal/domain';
import type { TFunction } from 'i18next';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { mappingName } from './WizardDataStep';
import type { Draft } from './wizardSteps';

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
  | 'rows'
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

/** Every setting as the archive will use it (the same names, cases and defaults as the builder's). */
function reviewOf(
  t: TFunction,
  values: Draft,
  mayShare: boolean,
  audience: string | null,
): [ReviewKey, string][] {
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
  const review: [ReviewKey, string][] = [
    ['name', values.name],
    [
      'output',
      values.files_at_root
        ? t('exports.wizard.files-at-root-review')
        : values.output_directory_name?.trim() || values.name,
    ],
    [
      'contents',
      [
        values.include_data && t('exports.wizard.include-data'),
        values.include_images && t('exports.wizard.include-images'),
        values.include_readme && t('exports.wizard.include-readme'),
        values.copyright_statement?.trim() && t('exports.wizard.copyright-file'),
        values.yearbook && t('exports.wizard.yearbook'),
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
      [
        'rows',
        // As the archive does: with images, a MASTER file or the setting keeps the index to those with one.
        values.include_images && (values.data_image_rows_only || values.data_master_file)
          ? t('exports.wizard.review.rows-with-image')
          : t('exports.wizard.review.rows-everyone'),
      ],
      ['delimiter', DELIMITER_LABELS[values.data_delimiter_format]],
      ['newline', NEWLINE_LABELS[values.data_newline_format]],
      ['encoding', ENCODING_LABELS[values.data_encoding]],
      ['headers', yesNo(values.data_include_headers)],
      ['quote', yesNo(values.data_quote_fields)],
      ['downcase', yesNo(values.data_downcase_field_names)],
      ['fields', values.field_mappings.map((m) => mappingName(t, m)).join(', ') || t('exports.wizard.none')],
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
  return review;
}

/** Step 5: every setting, before Save. */
export function ReviewStep({ mayShare, audience }: { mayShare: boolean; audience: string | null }) {
  const { t } = useTranslation();
  const values = useWatch<Draft>() as Draft;
  return (
    <Box component="dl" aria-label={t('exports.wizard.review.label')} sx={{ m: 0 }}>
      {reviewOf(t, values, mayShare, audience).map(([key, value]) => (
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
  );
}
