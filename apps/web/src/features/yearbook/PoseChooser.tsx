import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ImageIcon from '@mui/icons-material/Image';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSubject } from '../../api/subjects';
import { GridList } from '../../components/GridList';
import { LoadingScreen } from '../../components/LoadingScreen';
import { useNotify } from '../../components/Notifications';
import { PhotoFrame } from '../../components/PhotoFrame';
import { SectionCard } from '../../components/Section';
import {
  type NamedSubject,
  POSE_NOT_CHOSEN,
  useChoosePose,
  useDeliveryCheck,
  type YearbookTarget,
} from './api';
import { formatDay, withClass } from './format';
import { refusal } from './refusal';

const THUMB_WIDTH = 160;

/** One student's photos, each with "Use for the yearbook"; the chosen one marked (the subject's yearbook flag). */
function StudentPoses({
  projectId,
  targetId,
  student,
  open,
}: {
  projectId: string;
  targetId: string;
  student: NamedSubject;
  open: boolean;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const subject = useSubject(student.id);
  const choose = useChoosePose(projectId, targetId);
  const name = student.name;
  return (
    <Box component="li" data-testid="yearbook-pose-student">
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {withClass(student)}
      </Typography>
      {!subject.data ? (
        <LoadingScreen />
      ) : (
        <GridList
          label={t('yearbook.poses.list-label', { name })}
          columns={{ xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(160px, 1fr))' }}
          sx={{ alignItems: 'start' }}
        >
          {subject.data.photos.map((photo, index) => {
            const n = index + 1;
            const chosen = subject.data.yearbook_photo_id === photo.id;
            return (
              <Card component="li" key={photo.id} variant="outlined" data-testid="yearbook-pose">
                <PhotoFrame
                  src={photo.thumbnails.small}
                  placeholder={<ImageIcon aria-hidden="true" color="disabled" />}
                  alt={t('yearbook.poses.photo-alt', { n, name })}
                  aspectRatio={photo.width && photo.height ? `${photo.width} / ${photo.height}` : undefined}
                  width={THUMB_WIDTH}
                  height={
                    photo.width && photo.height
                      ? Math.round((THUMB_WIDTH * photo.height) / photo.width)
                      : THUMB_WIDTH
                  }
                />
                <CardActions>
                  {chosen ? (
                    <Chip
                      size="small"
                      color="secondary"
                      icon={<CheckCircleIcon />}
                      label={t('yearbook.poses.chosen')}
                    />
                  ) : (
                    <Button
                      size="small"
                      disabled={!open || choose.isPending}
                      aria-label={t('yearbook.poses.choose-label', { n, name })}
                      onClick={() =>
                        choose.mutate(
                          { subject_id: student.id, photo_id: photo.id },
                          {
                            onSuccess: () => notify({ message: t('yearbook.poses.saved', { name }) }),
                            onError: (error) =>
                              notify({
                                message: refusal(error, t('yearbook.poses.save-failed')),
                                severity: 'error',
                              }),
                          },
                        )
                      }
                    >
                      {t('yearbook.poses.choose')}
                    </Button>
                  )}
                </CardActions>
              </Card>
            );
          })}
        </GridList>
      )}
    </Box>
  );
}

/**
 * The school's side: the students the check names as having several photos and no yearbook pose, each
 * with its photos to choose from (the subject's yearbook photo, as on its page), until the target's
 * deadline; after it the choice is the studio's.
 */
export function PoseChooser({ projectId, target }: { projectId: string; target: YearbookTarget }) {
  const { t } = useTranslation();
  const check = useDeliveryCheck(target.id, 'full');
  const students = check.data?.warnings.find((w) => w.code === POSE_NOT_CHOSEN)?.subjects ?? [];
  const open = target.poses_open;
  const deadline = target.pose_deadline;
  return (
    <SectionCard id="yearbook-poses-heading" title={t('yearbook.poses.heading')}>
      {!open ? (
        <Alert severity="info">{t('yearbook.poses.closed')}</Alert>
      ) : (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {deadline
            ? t('yearbook.poses.intro', { date: formatDay(deadline) })
            : t('yearbook.poses.intro-no-deadline')}
        </Typography>
      )}
      {check.isPending ? (
        <LoadingScreen />
      ) : check.isError ? (
        <Alert severity="error">{t('yearbook.check.failed')}</Alert>
      ) : students.length === 0 ? (
        <Typography>{t('yearbook.poses.none')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 3 }}>
          {students.map((student) => (
            <StudentPoses
              key={student.id}
              projectId={projectId}
              targetId={target.id}
              student={student}
              open={open}
            />
          ))}
        </Box>
      )}
    </SectionCard>
  );
}
