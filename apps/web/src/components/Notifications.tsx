import Alert, { type AlertColor } from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
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
/** At most this many notices show at once; older ones give way (a failure is never hidden behind them). */
const MAX_VISIBLE = 4;

/** One notice of the stack; a success clears itself after AUTO_HIDE_MS. */
function NoticeItem({ notice, onClose }: { notice: QueuedNotification; onClose: (key: number) => void }) {
  const { t } = useTranslation();
  const severity = notice.severity ?? 'success';
  const autoHide = notice.autoHide ?? severity === 'success';
  useEffect(() => {
    if (!autoHide) return;
    const timer = window.setTimeout(() => onClose(notice.key), AUTO_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [autoHide, notice.key, onClose]);
  return (
    <Alert
      severity={severity}
      variant="filled"
      role={severity === 'error' || severity === 'warning' ? 'alert' : 'status'}
      onClose={() => onClose(notice.key)}
      slotProps={{ closeButton: { 'aria-label': t('notifications.close') } }}
      sx={{ width: '100%', boxShadow: 6 }}
      data-testid="notification"
    >
      {notice.message}
    </Alert>
  );
}

/**
 * Notices stack at the bottom of the window, newest at the bottom, each with its own timer: a failure
 * that follows a success shows at once instead of waiting behind it.
 */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [notices, setNotices] = useState<QueuedNotification[]>([]);
  const notify = useCallback((notification: Notification) => {
    setNotices((items) =>
      [...items, { ...notification, key: Date.now() + Math.random() }].slice(-MAX_VISIBLE),
    );
  }, []);
  const close = useCallback((key: number) => setNotices((items) => items.filter((n) => n.key !== key)), []);
  const value = useMemo(() => notify, [notify]);

  return (
    <NotificationsContext.Provider value={value}>
      {children}
      {notices.length > 0 && (
        <Stack
          spacing={1}
          data-testid="notifications"
          sx={{
            position: 'fixed',
            zIndex: (theme) => theme.zIndex.snackbar,
            bottom: { xs: 8, sm: 24 },
            left: '50%',
            transform: 'translateX(-50%)',
            width: { xs: 'calc(100% - 16px)', sm: 'auto' },
            minWidth: { sm: 344 },
            maxWidth: { sm: 600 },
          }}
        >
          {notices.map((notice) => (
            <NoticeItem key={notice.key} notice={notice} onClose={close} />
          ))}
        </Stack>
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
