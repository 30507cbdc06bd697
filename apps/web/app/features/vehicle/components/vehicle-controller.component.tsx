import type { VehicleInformation } from '@yado/contract/vehicle.contract';
import {
  dropoffVehicle,
  lockVehicle,
  pickupVehicle,
  unlockVehicle,
  type VehicleRental,
} from '@yado/contract/vehicle-rental.contract';
import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { formatTime } from '../../../lib/format-date';
import { formatDateTime, zonedParts } from '../../../lib/format-date-time';
import { useTranslation } from '../../../lib/i18n';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { rentalWhen } from '../vehicle-rental-time';
import { VehicleMap } from './vehicle-map.component';

type Outcome =
  | { kind: 'confirmed'; command: 'LOCK' | 'UNLOCK' }
  | { kind: 'unconfirmed'; reason: 'NO_ANSWER' | 'REFUSED' | null }
  | { kind: 'error'; message: string };

/**
 * The renter's remote for the car (dark page, no chat, no analytics): pick
 * up, large lock and unlock controls, the battery and the position on a map,
 * drop-off. A command is shown as done only when the car reported the state
 * asked for; a car that does not answer says so, and its last state is not
 * passed off as current.
 */
export function VehicleController({
  rental,
  information,
  answered,
}: {
  rental: VehicleRental;
  information: VehicleInformation | null;
  answered: boolean | null;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const revalidator = useRevalidator();
  const [state, setState] = useState<{ info: VehicleInformation | null; answered: boolean | null }>({
    info: information,
    answered,
  });
  const [shownFor, setShownFor] = useState(information);
  if (shownFor !== information) {
    // Fresh data from the loader (a refresh or a pick-up) replaces what the last command reported.
    setShownFor(information);
    setState({ info: information, answered });
  }
  const [busy, setBusy] = useState<'LOCK' | 'UNLOCK' | 'pickup' | 'dropoff' | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [confirmDropoff, setConfirmDropoff] = useState(false);
  const tz = rental.timeZone;
  const id = { vehicleRentalId: rental.id };
  const errorOf = (err: unknown): Outcome => ({
    kind: 'error',
    message: isApiError(err) ? err.displayMessage : t('errors.generic'),
  });

  const command = async (which: 'LOCK' | 'UNLOCK') => {
    setBusy(which);
    setOutcome(null);
    try {
      const res = await callMethod(which === 'LOCK' ? lockVehicle : unlockVehicle, id, {
        language,
        headers: { [IDEMPOTENCY_HEADER]: newIdempotencyKey() },
      });
      setState({ info: res.vehicleInformation, answered: res.vehicleInformation !== null });
      setOutcome(
        res.result === 'CONFIRMED'
          ? { kind: 'confirmed', command: which }
          : { kind: 'unconfirmed', reason: res.reason },
      );
    } catch (err) {
      setOutcome(errorOf(err));
    } finally {
      setBusy(null);
    }
  };
  const step = async (which: 'pickup' | 'dropoff') => {
    setBusy(which);
    setOutcome(null);
    try {
      await callMethod(which === 'pickup' ? pickupVehicle : dropoffVehicle, id, {
        language,
        headers: { [IDEMPOTENCY_HEADER]: newIdempotencyKey() },
      });
      setConfirmDropoff(false);
      await revalidator.revalidate();
    } catch (err) {
      setOutcome(errorOf(err));
    } finally {
      setBusy(null);
    }
  };

  const canPickUp = rental.status === 'BOOKED' && (rental.useStatus === 'BEFORE_READY' || rental.useStatus === 'READY');
  const lockLabel =
    state.info === null || !state.answered
      ? t('rental:controller.unknown')
      : state.info.locked
        ? t('rental:controller.locked')
        : t('rental:controller.unlocked');

  return (
    <div className="controller">
      <header className="controller__head">
        <p className="controller__order">{t('rental:detail.order', { orderNumber: rental.orderNumber })}</p>
        <h1 className="controller__title">{t('rental:controller.heading', { vehicle: rental.vehicle.displayName })}</h1>
        <p className="controller__plate">{rental.vehicle.registrationNumber}</p>
        <p className="controller__when" data-testid="controller-times">
          {rentalWhen(rental.clock, language, t)}
        </p>
        <p className="controller__status" data-testid="controller-use-status">
          {t(`rental:useStatus.${rental.useStatus}`)}
        </p>
      </header>

      {answered === false && state.answered === false ? (
        <FormAlert tone="error">{t('rental:controller.noAnswer')}</FormAlert>
      ) : null}

      {canPickUp ? (
        <section className="controller__section">
          <Button
            size="large"
            fullWidth
            busy={busy === 'pickup'}
            onClick={() => void step('pickup')}
            data-testid="controller-pickup"
          >
            {t('rental:controller.pickup')}
          </Button>
          <p className="controller__hint">{t('rental:controller.pickupHint')}</p>
        </section>
      ) : null}

      {rental.controllable ? (
        <section className="controller__section" aria-live="polite">
          <p className="controller__lock-state" data-testid="controller-lock-state">
            {lockLabel}
          </p>
          <div className="controller__keys">
            <button
              type="button"
              className="controller__key controller__key--unlock"
              disabled={busy !== null}
              aria-busy={busy === 'UNLOCK' || undefined}
              onClick={() => void command('UNLOCK')}
              data-testid="controller-unlock"
            >
              <PadlockIcon open />
              {t('rental:controller.unlock')}
            </button>
            <button
              type="button"
              className="controller__key controller__key--lock"
              disabled={busy !== null}
              aria-busy={busy === 'LOCK' || undefined}
              onClick={() => void command('LOCK')}
              data-testid="controller-lock"
            >
              <PadlockIcon open={false} />
              {t('rental:controller.lock')}
            </button>
          </div>
          {busy === 'LOCK' || busy === 'UNLOCK' ? (
            <p className="controller__hint">{t('rental:controller.sending')}</p>
          ) : null}
          {rental.useStatus === 'CONTROLLABLE_AFTER_USE' && rental.controllableUntil ? (
            <p className="controller__hint">
              {t('rental:controller.lockWindow', { time: formatTime(zonedParts(rental.controllableUntil, tz)) })}
            </p>
          ) : null}
        </section>
      ) : rental.useStatus === 'FINISHED' ? (
        <p className="controller__hint">{t('rental:controller.finished')}</p>
      ) : !canPickUp ? (
        <p className="controller__hint">{t('rental:controller.notControllable')}</p>
      ) : null}

      {outcome ? <OutcomeMessage outcome={outcome} /> : null}

      {state.info ? (
        <section className="controller__section controller__car">
          <dl className="controller__facts">
            <div>
              <dt>{t('rental:controller.battery')}</dt>
              <dd data-testid="controller-battery">
                {/* A meter, not a styled bar: the page's policy allows no inline style attributes. */}
                <meter
                  className="battery"
                  min={0}
                  max={100}
                  low={20}
                  high={50}
                  optimum={100}
                  value={state.info.chargeStateBatteryLevel}
                  aria-hidden="true"
                />
                {state.info.chargeStateBatteryLevel}%
              </dd>
            </div>
            <div>
              <dt>{t('rental:controller.position')}</dt>
              <dd className="controller__reported">
                {t('rental:controller.reportedAt', { time: formatDateTime(state.info.reportedAt, language, tz) })}
              </dd>
            </div>
          </dl>
          <VehicleMap latitude={state.info.latitude} longitude={state.info.longitude} />
        </section>
      ) : null}

      {rental.useStatus === 'IN_USE' ? (
        <section className="controller__section">
          {confirmDropoff ? (
            <div className="controller__confirm" role="group">
              <p>{t('rental:controller.dropoffConfirm')}</p>
              <div className="dialog-actions">
                <Button variant="secondary" onClick={() => setConfirmDropoff(false)}>
                  {t('rental:detail.keep')}
                </Button>
                <Button
                  busy={busy === 'dropoff'}
                  onClick={() => void step('dropoff')}
                  data-testid="controller-dropoff-confirm"
                >
                  {t('rental:controller.dropoff')}
                </Button>
              </div>
            </div>
          ) : (
            <Button
              variant="secondary"
              size="large"
              fullWidth
              onClick={() => setConfirmDropoff(true)}
              data-testid="controller-dropoff"
            >
              {t('rental:controller.dropoff')}
            </Button>
          )}
        </section>
      ) : null}

      <nav className="controller__links">
        <Button variant="text" onClick={() => void revalidator.revalidate()} busy={revalidator.state === 'loading'}>
          {t('rental:controller.refresh')}
        </Button>
        <Link to={localizePath(`/mypage/vehicle-rentals/${rental.id}`, language)}>{t('rental:controller.back')}</Link>
      </nav>
    </div>
  );
}

/** A padlock drawn inline (no icon font or emoji a phone may lack), open or shut. */
function PadlockIcon({ open }: { open: boolean }) {
  return (
    <svg
      className="controller__key-icon"
      viewBox="0 0 24 24"
      width="40"
      height="40"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={open ? 'M7 11V7a5 5 0 0 1 9.6-1.9' : 'M7 11V7a5 5 0 0 1 10 0v4'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
      <rect x="4" y="11" width="16" height="10" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="12" cy="16" r="1.5" fill="currentColor" />
    </svg>
  );
}

function OutcomeMessage({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation();
  if (outcome.kind === 'error') return <FormAlert>{outcome.message}</FormAlert>;
  if (outcome.kind === 'confirmed') {
    return (
      <FormAlert tone="success">
        <span data-testid="controller-outcome">
          {t(outcome.command === 'LOCK' ? 'rental:controller.confirmedLock' : 'rental:controller.confirmedUnlock')}
        </span>
      </FormAlert>
    );
  }
  return (
    <FormAlert tone="error">
      <span data-testid="controller-outcome">
        {t(
          outcome.reason === 'REFUSED'
            ? 'rental:controller.unconfirmedRefused'
            : 'rental:controller.unconfirmedNoAnswer',
        )}
      </span>
    </FormAlert>
  );
}
