import { getHouseGroup } from '@yado/contract/catalogue.contract';
import { todayIn } from '@yado/contract/civil-date';
import { getSlotBalance } from '@yado/contract/ownership.contract';
import { Link, type HeadersFunction, type LinksFunction } from 'react-router';
import { OwnerBookingForm, type PayingShare } from '../features/owner/components/owner-booking-form.component';
import { OWNER_HEADERS, ownerLoader } from '../features/owner/owner-loader.server';
import { ownerMeta } from '../features/owner/owner-meta';
import { draftFromParams, type OwnerStayType } from '../features/owner/owner-stay-request';
import { useTranslation } from '../lib/i18n';
import { localizePath } from '../lib/language';
import { useLanguage } from '../lib/use-language.hook';
import ownerStylesHref from '../styles/owner.css?url';
import type { Route } from './+types/owner-booking-new.route';

/**
 * /owner/bookings/new/{house_group_id}?checkin=…&checkout=…&adults=…: an owner books a house group on
 * a share's slots, own use where they hold a share of it, mutual use elsewhere. Owners only.
 */
export async function loader(args: Route.LoaderArgs) {
  const { read, url } = ownerLoader(args);
  const houseGroupId = args.params.houseGroupId;
  const [{ houseGroup }, balance] = await Promise.all([
    read(getHouseGroup, { houseGroupId }),
    read(getSlotBalance, {}),
  ]);
  const today = todayIn(houseGroup.timezone, new Date());
  const year = Number(today.slice(0, 4));
  const own = balance.shares.filter((s) => s.houseGroupId === houseGroup.id);
  const type: OwnerStayType = own.length > 0 ? 'OWN_USE' : 'MUTUAL_USE';
  const leftThisYear = (s: PayingShare) => s.left.find((y) => y.year === year) ?? { standard: 0, high: 0 };
  const shares: PayingShare[] = (type === 'OWN_USE' ? own : balance.shares)
    .map((s) => ({
      shareId: s.shareId,
      houseGroupId: s.houseGroupId,
      houseGroupName: s.houseGroupName,
      fraction: `${s.fraction.numerator}/${s.fraction.denominator}`,
      left: s.years.map((y) => ({ year: y.slotYear, standard: y.standard.remaining, high: y.high.remaining })),
    }))
    // The share with most nights left this year first: the one the API would choose too.
    .sort((a, b) => {
      const [x, y] = [leftThisYear(a), leftThisYear(b)];
      return y.standard + y.high - (x.standard + x.high);
    });
  const query = url.searchParams.toString();
  return {
    houseGroup,
    type,
    shares,
    initial: draftFromParams(url.searchParams, shares[0]?.shareId ?? ''),
    today,
    guestPath: `/mypage/bookings/new/${houseGroup.id}${query ? `?${query}` : ''}`,
  };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: ownerStylesHref }];
export const headers: HeadersFunction = () => OWNER_HEADERS;
export const meta: Route.MetaFunction = ({ location, data }) =>
  ownerMeta(location.pathname, (t) => t('owner:book.title', { name: data?.houseGroup.name ?? '' }));

export default function OwnerBookingNewRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const d = loaderData;
  const g = d.houseGroup;
  return (
    <div className="owner-area owner-booking">
      <nav className="breadcrumbs" aria-label={t('owner:book.breadcrumbs')}>
        <Link to={localizePath('/owner', language)}>{t('owner:nav.area')}</Link>
        <span aria-hidden="true"> / </span>
        <Link to={localizePath(`/house-groups/${g.id}`, language)}>{g.name}</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{t(`owner:bookingType.${d.type}`)}</span>
      </nav>
      <header className="owner-page__header">
        <div>
          <p className="owner-eyebrow">{g.placeName}</p>
          <h1 id="owner-heading">{t('owner:book.heading', { name: g.name })}</h1>
        </div>
      </header>
      <OwnerBookingForm
        houseGroup={g}
        type={d.type}
        shares={d.shares}
        initial={d.initial}
        today={d.today}
        guestHref={localizePath(d.guestPath, language)}
      />
    </div>
  );
}
