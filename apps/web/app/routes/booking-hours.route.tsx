import { getHouseGroup } from '@yado/contract/catalogue.contract';
import { civilFromIso, todayIn } from '@yado/contract/civil-date';
import { getTimeUseAvailability, getTimeUseQuote, TIME_USE_WINDOW_DAYS } from '@yado/contract/time-use.contract';
import { addDays } from '@yado/contract/civil-date';
import { Link, type HeadersFunction, type LinksFunction } from 'react-router';
import { TimeUsePicker } from '../features/booking/components/time-use-picker.component';
import { fits, parseTimeUseChoice } from '../features/booking/time-use-query';
import { translatorFor, useTranslation } from '../lib/i18n';
import { languageFromPath, localizePath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { PRIVATE_HEADERS, privateLoader } from '../lib/private-loader.server';
import { useLanguage } from '../lib/use-language.hook';
import bookingStylesHref from '../styles/booking.css?url';
import type { Route } from './+types/booking-hours.route';

/**
 * /mypage/bookings/hours/{house_group_id}?date=…&start=…&hours=…: a TIME house group booked by the
 * hour. The day's free hours and the caller's price come from the API; a chosen start is priced by
 * the API too. Private: a signed-out guest signs in first and comes back with the same address.
 */
export async function loader(args: Route.LoaderArgs) {
  const { read, url, language } = privateLoader(args);
  const houseGroupId = args.params.houseGroupId;
  const { houseGroup } = await read(getHouseGroup, { houseGroupId });
  const today = todayIn(houseGroup.timezone, new Date());
  const choice = parseTimeUseChoice(url.searchParams, { from: today, until: addDays(today, TIME_USE_WINDOW_DAYS) });
  const { availability } = await read(getTimeUseAvailability, { houseGroupId, date: civilFromIso(choice.date) });
  // A start whose hours are not all free is not priced: the page says so instead.
  const start = choice.start !== null && fits(availability.hours, choice.start, choice.hours) ? choice.start : null;
  let quote = null;
  let quoteError: string | null = null;
  if (start !== null && availability.pricePerHour !== null) {
    const r = await args.context.callApi(
      getTimeUseQuote,
      { houseGroupId, date: civilFromIso(choice.date), startHour: start, hours: choice.hours },
      language,
    );
    if (r.ok) quote = r.body.quote;
    else quoteError = r.body?.localizedMessage ?? r.body?.message ?? null;
  }
  return { houseGroup, availability, choice: { ...choice, start }, quote, quoteError };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: bookingStylesHref }];
export const headers: HeadersFunction = () => PRIVATE_HEADERS;
export const meta: Route.MetaFunction = ({ location, data }) => {
  const t = translatorFor(languageFromPath(location.pathname));
  return titleMeta(t('booking:timeUse.title', { name: data?.houseGroup.name ?? '' }));
};

export default function BookingHoursRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { houseGroup: g, availability, choice, quote, quoteError } = loaderData;
  return (
    <div className="page page--wide booking-page">
      <nav className="breadcrumbs" aria-label={t('booking:breadcrumbs')}>
        <Link to={localizePath(`/house-groups/${g.id}`, language)}>{g.name}</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{t('booking:timeUse.heading')}</span>
      </nav>
      <header className="page__header">
        <p className="eyebrow">{g.placeName}</p>
        <h1 id="booking-heading">{t('booking:timeUse.headingFor', { name: g.name })}</h1>
        <ol className="booking-steps" aria-label={t('booking:steps.label')}>
          <li aria-current="step" className="booking-steps__item booking-steps__item--current">
            {t('booking:timeUse.stepHours')}
          </li>
          <li className="booking-steps__item">{t('booking:steps.payment')}</li>
          <li className="booking-steps__item">{t('booking:steps.done')}</li>
        </ol>
      </header>
      <TimeUsePicker
        houseGroupId={g.id}
        availability={availability}
        choice={choice}
        quote={quote}
        quoteError={quoteError}
      />
    </div>
  );
}
