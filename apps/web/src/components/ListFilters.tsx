import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The row above a list that holds its search box and filters (a search landmark, wrapping on narrow screens). */
export function FiltersBar({ label, mb = 1, children }: { label: string; mb?: number; children: ReactNode }) {
  return (
    <Box
      role="search"
      aria-label={label}
      sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start', mb }}
    >
      {children}
    </Box>
  );
}

/** A list's keyword box: a search field with the magnifier in front. */
export function SearchField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (text: string) => void;
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      id={props.id}
      type="search"
      label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      sx={props.sx}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon aria-hidden="true" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/**
 * A list filter as a native select whose first choice, "Any", is the empty value: `onChange` gets null
 * for it (the filter leaves the address), the option's value otherwise.
 */
export function FilterSelect(props: {
  id: string;
  label: string;
  value: string;
  /** [value, text] of each choice after "Any". */
  options: readonly (readonly [string, string])[];
  onChange: (value: string | null) => void;
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      id={props.id}
      select
      label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value || null)}
      sx={props.sx}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{t('common.any')}</option>
      {props.options.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </TextField>
  );
}
