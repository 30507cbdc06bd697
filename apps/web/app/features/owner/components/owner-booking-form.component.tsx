import type { BookingQuote } from '@yado/contract/booking.contract';
import type { HouseGroup } from '@yado/contract/catalogue.contract';
import { addDays, isoFromCivil, type IsoDate } from '@yado/contract/civil-date';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { TextField } from '../../../components/ui/text-field.component';
import { formatDate } from '../../../lib/format-date';
import { formatYen } from '../../../lib/format-yen';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { useHoldOwnerStay } from '../hooks/use-hold-owner-stay.hook';
import { useOwnerQuote } from '../hooks/use-owner-quote.hook';
import {
  CHILD_AGES,
  MAX_GUESTS,
  MAX_OWNER_STAY_NIGHTS,
  draftProblem,
  ownerRequest,
  type DebtOptionValue,
  type OwnerStayDraft,
  type OwnerStayType,
} from '../owner-stay-request';
import { DebtOptionFieldset } from './debt-option-fieldset.component';

/** A share the stay may be paid with, with the nights left in each of its slot years. */
export type PayingShare = {
  shareId: string;
  houseGroupId: string;
  houseGroupName: string;
  fraction: string;
  left: { year: number; standard: number; high: number }[];
};

/** The nights a share has left in a slot year (0 for a year it has none of). */
function leftIn(share: PayingShare, year: number): { standard: number; high: number } {
  return share.left.find((y) => y.year === year) ?? { standard: 0, high: 0 };
}

/**
 * The owner's booking of a house group: own use of a house group they hold a share of, or mutual use
 * of another (the one that applies is chosen; the other is shown unavailable with the reason), or a
 * guest stay paid in yen on the guest page. The quote shows the nights the stay takes from the share,
 * by tier, and the owner's fee instead of a room price; holding takes the slots, confirming books.
 */
export function OwnerBookingForm({
  houseGroup,
  type,
  shares,
  initial,
  today,
  guestHref,
}: {
  houseGroup: HouseGroup;
  /** OWN_USE when the owner holds a share of this house group, else MUTUAL_USE. */
  type: OwnerStayType;
  /** The shares that may pay: this house group's for own use, every share for mutual use. */
  shares: PayingShare[];
  initial: OwnerStayDraft;
  today: IsoDate;
  guestHref: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const id = useId();
  const [draft, setDraft] = useState<OwnerStayDraft>(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [held, setHeld] = useState<string | null>(null);
  const { hold, confirm, busy } = useHoldOwnerStay();
  const request = useMemo(() => ownerRequest(houseGroup.id, draft), [houseGroup.id, draft]);
  const quote = useOwnerQuote(request, type, t('owner:book.quoteFailed'));
  const update = (patch: Partial<OwnerStayDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setProblem(null);
  };
  const blocking = draftProblem(draft);
  // The slots of the stay's year pay for it (a slot year is a calendar year of the house group).
  const slotYear = Number((draft.checkin ?? today).slice(0, 4));
  const bookingPath = (bookingId: string) => localizePath(`/mypage/bookings/${bookingId}`, language);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!request || held) return;
    const result = await hold(type, request);
    if (!result.ok) {
      setProblem(result.message ?? t('owner:book.holdFailed'));
      return;
    }
    setHeld(result.bookingId);
    const confirmed = await confirm(result.bookingId, bookingPath(result.bookingId));
    if (confirmed.ok) {
      void navigate(`${bookingPath(result.bookingId)}?confirmed=1`);
    } else {
      // The hold stands: the booking page confirms it (or lets it lapse).
      setProblem(confirmed.message ?? t('owner:book.confirmFailed'));
    }
  }

  const field = (name: string) => `${id}-${name}`;
  const shown = quote.kind === 'ready' ? quote.quote : quote.kind === 'idle' ? null : quote.previous;
  return (
    <div className="owner-book">
      <form
        id={field('form')}
        className="owner-card owner-form owner-book__fields"
        noValidate
        onSubmit={(e) => void submit(e)}
        data-testid="owner-book-form"
      >
        <fieldset className="owner-choice">
          <legend className="owner-choice__legend">{t('owner:book.howLegend')}</legend>
          {(['OWN_USE', 'MUTUAL_USE'] as const).map((option) => (
            <label
              key={option}
              className={`owner-choice__option${option === type ? ' owner-choice__option--on' : ''}`}
              data-testid={`owner-type-${option}`}
            >
              <input
                type="radio"
                name="bookingType"
                value={option}
                checked={option === type}
                disabled={option !== type}
                readOnly
              />
              <span className="owner-choice__text">
                <span className="owner-choice__title">{t(`owner:bookingType.${option}`)}</span>
                <span className="owner-choice__hint">
                  {option === type ? t(`owner:book.typeHint.${option}`) : t(`owner:book.typeUnavailable.${option}`)}
                </span>
              </span>
            </label>
          ))}
          <Link
            className="owner-choice__option owner-choice__option--link"
            to={guestHref}
            data-testid="owner-type-GUEST_USE"
          >
            <span className="owner-choice__text">
              <span className="owner-choice__title">{t('owner:bookingType.GUEST_USE')} ›</span>
              <span className="owner-choice__hint">{t('owner:book.typeHint.GUEST_USE')}</span>
            </span>
          </Link>
        </fieldset>

        {shares.length > 1 ? (
          <SelectField
            id={field('share')}
            label={t('owner:book.share')}
            value={draft.shareId}
            onChange={(e) => update({ shareId: e.target.value })}
          >
            {shares.map((s) => (
              <option key={s.shareId} value={s.shareId}>
                {t('owner:book.shareOption', {
                  name: s.houseGroupName,
                  fraction: s.fraction,
                  year: slotYear,
                  ...leftIn(s, slotYear),
                })}
              </option>
            ))}
          </SelectField>
        ) : shares[0] ? (
          <p className="owner-note" data-testid="owner-book-share">
            {t('owner:book.paidWith', {
              name: shares[0].houseGroupName,
              fraction: shares[0].fraction,
              year: slotYear,
              ...leftIn(shares[0], slotYear),
            })}
          </p>
        ) : (
          <FormAlert>{t('owner:book.noShare')}</FormAlert>
        )}

        <div className="owner-form__row">
          <TextField
            id={field('checkin')}
            type="date"
            label={t('owner:book.checkin')}
            min={today}
            value={draft.checkin ?? ''}
            onChange={(e) => {
              const checkin = e.target.value || null;
              const keep = checkin && draft.checkout && draft.checkout > checkin;
              update({ checkin, checkout: keep ? draft.checkout : checkin ? addDays(checkin, 1) : null });
            }}
            data-testid="owner-book-checkin"
          />
          <TextField
            id={field('checkout')}
            type="date"
            label={t('owner:book.checkout')}
            min={draft.checkin ? addDays(draft.checkin, 1) : today}
            max={draft.checkin ? addDays(draft.checkin, MAX_OWNER_STAY_NIGHTS) : undefined}
            value={draft.checkout ?? ''}
            onChange={(e) => update({ checkout: e.target.value || null })}
            data-testid="owner-book-checkout"
          />
        </div>
        <div className="owner-form__row">
          <SelectField
            id={field('adults')}
            label={t('owner:book.adults')}
            value={String(draft.adults)}
            onChange={(e) => update({ adults: Number(e.target.value) })}
          >
            {Array.from({ length: Math.min(MAX_GUESTS, houseGroup.maxCapacity) }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </SelectField>
          <SelectField
            id={field('children')}
            label={t('owner:book.children')}
            value={String(draft.childAges.length)}
            onChange={(e) => {
              const n = Number(e.target.value);
              update({ childAges: Array.from({ length: n }, (_, i) => draft.childAges[i] ?? '') });
            }}
          >
            {Array.from({ length: Math.max(1, houseGroup.maxCapacity - draft.adults + 1) }, (_, i) => i).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </SelectField>
        </div>
        {draft.childAges.length > 0 ? (
          <div className="owner-form__ages">
            {draft.childAges.map((age, i) => (
              <SelectField
                key={i}
                id={field(`age-${i}`)}
                label={t('owner:book.childAge', { n: i + 1 })}
                value={age === '' ? '' : String(age)}
                onChange={(e) => {
                  const next = [...draft.childAges];
                  next[i] = e.target.value === '' ? '' : Number(e.target.value);
                  update({ childAges: next });
                }}
              >
                <option value="">{t('owner:book.choose')}</option>
                {CHILD_AGES.map((a) => (
                  <option key={a} value={a}>
                    {t('owner:book.age', { count: a })}
                  </option>
                ))}
              </SelectField>
            ))}
          </div>
        ) : null}

        <DebtOptionFieldset
          name={field('debt')}
          value={draft.debtOption}
          onChange={(debtOption: DebtOptionValue) => update({ debtOption })}
          targets={
            type === 'OWN_USE'
              ? ['TARGET_OWN_USE_FEE', 'TARGET_CANCELLATION_FEE']
              : ['TARGET_OWN_USE_FEE', 'TARGET_MUTUAL_USE_EXTRA_CHARGE', 'TARGET_CANCELLATION_FEE']
          }
          disabled={false}
        />
      </form>
      <OwnerQuoteCard className="owner-book__quote" quote={shown} loading={quote.kind === 'loading'} type={type} />
      {/* After the quote on a phone, under the form on a wide screen: the stay is read before it is booked. */}
      <div className="owner-card owner-book__actions">
        {blocking && blocking !== 'share' ? <p className="owner-note">{t(`owner:book.problem.${blocking}`)}</p> : null}
        {quote.kind === 'error' ? <FormAlert>{quote.message}</FormAlert> : null}
        {problem ? <FormAlert>{problem}</FormAlert> : null}
        <Button
          type="submit"
          form={field('form')}
          size="large"
          fullWidth
          busy={busy}
          disabled={!request || quote.kind !== 'ready' || held !== null}
          data-testid="owner-book-submit"
        >
          {t(`owner:book.submit.${type}`)}
        </Button>
        {held ? (
          <p className="owner-note">
            <Link to={bookingPath(held)}>{t('owner:book.openHeld')}</Link>
          </p>
        ) : null}
        <p className="owner-note">{t('owner:book.cancelRule')}</p>
      </div>
    </div>
  );
}

/** The stay's nights by price type, the slots they take and the owner's fees: what an owner pays instead of a room price. */
export function OwnerQuoteCard({
  quote,
  loading,
  type,
  className = '',
}: {
  quote: BookingQuote | null;
  loading: boolean;
  type: OwnerStayType;
  className?: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <aside
      className={`owner-card owner-quote${loading ? ' owner-quote--loading' : ''} ${className}`}
      aria-labelledby="owner-quote-heading"
      aria-busy={loading || undefined}
      data-testid="owner-quote"
    >
      <h2 id="owner-quote-heading" className="owner-card__title">
        {t('owner:book.quoteHeading')}
      </h2>
      {!quote ? (
        <p className="owner-empty">{t('owner:book.quoteEmpty')}</p>
      ) : (
        <>
          <p className="owner-quote__stay">
            {formatDate(quote.booking.checkinTime, 'date', language)} –{' '}
            {formatDate(quote.booking.checkoutTime, 'date', language)} ·{' '}
            {t('owner:home.nights', { count: quote.nights.length })}
          </p>
          <ul className="owner-quote__nights" aria-label={t('owner:book.nightsLabel')}>
            {quote.nights.map((n) => (
              <li key={isoFromCivil(n.date)} className={n.priceType === 'HIGH' ? 'owner-quote__night--high' : ''}>
                <span>{formatDate(n.date, 'date', language)}</span>
                <span>{t(`owner:priceType.${n.priceType}`)}</span>
              </li>
            ))}
          </ul>
          <h3 className="owner-subheading">{t('owner:book.slotsHeading')}</h3>
          <dl className="owner-lines">
            <div className="owner-lines__row">
              <dt>{t('owner:book.slotStandard')}</dt>
              <dd data-testid="owner-quote-standard">{quote.consumptionSlotStandard}</dd>
            </div>
            <div className="owner-lines__row">
              <dt>{t('owner:book.slotHigh')}</dt>
              <dd data-testid="owner-quote-high">{quote.consumptionSlotHigh}</dd>
            </div>
            <div className="owner-lines__row">
              <dt>{t('owner:book.slotHighSubstitute')}</dt>
              <dd data-testid="owner-quote-high-substitute">{quote.consumptionSlotHighSubstitute}</dd>
            </div>
            {quote.consumptionHouseGroup ? (
              <div className="owner-lines__row">
                <dt>{t('owner:book.slotsOf')}</dt>
                <dd>{quote.consumptionHouseGroup.name}</dd>
              </div>
            ) : null}
          </dl>
          {quote.consumptionSlotHighSubstitute > 0 ? (
            <p className="owner-note">
              {t('owner:book.substituteNote', { count: quote.consumptionSlotHighSubstitute })}
            </p>
          ) : null}
          <h3 className="owner-subheading">{t('owner:book.feesHeading')}</h3>
          <dl className="owner-lines">
            <div className="owner-lines__row">
              <dt>{t('owner:book.ownUseFee')}</dt>
              <dd data-testid="owner-quote-fee">{formatYen(quote.totalOwnUseFee, language)}</dd>
            </div>
            {type === 'MUTUAL_USE' ? (
              <>
                <div className="owner-lines__row">
                  <dt>{t('owner:book.extraChargePerDay')}</dt>
                  <dd>{formatYen(quote.extraChargePerDay, language)}</dd>
                </div>
                <div className="owner-lines__row">
                  <dt>{t('owner:book.totalExtraCharge')}</dt>
                  <dd data-testid="owner-quote-extra">{formatYen(quote.totalExtraCharge, language)}</dd>
                </div>
              </>
            ) : null}
            <div className="owner-lines__row owner-lines__row--total">
              <dt>{t('owner:book.totalWithTax')}</dt>
              <dd data-testid="owner-quote-total">{formatYen(quote.totalAmount, language)}</dd>
            </div>
          </dl>
          <p className="owner-note">{t('owner:book.feesTaxNote')}</p>
          <p className="owner-note">
            {t('owner:book.freeUntil', { date: formatDate(quote.freeCancellationLimitDate, 'date', language) })}
          </p>
        </>
      )}
      <Link className={buttonClassName({ variant: 'text', size: 'small' })} to={localizePath('/owner', language)}>
        {t('owner:book.backHome')}
      </Link>
    </aside>
  );
}
