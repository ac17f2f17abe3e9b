import EventIcon from '@mui/icons-material/Event';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { YearbookDeadline } from './api';
import { formatDay, useDeadlineWhen } from './format';

/** A target's deadlines by date (as the server sorts them), each with how far off it is; the next stands out. */
export function DeadlineList({ deadlines }: { deadlines: readonly YearbookDeadline[] }) {
  const { t } = useTranslation();
  const when = useDeadlineWhen();
  const next = deadlines.find((d) => !d.passed);
  if (deadlines.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('yearbook.no-deadlines')}
      </Typography>
    );
  }
  return (
    <Box
      component="ul"
      aria-label={t('yearbook.deadlines')}
      data-testid="yearbook-deadlines"
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}
    >
      {deadlines.map((deadline) => {
        const isNext = deadline === next;
        return (
          <Box
            component="li"
            key={`${deadline.name}-${deadline.date}`}
            data-next={isNext || undefined}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              color: deadline.passed ? 'text.secondary' : undefined,
            }}
          >
            <EventIcon fontSize="small" aria-hidden="true" color={isNext ? 'primary' : 'inherit'} />
            <Typography variant="body2" sx={{ fontWeight: isNext ? 600 : undefined }}>
              {t('yearbook.deadline.on', {
                name: deadline.name,
                date: formatDay(deadline.date),
                when: when(deadline.days_left),
              })}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
