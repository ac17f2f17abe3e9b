import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../components/format';
import {
  type FamilyChild,
  type FamilyOptOutRequest,
  type OptOutKind,
  useChildOptOutRequests,
  useRequestOptOut,
} from './api';

const KINDS: { kind: OptOutKind; short: 'directory' | 'yearbook' }[] = [
  { kind: 'directory_opt_out', short: 'directory' },
  { kind: 'yearbook_opt_out', short: 'yearbook' },
];

/** What a request asked for, in words ("the directory", "the yearbook", or both). */
function useAskedFor() {
  const { t } = useTranslation();
  return (request: FamilyOptOutRequest) =>
    request.directory_opt_out && request.yearbook_opt_out
      ? t('families.opt-out.both')
      : request.directory_opt_out
        ? t('families.opt-out.directory')
        : t('families.opt-out.yearbook');
}

/**
 * A parent asks to leave their child out of the school directory or the yearbook: the request reaches the
 * school's staff, who approve or decline it (or it applies at once where the school says so). The
 * requests made, and their answers, are listed.
 */
export function OptOutPanel({ child }: { child: FamilyChild }) {
  const { t } = useTranslation();
  const requests = useChildOptOutRequests(child.id);
  const request = useRequestOptOut(child.id);
  const askedFor = useAskedFor();
  const [asking, setAsking] = useState<OptOutKind | null>(null);
  const [sent, setSent] = useState(false);
  const headingId = `opt-outs-${child.id}`;
  const list = requests.data ?? [];
  /** A kind already asked for and still waiting, or approved: not asked again. */
  const settled = (kind: OptOutKind) => list.some((r) => r[kind] && r.state !== 'declined');
  const short = (kind: OptOutKind) => (kind === 'directory_opt_out' ? 'directory' : 'yearbook');

  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ p: 2, mt: 3 }}
      data-testid="family-opt-outs"
    >
      <Typography id={headingId} variant="h3" component="h3" sx={{ fontSize: '1.2rem', mb: 1 }}>
        {t('families.opt-out.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('families.opt-out.intro', { name: child.first_name })}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {KINDS.filter(({ kind }) => !settled(kind)).map(({ kind }) => (
          <Button key={kind} variant="outlined" size="small" onClick={() => setAsking(kind)}>
            {t(`families.opt-out.ask-${short(kind)}`, { name: child.first_name })}
          </Button>
        ))}
      </Box>
      {list.length > 0 && (
        <Box component="ul" sx={{ pl: 2, mt: 2, mb: 0 }} aria-label={t('families.opt-out.requests')}>
          {list.map((r) => (
            <Typography component="li" variant="body2" key={r.id} data-testid="family-opt-out-request">
              {t(`families.opt-out.state-${r.state}`, {
                what: askedFor(r),
                date: formatDate(r.created_at),
                decided: formatDate(r.decided_at),
              })}
            </Typography>
          ))}
        </Box>
      )}
      {sent && !request.isError && (
        <Alert severity="success" sx={{ mt: 2 }} data-testid="opt-out-sent">
          {t('families.opt-out.sent')}
        </Alert>
      )}
      {request.isError && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {t('families.opt-out.failed')}
        </Alert>
      )}
      <Dialog open={asking !== null} onClose={() => setAsking(null)} aria-labelledby={`${headingId}-confirm`}>
        {asking && (
          <>
            <DialogTitle id={`${headingId}-confirm`}>
              {t(`families.opt-out.ask-${short(asking)}`, { name: child.first_name })}
            </DialogTitle>
            <DialogContent>
              <DialogContentText>{t('families.opt-out.confirm')}</DialogContentText>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setAsking(null)}>{t('families.cancel')}</Button>
              <Button
                variant="contained"
                disabled={request.isPending}
                onClick={() => {
                  setSent(false);
                  request.mutate(
                    { [asking]: true },
                    { onSuccess: () => setSent(true), onSettled: () => setAsking(null) },
                  );
                }}
              >
                {t('families.opt-out.send')}
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </Paper>
  );
}
