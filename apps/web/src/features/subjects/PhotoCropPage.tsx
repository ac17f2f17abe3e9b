import CropLandscapeIcon from '@mui/icons-material/CropLandscape';
import CropPortraitIcon from '@mui/icons-material/CropPortrait';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Slider from '@mui/material/Slider';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { type ReactNode, useMemo, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import {
  type Photo,
  type PhotoCrop,
  photoPollingGaveUp,
  restartPhotoPolling,
  usePhoto,
  usePhotoCrops,
  useSaveDefaultCrop,
} from '../../api/photos';
import { invalidateAfterUpload } from '../../api/subjects';
import { routePath } from '../../app/routes';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingScreen } from '../../components/LoadingScreen';
import { useNotify } from '../../components/Notifications';
import { Page } from '../../components/Page';

/** Spec §4/§9: portrait 8x10 or landscape 10x8; each side must be more than 10% of the image. */
export const ASPECTS = { portrait: 0.8, landscape: 1.25 } as const;
export type Orientation = keyof typeof ASPECTS;
export const MIN_CROP_FRACTION = 0.1;
const MAX_ZOOM = 10;

const clamp = (value: number) => Math.min(1, Math.max(0, value));

/** The cropper's area (percentages) as the fractions 0..1 the API stores, clamped into the image. */
export function toFractions(area: Area): { x: number; y: number; width: number; height: number } {
  const x = clamp(area.x / 100);
  const y = clamp(area.y / 100);
  return {
    x,
    y,
    width: Math.min(clamp(area.width / 100), 1 - x),
    height: Math.min(clamp(area.height / 100), 1 - y),
  };
}

export const isValidCrop = (crop: { width: number; height: number }) =>
  crop.width > MIN_CROP_FRACTION && crop.height > MIN_CROP_FRACTION;

/** The orientation a saved crop was made in, from its shape in pixels. */
function orientationOf(crop: PhotoCrop, photo: Photo): Orientation {
  const ratio = pixelAspect(crop, photo);
  if (ratio === null) return 'portrait';
  return Math.abs(ratio - ASPECTS.landscape) < Math.abs(ratio - ASPECTS.portrait) ? 'landscape' : 'portrait';
}

function CropEditor({
  photo,
  defaultCrop,
  onSaved,
  onCancel,
}: {
  photo: Photo;
  defaultCrop: PhotoCrop | null;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveDefaultCrop(photo.id);
  const savedOrientation = defaultCrop ? orientationOf(defaultCrop, photo) : 'portrait';
  const [orientation, setOrientation] = useState<Orientation>(savedOrientation);
  const [position, setPosition] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const image = photo.thumbnails.large ?? photo.thumbnails.full ?? '';
  // A saved crop is where the cropper starts (in its own orientation).
  const initialArea = useMemo<Area | undefined>(
    () =>
      defaultCrop && orientation === savedOrientation
        ? {
            x: defaultCrop.x * 100,
            y: defaultCrop.y * 100,
            width: defaultCrop.width * 100,
            height: defaultCrop.height * 100,
          }
        : undefined,
    [defaultCrop, orientation, savedOrientation],
  );
  const fractions = area ? toFractions(area) : null;
  const valid = fractions ? isValidCrop(fractions) : false;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={orientation}
          aria-label={t('subjects.crop.orientation')}
          onChange={(_event, next: Orientation | null) => {
            if (!next) return;
            setOrientation(next);
            setZoom(1);
            setPosition({ x: 0, y: 0 });
          }}
        >
          <ToggleButton value="portrait" sx={{ textTransform: 'none' }}>
            <CropPortraitIcon aria-hidden="true" sx={{ mr: 1 }} />
            {t('subjects.crop.portrait')}
          </ToggleButton>
          <ToggleButton value="landscape" sx={{ textTransform: 'none' }}>
            <CropLandscapeIcon aria-hidden="true" sx={{ mr: 1 }} />
            {t('subjects.crop.landscape')}
          </ToggleButton>
        </ToggleButtonGroup>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            minWidth: 240,
            flex: '1 1 240px',
            maxWidth: 360,
          }}
        >
          <ZoomOutIcon aria-hidden="true" color="action" />
          <Slider
            min={1}
            max={MAX_ZOOM}
            step={0.05}
            value={zoom}
            onChange={(_event, value) => setZoom(value as number)}
            aria-label={t('subjects.crop.zoom')}
            getAriaValueText={(value) => `${Math.round(value * 100)}%`}
          />
          <ZoomInIcon aria-hidden="true" color="action" />
        </Box>
      </Box>
      <Box
        sx={{
          position: 'relative',
          height: { xs: 360, sm: 480 },
          bgcolor: 'grey.900',
          borderRadius: 1,
          overflow: 'hidden',
        }}
      >
        <Cropper
          key={orientation}
          image={image}
          aspect={ASPECTS[orientation]}
          crop={position}
          zoom={zoom}
          minZoom={1}
          maxZoom={MAX_ZOOM}
          objectFit="contain"
          initialCroppedAreaPercentages={initialArea}
          onCropChange={setPosition}
          onZoomChange={setZoom}
          onCropAreaChange={(croppedArea) => setArea(croppedArea)}
          mediaProps={{ alt: t('subjects.crop.image-alt') }}
          cropperProps={{ role: 'group', 'aria-label': t('subjects.crop.area') }}
        />
      </Box>
      {fractions && !valid && (
        <Alert severity="error" role="alert" data-testid="invalid-dimensions">
          <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
            {t('subjects.crop.invalid')}
          </Typography>
          {t('subjects.crop.invalid-hint')}
        </Alert>
      )}
      {save.isError && (
        <Alert severity="error" role="alert">
          {isApiError(save.error, 422) ? t('subjects.crop.invalid') : t('subjects.crop.failed')}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button
          variant="contained"
          disabled={!valid || !fractions || save.isPending}
          onClick={() => fractions && save.mutate(fractions, { onSuccess: onSaved })}
        >
          {save.isPending ? t('subjects.crop.saving') : t('subjects.crop.save')}
        </Button>
        <Button onClick={onCancel} disabled={save.isPending}>
          {t('subjects.crop.cancel')}
        </Button>
      </Box>
    </Box>
  );
}

/** A crop's width:height in pixels (its fractions are of the image's sides). */
function pixelAspect(crop: PhotoCrop, photo: Photo): number | null {
  if (!photo.width || !photo.height || crop.height <= 0) return null;
  return (crop.width * photo.width) / (crop.height * photo.height);
}

/**
 * Where the cropper starts: the photo's default crop, else the computer's 8x10 auto crop (the head placed
 * by the project's head-size rule), else none (the cropper centres its frame).
 */
export function startingCrop(crops: PhotoCrop[], photo: Photo): PhotoCrop | null {
  return (
    crops.find((c) => c.is_default) ??
    crops.find((c) => {
      const aspect = c.source === 'auto' ? pixelAspect(c, photo) : null;
      return aspect !== null && Math.abs(aspect - ASPECTS.portrait) < 0.02;
    }) ??
    null
  );
}

/**
 * Crop Photo (spec §4): the default crop of a subject's photo; then back to the subject's Info tab (or to
 * the screen named by `return_to`, a path of this app).
 */
export function PhotoCropPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const { projectId = '', subjectId = '', photoId = '' } = useParams();
  const photo = usePhoto(photoId);
  const crops = usePhotoCrops(photoId);
  // Opened from another screen (the photo checks review): back there, else to the subject's Info tab.
  const [search] = useSearchParams();
  const returnTo = search.get('return_to');
  const infoPath =
    returnTo?.startsWith('/') && !returnTo.startsWith('//')
      ? returnTo
      : routePath('project.subject', { projectId, subjectId });

  let content: ReactNode;
  if (photo.isPending || crops.isPending) {
    content = <LoadingScreen />;
  } else if (photo.isError || crops.isError) {
    const error = photo.error ?? crops.error;
    content = isApiError(error, 404) ? (
      <EmptyState message={t('subjects.crop.not-found')} />
    ) : (
      <ErrorState
        message={t('subjects.crop.load-failed')}
        onRetry={() => {
          void photo.refetch();
          void crops.refetch();
        }}
      />
    );
  } else if (!(photo.data.thumbnails.large ?? photo.data.thumbnails.full)) {
    // The server's job is still making the thumbnails: usePhoto asks again every 2 s for a while.
    content = photoPollingGaveUp(photoId) ? (
      <ErrorState message={t('subjects.crop.not-ready')} onRetry={() => restartPhotoPolling(photoId)} />
    ) : (
      <LoadingScreen label={t('subjects.crop.preparing')} />
    );
  } else {
    content = (
      <CropEditor
        photo={photo.data}
        defaultCrop={startingCrop(crops.data, photo.data)}
        onCancel={() => navigate(infoPath)}
        onSaved={() => {
          invalidateAfterUpload(projectId, subjectId);
          notify({ message: t('subjects.crop.saved') });
          navigate(infoPath);
        }}
      />
    );
  }

  return <Page title={t('subjects.crop.title')}>{content}</Page>;
}
