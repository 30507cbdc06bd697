import { staffListAwaitingLendingTransfers } from '@yado/contract/lending.contract';
import type { HeadersFunction, LinksFunction, MetaFunction } from 'react-router';
import { StaffLendingConfirmationList } from '../features/lending/components/staff-lending-confirmation-page.component';
import { StaffPage } from '../features/staff/components/staff-page.component';
import { STAFF_HEADERS, staffLoader } from '../features/staff/staff-loader.server';
import { staffMeta } from '../features/staff/staff-meta';
import { useTranslation } from '../lib/i18n';
import lendingStylesHref from '../styles/lending.css?url';
import staffStylesHref from '../styles/staff.css?url';
import type { Route } from './+types/dao-nac-transfer-staff-confirmation.route';

/** /dao/nac-transfer/staff-confirmation: staff confirm or reject lending applications awaiting their NAC. */
export async function loader(args: Route.LoaderArgs) {
  const { read } = staffLoader(args);
  return { applications: (await read(staffListAwaitingLendingTransfers, {})).lendingApplications };
}

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: staffStylesHref },
  { rel: 'stylesheet', href: lendingStylesHref },
];
export const headers: HeadersFunction = () => STAFF_HEADERS;
export const meta: MetaFunction = ({ location }) => staffMeta(location.pathname, (t) => t('lending:staff.heading'));

export default function DaoNacTransferStaffConfirmationRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <StaffPage title={t('lending:staff.heading')} lead={t('lending:staff.lead')}>
      <StaffLendingConfirmationList applications={loaderData.applications} />
    </StaffPage>
  );
}
