import type { Key } from '@yado/contract/stay.contract';
import { Link, useRevalidator } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { DoNotDisturbToggle } from './do-not-disturb-toggle.component';
import { KeyCard } from './stay-key-section.component';

/** Every key the user holds, each with what opens its door; a companion's way to a shared key. */
export function StayKeysPage({ keys }: { keys: Key[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { revalidate } = useRevalidator();
  return (
    <section className="page stay-keys" aria-labelledby="stay-keys-heading">
      <h1 id="stay-keys-heading">{t('stay:keys.heading')}</h1>
      <p className="lead">{t('stay:keys.lead')}</p>
      {keys.length === 0 ? <p className="stay-key__muted">{t('stay:keys.none')}</p> : null}
      {keys.map((k) => (
        <article key={k.keyId} className="card stay-key" aria-labelledby={`key-${k.keyId}`}>
          <h2 id={`key-${k.keyId}`} className="card__title">
            {k.holder === 'BOOKER' ? (
              <Link to={localizePath(`/mypage/bookings/${k.stay.bookingId}`, language)}>{k.stay.houseGroupName}</Link>
            ) : (
              k.stay.houseGroupName
            )}
          </h2>
          <p className="stay-key__muted">
            {t('stay:keys.stay', { number: k.stay.bookingNumber, house: k.stay.houseName })}
          </p>
          <KeyCard stayKey={k} refresh={() => void revalidate()} />
          {/* A key not yet expired or cancelled belongs to a stay that is ready or under way. */}
          {k.status === 'VALID' || k.status === 'NOT_YET_VALID' ? (
            <DoNotDisturbToggle bookingId={k.stay.bookingId} />
          ) : null}
        </article>
      ))}
    </section>
  );
}
