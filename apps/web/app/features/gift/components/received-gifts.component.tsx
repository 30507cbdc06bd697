import type { ReceivedGift } from '@yado/contract/gift.contract';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';

/** My page: the gifts the user accepted, each leading to its booking. Nothing when there are none. */
export function ReceivedGifts({ gifts }: { gifts: ReceivedGift[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (gifts.length === 0) return null;
  return (
    <section className="card received-gifts" aria-labelledby="received-gifts-heading" data-testid="received-gifts">
      <h2 id="received-gifts-heading" className="card__title">
        {t('gift:received.heading')}
      </h2>
      <ul className="received-gifts__list">
        {gifts.map((g) => (
          <li key={g.giftId} className="received-gifts__item" data-testid="received-gift">
            <div>
              <p className="received-gifts__house">{g.houseGroup.name}</p>
              <p className="muted">
                {t(`gift:type.${g.giftType}`)}
                {g.checkinDate && g.checkoutDate
                  ? ` · ${formatDate(g.checkinDate, 'date', language)} – ${formatDate(g.checkoutDate, 'date', language)}`
                  : ''}
                {' · '}
                {t('gift:received.from', { name: g.senderLastName })}
              </p>
            </div>
            {g.bookingId ? (
              <Link to={localizePath(`/mypage/bookings/${g.bookingId}`, language)}>{t('gift:received.open')}</Link>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
