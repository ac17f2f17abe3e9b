import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { type Subject, useSetSubjectConsent } from '../../api/subjects';
import { useCan } from '../../app/can';
import { useNotify } from '../../components/Notifications';

const FLAGS = [
  { flag: 'directory_opt_out', label: 'subjects.consent.directory' },
  { flag: 'yearbook_opt_out', label: 'subjects.consent.yearbook' },
] as const;

/** The subject's consent flags as chips (flagged ones only); nothing when none is set. */
export function ConsentChips({ subject, size = 'small' }: { subject: Subject; size?: 'small' | 'medium' }) {
  const { t } = useTranslation();
  const set = FLAGS.filter(({ flag }) => subject[flag]);
  if (set.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }} data-testid="consent-chips">
      {set.map(({ flag, label }) => (
        <Chip key={flag} size={size} color="warning" variant="outlined" label={t(label)} />
      ))}
    </Box>
  );
}

/**
 * Consent, owned by the school (a family's choice the school records): its staff switch the two flags on and off here (saved at
 * once); the studio and lab see them as chips and may not change them (subject.set-consent).
 */
export function ConsentPanel({ projectId, subject }: { projectId: string; subject: Subject }) {
  const { t } = useTranslation();
  const can = useCan();
  const notify = useNotify();
  const save = useSetSubjectConsent(projectId, subject.id);
  const editable = can('subject.set-consent');
  return (
    <Box component="section" aria-labelledby="subject-consent-heading">
      <Typography id="subject-consent-heading" variant="h2" component="h2" gutterBottom>
        {t('subjects.consent.heading')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1, maxWidth: 720 }}>
        {t('subjects.consent.intro')}
      </Typography>
      {editable ? (
        <FormGroup>
          {FLAGS.map(({ flag, label }) => (
            <FormControlLabel
              key={flag}
              label={t(label)}
              control={
                <Switch
                  checked={subject[flag]}
                  disabled={save.isPending}
                  onChange={(_event, checked) =>
                    save.mutate(
                      { [flag]: checked },
                      {
                        onSuccess: () => notify({ message: t('subjects.consent.saved') }),
                        onError: () => notify({ message: t('subjects.consent.failed'), severity: 'error' }),
                      },
                    )
                  }
                />
              }
            />
          ))}
        </FormGroup>
      ) : (
        (FLAGS.some(({ flag }) => subject[flag]) && <ConsentChips subject={subject} size="medium" />) || (
          <Typography data-testid="consent-none">{t('subjects.consent.none')}</Typography>
        )
      )}
    </Box>
  );
}
