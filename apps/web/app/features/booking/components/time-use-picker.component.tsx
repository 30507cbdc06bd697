import { TENTATIVE_HOLD_MINUTES, type BookingQuote } from '@yado/contract/booking.contract';
import type { IsoDate } from '@yado/contract/civil-date';
import { civilFromIso, isoFromCivil } from '@yado/contract/civil-date';
import type { TimeUseAvailability } from '@yado/contract/time-use.contract';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { TextField } from '../../../components/ui/text-field.component';
import { formatDate } from '../../../lib/format-date';
import { formatYen } from '../../../lib/format-yen';
import { useTranslation } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/use-language.hook';
import { useHoldHours } from '../hooks/use-hold-hours.hook';
import { fits, hourLabel, neighbourDays, timeUseQuery, type TimeUseChoice } from '../time-use-query';
import { BookingSection } from './booking-section.component';

type Props = {
  houseGroupId: string;
  availability: TimeUseAvailability;
  choice: TimeUseChoice;
  /** The API's price of the chosen hours, or why they cannot be booked. */
  quote: Omit<BookingQuote, 'booking'> | null;
  quoteError: string | null;
};

/**
 * The hours page: a day and a length (a plain GET form, so every choice is an address), the day's
 * opening hours with the free ones to start from, and the API's price of the choice with "Hold and
 * continue", which holds a house and opens the same payment step as a stay.
 */
export function TimeUsePicker({ houseGroupId, availability: a, choice, quote, quoteError }: Props) {
  const { t } = useTranslation();
  const window = { from: isoFromCivil(a.bookableFrom), until: isoFromCivil(a.bookableUntil) };
  const days = neighbourDays(choice.date, window);
  const lengths = Array.from({ length: a.maxHours - a.minHours + 1 }, (_, i) => a.minHours + i);
  const href = (c: Partial<TimeUseChoice>) => timeUseQuery({ ...choice, ...c });
  return (
    <div className="booking-layout">
      <div className="booking-form">
        <BookingSection id="time-day" title={t('booking:timeUse.dayHeading')} lead={t('booking:timeUse.dayLead')}>
          <form method="get" className="time-use__day">
            <TextField
              id="time-date"
              label={t('booking:timeUse.date')}
              type="date"
              name="date"
              defaultValue={choice.date}
              min={window.from}
              max={window.until}
              required
            />
            <SelectField
              id="time-length"
              label={t('booking:timeUse.length')}
              name="hours"
              defaultValue={String(choice.hours)}
            >
              {lengths.map((n) => (
                <option key={n} value={n}>
                  {t('booking:timeUse.hours', { count: n })}
                </option>
              ))}
            </SelectField>
            <Button type="submit" variant="secondary">
              {t('booking:timeUse.show')}
            </Button>
          </form>
          <p className="time-use__days">
            {days.prev ? (
              <Link to={href({ date: days.prev, start: null })}>{t('booking:timeUse.prevDay')}</Link>
            ) : (
              <span />
            )}
            {days.next ? <Link to={href({ date: days.next, start: null })}>{t('booking:timeUse.nextDay')}</Link> : null}
          </p>
        </BookingSection>
        <BookingSection
          id="time-start"
          title={t('booking:timeUse.startHeading')}
          lead={t('booking:timeUse.startLead', {
            opens: hourLabel(a.opensAt),
            closes: hourLabel(a.closesAt),
            zone: a.timezone,
          })}
        >
          <HourGrid a={a} choice={choice} href={href} />
        </BookingSection>
      </div>
      <aside className="booking-aside" aria-labelledby="quote-heading">
        <TimeUseQuoteCard houseGroupId={houseGroupId} a={a} choice={choice} quote={quote} quoteError={quoteError} />
      </aside>
    </div>
  );
}

/** Each opening hour: a link to start there when the chosen length fits, else why not. */
function HourGrid({
  a,
  choice,
  href,
}: {
  a: TimeUseAvailability;
  choice: TimeUseChoice;
  href: (c: Partial<TimeUseChoice>) => string;
}) {
  const { t } = useTranslation();
  if (a.hours.length === 0) return <p className="muted">{t('booking:timeUse.closed')}</p>;
  const chosen = (h: number) => choice.start !== null && h >= choice.start && h < choice.start + choice.hours;
  return (
    <ul className="time-use__hours" aria-label={t('booking:timeUse.startHeading')}>
      {a.hours.map((h) => {
        const label = hourLabel(h.hour);
        const startable = fits(a.hours, h.hour, choice.hours);
        const className = `time-use__hour${chosen(h.hour) ? ' time-use__hour--chosen' : ''}`;
        return (
          <li key={h.hour}>
            {startable ? (
              <Link
                className={className}
                to={href({ start: h.hour })}
                preventScrollReset
                aria-current={choice.start === h.hour ? 'true' : undefined}
              >
                <span className="time-use__time">{label}</span>
                <span className="time-use__state">{t('booking:timeUse.free')}</span>
              </Link>
            ) : (
              <span className={`${className} time-use__hour--off`} aria-disabled="true">
                <span className="time-use__time">{label}</span>
                <span className="time-use__state">
                  {h.free ? t('booking:timeUse.tooShort') : t('booking:timeUse.taken')}
                </span>
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function TimeUseQuoteCard({
  houseGroupId,
  a,
  choice,
  quote,
  quoteError,
}: Omit<Props, 'availability'> & { a: TimeUseAvailability }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const yen = (n: number) => formatYen(n, language);
  const date = formatDate(civilFromIso(choice.date as IsoDate), 'date', language);
  const kind = a.priceKind === 'OWNER' ? t('booking:timeUse.ownerPrice') : t('booking:timeUse.memberPrice');
  return (
    <section className="quote-card" aria-live="polite">
      <h2 id="quote-heading" className="quote-card__title">
        {t('booking:timeUse.summaryHeading')}
      </h2>
      <p className="quote-card__stay">
        {date}
        {choice.start !== null ? (
          <>
            <br />
            <strong data-testid="time-span">
              {hourLabel(choice.start)}–{hourLabel(choice.start + choice.hours)}
            </strong>{' '}
            <span className="muted">({t('booking:timeUse.hours', { count: choice.hours })})</span>
          </>
        ) : null}
      </p>
      {a.pricePerHour === null ? (
        <p className="quote-card__note">{t('booking:timeUse.noPrice')}</p>
      ) : (
        <p className="quote-card__fine">
          {kind}: {t('booking:timeUse.perHour', { price: yen(a.pricePerHour) })}
        </p>
      )}
      {choice.start === null ? (
        <p className="quote-card__note">{t('booking:timeUse.chooseStart')}</p>
      ) : quoteError ? (
        <p className="quote-card__note" role="alert">
          {quoteError}
        </p>
      ) : quote ? (
        <PricedHours
          houseGroupId={houseGroupId}
          a={a}
          choice={choice as TimeUseChoice & { start: number }}
          quote={quote}
        />
      ) : null}
      {choice.start !== null ? (
        <p className="stay-summary__clear">
          <Link
            className={buttonClassName({ variant: 'secondary', fullWidth: true })}
            to={timeUseQuery({ ...choice, start: null })}
            preventScrollReset
          >
            {t('booking:timeUse.clear')}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

/** The API's price of the chosen hours and "Hold and continue". */
function PricedHours({
  houseGroupId,
  a,
  choice,
  quote,
}: {
  houseGroupId: string;
  a: TimeUseAvailability;
  choice: TimeUseChoice & { start: number };
  quote: Omit<BookingQuote, 'booking'>;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const holding = useHoldHours();
  const yen = (n: number) => formatYen(n, language);
  return (
    <>
      <dl className="quote__lines">
        <div className="quote__line">
          <dt>{t('booking:timeUse.usage', { count: choice.hours })}</dt>
          <dd>{yen(quote.accommodationAmount)}</dd>
        </div>
        <div className="quote__line quote__line--sub">
          <dt>{t('booking:timeUse.tax', { rate: a.taxRatePercentage })}</dt>
          <dd>{yen(quote.consumptionTaxAmount)}</dd>
        </div>
        <div className="quote__line quote__line--total">
          <dt>{t('booking:quote.total')}</dt>
          <dd data-testid="time-total">{yen(quote.totalAmount)}</dd>
        </div>
      </dl>
      <p className="quote-card__fine">{t('booking:timeUse.payNow', { minutes: TENTATIVE_HOLD_MINUTES })}</p>
      {holding.holdError ? (
        <p className="quote-card__note" role="alert">
          {holding.holdError}
        </p>
      ) : null}
      <Button
        size="large"
        fullWidth
        busy={holding.holding}
        onClick={() =>
          void holding.hold({
            houseGroupId,
            date: civilFromIso(choice.date),
            startHour: choice.start,
            hours: choice.hours,
          })
        }
      >
        {t('booking:timeUse.hold')}
      </Button>
    </>
  );
}
