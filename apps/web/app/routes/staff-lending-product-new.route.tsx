import type { HeadersFunction, LinksFunction, MetaFunction } from 'react-router';
import { StaffLendingProductForm } from '../features/lending/components/staff-lending-product-form.component';
import { StaffPage } from '../features/staff/components/staff-page.component';
import { STAFF_HEADERS, staffLoader } from '../features/staff/staff-loader.server';
import { staffMeta } from '../features/staff/staff-meta';
import { useTranslation } from '../lib/i18n';
import lendingStylesHref from '../styles/lending.css?url';
import staffStylesHref from '../styles/staff.css?url';
import type { Route } from './+types/staff-lending-product-new.route';

/** /staff/lending-products/new: staff offer a lending product. */
export function loader(args: Route.LoaderArgs) {
  staffLoader(args);
  return null;
}

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: staffStylesHref },
  { rel: 'stylesheet', href: lendingStylesHref },
];
export const headers: HeadersFunction = () => STAFF_HEADERS;
export const meta: MetaFunction = ({ location }) =>
  staffMeta(location.pathname, (t) => t('lending:staff.form.heading'));

export default function StaffLendingProductNewRoute() {
  const { t } = useTranslation();
  return (
    <StaffPage title={t('lending:staff.form.heading')}>
      <StaffLendingProductForm />
    </StaffPage>
  );
}
