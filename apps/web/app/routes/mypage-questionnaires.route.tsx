import { listQuestionnaires } from '@yado/contract/questionnaire.contract';
import { type HeadersFunction, type LinksFunction, type MetaFunction } from 'react-router';
import { QuestionnaireList } from '../features/questionnaire/components/questionnaire-list.component';
import { translatorFor } from '../lib/i18n';
import { languageFromPath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { PRIVATE_HEADERS, privateLoader } from '../lib/private-loader.server';
import questionnaireStylesHref from '../styles/questionnaire.css?url';
import type { Route } from './+types/mypage-questionnaires.route';

/** /mypage/questionnaires: the questionnaires of the guest's recent stays, answered or not. */
export async function loader(args: Route.LoaderArgs) {
  const { read } = privateLoader(args);
  return read(listQuestionnaires, {});
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: questionnaireStylesHref }];
export const headers: HeadersFunction = () => PRIVATE_HEADERS;
export const meta: MetaFunction = ({ location }) =>
  titleMeta(translatorFor(languageFromPath(location.pathname))('questionnaire:guest.listTitle'));

export default function MypageQuestionnairesRoute({ loaderData }: Route.ComponentProps) {
  return <QuestionnaireList questionnaires={loaderData.questionnaires} />;
}
