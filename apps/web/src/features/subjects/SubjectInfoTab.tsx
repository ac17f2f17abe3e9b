import ImageIcon from '@mui/icons-material/Image';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { effectiveLabel } from '@school-portal/domain';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SubjectPhoto } from '../../api/photos';
import { useSetPrimaryPhoto, useSetYearbookPhoto } from '../../api/subjects';
import { routePath } from '../../app/routes';
import { GridList } from '../../components/GridList';
import { useNotify } from '../../components/Notifications';
import { PhotoFrame } from '../../components/PhotoFrame';
import { RouterLink } from '../../components/RouterLink';
import { GuardianChoiceMark } from '../families/GuardianChoiceMark';
import { ConsentPanel } from './ConsentPanel';
import { useSubjectContext } from './SubjectLayout';

const THUMB_WIDTH = 200;

function PhotoActions({
  photo,
  n,
  isYearbook,
  onPrimary,
  onYearbook,
  cropTo,
  busy,
}: {
  photo: SubjectPhoto;
  n: number;
  isYearbook: boolean;
  onPrimary: () => void;
  onYearbook: () => void;
  cropTo: string;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const choose = (action: () => void) => () => {
    close();
    action();
  };
  return (
    <>
      <IconButton
        aria-label={t('subjects.info.actions', { n })}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={busy}
        size="small"
      >
        {busy ? <CircularProgress size={20} aria-hidden="true" /> : <MoreVertIcon />}
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        <MenuItem disabled={photo.is_primary} onClick={choose(onPrimary)}>
          {t('subjects.info.set-primary')}
        </MenuItem>
        <MenuItem disabled={isYearbook} onClick={choose(onYearbook)}>
          {t('subjects.info.set-yearbook')}
        </MenuItem>
        <MenuItem component={Link} to={cropTo} onClick={close}>
          {t('subjects.info.crop')}
        </MenuItem>
      </Menu>
    </>
  );
}

/** A part of the panel, named by its heading. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h2" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** A part with nothing in it yet: says so, and links to where it is added. */
function NothingYet({
  testId,
  message,
  to,
  linkLabel,
}: {
  testId: string;
  message: string;
  to: string;
  linkLabel: string;
}) {
  return (
    <Paper variant="outlined" data-testid={testId} sx={{ p: 3, textAlign: 'center' }}>
      <Typography color="text.secondary">{message}</Typography>
      <RouterLink to={to}>{linkLabel}</RouterLink>
    </Paper>
  );
}

/** Spec §4 subject details panel: photos with primary and yearbook flags, and the data table. */
export function SubjectInfoTab() {
  const { t } = useTranslation();
  const notify = useNotify();
  const { projectId, subject, fields } = useSubjectContext();
  const setPrimary = useSetPrimaryPhoto(projectId, subject.id);
  const setYearbook = useSetYearbookPhoto(projectId, subject.id);
  const name = subject.display_name || t('subjects.no-name');
  const params = { projectId, subjectId: subject.id };
  const withValues = fields.filter((f) => subject.properties[f.id]?.trim());

  return (
    <Box sx={{ display: 'grid', gap: 4 }}>
      <Section id="subject-photos-heading" title={t('subjects.info.photos')}>
        {subject.photos.length === 0 ? (
          <NothingYet
            testId="no-photos"
            message={t('subjects.info.no-photos')}
            to={routePath('project.subject.upload', params)}
            linkLabel={t('subjects.info.upload-link')}
          />
        ) : (
          <GridList
            label={t('subjects.info.photos-list', { name })}
            // Two to a row on a phone: a photo never fills the screen's width.
            columns={{ xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(180px, 1fr))' }}
            sx={{ alignItems: 'start' }}
          >
            {subject.photos.map((photo, index) => {
              const n = index + 1;
              const isYearbook = subject.yearbook_photo_id === photo.id;
              const height =
                photo.width && photo.height
                  ? Math.round((THUMB_WIDTH * photo.height) / photo.width)
                  : THUMB_WIDTH;
              return (
                <Card component="li" key={photo.id} variant="outlined" data-testid="subject-photo">
                  <PhotoFrame
                    src={photo.thumbnails.small}
                    alt={t('subjects.info.photo-alt', { n, name })}
                    aspectRatio={photo.width && photo.height ? `${photo.width} / ${photo.height}` : undefined}
                    width={THUMB_WIDTH}
                    height={height}
                    placeholder={
                      <Box role="status" sx={{ textAlign: 'center', color: 'text.secondary', p: 2 }}>
                        <ImageIcon aria-hidden="true" />
                        <Typography variant="caption" component="p">
                          {t('subjects.info.processing')}
                        </Typography>
                      </Box>
                    }
                  />
                  <CardContent
                    sx={{
                      display: 'flex',
                      alignItems: 'flex-start',
                      gap: 1,
                      p: 1.5,
                      '&:last-child': { pb: 1.5 },
                    }}
                  >
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <Typography variant="body2" noWrap title={photo.upload_file_name}>
                        {photo.upload_file_name}
                      </Typography>
                      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
                        {photo.is_primary && (
                          <Chip size="small" color="primary" label={t('subjects.info.primary')} />
                        )}
                        {isYearbook && (
                          <Chip size="small" color="secondary" label={t('subjects.info.yearbook')} />
                        )}
                        {isYearbook && (
                          <GuardianChoiceMark
                            projectId={projectId}
                            subjectId={subject.id}
                            photoId={photo.id}
                          />
                        )}
                        {photo.default_photo_crop_id && (
                          <Chip size="small" variant="outlined" label={t('subjects.info.cropped')} />
                        )}
                      </Box>
                    </Box>
                    <PhotoActions
                      photo={photo}
                      n={n}
                      isYearbook={isYearbook}
                      busy={
                        (setPrimary.isPending && setPrimary.variables === photo.assignment_id) ||
                        (setYearbook.isPending && setYearbook.variables === photo.id)
                      }
                      cropTo={routePath('project.subject.crop', { ...params, photoId: photo.id })}
                      onPrimary={() =>
                        setPrimary.mutate(photo.assignment_id, {
                          onSuccess: () => notify({ message: t('subjects.info.primary-saved') }),
                          onError: () =>
                            notify({ message: t('subjects.info.primary-failed'), severity: 'error' }),
                        })
                      }
                      onYearbook={() =>
                        setYearbook.mutate(photo.id, {
                          onSuccess: () => notify({ message: t('subjects.info.yearbook-saved') }),
                          onError: () => notify({ message: t('subjects.save-failed'), severity: 'error' }),
                        })
                      }
                    />
                  </CardContent>
                </Card>
              );
            })}
          </GridList>
        )}
      </Section>

      <Section id="subject-data-heading" title={t('subjects.info.data')}>
        <Typography data-testid="card-code" sx={{ mb: 2 }}>
          {t('subjects.info.card-code')}:{' '}
          <Box component="span" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
            {subject.card_code}
          </Box>
        </Typography>
        {withValues.length === 0 ? (
          <NothingYet
            testId="no-data"
            message={t('subjects.info.no-data')}
            to={routePath('project.subject.edit', params)}
            linkLabel={t('subjects.info.edit-link')}
          />
        ) : (
          <TableContainer component={Paper} variant="outlined" sx={{ maxWidth: 720 }}>
            <Table size="small" aria-label={t('subjects.info.properties')}>
              <TableHead>
                <TableRow>
                  <TableCell component="th" scope="col">
                    {t('subjects.info.field')}
                  </TableCell>
                  <TableCell component="th" scope="col">
                    {t('subjects.info.value')}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {fields.map((field) => (
                  <TableRow key={field.id}>
                    <TableCell component="th" scope="row" sx={{ fontWeight: 500, width: '40%' }}>
                      {field.effective_label || effectiveLabel(field)}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {subject.properties[field.id] ?? ''}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Section>

      <ConsentPanel projectId={projectId} subject={subject} />
    </Box>
  );
}
