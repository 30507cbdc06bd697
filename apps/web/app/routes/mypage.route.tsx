import { listBookings, type BookingListItem } from '@yado/contract/booking.contract';
import { listReceivedGifts } from '@yado/contract/gift.contract';
import { getPointBalance } from '@yado/contract/point.contract';
import { getUser } from '@yado/contract/user.contract';
import { listVehicleRentals } from '@yado/contract/vehicle-rental.contract';
import { useTranslation } from '../lib/i18n';
import {
  data,
  Link,
  redirect,
  useLocation,
  type HeadersFunction,
  type LinksFunction,
  type MetaFunction,
} from 'react-router';
import { BookingList, parseBookingTab } from '../features/booking/components/booking-list.component';
import { ReceivedGifts } from '../features/gift/components/received-gifts.component';
import { SignOutButton } from '../features/mypage/components/sign-out-button.component';
import { UserSummary } from '../features/mypage/components/user-summary.component';
import { StayPassLink } from '../features/stay-pass/components/stay-pass-link.component';
import { MypageVehicleRentals } from '../features/vehicle/components/vehicle-rental-card.component';
import { formatPoints } from '../lib/point-reason';
import { useApiQuery } from '../lib/use-api-query.hook';
import { translatorFor } from '../lib/i18n';
import { languageFromPath, localizePath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { withRedirectUrl } from '../lib/redirect-url';
import { loginRedirectFor, requireSession } from '../lib/require-session';
import bookingStylesHref from '../styles/booking.css?url';
import giftStylesHref from '../styles/gift.css?url';
import vehicleStylesHref from '../styles/vehicle.css?url';
import type { Route } from './+types/mypage.route';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: bookingStylesHref },
  { rel: 'stylesheet', href: giftStylesHref },
  { rel: 'stylesheet', href: vehicleStylesHref },
];

/** A private page: the user comes from the session cookie, fetched on the server. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireSession(context, request);
  const language = languageFromPath(new URL(request.url).pathname);
  const url = new URL(request.url);
  const tab = parseBookingTab(url.searchParams.get('tab'));
  const pageToken = (url.searchParams.get('page') ?? '').slice(0, 200);
  const [result, bookingsResult, pointsResult, giftsResult, rentalsResult] = await Promise.all([
    context.callApi(getUser, {}, language),
    context.callApi(listBookings, { filter: tab, pageRequest: { pageSize: 20, pageToken } }, language),
    context.callApi(getPointBalance, {}, language),
    context.callApi(listReceivedGifts, {}, language),
    context.callApi(listVehicleRentals, {}, language),
  ]);
  if (result.ok) {
    // The bookings are a part of the page: if they cannot be read, the profile still shows.
    const bookings = bookingsResult.ok ? bookingsResult.body : { bookings: [] as BookingListItem[], nextPageToken: '' };
    // So is the balance: without it the link to the points page still shows.
    const pointBalance = pointsResult.ok ? pointsResult.body.balance : null;
    return {
      user: result.body,
      tab,
      bookings: bookings.bookings,
      nextPageToken: bookings.nextPageToken,
      pointBalance,
      // The gifts received are a part of the page too: without them the rest still shows.
      receivedGifts: giftsResult.ok ? giftsResult.body.gifts : [],
      // Car rentals too: without them the rest still shows.
      vehicleRentals: rentalsResult.ok ? rentalsResult.body.vehicleRentals : [],
    };
  }
  const error = result.body;
  if (result.status === 404 && error?.errorInfo?.reason === 'CodeUserNotFound') {
    throw redirect(withRedirectUrl(localizePath('/register', language), localizePath('/mypage', language)));
  }
  // The cookie's token no longer works (expired, revoked): sign in again and come back.
  if (result.status === 401) throw redirect(loginRedirectFor(request));
  throw data(error, { status: result.status });
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: MetaFunction = ({ location }) => {
  const t = translatorFor(languageFromPath(location.pathname));
  return titleMeta(t('mypage.title'));
};

export default function MypageRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const d = loaderData;
  const loaded = d.user;
  const language = languageFromPath(useLocation().pathname);
  // Rendered from the server's copy; coming back to the tab refreshes it (failures go to the error dialog).
  const { data: user = loaded } = useApiQuery(getUser, {}, { fallbackData: loaded, revalidateOnMount: false });
  return (
    <section className="page page--narrow" aria-labelledby="mypage-heading">
      <header className="page__header">
        <h1 id="mypage-heading">{t('mypage.heading')}</h1>
      </header>
      <StayPassLink />
      {/* A guest comes here for their stays first; the profile follows. */}
      <BookingList
        tab={d.tab}
        bookings={d.bookings}
        moreHref={
          d.nextPageToken
            ? `${localizePath('/mypage', language)}?tab=${d.tab.toLowerCase()}&page=${encodeURIComponent(d.nextPageToken)}`
            : null
        }
      />
      <ReceivedGifts gifts={d.receivedGifts} />
      <MypageVehicleRentals rentals={d.vehicleRentals} />
      <Link className="card mypage-points" to={localizePath('/mypage/points', language)}>
        <span className="mypage-points__label">{t('booking:list.points')}</span>
        {d.pointBalance !== null ? (
          <span className="mypage-points__value" data-testid="mypage-point-balance">
            {t('points:balance.value', { points: formatPoints(d.pointBalance, language) })}
          </span>
        ) : null}
        <span className="mypage-points__chevron" aria-hidden="true">
          ›
        </span>
      </Link>
      <Link
        className="card mypage-points"
        to={localizePath('/mypage/waitlist', language)}
        data-testid="mypage-waitlist"
      >
        <span className="mypage-points__label">{t('waitlist:list.title')}</span>
        <span className="mypage-points__chevron" aria-hidden="true">
          ›
        </span>
      </Link>
      <LinkCard to={localizePath('/mypage/wallet', language)} testId="mypage-wallet" ns="wallet" />
      <LinkCard
        to={localizePath('/mypage/split-billings', language)}
        testId="mypage-split-billings"
        ns="booking"
        keys={['splitBillings.mypageLink', 'splitBillings.mypageLinkBody']}
      />
      <LinkCard
        to={localizePath('/mypage/financial-statements', language)}
        testId="mypage-financial-statements"
        ns="financial"
      />
      <LinkCard to={localizePath('/mypage/lending', language)} testId="mypage-lending" ns="lending" />
      <LinkCard to={localizePath('/mypage/vouchers', language)} testId="mypage-vouchers" ns="voucher" />
      <LinkCard to={localizePath('/mypage/key-tokens', language)} testId="mypage-key-tokens" ns="key-token" />
      <LinkCard
        to={localizePath('/mypage/dao-slots', language)}
        testId="mypage-dao-slots"
        ns="key-token"
        keys={['daoLink', 'daoLinkBody']}
      />
      {user.userType === 'USER_TYPE_OWNER' ? (
        <Link className="card mypage-points" to={localizePath('/owner', language)} data-testid="mypage-owner">
          <span className="mypage-points__label">
            {t('mypage.ownerArea')}
            <span className="muted mypage-owner__body">{t('mypage.ownerAreaBody')}</span>
          </span>
          <span className="mypage-points__chevron" aria-hidden="true">
            ›
          </span>
        </Link>
      ) : null}
      <UserSummary user={user} />
      <Link
        className="card mypage-points"
        to={localizePath('/mypage/settings', language)}
        data-testid="mypage-settings"
      >
        <span className="mypage-points__label">{t('mypage.settings')}</span>
        <span className="mypage-points__chevron" aria-hidden="true">
          ›
        </span>
      </Link>
      <Link className="card mypage-points" to={localizePath('/mypage/keys', language)} data-testid="mypage-keys">
        <span className="mypage-points__label">{t('stay:keys.link')}</span>
        <span className="mypage-points__chevron" aria-hidden="true">
          ›
        </span>
      </Link>
      <Link
        className="card mypage-points"
        to={localizePath('/mypage/driver-license', language)}
        data-testid="mypage-driver-license"
      >
        <span className="mypage-points__label">{t('mypage.driverLicense')}</span>
        <span className="mypage-points__chevron" aria-hidden="true">
          ›
        </span>
      </Link>
      <Link
        className="card mypage-points"
        to={localizePath('/mypage/questionnaires', language)}
        data-testid="mypage-questionnaires"
      >
        <span className="mypage-points__label">{t('questionnaire:guest.mypageLink')}</span>
        <span className="mypage-points__chevron" aria-hidden="true">
          ›
        </span>
      </Link>
      <div className="page__actions">
        <SignOutButton />
      </div>
    </section>
  );
}

/** A card linking to one of the user's areas, titled and described by its namespace's My page texts. */
function LinkCard(props: { to: string; testId: string; ns: string; keys?: [string, string] }) {
  const { t } = useTranslation();
  const [label, body] = props.keys ?? ['mypageLink', 'mypageLinkBody'];
  return (
    <Link className="card mypage-points" to={props.to} data-testid={props.testId}>
      <span className="mypage-points__label">
        {t(`${props.ns}:${label}`)}
        <span className="muted mypage-owner__body">{t(`${props.ns}:${body}`)}</span>
      </span>
      <span className="mypage-points__chevron" aria-hidden="true">
        ›
      </span>
    </Link>
  );
}
