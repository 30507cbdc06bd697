import { getBooking } from '@yado/contract/booking.contract';
import { listAccommodationVouchers } from '@yado/contract/voucher.contract';
import { type HeadersFunction, type LinksFunction, type MetaFunction } from 'react-router';
import { VoucherCompletePage, type VoucherStay } from '../features/voucher/components/voucher-complete-page.component';
import { translatorFor } from '../lib/i18n';
import { languageFromPath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { PRIVATE_HEADERS, privateLoader } from '../lib/private-loader.server';
import voucherStylesHref from '../styles/voucher.css?url';
import type { Route } from './+types/voucher-complete.route';

/**
 * /dao/lending/accommodation-voucher/complete/{house_group_id} (dark): the voucher just bought (named
 * by ?voucher=), else the newest one the user holds for the house group; with ?booking=, the stay that
 * voucher just paid.
 */
export async function loader(args: Route.LoaderArgs) {
  const { read } = privateLoader(args);
  const { vouchers } = await read(listAccommodationVouchers, {});
  const houseGroupId = args.params.houseGroupId;
  const params = new URL(args.request.url).searchParams;
  const named = params.get('voucher');
  const ofGroup = vouchers.filter((v) => v.houseGroup.id === houseGroupId);
  const newest = [...ofGroup].sort((a, b) => compareIssued(b, a))[0] ?? null;
  const voucher = (named ? ofGroup.find((v) => v.id === named) : null) ?? newest;
  const bookingId = params.get('booking');
  let stay: VoucherStay | null = null;
  if (bookingId && voucher) {
    const { booking } = await read(getBooking, { bookingId });
    // Only a stay this voucher paid is confirmed here.
    if (booking.daoUse?.accommodationVoucherId === voucher.id)
      stay = {
        bookingId: booking.bookingId,
        bookingNumber: booking.bookingNumber,
        houseName: `${booking.houseGroup.name} · ${booking.house.name}`,
        checkinDate: booking.checkinDate,
        checkoutDate: booking.checkoutDate,
      };
  }
  return { voucher, houseGroupId, stay };
}

type Issued = {
  issuedAt: { year: number; month: number; day: number; hours: number; minutes: number; seconds: number };
};
function compareIssued(a: Issued, b: Issued): number {
  const k = (x: Issued) => [
    x.issuedAt.year,
    x.issuedAt.month,
    x.issuedAt.day,
    x.issuedAt.hours,
    x.issuedAt.minutes,
    x.issuedAt.seconds,
  ];
  const ka = k(a);
  const kb = k(b);
  for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i]! - kb[i]!;
  return 0;
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: voucherStylesHref }];
export const headers: HeadersFunction = () => PRIVATE_HEADERS;
export const meta: MetaFunction = ({ location }) =>
  titleMeta(
    translatorFor(languageFromPath(location.pathname))(
      new URLSearchParams(location.search).has('booking') ? 'voucher:complete.bookedTitle' : 'voucher:complete.title',
    ),
  );

export default function VoucherCompleteRoute({ loaderData }: Route.ComponentProps) {
  return (
    <VoucherCompletePage voucher={loaderData.voucher} houseGroupId={loaderData.houseGroupId} stay={loaderData.stay} />
  );
}
