import type { BookingDetail } from '@yado/contract/booking.contract';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.component';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';

/**
 * The booking page's part of this feature: the stay style the guest chose and, once checked out,
 * the way to the stay's questionnaire (its page says when none is open).
 */
export function BookingQuestionnaireCard({
  booking,
}: {
  booking: Pick<BookingDetail, 'bookingId' | 'bookingStatus' | 'stayStyleName'>;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const checkedOut = booking.bookingStatus === 'CHECKED_OUT';
  if (!checkedOut && !booking.stayStyleName) return null;
  return (
    <section className="card booking-questionnaire-card" aria-labelledby="booking-questionnaire-heading">
      <h2 id="booking-questionnaire-heading" className="booking-questionnaire-card__heading">
        {checkedOut ? t('questionnaire:bookingCard.questionnaireHeading') : t('questionnaire:bookingCard.heading')}
      </h2>
      {booking.stayStyleName ? (
        <p data-testid="booking-stay-style">
          {t('questionnaire:stayStyle.onBooking', { name: booking.stayStyleName })}
        </p>
      ) : null}
      {checkedOut ? (
        <>
          <p className="muted">{t('questionnaire:bookingCard.questionnaireBody')}</p>
          <Link
            className={buttonClassName({ variant: 'secondary' })}
            to={localizePath(`/mypage/bookings/${encodeURIComponent(booking.bookingId)}/questionnaire`, language)}
            data-testid="booking-questionnaire-link"
          >
            {t('questionnaire:bookingCard.open')}
          </Link>
        </>
      ) : null}
    </section>
  );
}
