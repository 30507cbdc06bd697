import { staffListHouseGroups } from '@yado/contract/staff-catalogue.contract';
import type { HeadersFunction, LinksFunction, MetaFunction } from 'react-router';
import { QuestionnaireEditor } from '../features/staff/components/questionnaire-editor.component';
import { StaffPage } from '../features/staff/components/staff-page.component';
import { STAFF_HEADERS, staffLoader } from '../features/staff/staff-loader.server';
import { staffMeta } from '../features/staff/staff-meta';
import { useTranslation } from '../lib/i18n';
import questionnaireStylesHref from '../styles/questionnaire.css?url';
import staffStylesHref from '../styles/staff.css?url';
import type { Route } from './+types/staff-questionnaire-new.route';

/** /staff/questionnaires/new: a new questionnaire for guests after check-out. */
export async function loader(args: Route.LoaderArgs) {
  const { read, language } = staffLoader(args);
  const list = await read(staffListHouseGroups, { pageSize: 100, query: '' });
  return { houseGroups: list.houseGroups.map((g) => ({ id: g.id, name: language === 'ja' ? g.nameJa : g.nameEn })) };
}

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: staffStylesHref },
  { rel: 'stylesheet', href: questionnaireStylesHref },
];
export const headers: HeadersFunction = () => STAFF_HEADERS;
export const meta: MetaFunction = ({ location }) =>
  staffMeta(location.pathname, (t) => t('questionnaire:staff.newHeading'));

export default function StaffQuestionnaireNewRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <StaffPage
      title={t('questionnaire:staff.newHeading')}
      crumbs={[{ label: t('questionnaire:staff.heading'), to: '/staff/questionnaires' }]}
    >
      <QuestionnaireEditor questionnaire={null} houseGroups={loaderData.houseGroups} />
    </StaffPage>
  );
}
