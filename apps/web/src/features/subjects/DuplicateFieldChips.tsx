import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DEFAULT_DUPLICATE_FIELDS, effectiveLabel, MAX_DUPLICATE_FIELDS } from '@school-portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubjectField } from '../../api/subjects';

/** The catalogue keys of the project's keyed fields (those a duplicate check can match on), each once. */
const keysOf = (fields: readonly SubjectField[]) => [
  ...new Set(fields.flatMap((f) => (f.field_key ? [f.field_key] : []))),
];

/**
 * The fields a duplicate check matches on, and the chips' way to change them: First Name, Last Name and
 * Student ID (those the project has) until the user chooses others.
 */
export function useDuplicateFieldKeys(fields: readonly SubjectField[]) {
  const [chosen, setChosen] = useState<string[] | null>(null);
  const available = keysOf(fields);
  return [chosen ?? DEFAULT_DUPLICATE_FIELDS.filter((k) => available.includes(k)), setChosen] as const;
}

/**
 * The "Fields to match" of a duplicate check (spec §4), as chips: each removable while another is left,
 * and Add Field for the project's other keyed fields, up to MAX_DUPLICATE_FIELDS. Shown above the shared
 * Check for Duplicate Subjects step.
 */
export function DuplicateFieldChips({
  fields,
  value,
  onChange,
}: {
  fields: SubjectField[];
  value: readonly string[];
  onChange: (fieldKeys: string[]) => void;
}) {
  const { t } = useTranslation();
  const keyed = fields.filter((f) => f.field_key);
  const available = keysOf(keyed);
  const labelOf = (key: string) =>
    effectiveLabel(keyed.find((f) => f.field_key === key) ?? { field_key: key, label: null });
  return (
    <Box
      aria-label={t('subjects.duplicates.fields')}
      role="group"
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}
    >
      <Typography variant="body2">{t('subjects.duplicates.fields')}</Typography>
      {value.map((key) => (
        <Chip
          key={key}
          label={labelOf(key)}
          onDelete={value.length > 1 ? () => onChange(value.filter((k) => k !== key)) : undefined}
        />
      ))}
      {value.length < MAX_DUPLICATE_FIELDS && available.some((k) => !value.includes(k)) && (
        <TextField
          select
          size="small"
          label={t('subjects.duplicates.add-field')}
          value=""
          sx={{ minWidth: 180 }}
          onChange={(e) => onChange([...value, e.target.value])}
        >
          {available
            .filter((k) => !value.includes(k))
            .map((k) => (
              <MenuItem key={k} value={k}>
                {labelOf(k)}
              </MenuItem>
            ))}
        </TextField>
      )}
    </Box>
  );
}
