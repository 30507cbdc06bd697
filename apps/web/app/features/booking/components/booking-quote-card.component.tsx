import { TENTATIVE_HOLD_MINUTES } from '@yado/contract/booking.contract';
import type { HouseGroup } from '@yado/contract/catalogue.contract';
import { civilFromIso, type IsoDate } from '@yado/contract/civil-date';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { formatDate } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { MAX_STAY_NIGHTS, type BookingFormState, type FormProblem } from '../booking-form-state';
import type { QuoteState } from '../hooks/use-booking-quote.hook';
import { QuoteSummary } from './quote-summary.component';

type Props = {
  g: HouseGroup;
  s: BookingFormState;
  guests: number;
  today: IsoDate;
  problem: FormProblem | null;
  quoteState: QuoteState;
  holding: boolean;
  holdError: string | null;
  onHold: () => void;
};

/**
 * The live quote beside the form: the stay and guests, why there is no price
 * yet, or the price (kept, dimmed, while a new one loads), and the hold button.
 */
export function BookingQuoteCard({ g, s, guests, today, problem, quoteState, holding, holdError, onHold }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const dateText = (iso: IsoDate) => formatDate(civilFromIso(iso), 'date', language);
  const quote =
    quoteState.kind === 'ready'
      ? quoteState.quote
      : quoteState.kind === 'loading' || quoteState.kind === 'error'
        ? quoteState.previous
        : null;
  const problemText: Record<FormProblem, string> = {
    dates: t('booking:form.problem.dates', { max: MAX_STAY_NIGHTS }),
    adults: t('booking:form.problem.adults'),
    childAge: t('booking:form.problem.childAge'),
    infantAge: t('booking:form.problem.infantAge'),
    couponCode: t('booking:form.problem.couponCode'),
  };
  return (
    <section className="card quote-card">
      <h2 id="quote-heading" className="quote-card__title">
        {t('booking:quote.heading')}
      </h2>
      <p className="quote-card__stay">
        {s.checkin && s.checkout
          ? t('booking:quote.stay', { checkin: dateText(s.checkin), checkout: dateText(s.checkout) })
          : t('booking:quote.noDates')}
        <br />
        <span className="muted">{t('booking:quote.guests', { count: guests })}</span>
      </p>
      <div aria-live="polite" aria-busy={quoteState.kind === 'loading'}>
        {problem ? (
          <p className="quote-card__note">{problemText[problem]}</p>
        ) : quoteState.kind === 'error' ? (
          <FormAlert>{quoteState.message}</FormAlert>
        ) : quoteState.kind === 'loading' && !quote ? (
          <p className="quote-card__note">{t('booking:quote.loading')}</p>
        ) : null}
        {quote && !problem ? (
          <div
            className={quoteState.kind === 'ready' ? 'quote-card__body' : 'quote-card__body quote-card__body--stale'}
          >
            <QuoteSummary quote={quote} language={language} policy={g.cancellationPolicy} today={today} />
          </div>
        ) : null}
      </div>
      {holdError ? <FormAlert>{holdError}</FormAlert> : null}
      <Button
        type="button"
        size="large"
        fullWidth
        busy={holding}
        disabled={quoteState.kind !== 'ready'}
        onClick={onHold}
        data-testid="hold-button"
      >
        {t('booking:hold.submit')}
      </Button>
      <p className="quote-card__fine">{t('booking:hold.note', { minutes: TENTATIVE_HOLD_MINUTES })}</p>
      <p className="quote-card__fine">
        <Link to={localizePath(`/house-groups/${g.id}`, language)}>{t('booking:form.backToHouse')}</Link>
      </p>
    </section>
  );
}
