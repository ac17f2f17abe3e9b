import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface Notification {
  message: string;
  severity?: AlertColor;
  /** Success notifications clear themselves unless this is false (the invite ones stay, spec §8). */
  autoHide?: boolean;
}

interface QueuedNotification extends Notification {
  key: number;
}

const NotificationsContext = createContext<((notification: Notification) => void) | null>(null);

const AUTO_HIDE_MS = 6000;

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [queue, setQueue] = useState<QueuedNotification[]>([]);
  const notify = useCallback((notification: Notification) => {
    setQueue((items) => [...items, { ...notification, key: Date.now() + Math.random() }]);
  }, []);
  const current = queue[0];
  const close = useCallback(() => setQueue((items) => items.slice(1)), []);
  const value = useMemo(() => notify, [notify]);
  const severity = current?.severity ?? 'success';
  const autoHide = current?.autoHide ?? severity === 'success';

  return (
    <NotificationsContext.Provider value={value}>
      {children}
      {current && (
        <Snackbar
          key={current.key}
          open
          autoHideDuration={autoHide ? AUTO_HIDE_MS : null}
          onClose={(_event, reason) => {
            if (reason !== 'clickaway') close();
          }}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        >
          <Alert
            severity={severity}
            variant="filled"
            onClose={close}
            slotProps={{ closeButton: { 'aria-label': t('notifications.close') } }}
            sx={{ width: '100%' }}
          >
            {current.message}
          </Alert>
        </Snackbar>
      )}
    </NotificationsContext.Provider>
  );
}

/** `notify({message})` shows a notification at the bottom of the window. */
export function useNotify(): (notification: Notification) => void {
  const notify = useContext(NotificationsContext);
  if (!notify) throw new Error('useNotify must be used inside NotificationsProvider');
  return notify;
}
