import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ListMeta } from '../../api/types';

interface PagerProps {
  meta: ListMeta;
  onPage: (page: number) => void;
  disabled?: boolean;
}

/** Previous / next paging with the range shown ("11–20 of 37"). */
export function Pager({ meta, onPage, disabled = false }: PagerProps) {
  const { t } = useTranslation();
  const { page, limit, total } = meta;
  if (total === 0) return null;
  const from = Math.min((page - 1) * limit + 1, total);
  const to = Math.min(page * limit, total);
  return (
    <Box
      component="nav"
      aria-label={t('common.pagination')}
      data-testid="pager"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, mt: 2 }}
    >
      <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid="pager-range">
        {t('common.page-range', { from, to, total })}
      </Typography>
      <Button
        variant="outlined"
        size="small"
        disabled={disabled || page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('common.previous')}
      </Button>
      <Button
        variant="outlined"
        size="small"
        disabled={disabled || page * limit >= total}
        onClick={() => onPage(page + 1)}
      >
        {t('common.next')}
      </Button>
    </Box>
  );
}
