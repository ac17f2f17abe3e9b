import FamilyRestroomIcon from '@mui/icons-material/FamilyRestroom';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../app/can';
import { usePoseChoices } from './api';

/**
 * "Chosen by a guardian", beside a subject's yearbook photo when a guardian chose it on the family
 * gallery (and it is still the yearbook photo): the school and the studio see where the choice came from.
 */
export function GuardianChoiceMark({
  projectId,
  subjectId,
  photoId,
}: {
  projectId: string;
  subjectId: string;
  photoId: string;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const choices = usePoseChoices(projectId, can('guardian.list'));
  const chosen = choices.data?.some(
    (choice) => choice.current && choice.subject_id === subjectId && choice.photo_id === photoId,
  );
  if (!chosen) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color="secondary"
      icon={<FamilyRestroomIcon />}
      label={t('families.staff.chosen-by-guardian')}
      data-testid="chosen-by-guardian"
    />
  );
}
