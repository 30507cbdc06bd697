import { staffGetQuestionnaireAnswers } from '@yado/contract/questionnaire.contract';
import { staffListHouseGroups } from '@yado/contract/staff-catalogue.contract';
import type { HeadersFunction, LinksFunction } from 'react-router';
import { QuestionnaireAnswers } from '../features/staff/components/questionnaire-answers.component';
import { QuestionnaireEditor } from '../features/staff/components/questionnaire-editor.component';
import { StaffPage } from '../features/staff/components/staff-page.component';
import { STAFF_HEADERS, staffLoader } from '../features/staff/staff-loader.server';
import { staffMeta } from '../features/staff/staff-meta';
import { useTranslation } from '../lib/i18n';
import { useLanguage } from '../lib/use-language.hook';
import questionnaireStylesHref from '../styles/questionnaire.css?url';
import staffStylesHref from '../styles/staff.css?url';
import type { Route } from './+types/staff-questionnaire-edit.route';

/** /staff/questionnaires/{questionnaire_id}: its summary and answers, and its form. */
export async function loader(args: Route.LoaderArgs) {
  const { read, language } = staffLoader(args);
  const [answers, list] = await Promise.all([
    read(staffGetQuestionnaireAnswers, { questionnaireId: args.params.questionnaireId }),
    read(staffListHouseGroups, { pageSize: 100, query: '' }),
  ]);
  return {
    answers,
    houseGroups: list.houseGroups.map((g) => ({ id: g.id, name: language === 'ja' ? g.nameJa : g.nameEn })),
  };
}

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: staffStylesHref },
  { rel: 'stylesheet', href: questionnaireStylesHref },
];
export const headers: HeadersFunction = () => STAFF_HEADERS;
export const meta: Route.MetaFunction = ({ location, data }) =>
  staffMeta(location.pathname, (t) =>
    data
      ? languageTitle(data.answers.questionnaire, location.pathname.startsWith('/ja'))
      : t('questionnaire:staff.editHeading'),
  );

const languageTitle = (q: { titleEn: string; titleJa: string }, ja: boolean) => (ja ? q.titleJa : q.titleEn);

export default function StaffQuestionnaireEditRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { answers, houseGroups } = loaderData;
  const q = answers.questionnaire;
  return (
    <StaffPage
      title={languageTitle(q, language === 'ja')}
      crumbs={[{ label: t('questionnaire:staff.heading'), to: '/staff/questionnaires' }]}
    >
      <div className="questionnaire-staff">
        <div className="questionnaire-staff__results">
          <QuestionnaireAnswers data={answers} />
        </div>
        <section className="staff-panel" aria-labelledby="questionnaire-edit-heading">
          <h2 id="questionnaire-edit-heading">{t('questionnaire:staff.editHeading')}</h2>
          <QuestionnaireEditor key={`${q.id}-${q.version}`} questionnaire={q} houseGroups={houseGroups} />
        </section>
      </div>
    </StaffPage>
  );
}
