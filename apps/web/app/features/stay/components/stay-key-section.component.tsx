import type { Key } from '@yado/contract/stay.contract';
import { listKeys } from '@yado/contract/stay.contract';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { formatDateTime } from '../../../lib/format-date-time';
import { useTranslation } from '../../../lib/i18n';
import { useApiQuery } from '../../../lib/use-api-query.hook';
import { useLanguage } from '../../../lib/use-language.hook';
import { DoNotDisturbToggle } from './do-not-disturb-toggle.component';
import { DoorControl } from './door-control.component';
import { KeyShares } from './key-shares.component';
import { SmartHomeControls } from './smarthome-controls.component';

/** Stays that have, or are about to have, a key. */
const KEYED = new Set(['BOOKED', 'READY_TO_CHECKIN', 'STAYING', 'CHECKED_OUT', 'CANCELLED', 'NO_SHOW']);
/** Stays whose guest may ask not to be disturbed. */
const DND = new Set(['READY_TO_CHECKIN', 'STAYING']);

const STATUS_TONE: Record<string, string> = {
  VALID: 'badge--success',
  NOT_YET_VALID: 'badge--neutral',
  EXPIRED: 'badge--neutral',
  CANCELLED: 'badge--danger',
};

/**
 * "Key and door" on a stay's page: the stay's key with its validity and status, what opens the
 * door (the lock's controls with its true state, the key-box code while the key is valid, or the
 * partner desk's instructions), the key's shares, do-not-disturb and the room's controls.
 */
export function StayKeySection({ bookingId, bookingStatus }: { bookingId: string; bookingStatus: string }) {
  const { t } = useTranslation();
  const keys = useApiQuery(KEYED.has(bookingStatus) ? listKeys : null, { bookingId });
  if (!KEYED.has(bookingStatus)) return null;
  const key = keys.data?.keys[0] ?? null;
  if (!key && bookingStatus !== 'BOOKED' && bookingStatus !== 'READY_TO_CHECKIN' && bookingStatus !== 'STAYING') {
    return null;
  }
  return (
    <section className="card stay-key" aria-labelledby="stay-key-heading" data-testid="stay-key-section">
      <h2 id="stay-key-heading" className="card__title">
        {t('stay:heading')}
      </h2>
      {keys.error ? (
        <FormAlert>{t('stay:loadFailed')}</FormAlert>
      ) : !keys.data ? (
        <p className="stay-key__muted">{t('stay:loading')}</p>
      ) : key ? (
        <KeyCard stayKey={key} refresh={() => void keys.mutate()} />
      ) : (
        <p className="stay-key__muted" data-testid="stay-key-pending">
          {t('stay:pending')}
        </p>
      )}
      {DND.has(bookingStatus) ? <DoNotDisturbToggle bookingId={bookingId} /> : null}
    </section>
  );
}

export function KeyCard({ stayKey: key, refresh }: { stayKey: Key; refresh: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const tz = key.stay.timezone;
  const valid = key.status === 'VALID';
  return (
    <div className="stay-key__card" data-testid="stay-key" data-status={key.status}>
      <div className="stay-key__head">
        <p className="stay-key__validity">
          <span className="stay-key__label">{t('stay:validity')}</span>{' '}
          <span data-testid="stay-key-validity">
            {t('stay:validityRange', {
              from: formatDateTime(key.validFrom, language, tz),
              until: formatDateTime(key.validUntil, language, tz),
            })}
          </span>
        </p>
        <span className={`badge ${STATUS_TONE[key.status] ?? 'badge--neutral'}`} data-testid="stay-key-status">
          {t(`stay:status.${key.status}`)}
        </span>
        {key.holder === 'SHARE' ? <span className="badge badge--neutral">{t('stay:sharedWithYou')}</span> : null}
      </div>
      <p className="stay-key__muted">{t(`stay:operation.${key.unlockOperationType}`)}</p>

      {key.unlockOperationType === 'SMARTHOME' ? (
        valid ? (
          <DoorControl keyId={key.keyId} timeZone={tz} />
        ) : (
          <p className="stay-key__hint">{t(`stay:door.closedBecause.${key.status}`)}</p>
        )
      ) : null}

      {key.unlockOperationType === 'MANUAL' ? (
        key.keyBoxCode ? (
          <p className="stay-key__code">
            <span className="stay-key__label">{t('stay:keyBox.label')}</span>{' '}
            <strong data-testid="stay-key-box-code">{key.keyBoxCode}</strong>
          </p>
        ) : (
          <p className="stay-key__hint">{valid ? t('stay:keyBox.ask') : t('stay:keyBox.later')}</p>
        )
      ) : null}

      {key.instructions ? (
        <div className="stay-key__instructions" data-testid="stay-key-instructions">
          <p className="stay-key__label">{t('stay:instructions')}</p>
          <p className="stay-key__pre">{key.instructions}</p>
        </div>
      ) : null}

      {valid && key.unlockOperationType === 'SMARTHOME' ? <SmartHomeControls keyId={key.keyId} /> : null}

      {key.holder === 'BOOKER' ? (
        <KeyShares
          keyId={key.keyId}
          timeZone={tz}
          canShare={key.status === 'VALID' || key.status === 'NOT_YET_VALID'}
          onChange={refresh}
        />
      ) : null}
    </div>
  );
}
