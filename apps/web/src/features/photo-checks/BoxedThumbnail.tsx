import PersonIcon from '@mui/icons-material/Person';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { PhotoBox } from '../../api/photo-checks';

const percent = (fraction: number) => `${(fraction * 100).toFixed(2)}%`;

/** A box drawn over the image from its fractions (of the upright image, as the API gives them). */
function Overlay({ box, testId, variant }: { box: PhotoBox; testId: string; variant: 'crop' | 'face' }) {
  return (
    <Box
      aria-hidden="true"
      data-testid={testId}
      sx={{
        position: 'absolute',
        left: percent(box.x),
        top: percent(box.y),
        width: percent(box.width),
        height: percent(box.height),
        pointerEvents: 'none',
        boxSizing: 'border-box',
        ...(variant === 'crop'
          ? {
              border: '2px solid',
              borderColor: 'primary.main',
              // Everything outside the crop is dimmed, as in the cropper.
              boxShadow: '0 0 0 9999px rgba(0, 0, 0, 0.35)',
            }
          : { border: '2px dashed', borderColor: 'warning.light' }),
      }}
    />
  );
}

interface BoxedThumbnailProps {
  src: string | null | undefined;
  alt: string;
  /** The auto crop (drawn as a frame, the rest dimmed) and the face box, or null. */
  crop: PhotoBox | null;
  face: PhotoBox | null;
}

/**
 * A photo's thumbnail whole (not cut to a frame: its own width:height), with its auto crop and face drawn
 * over it; the boxes are fractions of the image, so they are laid over the image's own box.
 */
export function BoxedThumbnail({ src, alt, crop, face }: BoxedThumbnailProps) {
  const { t } = useTranslation();
  if (!src) {
    return (
      <Box sx={{ aspectRatio: '4 / 5', bgcolor: 'grey.100', display: 'grid', placeItems: 'center' }}>
        <PersonIcon titleAccess={t('photo-checks.card.photo')} sx={{ fontSize: 72, color: 'grey.400' }} />
      </Box>
    );
  }
  return (
    <Box sx={{ position: 'relative', overflow: 'hidden', bgcolor: 'grey.100' }}>
      <Box
        component="img"
        src={src}
        alt={alt}
        loading="lazy"
        decoding="async"
        sx={{ display: 'block', width: '100%', height: 'auto' }}
      />
      {crop && <Overlay box={crop} variant="crop" testId="auto-crop-box" />}
      {face && <Overlay box={face} variant="face" testId="face-box" />}
    </Box>
  );
}
