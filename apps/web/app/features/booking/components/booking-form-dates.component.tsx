import type { HouseGroup } from '@yado/contract/catalogue.contract';
import { addDays, daysBetween, type IsoDate } from '@yado/contract/civil-date';
import { TextField } from '../../../components/ui/text-field.component';
import { useTranslation } from '../../../lib/i18n';
import type { BookingFormPart } from '../booking-form-state';
import { BookingSection } from './booking-section.component';

/** Check-in and check-out; a check-in on or after the check-out moves the check-out to the next day. */
export function BookingDatesSection({ g, today, s, update }: BookingFormPart & { g: HouseGroup; today: IsoDate }) {
  const { t } = useTranslation();
  const nights = s.checkin && s.checkout ? daysBetween(s.checkin, s.checkout) : 0;
  return (
    <BookingSection id="dates" title={t('booking:form.dates.heading')}>
      <div className="grid grid--2">
        <TextField
          id="checkin"
          type="date"
          label={t('booking:form.dates.checkin')}
          hint={t('booking:form.dates.from', { time: g.checkinTime })}
          min={today}
          value={s.checkin ?? ''}
          onChange={(e) => {
            const checkin = e.target.value || null;
            const checkout = checkin && (!s.checkout || s.checkout <= checkin) ? addDays(checkin, 1) : s.checkout;
            update({ checkin, checkout });
          }}
        />
        <TextField
          id="checkout"
          type="date"
          label={t('booking:form.dates.checkout')}
          hint={t('booking:form.dates.until', { time: g.checkoutTime })}
          min={s.checkin ? addDays(s.checkin, 1) : today}
          value={s.checkout ?? ''}
          onChange={(e) => update({ checkout: e.target.value || null })}
        />
      </div>
      {nights > 0 ? <p className="muted">{t('booking:form.dates.nights', { count: nights })}</p> : null}
    </BookingSection>
  );
}
