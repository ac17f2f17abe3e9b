import AddIcon from '@mui/icons-material/Add';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import LockIcon from '@mui/icons-material/Lock';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { ROUTES } from '../../app/routes';
import { ErrorState } from '../../components/ErrorState';
import { formatDateTime } from '../../components/format';
import { GridList } from '../../components/GridList';
import { LoadingScreen } from '../../components/LoadingScreen';
import { LinkButton } from '../../components/RouterLink';
import {
  type FamilyChild,
  type FamilyPhoto,
  useChildPhotos,
  useChoosePose,
  useFamilyChildren,
  useGuardian,
  useSetPhotosReadyMail,
} from './api';
import { FamilyFrame } from './FamilyFrame';
import { OptOutPanel } from './OptOutPanel';
import { ProofImage } from './ProofImage';
import { useFamilyToken } from './session';

const childName = (child: Pick<FamilyChild, 'first_name' | 'last_name'>) =>
  `${child.first_name} ${child.last_name}`.trim();

/**
 * The family's gallery: every child the guardian claimed, together (siblings at other schools of the same
 * studio, and other seasons), each with this season's proofs (the crop drawn on them), the yearbook pose
 * while it may be chosen, the opt-out requests, and earlier seasons' proofs.
 */
export function GalleryPage() {
  const { t } = useTranslation();
  const token = useFamilyToken();
  const children = useFamilyChildren(token !== null);
  // A "photos are ready" e-mail links to one child (`?child=<id>`): its section comes into view.
  const [params] = useSearchParams();
  const focus = params.get('child');
  const loaded = children.isSuccess;
  useEffect(() => {
    if (loaded && focus) document.getElementById(`child-${focus}`)?.scrollIntoView({ block: 'start' });
  }, [loaded, focus]);
  if (token === null) return <Navigate to={ROUTES['family.claim']} replace />;
  return (
    <FamilyFrame title={t('families.gallery.title')}>
      {children.isPending ? (
        <LoadingScreen />
      ) : children.isError ? (
        <ErrorState message={t('families.gallery.load-failed')} onRetry={() => void children.refetch()} />
      ) : children.data.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3 }} data-testid="family-no-children">
          <Typography>{t('families.gallery.no-children')}</Typography>
        </Paper>
      ) : (
        <Box sx={{ display: 'grid', gap: 5 }}>
          {children.data.map((child) => (
            <ChildSection key={child.id} child={child} />
          ))}
        </Box>
      )}
      <Box sx={{ mt: 5, display: 'grid', gap: 2, justifyItems: 'start' }}>
        <LinkButton to={ROUTES['family.claim']} icon={<AddIcon aria-hidden="true" />}>
          {t('families.gallery.claim-another')}
        </LinkButton>
        <PhotosReadyMail />
      </Box>
    </FamilyFrame>
  );
}

/** Who is signed in, and whether they get the "photos are ready" e-mail. */
function PhotosReadyMail() {
  const { t } = useTranslation();
  const guardian = useGuardian(true);
  const change = useSetPhotosReadyMail();
  // The box shows the choice at once, in the click's own render (the mutation's state reaches the screen a
  // moment later), until the server's answer stands in for it.
  const [asked, setAsked] = useState<boolean | null>(null);
  if (!guardian.data) return null;
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" data-testid="family-signed-in-as">
        {t('families.gallery.signed-in-as', { email: guardian.data.email })}
      </Typography>
      <FormControlLabel
        control={
          <Checkbox
            checked={asked ?? guardian.data.notify_photos_ready}
            disabled={change.isPending}
            onChange={(event) => {
              setAsked(event.target.checked);
              change.mutate(event.target.checked, { onSettled: () => setAsked(null) });
            }}
          />
        }
        label={t('families.gallery.photos-ready-mail')}
      />
      {change.isError && (
        <Alert severity="error" role="alert">
          {t('families.gallery.photos-ready-failed')}
        </Alert>
      )}
    </Box>
  );
}

/** One child: names, class and school, the proofs of this season and of earlier ones, the requests. */
function ChildSection({ child }: { child: FamilyChild }) {
  const { t } = useTranslation();
  const name = childName(child);
  const headingId = `child-${child.id}`;
  const photos = useChildPhotos(child.id);
  const current = photos.data?.photos.filter((photo) => photo.season === 'current') ?? [];
  const earlier = photos.data?.photos.filter((photo) => photo.season === 'earlier') ?? [];

  return (
    <Box component="section" aria-labelledby={headingId} data-testid="family-child">
      <Typography id={headingId} variant="h2" component="h2">
        {name}
      </Typography>
      {child.class && (
        <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="family-child-class">
          {child.class}
        </Typography>
      )}
      <PoseStatus child={child} />
      {photos.isPending ? (
        <LoadingScreen />
      ) : photos.isError ? (
        <ErrorState message={t('families.gallery.photos-failed')} onRetry={() => void photos.refetch()} />
      ) : (
        <>
          <Typography variant="h3" component="h3" sx={{ fontSize: '1.2rem', mt: 2, mb: 1 }}>
            {t('families.gallery.this-season')}
          </Typography>
          {current.length === 0 ? (
            <Typography color="text.secondary" data-testid="family-no-photos">
              {t('families.gallery.no-photos')}
            </Typography>
          ) : (
            <ProofGrid child={child} photos={current} choosable />
          )}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('families.gallery.proof-note')}
          </Typography>
          {earlier.length > 0 && <EarlierSeasons child={child} photos={earlier} />}
        </>
      )}
      <OptOutPanel child={child} />
    </Box>
  );
}

/** Whether the yearbook pose may be chosen, until when; or that it is locked. */
function PoseStatus({ child }: { child: FamilyChild }) {
  const { t } = useTranslation();
  const pose = child.yearbook_pose;
  if (!pose.deadline) return null;
  const deadline = formatDateTime(pose.deadline);
  return !pose.open ? (
    <Alert severity="info" icon={<LockIcon />} data-testid="pose-locked" sx={{ mb: 2 }}>
      {t('families.pose.locked', { deadline })}
    </Alert>
  ) : (
    <Alert severity="info" data-testid="pose-open" sx={{ mb: 2 }}>
      {t('families.pose.open', { deadline, name: child.first_name })}
    </Alert>
  );
}

function ProofGrid({
  child,
  photos,
  choosable,
}: {
  child: FamilyChild;
  photos: FamilyPhoto[];
  choosable: boolean;
}) {
  const { t } = useTranslation();
  const choose = useChoosePose(child.id);
  const pose = child.yearbook_pose;
  const mayChoose = choosable && pose.open;
  return (
    <>
      {choose.isError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {t('families.pose.failed')}
        </Alert>
      )}
      <GridList
        label={t('families.gallery.photos-of', { name: child.first_name })}
        columns={{ xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(220px, 1fr))' }}
        sx={{ alignItems: 'start' }}
      >
        {photos.map((photo, index) => {
          const chosen = choosable && (pose.photo_id === photo.id || photo.is_yearbook_pose);
          return (
            <Card component="li" key={photo.id} variant="outlined" data-testid="family-proof">
              <ProofImage
                src={photo.proof_url}
                alt={t('families.gallery.photo-alt', { n: index + 1, name: child.first_name })}
                crop={photo.crop}
              />
              <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 }, display: 'grid', gap: 1 }}>
                {chosen && (
                  <Chip
                    color="secondary"
                    size="small"
                    icon={<CheckCircleIcon />}
                    label={
                      pose.chosen_by_guardian ? t('families.pose.chosen-by-you') : t('families.pose.chosen')
                    }
                    data-testid="pose-chosen"
                    sx={{ justifySelf: 'start' }}
                  />
                )}
                {mayChoose && !chosen && (
                  <Button
                    size="small"
                    variant="outlined"
                    disabled={choose.isPending}
                    onClick={() => choose.mutate(photo.id)}
                    aria-label={t('families.pose.choose-n', { n: index + 1, name: child.first_name })}
                  >
                    {t('families.pose.choose')}
                  </Button>
                )}
              </CardContent>
            </Card>
          );
        })}
      </GridList>
    </>
  );
}

/** Earlier seasons' proofs, a heading per year, newest first. */
function EarlierSeasons({ child, photos }: { child: FamilyChild; photos: FamilyPhoto[] }) {
  const { t } = useTranslation();
  const years = new Map<number, FamilyPhoto[]>();
  for (const photo of [...photos].sort((a, b) => b.year - a.year)) {
    years.set(photo.year, [...(years.get(photo.year) ?? []), photo]);
  }
  return (
    <Box sx={{ mt: 3 }} data-testid="family-earlier">
      <Typography variant="h3" component="h3" sx={{ fontSize: '1.2rem', mb: 1 }}>
        {t('families.gallery.earlier')}
      </Typography>
      {[...years].map(([year, list]) => (
        <Box key={year} sx={{ mb: 2 }}>
          <Typography variant="subtitle1" component="h4" sx={{ mb: 1 }}>
            {t('families.gallery.earlier-year', { year })}
          </Typography>
          <ProofGrid child={child} photos={list} choosable={false} />
        </Box>
      ))}
    </Box>
  );
}
