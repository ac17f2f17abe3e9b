import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsentFlags } from '../../api/subjects';
import type { SelectionAction } from './useSubjectSelection';

const ACTIONS: { action: SelectionAction; key: `subjects.selection.${SelectionAction}` }[] = [
  { action: 'select-all', key: 'subjects.selection.select-all' },
  { action: 'select-filter-results', key: 'subjects.selection.select-filter-results' },
  { action: 'select-page', key: 'subjects.selection.select-page' },
  { action: 'exclude-all', key: 'subjects.selection.exclude-all' },
  { action: 'exclude-filter-results', key: 'subjects.selection.exclude-filter-results' },
];

/** Consent for the selection (the school's staff only: the caller passes onConsent when it may). */
const CONSENT_ACTIONS: { flags: ConsentFlags; key: `subjects.selection.${string}` }[] = [
  { flags: { directory_opt_out: true }, key: 'subjects.selection.directory-on' },
  { flags: { directory_opt_out: false }, key: 'subjects.selection.directory-off' },
  { flags: { yearbook_opt_out: true }, key: 'subjects.selection.yearbook-on' },
  { flags: { yearbook_opt_out: false }, key: 'subjects.selection.yearbook-off' },
];

/**
 * The selection menu with the selected count (spec §4); with onConsent, the consent actions too. `shown`,
 * the subjects a filter shows, is said beside a count that differs from it, since printing cards for
 * "the class on screen" would otherwise print everyone selected.
 */
export function SelectionMenu({
  count,
  shown,
  pending,
  onAction,
  onConsent,
}: {
  count: number;
  shown?: number | undefined;
  pending: SelectionAction | 'consent' | null;
  onAction: (action: SelectionAction) => void;
  onConsent?: ((flags: ConsentFlags) => void) | undefined;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
      <Button
        variant="outlined"
        size="small"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        endIcon={
          pending ? (
            <CircularProgress size={16} aria-hidden="true" />
          ) : (
            <ArrowDropDownIcon aria-hidden="true" />
          )
        }
        disabled={pending !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('subjects.selection.menu')}
      </Button>
      <Typography variant="body2" role="status" aria-live="polite" data-testid="selected-count">
        {shown !== undefined && shown !== count
          ? t('subjects.selection.count-shown', { count, shown })
          : t('subjects.selection.count', { count })}
      </Typography>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {ACTIONS.map(({ action, key }) => (
          <MenuItem
            key={action}
            onClick={() => {
              setAnchor(null);
              onAction(action);
            }}
          >
            {t(key)}
          </MenuItem>
        ))}
        {onConsent && <Divider />}
        {onConsent && <ListSubheader>{t('subjects.selection.consent')}</ListSubheader>}
        {onConsent &&
          CONSENT_ACTIONS.map(({ flags, key }) => (
            <MenuItem
              key={key}
              disabled={count === 0}
              onClick={() => {
                setAnchor(null);
                onConsent(flags);
              }}
            >
              {t(key as 'subjects.selection.directory-on')}
            </MenuItem>
          ))}
      </Menu>
    </Box>
  );
}
