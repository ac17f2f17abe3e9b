import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

/** "(opens in a new tab)" for screen readers only, inside links that open a new tab. */
export function NewTabNote() {
  const { t } = useTranslation();
  return (
    <Box
      component="span"
      sx={{
        position: 'absolute',
        width: '1px',
        height: '1px',
        p: 0,
        m: '-1px',
        border: 0,
        overflow: 'hidden',
        clip: 'rect(0 0 0 0)',
        whiteSpace: 'nowrap',
      }}
    >
      {` ${t('common.opens-in-new-tab')}`}
    </Box>
  );
}
