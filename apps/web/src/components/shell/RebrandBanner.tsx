import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { REBRAND_PERSISTENT_ROUTES } from '@school-portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../api/config';

export const REBRAND_DISMISSED_KEY = 'sp.rebrand-banner-dismissed';

function readDismissed(): boolean {
  try {
    return window.localStorage.getItem(REBRAND_DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * Spec §4: shown when enabled and (not dismissed, or the route is on the persistent list); it can be
 * dismissed only off that list, and dismissal is remembered on this device.
 */
export function RebrandBanner({ routeName }: { routeName: string | undefined }) {
  const { t } = useTranslation();
  const { data: config } = useConfig();
  const [dismissed, setDismissed] = useState(readDismissed);
  const persistent = (REBRAND_PERSISTENT_ROUTES as readonly string[]).includes(routeName ?? '');

  if (!config?.rebrand_banner_enabled) return null;
  if (dismissed && !persistent) return null;

  const dismiss = () => {
    try {
      window.localStorage.setItem(REBRAND_DISMISSED_KEY, 'true');
    } catch {
      // Without storage the banner stays dismissed until reload.
    }
    setDismissed(true);
  };

  return (
    <Alert
      severity="info"
      role="region"
      aria-label={t('rebrand.label')}
      data-testid="rebrand-banner"
      sx={{ borderRadius: 0 }}
      action={
        persistent ? undefined : (
          <Button color="inherit" size="small" onClick={dismiss}>
            {t('common.dismiss')}
          </Button>
        )
      }
    >
      {t('rebrand.text')}
    </Alert>
  );
}
