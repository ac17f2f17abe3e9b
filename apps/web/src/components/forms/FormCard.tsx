import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface FormCardProps {
  /** The form's accessible name. */
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The message above the fields (useFormError's `formError`), or null. */
  error: string | null;
  /** What stands in the card above the form (an introduction). */
  intro?: ReactNode;
  children: ReactNode;
}

/** A form page's card: outlined, the form (the browser's own validation off) and its message on top. */
export function FormCard({ label, onSubmit, error, intro, children }: FormCardProps) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      {intro}
      <Box component="form" aria-label={label} noValidate onSubmit={onSubmit}>
        {error && (
          <Alert severity="error" role="alert" sx={{ mb: 2, mt: intro ? 2 : 0 }} data-testid="form-error">
            {error}
          </Alert>
        )}
        {children}
      </Box>
    </Paper>
  );
}

/** The forms that keep their buttons' words under one prefix with the same keys: save, saving and cancel. */
export type FormActionsWords =
  | 'attachment-requests.form'
  | 'project-form'
  | 'project-template.form'
  | 'seasons.form';

type FormActionsLabels =
  | { words: FormActionsWords }
  | { saveLabel: string; savingLabel: string; cancelLabel: string };

type FormActionsProps = FormActionsLabels & {
  /** Save is offered only when the form may be sent (valid, and not already being saved). */
  canSave: boolean;
  saving: boolean;
  cancelTo: string;
};

/** A form page's Save (Saving… while it is sent) and Cancel, which leads back without saving. */
export function FormActions({ canSave, saving, cancelTo, ...labels }: FormActionsProps) {
  const { t } = useTranslation();
  const { saveLabel, savingLabel, cancelLabel } =
    'words' in labels
      ? {
          saveLabel: t(`${labels.words}.save`),
          savingLabel: t(`${labels.words}.saving`),
          cancelLabel: t(`${labels.words}.cancel`),
        }
      : labels;
  return (
    <Stack direction="row" spacing={2} sx={{ mt: 3, alignItems: 'center', flexWrap: 'wrap' }}>
      <Button type="submit" variant="contained" size="large" disabled={!canSave}>
        {saving ? savingLabel : saveLabel}
      </Button>
      <Button component={Link} to={cancelTo} size="large">
        {cancelLabel}
      </Button>
    </Stack>
  );
}

/** The forms whose Cancel and Submit keep their words under one prefix with the same keys: cancel, submit and saving. */
export type CancelAndSubmitWords = 'new-user' | 'organization-form' | 'organization-edit';

interface CancelAndSubmitProps {
  words: CancelAndSubmitWords;
  /** The form is being sent: Submit says so and waits. */
  saving: boolean;
  /** Submit waits for another reason too (the form is not valid yet, say). */
  disabled?: boolean;
  /** Where Cancel leads back to (a form page), or what it does (a dialog, which stays while saving). */
  cancel: string | (() => void);
}

/** A form's Cancel, then its Submit (the saving words while the form is sent). */
export function CancelAndSubmit({ words, saving, disabled = false, cancel }: CancelAndSubmitProps) {
  const { t } = useTranslation();
  return (
    <>
      {typeof cancel === 'string' ? (
        <Button component={Link} to={cancel}>
          {t(`${words}.cancel`)}
        </Button>
      ) : (
        <Button onClick={cancel} disabled={saving}>
          {t(`${words}.cancel`)}
        </Button>
      )}
      <Button type="submit" variant="contained" disabled={disabled || saving}>
        {saving ? t(`${words}.saving`) : t(`${words}.submit`)}
      </Button>
    </>
  );
}
