import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** "Try again in 3 minutes", counting down from a 429's Retry-After; "try again later" without one. */
export function RetryAfter({ seconds }: { seconds: number | null }) {
  const { t } = useTranslation();
  const [until] = useState(() => (seconds === null ? null : Date.now() + seconds * 1000));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  if (until === null) return <span data-testid="retry-after">{t('families.retry.later')}</span>;
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  if (left === 0) return <span data-testid="retry-after">{t('families.retry.now')}</span>;
  const text =
    left < 60
      ? t('families.retry.seconds', { count: left })
      : left < 3600
        ? t('families.retry.minutes', { count: Math.ceil(left / 60) })
        : t('families.retry.hours', { count: Math.ceil(left / 3600) });
  return (
    <span data-testid="retry-after" data-seconds={seconds ?? undefined}>
      {text}
    </span>
  );
}
