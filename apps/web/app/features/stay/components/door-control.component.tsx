import { getDoorState, lockDoor, unlockDoor, type DoorState } from '@yado/contract/stay.contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { formatTime } from '../../../lib/format-date';
import { zonedParts } from '../../../lib/format-date-time';
import { useTranslation } from '../../../lib/i18n';
import { useApiQuery } from '../../../lib/use-api-query.hook';
import { useStayCall } from '../hooks/use-stay-call.hook';

type Outcome =
  | { kind: 'confirmed'; command: 'LOCK' | 'UNLOCK' }
  | { kind: 'unconfirmed'; reason: 'NO_ANSWER' | 'REFUSED' | 'JAMMED' | null }
  | { kind: 'error'; message: string };

/**
 * The door's lock: its state as the lock reports it (never assumed from a button pressed), its
 * battery, and unlock and lock. A command is shown as done only when the lock reported the state
 * asked for; a lock that does not answer, refuses or jams says so.
 */
export function DoorControl({ keyId, timeZone }: { keyId: string; timeZone: string }) {
  const { t } = useTranslation();
  const read = useApiQuery(getDoorState, { keyId });
  const { call, busy, track } = useStayCall();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [reported, setReported] = useState<{ state: DoorState | null } | null>(null);
  const state = reported ? reported.state : (read.data?.doorState ?? null);
  const answered = reported !== null || read.data !== undefined;

  const command = (which: 'LOCK' | 'UNLOCK') =>
    track(which, async () => {
      setOutcome(null);
      const res = await call(which === 'LOCK' ? lockDoor : unlockDoor, { keyId }, { idempotent: true });
      if (!res.ok) {
        setOutcome({ kind: 'error', message: res.message });
        return;
      }
      setReported({ state: res.body.doorState });
      setOutcome(
        res.body.result === 'CONFIRMED'
          ? { kind: 'confirmed', command: which }
          : { kind: 'unconfirmed', reason: res.body.reason },
      );
    });

  const label = !answered
    ? t('stay:door.asking')
    : state === null
      ? t('stay:door.unknown')
      : state.jammed
        ? t('stay:door.jammed')
        : state.locked
          ? t('stay:door.locked')
          : t('stay:door.unlocked');

  return (
    <div className="stay-door" aria-live="polite">
      <div className="stay-door__state">
        <p className="stay-door__lock" data-testid="door-state" data-locked={state ? String(state.locked) : 'unknown'}>
          {label}
        </p>
        {state ? (
          <p className="stay-door__battery" data-testid="door-battery">
            <meter
              className="battery"
              min={0}
              max={100}
              low={20}
              high={50}
              optimum={100}
              value={state.batteryLevel}
              aria-label={t('stay:door.battery')}
            />{' '}
            {t('stay:door.batteryLevel', { level: state.batteryLevel })}
            {state.lowBattery ? <span className="badge badge--warning">{t('stay:door.lowBattery')}</span> : null}
          </p>
        ) : null}
        {state ? (
          <p className="stay-key__muted">
            {t('stay:door.reportedAt', { time: formatTime(zonedParts(state.reportedAt, timeZone)) })}
          </p>
        ) : null}
      </div>
      <div className="stay-door__buttons">
        <Button
          busy={busy === 'UNLOCK'}
          disabled={busy !== null}
          onClick={() => void command('UNLOCK')}
          data-testid="door-unlock"
        >
          {t('stay:door.unlock')}
        </Button>
        <Button
          variant="secondary"
          busy={busy === 'LOCK'}
          disabled={busy !== null}
          onClick={() => void command('LOCK')}
          data-testid="door-lock"
        >
          {t('stay:door.lock')}
        </Button>
      </div>
      {busy === 'LOCK' || busy === 'UNLOCK' ? <p className="stay-key__hint">{t('stay:door.sending')}</p> : null}
      {outcome?.kind === 'confirmed' ? (
        <FormAlert tone="success">
          <span data-testid="door-outcome">
            {outcome.command === 'UNLOCK' ? t('stay:door.unlockedDone') : t('stay:door.lockedDone')}
          </span>
        </FormAlert>
      ) : outcome?.kind === 'unconfirmed' ? (
        <FormAlert>
          <span data-testid="door-outcome">{t(`stay:door.unconfirmed.${outcome.reason ?? 'NO_ANSWER'}`)}</span>
        </FormAlert>
      ) : outcome?.kind === 'error' ? (
        <FormAlert>{outcome.message}</FormAlert>
      ) : null}
    </div>
  );
}
