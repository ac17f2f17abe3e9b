import TuneIcon from '@mui/icons-material/Tune';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import MenuItem from '@mui/material/MenuItem';
import type { Theme } from '@mui/material/styles';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { BLANK_FILTER, compareGrades, effectiveLabel, SUBJECT_SORT_KEYS } from '@school-portal/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SubjectField, useSubjectSample } from '../../api/subjects';
import { useKeywordInput } from '../organizations/listState';
import { FIRST_YEAR, type useGridParams } from './gridParams';

type GridParams = ReturnType<typeof useGridParams>;

const SORT_LABELS = {
  reverse_full_name: 'subjects.filters.sort-reverse-full-name',
  full_name: 'subjects.filters.sort-full-name',
  created_at: 'subjects.filters.sort-created-at',
} as const satisfies Record<(typeof SUBJECT_SORT_KEYS)[number], string>;

/** A field of the bar: small and as wide as its `sx` says, not the form's full width. */
function BarField(props: TextFieldProps) {
  return <TextField size="small" margin="none" fullWidth={false} {...props} />;
}

const fieldLabel = (field: SubjectField) => field.effective_label || effectiveLabel(field);

interface ValueFilterProps {
  n: 1 | 2;
  fields: SubjectField[];
  field: string;
  value: string;
  sampleValues: (fieldId: string) => string[];
  onChange: (field: string, value: string) => void;
  onOpenValues: () => void;
}

/** One field-and-value pair (spec §4): Any and Blank, the values seen, or any text typed. */
function FieldValueFilter({
  n,
  fields,
  field,
  value,
  sampleValues,
  onChange,
  onOpenValues,
}: ValueFilterProps) {
  const { t } = useTranslation();
  const options = useMemo(
    () => ['', BLANK_FILTER, ...(field ? sampleValues(field) : [])],
    [field, sampleValues],
  );
  const labelOf = (option: string) =>
    option === ''
      ? t('subjects.filters.any')
      : option === BLANK_FILTER
        ? t('subjects.filters.blank')
        : option;
  // Typed (or committed on blur as) the label of Any or Blank: that option, not the text.
  const filterValueOf = (text: string) => {
    const trimmed = text.trim();
    if (trimmed === t('subjects.filters.any')) return '';
    if (trimmed === t('subjects.filters.blank')) return BLANK_FILTER;
    return trimmed;
  };
  return (
    <>
      <BarField
        select
        label={t('subjects.filters.field-n', { n })}
        value={field}
        onChange={(event) => onChange(event.target.value, '')}
        sx={{ minWidth: 160 }}
      >
        <MenuItem value="">{t('subjects.filters.field-none')}</MenuItem>
        {fields.map((f) => (
          <MenuItem key={f.id} value={f.id}>
            {fieldLabel(f)}
          </MenuItem>
        ))}
      </BarField>
      <Autocomplete<string, false, true, true>
        freeSolo
        autoSelect
        disableClearable
        disabled={!field}
        size="small"
        options={options}
        getOptionLabel={labelOf}
        value={value}
        onOpen={onOpenValues}
        onChange={(_event, next) => onChange(field, filterValueOf(next ?? ''))}
        sx={{ minWidth: 180 }}
        renderInput={(params) => (
          <TextField {...params} margin="none" fullWidth label={t('subjects.filters.value-n', { n })} />
        )}
      />
    </>
  );
}

/** A "YYYY-MM-DDTHH:mm" address value split into its date and time inputs. */
function splitSince(since: string): { date: string; time: string } {
  const [date = '', time = ''] = since.split('T');
  return { date, time };
}

/** Spec §4 subjects grid filters: field pairs, images, sort key and direction, keyword, added since. */
export function SubjectFiltersBar({
  projectId,
  fields,
  params,
}: {
  projectId: string;
  fields: SubjectField[];
  params: GridParams;
}) {
  const { t } = useTranslation();
  const { values, keyword, update } = params;
  const { text, setText } = useKeywordInput(keyword, update);
  const [wantValues, setWantValues] = useState(false);
  const sample = useSubjectSample(projectId, wantValues && fields.length > 0);
  const sampleValues = useMemo(() => {
    const cache = new Map<string, string[]>();
    return (fieldId: string) => {
      let list = cache.get(fieldId);
      if (!list) {
        const seen = new Set<string>();
        for (const subject of sample.data ?? []) {
          const value = subject.properties[fieldId]?.trim();
          if (value) seen.add(value);
        }
        const isGrade = fields.find((f) => f.id === fieldId)?.field_key === 'grade';
        list = [...seen].sort(
          isGrade
            ? compareGrades
            : (a, b) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' }),
        );
        cache.set(fieldId, list);
      }
      return list;
    };
  }, [sample.data, fields]);

  const since = splitSince(values.since);
  const [sinceDate, setSinceDate] = useState(since.date);
  const [sinceTime, setSinceTime] = useState(since.time);
  const applySince = (date: string, time: string) => {
    setSinceDate(date);
    setSinceTime(time);
    const year = Number.parseInt(date.slice(0, 4), 10);
    if (!date || Number.isNaN(year) || year < FIRST_YEAR) {
      if (!date) update({ since: null });
      return;
    }
    update({ since: `${date}T${time || '00:00'}` });
  };
  const lastYear = new Date().getFullYear();

  // A choice of a select kept in the address; its default leaves the address.
  const choose = (param: string, byDefault: string) => (event: { target: { value: string } }) =>
    update({ [param]: event.target.value === byDefault ? null : event.target.value });

  const hasFilters = GRID_FILTER_KEYS.some((key) => values[key]) || keyword !== '';
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [open, setOpen] = useState(false);

  return (
    <Box
      component="section"
      aria-label={t('subjects.filters.label')}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, mb: 2 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <BarField
          type="search"
          label={t('subjects.filters.keyword')}
          placeholder={t('subjects.filters.keyword-placeholder')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          sx={{ minWidth: 220, flex: '1 1 220px', maxWidth: 360 }}
        />
        {phone && (
          <Button
            size="small"
            startIcon={<TuneIcon aria-hidden="true" />}
            aria-expanded={open}
            aria-controls="subjects-more-filters"
            onClick={() => setOpen((value) => !value)}
          >
            {open ? t('subjects.filters.hide') : t('subjects.filters.show')}
          </Button>
        )}
      </Box>
      {/* On a phone the other filters fold away, so that the first card is in view. */}
      <Collapse in={!phone || open} id="subjects-more-filters" unmountOnExit={false}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
            <BarField
              select
              label={t('subjects.filters.images')}
              value={values.images || 'any'}
              onChange={choose('images', 'any')}
              sx={{ minWidth: 160 }}
            >
              <MenuItem value="any">{t('subjects.filters.images-any')}</MenuItem>
              <MenuItem value="with">{t('subjects.filters.images-with')}</MenuItem>
              <MenuItem value="without">{t('subjects.filters.images-without')}</MenuItem>
              <MenuItem value="retake">{t('subjects.filters.images-retake')}</MenuItem>
            </BarField>
            <BarField
              select
              label={t('subjects.filters.sort')}
              value={params.filters.sort}
              onChange={choose('sort', 'created_at')}
              sx={{ minWidth: 180 }}
            >
              {SUBJECT_SORT_KEYS.map((key) => (
                <MenuItem key={key} value={key}>
                  {t(SORT_LABELS[key])}
                </MenuItem>
              ))}
              {fields.map((f) => (
                <MenuItem key={f.id} value={`field:${f.id}`}>
                  {fieldLabel(f)}
                </MenuItem>
              ))}
            </BarField>
            <BarField
              select
              label={t('subjects.filters.direction')}
              value={params.filters.direction}
              onChange={choose('dir', 'asc')}
              sx={{ minWidth: 140 }}
            >
              <MenuItem value="asc">{t('subjects.filters.asc')}</MenuItem>
              <MenuItem value="desc">{t('subjects.filters.desc')}</MenuItem>
            </BarField>
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
            {([1, 2] as const).map((n) => (
              <Box key={n} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                <FieldValueFilter
                  n={n}
                  fields={fields}
                  field={n === 1 ? params.filters.field1 : params.filters.field2}
                  value={values[n === 1 ? 'v1' : 'v2']}
                  sampleValues={sampleValues}
                  onOpenValues={() => setWantValues(true)}
                  onChange={(field, value) =>
                    update(
                      n === 1
                        ? { f1: field || null, v1: value || null }
                        : { f2: field || null, v2: value || null },
                    )
                  }
                />
              </Box>
            ))}
          </Box>
          <Box
            role="group"
            aria-labelledby="subjects-added-since"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}
          >
            <Typography id="subjects-added-since" variant="body2" sx={{ fontWeight: 500 }}>
              {t('subjects.filters.added-since')}
            </Typography>
            <BarField
              type="date"
              label={t('subjects.filters.added-since-date')}
              value={sinceDate}
              onChange={(event) => applySince(event.target.value, sinceTime)}
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: { min: `${FIRST_YEAR}-01-01`, max: `${lastYear}-12-31` },
              }}
              sx={{ width: 190 }}
            />
            <BarField
              type="time"
              label={t('subjects.filters.added-since-time')}
              value={sinceTime}
              disabled={!sinceDate}
              onChange={(event) => applySince(sinceDate, event.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ width: 140 }}
            />
            <Button
              size="small"
              disabled={!sinceDate && !values.since}
              onClick={() => applySince('', '')}
              aria-label={t('subjects.filters.reset-added-since')}
            >
              {t('subjects.filters.reset')}
            </Button>
            {hasFilters && (
              <Button
                size="small"
                sx={{ ml: 'auto' }}
                onClick={() => {
                  setText('');
                  setSinceDate('');
                  setSinceTime('');
                  update(Object.fromEntries([...GRID_FILTER_KEYS, 'keyword'].map((key) => [key, null])));
                }}
              >
                {t('subjects.filters.clear')}
              </Button>
            )}
          </Box>
        </Box>
      </Collapse>
    </Box>
  );
}

const GRID_FILTER_KEYS = ['f1', 'v1', 'f2', 'v2', 'images', 'since', 'sort', 'dir'] as const;
