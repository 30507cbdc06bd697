import { BookingRequestSchema } from '@yado/contract/booking.contract';
import type { ExtraOption } from '@yado/contract/meal.contract';
import { Button } from '../../../components/ui/button.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { TextAreaField } from '../../../components/ui/text-area-field.component';
import { TextField } from '../../../components/ui/text-field.component';
import { formatYen } from '../../../lib/format-yen';
import { useTranslation } from '../../../lib/i18n';
import { maxLengthOf } from '../../../lib/schema-limits';
import { useLanguage } from '../../../lib/use-language.hook';
import type { BookingFormPart } from '../booking-form-state';
import { couponTypeLabel } from '../booking-labels';
import { BookingSection } from './booking-section.component';
import { CountSelect } from './count-select.component';

/** Extra options by quantity, with their price per night or per stay and the free units. */
export function BookingOptionsSection({
  extraOptions,
  s,
  update,
  suggestedIds = [],
}: BookingFormPart & { extraOptions: ExtraOption[]; suggestedIds?: readonly string[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const yen = (n: number) => formatYen(n, language);
  return (
    <BookingSection id="options" title={t('booking:form.options.heading')}>
      <ul className="option-list">
        {extraOptions.map((o) => (
          <li key={o.id} className="option-row">
            <div className="option-row__text">
              <span className="option-row__title" id={`option-${o.id}-title`}>
                {o.caption}
              </span>
              {suggestedIds.includes(o.id) ? (
                <span className="badge badge--success" data-testid="suggested-option">
                  {t('questionnaire:stayStyle.suggested')}
                </span>
              ) : null}
              <span className="muted">
                {o.chargeBasis === 'PER_NIGHT'
                  ? t('booking:form.options.perNight', { amount: yen(o.serviceChargeAndTaxInclusiveAmount) })
                  : t('booking:form.options.perStay', { amount: yen(o.serviceChargeAndTaxInclusiveAmount) })}
                {o.freeQuantity > 0 ? ` · ${t('booking:form.options.free', { count: o.freeQuantity })}` : ''}
              </span>
              {o.alternativeDetailUrl ? (
                <a href={o.alternativeDetailUrl} target="_blank" rel="noreferrer">
                  {t('booking:form.options.details')}
                </a>
              ) : null}
            </div>
            <CountSelect
              id={`option-${o.id}`}
              label={t('booking:form.options.quantity', { name: o.caption })}
              value={s.options[o.id] ?? 0}
              max={o.maxQuantity}
              onChange={(n) => update({ options: { ...s.options, [o.id]: n } })}
            />
          </li>
        ))}
      </ul>
    </BookingSection>
  );
}

/** A coupon's type and code; the quote uses the code only once "Apply" is pressed. */
export function BookingCouponSection({
  s,
  update,
  applied,
  setApplied,
}: BookingFormPart & { applied: boolean; setApplied: (applied: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <BookingSection id="coupon" title={t('booking:form.coupon.heading')}>
      <div className="coupon-row">
        <SelectField
          id="coupon-type"
          label={t('booking:form.coupon.type')}
          value={s.couponType}
          onChange={(e) => {
            setApplied(false);
            update({ couponType: e.target.value });
          }}
        >
          {['CAMPAIGN', 'PARTNER', 'REFERRAL'].map((type) => (
            <option key={type} value={type}>
              {couponTypeLabel(t, type)}
            </option>
          ))}
        </SelectField>
        <TextField
          id="coupon-code"
          label={t('booking:form.coupon.code')}
          labelNote={t('booking:form.optional')}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={32}
          value={s.couponCode}
          onChange={(e) => {
            setApplied(false);
            update({ couponCode: e.target.value });
          }}
        />
        <Button variant="secondary" disabled={!s.couponCode.trim() || applied} onClick={() => setApplied(true)}>
          {applied && s.couponCode.trim() ? t('booking:form.coupon.applied') : t('booking:form.coupon.apply')}
        </Button>
      </div>
    </BookingSection>
  );
}

/** Allergies and requests, both optional. */
export function BookingNotesSection({ s, update }: BookingFormPart) {
  const { t } = useTranslation();
  return (
    <BookingSection id="notes" title={t('booking:form.notes.heading')}>
      <TextAreaField
        id="allergy"
        controlClassName="field__control--textarea"
        label={t('booking:form.notes.allergy')}
        labelNote={t('booking:form.optional')}
        hint={t('booking:form.notes.allergyHint')}
        maxLength={maxLengthOf(BookingRequestSchema.shape.allergy)}
        value={s.allergy}
        onChange={(e) => update({ allergy: e.target.value })}
      />
      <TextAreaField
        id="request"
        controlClassName="field__control--textarea"
        label={t('booking:form.notes.request')}
        labelNote={t('booking:form.optional')}
        maxLength={maxLengthOf(BookingRequestSchema.shape.request)}
        value={s.request}
        onChange={(e) => update({ request: e.target.value })}
      />
    </BookingSection>
  );
}
