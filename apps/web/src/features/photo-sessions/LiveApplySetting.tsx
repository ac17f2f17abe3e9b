import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useChangePhotoSession } from './api';

type Choice = 'apply' | 'hold';

/**
 * The session's choice for tethered capture: a station's matched frames applied to the students as they
 * arrive, or held for the studio's review at the end of the day (the default). Saved on change.
 */
export function LiveApplySetting({
  sessionId,
  liveApply,
  canChange,
}: {
  sessionId: string;
  liveApply: boolean;
  canChange: boolean;
}) {
  const { t } = useTranslation();
  const change = useChangePhotoSession(sessionId);
  const shown: Choice = (change.isPending ? change.variables?.live_apply : liveApply) ? 'apply' : 'hold';
  const options: { value: Choice; label: string; help: string }[] = [
    { value: 'hold', label: t('tether.session.hold'), help: t('tether.session.hold-help') },
    { value: 'apply', label: t('tether.session.apply'), help: t('tether.session.apply-help') },
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} data-testid="session-live-apply">
      <FormControl disabled={!canChange || change.isPending}>
        <FormLabel id="session-live-apply-label">
          <Typography variant="h2" component="span" sx={{ fontSize: '1.25rem', color: 'text.primary' }}>
            {t('tether.session.title')}
          </Typography>
        </FormLabel>
        <RadioGroup
          aria-labelledby="session-live-apply-label"
          value={shown}
          onChange={(event) => change.mutate({ live_apply: event.target.value === 'apply' })}
        >
          {options.map((option) => (
            <div key={option.value}>
              <FormControlLabel
                value={option.value}
                control={<Radio />}
                label={option.label}
                slotProps={{ typography: { sx: { fontWeight: 500 } } }}
              />
              <FormHelperText sx={{ mt: -0.75, ml: 4 }}>{option.help}</FormHelperText>
            </div>
          ))}
        </RadioGroup>
      </FormControl>
      {change.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t('tether.session.failed')}
        </Alert>
      )}
    </Paper>
  );
}
