import { listSplitBillings } from '@yado/contract/billing.contract';
import { getPointBalance } from '@yado/contract/point.contract';
import { useCallback } from 'react';
import { useLocation, useRevalidator, type HeadersFunction, type LinksFunction, type MetaFunction } from 'react-router';
import { SplitBillingsPage } from '../features/booking/components/split-billings-page.component';
import { PaymentMethodPicker } from '../features/payment/components/payment-method-picker';
import { translatorFor } from '../lib/i18n';
import { languageFromPath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { PRIVATE_HEADERS, privateLoader } from '../lib/private-loader.server';
import bookingStylesHref from '../styles/booking.css?url';
import type { Route } from './+types/mypage-split-billings.route';

/** /mypage/split-billings: the parts of split billings the signed-in user is to pay, and their points to pay with. */
export async function loader(args: Route.LoaderArgs) {
  const { read } = privateLoader(args);
  const [parts, points] = await Promise.all([read(listSplitBillings, {}), read(getPointBalance, {})]);
  return { parts: parts.splitBillings, pointBalance: points.balance };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: bookingStylesHref }];
export const headers: HeadersFunction = () => PRIVATE_HEADERS;
export const meta: MetaFunction = ({ location }) =>
  titleMeta(translatorFor(languageFromPath(location.pathname))('booking:splitBillings.heading'));

export default function MypageSplitBillingsRoute({ loaderData }: Route.ComponentProps) {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const { revalidate } = useRevalidator();
  const refresh = useCallback(() => void revalidate(), [revalidate]);
  return (
    <SplitBillingsPage
      parts={loaderData.parts}
      pointBalance={loaderData.pointBalance}
      renderPicker={(props) => <PaymentMethodPicker {...props} />}
      returningBillingId={params.get('billingPayment')}
      registeringCard={params.has('cardRegistration')}
      onChanged={refresh}
    />
  );
}
