import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import PersonIcon from '@mui/icons-material/Person';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { FrameBox, FrameCheck, NowFrame, StationNow } from '../api';

const TARGET = 48;
const percent = (fraction: number) => `${(fraction * 100).toFixed(2)}%`;
const timeOf = (at: string, seconds = false) =>
  new Date(at).toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
  });

interface NowPanelProps {
  now: StationNow | undefined;
  /** The last read failed (the frames shown, if any, are from before). */
  failed: boolean;
  online: boolean;
  onPick: (photoId: string) => void;
  pickFailed: boolean;
}

/**
 * Tethered capture at the station: the current student's frames as they arrive, newest first, each with
 * its checks in plain words and its auto crop drawn over it; a Retake now alert when the last frame fails
 * a check; the frame picked as the student's.
 */
export function NowPanel({ now, failed, online, onPick, pickFailed }: NowPanelProps) {
  const { t } = useTranslation();
  const student = now?.student ?? null;
  const name = student?.name ?? '';
  // Numbered in the order they were shot; shown newest first.
  const frames = (now?.frames ?? []).map((frame, index) => ({ frame, number: index + 1 }));
  const last = frames.at(-1);
  const picked = frames.find(({ frame }) => frame.picked);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="station-now-title"
      id="station-now"
      data-testid="station-now"
      sx={{ p: 2, gridColumn: '1 / -1' }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 1, mb: 1.5 }}>
        <Typography variant="h2" id="station-now-title" sx={{ fontSize: '1.35rem', flex: '0 0 auto' }}>
          {t('tether.now.title')}
        </Typography>
        {student && (
          <Typography sx={{ fontSize: '1.35rem', fontWeight: 500 }} data-testid="station-now-student">
            {name}
          </Typography>
        )}
        {student && (
          <Typography color="text.secondary">
            {t('tether.now.checked-in', { time: timeOf(student.checked_in_at) })}
          </Typography>
        )}
        {(now?.processing ?? 0) > 0 && (
          <Chip
            size="small"
            label={t('tether.now.processing', { count: now?.processing ?? 0 })}
            data-testid="station-now-processing"
          />
        )}
      </Box>
      {!online && (
        <Alert severity="warning" sx={{ mb: 1.5 }}>
          {t('tether.now.offline')}
        </Alert>
      )}
      {online && failed && (
        <Alert severity="info" sx={{ mb: 1.5 }}>
          {t('tether.now.load-failed')}
        </Alert>
      )}
      {!student ? (
        <Typography color="text.secondary">{t('tether.now.none')}</Typography>
      ) : (
        <>
          {now?.retake_now && last && <RetakeNow frame={last.frame} codes={now.retake_reasons} />}
          {frames.length === 0 ? (
            <Typography color="text.secondary">
              {student.subject_id ? t('tether.now.no-frames') : t('tether.now.walk-up')}
            </Typography>
          ) : (
            <>
              <Typography sx={{ mb: 1 }} data-testid="station-now-pick">
                {picked
                  ? t('tether.now.picked-note', { name, number: picked.number })
                  : t('tether.now.no-pick')}
              </Typography>
              {pickFailed && (
                <Alert severity="error" sx={{ mb: 1 }}>
                  {t('tether.now.pick-failed')}
                </Alert>
              )}
              <Box
                component="ol"
                aria-label={t('tether.now.frames', { name })}
                data-testid="station-frames"
                sx={{
                  listStyle: 'none',
                  p: 0,
                  m: 0,
                  display: 'grid',
                  gap: 1.5,
                  // Two across on a phone, more on a tablet or a laptop.
                  gridTemplateColumns: {
                    xs: 'repeat(auto-fill, minmax(min(150px, 45%), 1fr))',
                    sm: 'repeat(auto-fill, minmax(190px, 1fr))',
                  },
                }}
              >
                {[...frames].reverse().map(({ frame, number }) => (
                  <FrameCard
                    key={frame.photo_id}
                    frame={frame}
                    number={number}
                    name={name}
                    picked={frame.picked}
                    onPick={() => onPick(frame.photo_id)}
                  />
                ))}
              </Box>
            </>
          )}
        </>
      )}
    </Paper>
  );
}

const KNOWN_CHECKS = new Set([
  'no_face',
  'several_faces',
  'face_cut',
  'too_small',
  'blurred',
  'underexposed',
  'overexposed',
]);

/** The checks a frame fails, in plain words (the server's own for a check this screen does not know). */
function useReasons() {
  const { t } = useTranslation();
  return (checks: FrameCheck[]) =>
    checks
      .map((check) =>
        KNOWN_CHECKS.has(check.code)
          ? t(`tether.checks.${check.code as 'no_face'}`)
          : check.message.replace(/\.$/, ''),
      )
      .join(', ');
}

/**
 * On a phone the Now panel is below the fold: while the last frame calls for a retake, a bar stays at the
 * top of the screen too (not read out again: the panel's alert is), and takes the photographer to it.
 */
export function RetakeBar({ now }: { now: StationNow | undefined }) {
  const { t } = useTranslation();
  const reasons = useReasons();
  const last = now?.frames.at(-1);
  if (!now?.retake_now || !last) return null;
  const failed =
    last.checks.length > 0 ? last.checks : now.retake_reasons.map((code) => ({ code, message: code }));
  return (
    <Box
      sx={{ display: { xs: 'block', md: 'none' }, position: 'sticky', top: 0, zIndex: 2, mb: 1.5 }}
      data-testid="station-retake-bar"
    >
      <Button
        href="#station-now"
        variant="contained"
        color="error"
        fullWidth
        startIcon={<ErrorOutlineIcon />}
        sx={{ minHeight: 56, fontSize: '1.15rem', textTransform: 'none', justifyContent: 'flex-start' }}
      >
        {t('tether.now.retake.title')}: {reasons(failed)}
      </Button>
    </Box>
  );
}

/** Large and red, read out at once: the last frame fails a check, shoot again while the student is here. */
function RetakeNow({ frame, codes }: { frame: NowFrame; codes: string[] }) {
  const { t } = useTranslation();
  const reasons = useReasons();
  const failed = frame.checks.length > 0 ? frame.checks : codes.map((code) => ({ code, message: code }));
  return (
    <Box
      role="alert"
      data-testid="station-retake-now"
      sx={{
        mb: 2,
        p: { xs: 2, sm: 2.5 },
        borderRadius: 1,
        bgcolor: 'error.main',
        color: 'error.contrastText',
        display: 'flex',
        alignItems: 'center',
        gap: 2,
      }}
    >
      <ErrorOutlineIcon aria-hidden="true" sx={{ fontSize: { xs: 40, sm: 56 } }} />
      <Box>
        <Typography
          component="p"
          sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' }, fontWeight: 700, lineHeight: 1.15 }}
        >
          {t('tether.now.retake.title')}
        </Typography>
        <Typography sx={{ fontSize: { xs: '1.1rem', sm: '1.35rem' } }} data-testid="station-retake-reason">
          {t('tether.now.retake.reason', { reasons: reasons(failed) })}
        </Typography>
      </Box>
    </Box>
  );
}

function FrameCard({
  frame,
  number,
  name,
  picked,
  onPick,
}: {
  frame: NowFrame;
  number: number;
  name: string;
  picked: boolean;
  onPick: () => void;
}) {
  const { t } = useTranslation();
  const reasons = useReasons();
  const failed = frame.checked && frame.checks.length > 0;
  const matched = frame.state === 'matched';
  const thumbnail = frame.thumbnails.small ?? frame.thumbnails.large ?? frame.thumbnails.tiny;
  return (
    <Box
      component="li"
      data-testid="station-frame"
      data-photo-id={frame.photo_id}
      data-picked={picked ? 'true' : 'false'}
      sx={{
        border: picked ? 4 : 1,
        borderColor: picked ? 'primary.main' : failed ? 'error.main' : 'divider',
        borderRadius: 1,
        overflow: 'hidden',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Thumbnail src={thumbnail} alt={t('tether.now.frame-alt', { number, name })} crop={frame.auto_crop} />
      <Box sx={{ p: 1, display: 'grid', gap: 0.75, flex: '1 1 auto', alignContent: 'start' }}>
        <Typography sx={{ fontWeight: 500 }}>
          {frame.captured_at
            ? t('tether.now.frame-at', { number, time: timeOf(frame.captured_at, true) })
            : t('tether.now.frame', { number })}
        </Typography>
        <Typography
          data-testid="station-frame-checks"
          sx={{
            display: 'flex',
            gap: 0.5,
            alignItems: 'flex-start',
            color: failed ? 'error.main' : frame.checked ? 'success.main' : 'text.secondary',
            fontWeight: failed ? 500 : 400,
          }}
        >
          {failed && <ErrorOutlineIcon aria-hidden="true" fontSize="small" sx={{ mt: '2px' }} />}
          {frame.checked && !failed && (
            <CheckCircleIcon aria-hidden="true" fontSize="small" sx={{ mt: '2px' }} />
          )}
          <span>
            {!frame.checked
              ? t('tether.now.checking')
              : failed
                ? capitalize(reasons(frame.checks))
                : t('tether.now.passed')}
          </span>
        </Typography>
        {!matched && (
          <Typography color="text.secondary" sx={{ fontSize: '0.95rem' }} data-testid="station-frame-review">
            {frame.reason ? t('tether.now.review-why', { reason: frame.reason }) : t('tether.now.review')}
          </Typography>
        )}
        {frame.is_primary && (
          <Typography color="success.main" sx={{ fontSize: '0.95rem' }}>
            {t('tether.now.primary')}
          </Typography>
        )}
        <Box sx={{ mt: 'auto' }}>
          {picked ? (
            <Chip
              color="primary"
              icon={<CheckCircleIcon />}
              label={t('tether.now.picked')}
              sx={{ minHeight: TARGET, width: '100%', fontSize: '1rem' }}
            />
          ) : (
            <Button
              variant="outlined"
              fullWidth
              // The server takes a pick of a matched frame once its checks have run.
              disabled={!matched || !frame.checked}
              onClick={onPick}
              aria-label={t('tether.now.pick-label', { number })}
              sx={{ minHeight: TARGET }}
            >
              {t('tether.now.pick')}
            </Button>
          )}
        </Box>
      </Box>
    </Box>
  );
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A frame's thumbnail whole, its auto crop drawn as a frame over it (the rest dimmed, as in the cropper). */
function Thumbnail({ src, alt, crop }: { src: string | null; alt: string; crop: FrameBox | null }) {
  const { t } = useTranslation();
  if (!src) {
    return (
      <Box sx={{ aspectRatio: '4 / 5', bgcolor: 'grey.100', display: 'grid', placeItems: 'center' }}>
        <PersonIcon titleAccess={alt} sx={{ fontSize: 64, color: 'grey.400' }} />
      </Box>
    );
  }
  return (
    <Box sx={{ position: 'relative', overflow: 'hidden', bgcolor: 'grey.100' }}>
      <Box
        component="img"
        src={src}
        alt={alt}
        decoding="async"
        sx={{ display: 'block', width: '100%', height: 'auto' }}
      />
      {crop && (
        <Box
          role="img"
          aria-label={t('tether.now.auto-crop')}
          data-testid="station-frame-crop"
          sx={{
            position: 'absolute',
            left: percent(crop.x),
            top: percent(crop.y),
            width: percent(crop.width),
            height: percent(crop.height),
            pointerEvents: 'none',
            boxSizing: 'border-box',
            border: '2px solid',
            borderColor: 'primary.light',
            boxShadow: '0 0 0 9999px rgba(0, 0, 0, 0.35)',
          }}
        />
      )}
    </Box>
  );
}
