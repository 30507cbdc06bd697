import {
  getHouseGroup,
  getHouseGroupAvailabilityCalendar,
  getHouseGroupLocation,
  searchHouseGroups,
} from '@yado/contract/catalogue.contract';
import { useTranslation } from '../lib/i18n';
import { Link, useLocation, type LinksFunction } from 'react-router';
import { okBody } from '../features/catalogue/api-result';
import { indexCalendar, normalizeCalendar, type ApiCalendarMonth } from '../features/catalogue/calendar-grid';
import { capacityProblem, parseGuests, parseStay, stayQueryString } from '../features/catalogue/catalogue-query';
import { lodgingJsonLd, pageUrl, publicPageMeta } from '../features/catalogue/catalogue-seo';
import {
  addMonths,
  formatYearMonth,
  monthOf,
  monthsBetween,
  parseYearMonth,
  todayIn,
  type YearMonth,
} from '@yado/contract/civil-date';
import {
  AvailabilityCalendar,
  type CalendarMonth,
} from '../features/catalogue/components/availability-calendar.component';
import { GuestForm } from '../features/catalogue/components/guest-form.component';
import { HouseGroupFacts } from '../features/catalogue/components/house-group-facts.component';
import { HouseGroupGallery } from '../features/catalogue/components/house-group-gallery.component';
import { LocationBlock } from '../features/catalogue/components/location-block.component';
import { StaySummary } from '../features/catalogue/components/stay-summary.component';
import { TimeUseCard } from '../features/catalogue/components/time-use-card.component';
import { TypeLabel } from '../features/catalogue/components/type-label.component';
import { OwnerStayChoice } from '../features/owner/components/owner-stay-choice.component';
import { WaitlistNotify } from '../features/waitlist/components/waitlist-notify.component';
import { findQuote } from '../features/catalogue/house-group-quote';
import { formatYen } from '../lib/format-yen';
import { translatorFor } from '../lib/i18n';
import { languageFromPath, localizePath } from '../lib/language';
import { useLanguage } from '../lib/use-language.hook';
import { useSignedIn } from '../lib/use-signed-in.hook';
import catalogueStylesHref from '../styles/catalogue.css?url';
import waitlistStylesHref from '../styles/waitlist.css?url';
import type { Route } from './+types/house-group.route';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: catalogueStylesHref },
  { rel: 'stylesheet', href: waitlistStylesHref },
];

/** Months the calendar shows at once, and how far ahead it goes (the API's limit is 18). */
const MONTHS_SHOWN = 2;
const MONTHS_AHEAD = 17;
const CALENDAR_ID = 'availability';

/**
 * A house group, rendered on the server: its facts, the calendar of the
 * months in the address, and (with dates) the API's total for the dates and
 * guests. Every choice on the page is a new address, so the same loader
 * answers the first visit, a shared link and each click.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const houseGroupId = params.houseGroupId;
  const [groupResult, locationResult] = await Promise.all([
    context.callApi(getHouseGroup, { houseGroupId }, language),
    context.callApi(getHouseGroupLocation, { houseGroupId }, language),
  ]);
  const { houseGroup } = okBody(groupResult);
  const { houseGroupLocation } = okBody(locationResult);

  const today = todayIn(houseGroup.timezone, new Date());
  const stay = parseStay(url.searchParams, today);
  const guests = parseGuests(url.searchParams);
  const first = monthOf(today);
  const last = addMonths(first, MONTHS_AHEAD - (MONTHS_SHOWN - 1));
  let shown = parseYearMonth(url.searchParams.get('month')) ?? monthOf(stay.checkin ?? today);
  if (monthsBetween(first, shown) < 0) shown = first;
  if (monthsBetween(shown, last) < 0) shown = last;

  const problem = capacityProblem(houseGroup, guests);
  const [calendarResult, quote] = await Promise.all([
    context.callApi(
      getHouseGroupAvailabilityCalendar,
      { houseGroupId, from: shown, to: addMonths(shown, MONTHS_SHOWN - 1), variant: 'CHECKIN_CHECKOUT' },
      language,
    ),
    stay.checkin && stay.checkout && !problem
      ? findQuote(
          async (body) => {
            const r = await context.callApi(searchHouseGroups, body, language);
            return r.ok ? r.body : null;
          },
          houseGroup,
          { checkin: stay.checkin, checkout: stay.checkout },
          guests,
        )
      : Promise.resolve(null),
  ]);
  const calendar = okBody(calendarResult);
  // The page asks for CHECKIN_CHECKOUT, so every day has that shape of the output's union.
  const months: ApiCalendarMonth[] = calendar.months.map((m) => ({
    ...m,
    days: m.days.filter((d) => 'availableForCheckin' in d),
  }));
  return {
    houseGroup,
    location: houseGroupLocation,
    months: normalizeCalendar(months) as CalendarMonth[],
    shown,
    prev: monthsBetween(first, shown) > 0 ? addMonths(shown, -1) : null,
    next: monthsBetween(shown, last) > 0 ? addMonths(shown, 1) : null,
    stay,
    guests,
    problem,
    quote,
    origin: context.publicOrigin,
    today,
  };
}

export const meta: Route.MetaFunction = ({ data, location }) => {
  if (!data) return [];
  const language = languageFromPath(location.pathname);
  const t = translatorFor(language);
  const url = pageUrl(data.origin, location.pathname);
  const { houseGroup: g, location: loc } = data;
  const images = loc.carouselImageUrls.length > 0 ? loc.carouselImageUrls : [g.horizontalImageUrl];
  const description = loc.conceptDescription || loc.conceptTitle || g.capacityDescription;
  return [
    ...publicPageMeta({
      title: `${g.name} · ${g.placeName}`,
      description,
      url,
      origin: data.origin,
      image: g.horizontalImageUrl,
      type: 'hotel',
      language,
    }),
    {
      'script:ld+json': lodgingJsonLd(data.origin, {
        name: g.name,
        description,
        url,
        images,
        address: loc.address,
        latitude: loc.latitude,
        longitude: loc.longitude,
        priceRange: t('catalogue:houseGroup.priceRange', { price: formatYen(g.standardSeasonPrice, language) }),
        maxCapacity: g.maxCapacity,
        petsAllowed: g.isPetAllowed,
      }),
    },
  ];
};

export default function HouseGroupRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const signedIn = useSignedIn();
  const { pathname } = useLocation();
  const d = loaderData;
  const { houseGroup: g, location: loc } = d;
  const images = loc.carouselImageUrls.length > 0 ? loc.carouselImageUrls : [g.horizontalImageUrl];
  const month = formatYearMonth(d.shown);
  const hrefFor = (selection: { checkin: string | null; checkout: string | null }, m: YearMonth) =>
    `${pathname}${stayQueryString(selection, d.guests, formatYearMonth(m))}`;
  const selfHref = `${pathname}${stayQueryString(d.stay, d.guests)}`;
  return (
    <div className="catalogue-page hg-page">
      <nav className="breadcrumbs" aria-label={t('catalogue:houseGroup.breadcrumbs')}>
        <Link to={localizePath(`/places/${g.placeId}`, language)}>{g.placeName}</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{g.name}</span>
      </nav>
      <header className="hg-page__header">
        <p className="eyebrow">
          <TypeLabel type={g.type} /> · {g.area}
        </p>
        <h1>{g.name}</h1>
      </header>
      <HouseGroupGallery name={g.name} images={images} />
      <div className="hg-page__layout">
        <div className="hg-page__main">
          <section className="catalogue-section concept" aria-labelledby="concept-heading">
            <h2 id="concept-heading">{loc.conceptTitle || g.name}</h2>
            <p>{loc.conceptDescription}</p>
            <p className="muted">{g.capacityDescription}</p>
          </section>
          <HouseGroupFacts group={g} />
          <section id={CALENDAR_ID} className="catalogue-section" aria-labelledby="calendar-heading" tabIndex={-1}>
            <h2 id="calendar-heading">{t('catalogue:calendar.heading')}</h2>
            <AvailabilityCalendar
              months={d.months}
              shown={d.shown}
              prev={d.prev}
              next={d.next}
              selection={d.stay}
              days={indexCalendar(d.months)}
              language={language}
              hrefFor={hrefFor}
            />
            <h3 className="facts__subheading">{t('catalogue:guests.heading')}</h3>
            <GuestForm
              guests={d.guests}
              hidden={{ checkin: d.stay.checkin, checkout: d.stay.checkout, month }}
              maxCapacity={g.maxCapacity}
              maxPets={g.isPetAllowed ? g.maxPetCapacity : 0}
            />
          </section>
          <LocationBlock location={loc} />
        </div>
        <aside className="hg-page__aside">
          {/* A TIME house group is booked by the hour, not by the night. */}
          {g.usageLabel === 'TIME' ? (
            g.availableBookingTypes.includes('EXCLUSIVE_TIME_USE') ? (
              <TimeUseCard group={g} language={language} />
            ) : null
          ) : (
            <StaySummary
              language={language}
              checkin={d.stay.checkin}
              checkout={d.stay.checkout}
              guests={d.guests}
              quote={d.quote}
              problem={d.problem}
              limits={g}
              checkinTime={g.checkinTime}
              checkoutTime={g.checkoutTime}
              standardPrice={g.standardSeasonPrice}
              selfHref={selfHref}
              signedIn={signedIn}
              bookPath={`${localizePath(`/mypage/bookings/new/${g.id}`, language)}${stayQueryString(d.stay, d.guests)}`}
              clearHref={`${pathname}${stayQueryString({ checkin: null, checkout: null }, d.guests, month)}`}
              calendarId={CALENDAR_ID}
            />
          )}
          {g.usageLabel !== 'TIME' ? (
            <WaitlistNotify
              key={`${d.stay.checkin}|${d.stay.checkout}`}
              houseGroupId={g.id}
              today={d.today}
              stay={d.stay}
              guests={d.guests}
              taken={Boolean(d.stay.checkin && d.stay.checkout && d.quote && !d.quote.available)}
              signedIn={signedIn}
              selfHref={selfHref}
            />
          ) : null}
          {signedIn ? <OwnerStayChoice houseGroupId={g.id} query={stayQueryString(d.stay, d.guests)} /> : null}
        </aside>
      </div>
    </div>
  );
}
