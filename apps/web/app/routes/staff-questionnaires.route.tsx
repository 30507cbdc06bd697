import { staffListQuestionnaires } from '@yado/contract/questionnaire.contract';
import type { HeadersFunction, LinksFunction, MetaFunction } from 'react-router';
import { StaffQuestionnairesPage } from '../features/staff/components/staff-questionnaires-page.component';
import { STAFF_HEADERS, staffLoader } from '../features/staff/staff-loader.server';
import { staffMeta } from '../features/staff/staff-meta';
import questionnaireStylesHref from '../styles/questionnaire.css?url';
import staffStylesHref from '../styles/staff.css?url';
import type { Route } from './+types/staff-questionnaires.route';

/** /staff/questionnaires: every questionnaire for guests after check-out. */
export async function loader(args: Route.LoaderArgs) {
  const { read } = staffLoader(args);
  return read(staffListQuestionnaires, {});
}

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: staffStylesHref },
  { rel: 'stylesheet', href: questionnaireStylesHref },
];
export const headers: HeadersFunction = () => STAFF_HEADERS;
export const meta: MetaFunction = ({ location }) =>
  staffMeta(location.pathname, (t) => t('questionnaire:staff.heading'));

export default function StaffQuestionnairesRoute({ loaderData }: Route.ComponentProps) {
  return <StaffQuestionnairesPage questionnaires={loaderData.questionnaires} />;
}
