import { getHouseGroup } from '@yado/contract/catalogue.contract';
import { listExtraOptions, listMeals } from '@yado/contract/meal.contract';
import { listStayStyleSuggestions } from '@yado/contract/stay-style.contract';
import { useTranslation } from '../lib/i18n';
import { Link, type HeadersFunction, type LinksFunction } from 'react-router';
import { todayIn } from '@yado/contract/civil-date';
import { initialFormState } from '../features/booking/booking-form-state';
import { BookingForm } from '../features/booking/components/booking-form.component';
import { zonedParts } from '../lib/format-date-time';
import { translatorFor } from '../lib/i18n';
import { languageFromPath, localizePath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { PRIVATE_HEADERS, privateLoader } from '../lib/private-loader.server';
import { useLanguage } from '../lib/use-language.hook';
import bookingStylesHref from '../styles/booking.css?url';
import type { Route } from './+types/booking-new.route';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * /mypage/bookings/new/{house_group_id}?checkin=…&checkout=…&adults=…: the
 * stay chosen on the house-group page, to complete and hold. Private: a
 * signed-out guest signs in first and comes back with the same address.
 */
export async function loader(args: Route.LoaderArgs) {
  const { read, url, language } = privateLoader(args);
  const houseGroupId = args.params.houseGroupId;
  const [{ houseGroup }, { meals }, { extraOptions }, styles] = await Promise.all([
    read(getHouseGroup, { houseGroupId }),
    read(listMeals, { houseGroupId }),
    read(listExtraOptions, { houseGroupId }),
    // The stay styles and their suggestions; the form works without them.
    args.context.callApi(listStayStyleSuggestions, { houseGroupId }, language),
  ]);
  const now = new Date();
  const local = zonedParts(now, houseGroup.timezone);
  const today = todayIn(houseGroup.timezone, now);
  const initial = initialFormState(url.searchParams);
  if (initial.checkin && initial.checkin < today) Object.assign(initial, { checkin: null, checkout: null });
  return {
    houseGroup,
    // Meals only where the house serves them; pets' option only where pets may come.
    meals: houseGroup.mealProvidable ? meals : [],
    extraOptions: extraOptions.filter((o) => o.type !== 'ADDITIONAL_PET' || houseGroup.isPetAllowed),
    initial,
    stayStyles: styles.ok ? styles.body.suggestions : [],
    today,
    nowLocal: `${local.year}-${pad(local.month)}-${pad(local.day)} ${pad(local.hours)}:${pad(local.minutes)}`,
  };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: bookingStylesHref }];
export const headers: HeadersFunction = () => PRIVATE_HEADERS;
export const meta: Route.MetaFunction = ({ location, data }) => {
  const t = translatorFor(languageFromPath(location.pathname));
  return titleMeta(t('booking:new.title', { name: data?.houseGroup.name ?? '' }));
};

export default function BookingNewRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const d = loaderData;
  const g = d.houseGroup;
  return (
    <div className="page page--wide booking-page">
      <nav className="breadcrumbs" aria-label={t('booking:breadcrumbs')}>
        <Link to={localizePath(`/house-groups/${g.id}`, language)}>{g.name}</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{t('booking:new.heading')}</span>
      </nav>
      <header className="page__header">
        <p className="eyebrow">{g.placeName}</p>
        <h1 id="booking-heading">{t('booking:new.headingFor', { name: g.name })}</h1>
        <ol className="booking-steps" aria-label={t('booking:steps.label')}>
          <li aria-current="step" className="booking-steps__item booking-steps__item--current">
            {t('booking:steps.details')}
          </li>
          <li className="booking-steps__item">{t('booking:steps.payment')}</li>
          <li className="booking-steps__item">{t('booking:steps.done')}</li>
        </ol>
      </header>
      <BookingForm
        houseGroup={g}
        meals={d.meals}
        extraOptions={d.extraOptions}
        initial={d.initial}
        today={d.today}
        nowLocal={d.nowLocal}
        stayStyles={d.stayStyles}
      />
    </div>
  );
}
