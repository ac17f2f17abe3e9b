import CheckIcon from '@mui/icons-material/Check';
import CropIcon from '@mui/icons-material/Crop';
import ReplayIcon from '@mui/icons-material/Replay';
import UndoIcon from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { type PhotoCheck, useChangePhotoCheck } from '../../api/photo-checks';
import { useCan } from '../../app/can';
import { routePath } from '../../app/routes';
import { useNotify } from '../../components/Notifications';
import { BoxedThumbnail } from './BoxedThumbnail';

/**
 * A flagged photo on the review: its thumbnail with the auto crop and face drawn on it, its subject, its
 * flags (the API's messages), and the actions the caller may take: accept the flags (or reopen them), adjust
 * the crop (the cropper, starting from the auto crop), mark it for a retake or clear the mark.
 */
export function PhotoCheckCard({ check, projectId }: { check: PhotoCheck; projectId: string }) {
  const { t } = useTranslation();
  const can = useCan();
  const notify = useNotify();
  const change = useChangePhotoCheck();
  const name = check.subject?.name || t('photo-checks.card.no-subject');
  // Accepting and the retake mark are the studio's (photo-check.retake); a crop by hand is photo.crop's,
  // which a school may make too (docs/decisions.md "Photo checks").
  const mayReview = can('photo-check.retake');
  const cropSubject = can('photo.crop') ? check.subject : null;
  const send = (photoChange: Parameters<typeof change.mutate>[0]['change']) =>
    change.mutate(
      { photoId: check.photo_id, change: photoChange },
      { onError: () => notify({ message: t('photo-checks.actions.failed'), severity: 'error' }) },
    );
  // The cropper leads back here (its `return_to`), filters and page kept.
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;

  return (
    <Card
      component="li"
      variant="outlined"
      data-testid="photo-check"
      data-photo-id={check.photo_id}
      sx={{ listStyle: 'none', display: 'flex', flexDirection: 'column' }}
    >
      <BoxedThumbnail
        src={check.thumbnail_url}
        alt={check.subject ? t('photo-checks.card.photo-of', { name }) : t('photo-checks.card.photo')}
        crop={check.auto_crop}
        face={check.face}
      />
      <CardContent sx={{ flex: 1, display: 'grid', gap: 1, alignContent: 'start' }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }} noWrap title={name}>
          {name}
        </Typography>
        {(check.retake_needed || check.checks_accepted || check.has_manual_crop) && (
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
            {check.retake_needed && (
              <Chip size="small" color="warning" label={t('photo-checks.card.retake-needed')} />
            )}
            {check.checks_accepted && (
              <Chip size="small" color="success" label={t('photo-checks.card.accepted')} />
            )}
            {check.has_manual_crop && <Chip size="small" label={t('photo-checks.card.manual-crop')} />}
          </Box>
        )}
        {check.checks.length > 0 && (
          <Box
            component="ul"
            aria-label={t('photo-checks.card.flags')}
            data-testid="photo-check-flags"
            sx={{ m: 0, pl: 2.5 }}
          >
            {check.checks.map((flag) => (
              <Typography key={flag.code} component="li" variant="body2" data-code={flag.code}>
                {flag.message}
              </Typography>
            ))}
          </Box>
        )}
      </CardContent>
      {(mayReview || cropSubject) && (
        <CardActions
          aria-label={t('photo-checks.card.actions', { name })}
          role="group"
          sx={{ flexWrap: 'wrap', gap: 0.5, px: 2, pb: 2 }}
        >
          {mayReview && check.checks.length > 0 && (
            <Button
              size="small"
              variant={check.checks_accepted ? 'outlined' : 'contained'}
              color={check.checks_accepted ? 'inherit' : 'primary'}
              startIcon={check.checks_accepted ? <UndoIcon /> : <CheckIcon />}
              disabled={change.isPending}
              onClick={() => send({ checks_accepted: !check.checks_accepted })}
            >
              {check.checks_accepted ? t('photo-checks.actions.reopen') : t('photo-checks.actions.accept')}
            </Button>
          )}
          {cropSubject && (
            <Button
              size="small"
              variant="outlined"
              startIcon={<CropIcon />}
              component={Link}
              to={`${routePath('project.subject.crop', {
                projectId,
                subjectId: cropSubject.id,
                photoId: check.photo_id,
              })}?${new URLSearchParams({ return_to: here })}`}
            >
              {t('photo-checks.actions.adjust-crop')}
            </Button>
          )}
          {mayReview && (
            <Button
              size="small"
              variant="outlined"
              color={check.retake_needed ? 'inherit' : 'warning'}
              startIcon={<ReplayIcon />}
              disabled={change.isPending}
              aria-pressed={check.retake_needed}
              onClick={() => send({ retake_needed: !check.retake_needed })}
            >
              {check.retake_needed
                ? t('photo-checks.actions.clear-retake')
                : t('photo-checks.actions.mark-retake')}
            </Button>
          )}
        </CardActions>
      )}
    </Card>
  );
}
