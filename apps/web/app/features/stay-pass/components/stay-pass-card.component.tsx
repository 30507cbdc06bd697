import type { StayPass } from '@yado/contract/stay-pass.contract';
import { formatDate } from '../../../lib/format-date';
import { formatDateTime } from '../../../lib/format-date-time';
import { useTranslation } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/use-language.hook';
import { addressLines, mapHref, phoneHref, phoneText } from '../stay-pass-format';

/**
 * One stay's pass: everything a guest needs on arrival and during the stay, readable without a
 * network. Times are the house's own clock (its time zone), as the booking is.
 */
export function StayPassCard({ pass, savedAt }: { pass: StayPass; savedAt: Date }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const map = mapHref(pass);
  const when = (date: StayPass['checkinDate'], time: string) => `${formatDate(date, 'date', language)} ${time}`;
  return (
    <article className="card stay-pass" data-testid="stay-pass" data-booking-id={pass.bookingId}>
      <header className="stay-pass__head">
        <p className="stay-pass__place">{pass.placeName}</p>
        <h2 className="stay-pass__title">{pass.houseGroupName}</h2>
        {pass.houseName ? <p className="stay-pass__house">{pass.houseName}</p> : null}
        <p className="stay-pass__number">
          {t('stay-pass:bookingNumber')} <strong data-testid="stay-pass-booking-number">{pass.bookingNumber}</strong>
        </p>
      </header>

      <dl className="stay-pass__times">
        <div>
          <dt>{t('stay-pass:checkin')}</dt>
          <dd data-testid="stay-pass-checkin">{when(pass.checkinDate, pass.checkinTime)}</dd>
        </div>
        <div>
          <dt>{t('stay-pass:checkout')}</dt>
          <dd data-testid="stay-pass-checkout">{when(pass.checkoutDate, pass.checkoutTime)}</dd>
        </div>
      </dl>

      <section className="stay-pass__section" aria-labelledby={`key-${pass.bookingId}`}>
        <h3 id={`key-${pass.bookingId}`}>{t('stay-pass:key.heading')}</h3>
        <StayPassKey pass={pass} />
      </section>

      <section className="stay-pass__section" aria-labelledby={`wifi-${pass.bookingId}`}>
        <h3 id={`wifi-${pass.bookingId}`}>{t('stay-pass:wifi.heading')}</h3>
        {pass.wifi ? (
          <dl className="stay-pass__pairs" data-testid="stay-pass-wifi">
            <div>
              <dt>{t('stay-pass:wifi.network')}</dt>
              <dd className="stay-pass__mono">{pass.wifi.networkName}</dd>
            </div>
            <div>
              <dt>{t('stay-pass:wifi.password')}</dt>
              <dd className="stay-pass__mono">{pass.wifi.password}</dd>
            </div>
          </dl>
        ) : (
          <p className="muted">{t('stay-pass:wifi.none')}</p>
        )}
      </section>

      <section className="stay-pass__section" aria-labelledby={`address-${pass.bookingId}`}>
        <h3 id={`address-${pass.bookingId}`}>{t('stay-pass:address.heading')}</h3>
        <address className="stay-pass__address" data-testid="stay-pass-address">
          {addressLines(pass, language).map((line) => (
            <span key={line}>{line}</span>
          ))}
        </address>
        {pass.latitude !== null && pass.longitude !== null ? (
          <p className="stay-pass__coords">
            {t('stay-pass:address.coordinates', { latitude: pass.latitude, longitude: pass.longitude })}
            {map ? (
              <>
                {' · '}
                <a href={map} target="_blank" rel="noreferrer">
                  {t('stay-pass:address.map')}
                </a>
              </>
            ) : null}
          </p>
        ) : null}
      </section>

      <section className="stay-pass__section" aria-labelledby={`phone-${pass.bookingId}`}>
        <h3 id={`phone-${pass.bookingId}`}>{t('stay-pass:phone.heading')}</h3>
        {pass.contactPhone ? (
          <a className="stay-pass__phone" href={phoneHref(pass.contactPhone)} data-testid="stay-pass-phone">
            {phoneText(pass.contactPhone)}
          </a>
        ) : (
          <p className="muted">{t('stay-pass:phone.none')}</p>
        )}
      </section>

      {pass.houseRules ? (
        <section className="stay-pass__section" aria-labelledby={`rules-${pass.bookingId}`}>
          <h3 id={`rules-${pass.bookingId}`}>{t('stay-pass:rules.heading')}</h3>
          <p className="stay-pass__rules" data-testid="stay-pass-rules">
            {pass.houseRules}
          </p>
        </section>
      ) : null}

      <p className="stay-pass__updated muted" data-testid="stay-pass-updated">
        {t('stay-pass:updated', { time: formatDateTime(savedAt, language, pass.timezone) })}
      </p>
    </article>
  );
}

/** The key part: the key-box code within its validity, the partner's front desk, or the smart lock. */
function StayPassKey({ pass }: { pass: StayPass }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const key = pass.key;
  if (!key) return <p className="muted">{t('stay-pass:key.none')}</p>;
  return (
    <div className="stay-pass__key" data-testid="stay-pass-key" data-operation={key.unlockOperationType}>
      <p className="stay-pass__key-type">{t(`stay-pass:key.type.${key.unlockOperationType}`)}</p>
      {key.unlockOperationType === 'MANUAL' ? (
        key.keyBoxCode ? (
          <p className="stay-pass__code">
            <span>{t('stay-pass:key.code')}</span>
            <strong className="stay-pass__mono" data-testid="stay-pass-code">
              {key.keyBoxCode}
            </strong>
          </p>
        ) : (
          <p className="stay-pass__hint">
            {t('stay-pass:key.codeFrom', { time: formatDateTime(key.validFrom, language, pass.timezone) })}
          </p>
        )
      ) : null}
      {key.instructions ? <p className="stay-pass__rules">{key.instructions}</p> : null}
      <p className="muted stay-pass__validity">
        {t('stay-pass:key.validity', {
          from: formatDateTime(key.validFrom, language, pass.timezone),
          until: formatDateTime(key.validUntil, language, pass.timezone),
        })}
      </p>
    </div>
  );
}
