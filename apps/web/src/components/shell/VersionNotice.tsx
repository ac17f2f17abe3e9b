import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useDeployedVersion } from '../../api/version';

/** Announces a new deployment (spec §8): /version.txt differs from the version first seen. */
export function VersionNotice() {
  const { t } = useTranslation();
  const { first, current, updated } = useDeployedVersion();
  if (!updated) return null;
  return (
    <Alert
      severity="warning"
      data-testid="version-notice"
      sx={{ borderRadius: 0 }}
      action={
        <Button color="inherit" size="small" onClick={() => window.location.reload()}>
          {t('common.refresh')}
        </Button>
      }
    >
      {t('version.updated', { oldVersion: first, newVersion: current })}
    </Alert>
  );
}
