import PersonIcon from '@mui/icons-material/Person';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Typography from '@mui/material/Typography';
import { effectiveLabel, previewFields } from '@school-portal/domain';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Subject, SubjectField } from '../../api/subjects';
import { routePath } from '../../app/routes';
import { PhotoFrame } from '../../components/PhotoFrame';
import { ConsentChips } from './ConsentPanel';

/** Small thumbnails are 200 px wide; the card shows them in a 4:5 (8x10) frame. */
export const CARD_IMAGE_WIDTH = 200;
export const CARD_IMAGE_HEIGHT = 250;

interface SubjectCardProps {
  subject: Subject;
  fields: SubjectField[];
  selected: boolean;
  onToggle: (subjectId: string) => void;
}

/** A grid card: primary thumbnail (small) or a placeholder, display name, and the preview (spec §3). */
export const SubjectCard = memo(function SubjectCard({
  subject,
  fields,
  selected,
  onToggle,
}: SubjectCardProps) {
  const { t } = useTranslation();
  const name = subject.display_name || t('subjects.no-name');
  const preview = previewFields(fields, subject.properties);
  const thumbnail = subject.primary_photo_thumbnails?.small;
  return (
    <Card
      component="li"
      variant="outlined"
      data-testid="subject-card"
      sx={{ position: 'relative', listStyle: 'none', borderColor: selected ? 'primary.main' : undefined }}
    >
      <Checkbox
        checked={selected}
        onChange={() => onToggle(subject.id)}
        slotProps={{ input: { 'aria-label': t('subjects.selection.toggle', { name }) } }}
        sx={{
          position: 'absolute',
          top: 4,
          left: 4,
          zIndex: 1,
          bgcolor: 'rgba(255,255,255,0.85)',
          '&:hover': { bgcolor: 'rgba(255,255,255,0.95)' },
        }}
      />
      <CardActionArea
        component={Link}
        to={routePath('project.subject', { projectId: subject.project_id, subjectId: subject.id })}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <PhotoFrame
          src={thumbnail}
          alt={t('subjects.grid.photo-of', { name })}
          fit="cover"
          width={CARD_IMAGE_WIDTH}
          height={CARD_IMAGE_HEIGHT}
          placeholder={
            <PersonIcon titleAccess={t('subjects.grid.no-photo')} sx={{ fontSize: 72, color: 'grey.400' }} />
          }
        />
        <CardContent sx={{ flex: 1 }}>
          <Typography
            component="h2"
            variant="subtitle1"
            sx={{ fontWeight: 600, lineHeight: 1.3 }}
            noWrap
            title={name}
          >
            {name}
          </Typography>
          {preview.length > 0 && (
            <Box component="dl" sx={{ m: 0, mt: 0.5 }}>
              {preview.map(({ field, value }) => (
                <Box key={field.id} sx={{ display: 'flex', gap: 0.5, minWidth: 0 }}>
                  <Typography component="dt" variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
                    {effectiveLabel(field)}:
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0 }} noWrap title={value}>
                    {value}
                  </Typography>
                </Box>
              ))}
            </Box>
          )}
          <Typography variant="caption" color="text.secondary">
            {t('subjects.grid.photos', { count: subject.photos_count })}
          </Typography>
          <ConsentChips subject={subject} />
        </CardContent>
      </CardActionArea>
    </Card>
  );
});
