import { getBillingDetail, type BillingDetail } from '@yado/contract/billing.contract';
import { getBooking } from '@yado/contract/booking.contract';
import { getHouseGroup } from '@yado/contract/catalogue.contract';
import { listExtraOptions, listMeals } from '@yado/contract/meal.contract';
import { getPointBalance } from '@yado/contract/point.contract';
import { listVehicleRentals } from '@yado/contract/vehicle-rental.contract';
import { listStayStyleSuggestions } from '@yado/contract/stay-style.contract';
import { useCallback } from 'react';
import { useTranslation } from '../lib/i18n';
import { Link, useLocation, useNavigate, useRevalidator, type HeadersFunction, type LinksFunction } from 'react-router';
import { todayIn } from '@yado/contract/civil-date';
import { zonedParts } from '../lib/format-date-time';
import { BookingDetailView } from '../features/booking/components/booking-detail.component';
import { isOwnerStay, OwnerStayPanel } from '../features/owner/components/owner-stay-panel.component';
import { PaymentMethodPicker } from '../features/payment/components/payment-method-picker';
import { StayPassLink } from '../features/stay-pass/components/stay-pass-link.component';
import { BookingVehicleRentals } from '../features/vehicle/components/booking-vehicle-rentals.component';
import { StayKeySection } from '../features/stay/components/stay-key-section.component';
import { BookingChat } from '../features/chat/components/booking-chat.component';
import chatStylesHref from '../styles/chat.css?url';
import { BookingQuestionnaireCard } from '../features/questionnaire/components/booking-questionnaire-card.component';
import { suggestedFirst, suggestedFor } from '../features/booking/stay-style-suggestions';
import { translatorFor } from '../lib/i18n';
import { languageFromPath, localizePath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { PRIVATE_HEADERS, privateLoader } from '../lib/private-loader.server';
import { useLanguage } from '../lib/use-language.hook';
import bookingStylesHref from '../styles/booking.css?url';
import ownerStylesHref from '../styles/owner.css?url';
import questionnaireStylesHref from '../styles/questionnaire.css?url';
import vehicleStylesHref from '../styles/vehicle.css?url';
import stayStylesHref from '../styles/stay.css?url';
import type { Route } from './+types/mypage-booking.route';

const pad = (n: number) => String(n).padStart(2, '0');

/** Query parameters that report a one-time event; dropped from the address once handled. */
const ONE_TIME = ['bookingPayment', 'billingPayment', 'paymentId', 'confirmed', 'cardRegistration'];

/**
 * /mypage/bookings/{booking_id}: one of the guest's bookings in full, with
 * each billing's breakdown (tax per rate, service charge) read on the server.
 */
export async function loader(args: Route.LoaderArgs) {
  const { read, language } = privateLoader(args);
  const bookingId = args.params.bookingId;
  const { booking } = await read(getBooking, { bookingId });
  const houseGroupId = booking.houseGroup.id;
  const orderable = booking.actions.canOrder;
  const [details, houseGroup, points, meals, options, rentals, styles] = await Promise.all([
    Promise.all(
      booking.billings.map(
        async (b) => [b.billingId, (await read(getBillingDetail, { billingId: b.billingId })).billingDetail] as const,
      ),
    ),
    // For the cancellation policy and the guests it takes; a house group gone since is not worth failing the page over.
    args.context.callApi(getHouseGroup, { houseGroupId }, language),
    read(getPointBalance, {}),
    // What can still be ordered: only while the booking takes orders.
    orderable ? read(listMeals, { houseGroupId }) : Promise.resolve({ meals: [] }),
    orderable ? read(listExtraOptions, { houseGroupId }) : Promise.resolve({ extraOptions: [] }),
    // The stay's car rentals; the page still shows without them.
    args.context.callApi(listVehicleRentals, { bookingId }, language),
    // What the booking's stay style suggests, listed first among the orders (the page shows without it).
    orderable && booking.stayStyleId
      ? args.context.callApi(listStayStyleSuggestions, { houseGroupId }, language)
      : Promise.resolve(null),
  ]);
  const suggested = suggestedFor(styles?.ok ? styles.body.suggestions : [], booking.stayStyleId ?? '');
  const group = houseGroup.ok ? houseGroup.body.houseGroup : null;
  const now = new Date();
  const local = zonedParts(now, booking.houseGroup.timezone);
  return {
    booking,
    billingDetails: Object.fromEntries(details) as Record<string, BillingDetail>,
    policy: group?.cancellationPolicy ?? null,
    capacity: group
      ? {
          maxCapacity: group.maxCapacity,
          minAdultCapacity: group.minAdultCapacity,
          isPetAllowed: group.isPetAllowed,
          maxPetCapacity: group.maxPetCapacity,
        }
      : null,
    // Meals only where the house serves them; the pets' option only where pets may come.
    meals: group?.mealProvidable === false ? [] : suggestedFirst(meals.meals, suggested.mealIds),
    extraOptions: suggestedFirst(
      options.extraOptions.filter((o) => o.type !== 'ADDITIONAL_PET' || group?.isPetAllowed === true),
      suggested.extraOptionIds,
    ),
    suggested,
    pointBalance: points.balance,
    vehicleRentals: rentals.ok ? rentals.body.vehicleRentals : [],
    today: todayIn(booking.houseGroup.timezone, now),
    nowLocal: `${local.year}-${pad(local.month)}-${pad(local.day)} ${pad(local.hours)}:${pad(local.minutes)}`,
  };
}

// owner.css styles an owner stay's card (its debt option choice); small, and cached after the first page.
export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: bookingStylesHref },
  { rel: 'stylesheet', href: ownerStylesHref },
  { rel: 'stylesheet', href: vehicleStylesHref },
  { rel: 'stylesheet', href: stayStylesHref },
  { rel: 'stylesheet', href: chatStylesHref },
  { rel: 'stylesheet', href: questionnaireStylesHref },
];
export const headers: HeadersFunction = () => PRIVATE_HEADERS;
export const meta: Route.MetaFunction = ({ location, data }) => {
  const t = translatorFor(languageFromPath(location.pathname));
  return titleMeta(t('booking:detail.title', { name: data?.booking.houseGroup.name ?? '' }));
};

export default function MypageBookingRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const d = loaderData;
  const { booking } = d;
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const params = new URLSearchParams(search);

  const refresh = useCallback(() => {
    const next = new URLSearchParams(search);
    const hadOneTime = ONE_TIME.some((k) => next.has(k));
    if (!hadOneTime) {
      void revalidate();
      return;
    }
    for (const k of ONE_TIME) next.delete(k);
    const rest = next.toString();
    void navigate(`${pathname}${rest ? `?${rest}` : ''}`, { replace: true, preventScrollReset: true });
  }, [navigate, pathname, revalidate, search]);

  const keyFirst = booking.bookingStatus === 'READY_TO_CHECKIN' || booking.bookingStatus === 'STAYING';

  return (
    <div className="page page--wide booking-page">
      <nav className="breadcrumbs" aria-label={t('booking:breadcrumbs')}>
        <Link to={localizePath('/mypage', language)}>{t('booking:mypage')}</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{t('booking:detail.breadcrumb', { number: booking.bookingNumber })}</span>
      </nav>
      <StayPassLink bookingId={booking.bookingId} />
      {/* From the day before check-in the key and door are what the guest comes for: first on the page. */}
      {keyFirst ? <StayKeySection bookingId={booking.bookingId} bookingStatus={booking.bookingStatus} /> : null}
      <BookingDetailView
        key={booking.bookingId}
        booking={booking}
        billingDetails={d.billingDetails}
        policy={d.policy}
        capacity={d.capacity}
        meals={d.meals}
        extraOptions={d.extraOptions}
        suggested={d.suggested}
        pointBalance={d.pointBalance}
        today={d.today}
        nowLocal={d.nowLocal}
        renderPicker={(props) => <PaymentMethodPicker {...props} />}
        returningFromPayment={params.get('bookingPayment') === booking.bookingId}
        returningBillingId={params.get('billingPayment')}
        registeringCard={params.has('cardRegistration')}
        justConfirmed={params.get('confirmed') === '1'}
        refresh={refresh}
        ownerStay={isOwnerStay(booking) ? <OwnerStayPanel booking={booking} refresh={refresh} /> : undefined}
      />
      {keyFirst ? null : <StayKeySection bookingId={booking.bookingId} bookingStatus={booking.bookingStatus} />}
      <BookingQuestionnaireCard booking={booking} />
      <BookingVehicleRentals
        bookingId={booking.bookingId}
        bookingStatus={booking.bookingStatus}
        rentals={d.vehicleRentals}
      />
      <BookingChat conversationId={booking.conversationId} />
    </div>
  );
}
