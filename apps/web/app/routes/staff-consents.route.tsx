import { staffListHouseGroups } from '@yado/contract/staff-catalogue.contract';
import { staffListSupplementalConsents } from '@yado/contract/supplemental-consent.contract';
import type { HeadersFunction, LinksFunction, MetaFunction } from 'react-router';
import { StaffConsentsPage } from '../features/staff/components/staff-consents-page.component';
import { STAFF_HEADERS, staffLoader } from '../features/staff/staff-loader.server';
import { staffMeta } from '../features/staff/staff-meta';
import { renderSafeMarkdown } from '../lib/safe-markdown.server';
import consentStylesHref from '../styles/consent.css?url';
import staffStylesHref from '../styles/staff.css?url';
import type { Route } from './+types/staff-consents.route';

/**
 * /staff/consents: questions put to owners (of one house group with `houseGroup`), each with its
 * share-weighted tally, and the form of a new one.
 */
export async function loader(args: Route.LoaderArgs) {
  const { read, url, language } = staffLoader(args);
  const houseGroupId = url.searchParams.get('houseGroup') ?? '';
  const [groups, list] = await Promise.all([
    read(staffListHouseGroups, { pageSize: 100, query: '' }),
    read(staffListSupplementalConsents, houseGroupId ? { houseGroupId } : {}),
  ]);
  return {
    houseGroupId,
    houseGroups: groups.houseGroups.map((g) => ({ id: g.id, name: language === 'ja' ? g.nameJa : g.nameEn })),
    consents: list.consents.map((c) => ({ ...c, contentHtml: renderSafeMarkdown(c.contentMarkdown) })),
  };
}

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: staffStylesHref },
  { rel: 'stylesheet', href: consentStylesHref },
];
export const headers: HeadersFunction = () => STAFF_HEADERS;
export const meta: MetaFunction = ({ location }) => staffMeta(location.pathname, (t) => t('consent:staff.heading'));

export default function StaffConsentsRoute({ loaderData }: Route.ComponentProps) {
  return <StaffConsentsPage {...loaderData} />;
}
