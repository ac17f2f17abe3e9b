import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WalkUpFields } from '../api';

/** A student not on the roster: name and class, checked in at once (their card code comes with the sync). */
export function WalkUpDialog({
  open,
  onClose,
  onSave,
}: {
  open: boolean;
  onClose: () => void;
  onSave: (fields: WalkUpFields) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState({ first_name: '', last_name: '', grade: '', teacher: '' });
  const [tried, setTried] = useState(false);
  const missing = (key: 'first_name' | 'last_name') => tried && !values[key].trim();
  const field = (key: keyof typeof values, label: string, required = false) => (
    <TextField
      label={label}
      value={values[key]}
      required={required}
      error={required && missing(key as 'first_name' | 'last_name')}
      helperText={required && missing(key as 'first_name' | 'last_name') ? t('station.walk-up.required') : ''}
      onChange={(event) => setValues((current) => ({ ...current, [key]: event.target.value }))}
    />
  );
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      slotProps={{
        paper: {
          component: 'form',
          onSubmit: (event: React.FormEvent) => {
            event.preventDefault();
            setTried(true);
            if (!values.first_name.trim() || !values.last_name.trim()) return;
            void onSave({
              first_name: values.first_name.trim(),
              last_name: values.last_name.trim(),
              grade: values.grade.trim(),
              teacher: values.teacher.trim(),
            }).then(() => {
              setValues({ first_name: '', last_name: '', grade: '', teacher: '' });
              setTried(false);
            });
          },
        },
      }}
    >
      <DialogTitle>{t('station.walk-up.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {field('first_name', t('station.walk-up.first-name'), true)}
          {field('last_name', t('station.walk-up.last-name'), true)}
          {field('grade', t('station.walk-up.grade'))}
          {field('teacher', t('station.walk-up.teacher'))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={{ minHeight: 48 }}>
          {t('station.cancel')}
        </Button>
        <Button type="submit" variant="contained" sx={{ minHeight: 48 }}>
          {t('station.walk-up.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
