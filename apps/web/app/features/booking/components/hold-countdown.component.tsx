import type { DateTime } from '@yado/contract/common.schema';
import { dateFromDateTime } from '@yado/contract/date-time';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { formatTime } from '../../../lib/format-date';
import { zonedParts } from '../../../lib/format-date-time';

/** Seconds left until `deadline` at `now`, never below zero. */
export function secondsLeft(deadline: DateTime, now: number): number {
  return Math.max(0, Math.floor((dateFromDateTime(deadline).getTime() - now) / 1000));
}

/** `mm:ss`. */
export function formatCountdown(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * How long the house stays held. The server renders the deadline's clock
 * time; the browser then counts down each second. Screen readers hear the
 * remaining minutes only when they change, not every second.
 */
export function HoldCountdown({ deadline, onExpire }: { deadline: DateTime; onExpire?: () => void }) {
  const { t } = useTranslation();
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    const tick = () => setNow(Date.now());
    // The first tick comes at once, the next each second; the server render shows only the clock time.
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, []);
  const left = now === null ? null : secondsLeft(deadline, now);
  useEffect(() => {
    if (left === 0) onExpire?.();
  }, [left, onExpire]);
  const until = formatTime(zonedParts(deadline));
  return (
    <div className={left === 0 ? 'hold hold--expired' : 'hold'} data-testid="hold-countdown">
      <p className="hold__label">
        {left === 0 ? t('booking:payment.holdExpired') : t('booking:payment.holdUntil', { time: until })}
      </p>
      {left !== null && left > 0 ? (
        <>
          <p className="hold__time" aria-hidden="true">
            {formatCountdown(left)}
          </p>
          <p className="visually-hidden" aria-live="polite">
            {t('booking:payment.minutesLeft', { count: Math.ceil(left / 60) })}
          </p>
        </>
      ) : null}
    </div>
  );
}
