import { listExtraOptions, listMeals } from '@yado/contract/meal.contract';
import { staffListHouseGroups } from '@yado/contract/staff-catalogue.contract';
import { listStayStyleSuggestions } from '@yado/contract/stay-style.contract';
import type { HeadersFunction, LinksFunction, MetaFunction } from 'react-router';
import { StaffStayStyleSuggestionsPage } from '../features/staff/components/staff-stay-style-suggestions-page.component';
import { STAFF_HEADERS, staffLoader } from '../features/staff/staff-loader.server';
import { staffMeta } from '../features/staff/staff-meta';
import questionnaireStylesHref from '../styles/questionnaire.css?url';
import staffStylesHref from '../styles/staff.css?url';
import type { Route } from './+types/staff-stay-style-suggestions.route';

/** /staff/stay-style-suggestions?houseGroup=…: what each stay style of a house group suggests. */
export async function loader(args: Route.LoaderArgs) {
  const { read, url, language } = staffLoader(args);
  const list = await read(staffListHouseGroups, { pageSize: 100, query: '' });
  const houseGroups = list.houseGroups.map((g) => ({ id: g.id, name: language === 'ja' ? g.nameJa : g.nameEn }));
  const houseGroupId = url.searchParams.get('houseGroup') ?? houseGroups[0]?.id ?? '';
  if (!houseGroupId) return { houseGroups, houseGroupId, suggestions: [], meals: [], extraOptions: [] };
  const [suggestions, meals, options] = await Promise.all([
    read(listStayStyleSuggestions, { houseGroupId }),
    read(listMeals, { houseGroupId }),
    read(listExtraOptions, { houseGroupId }),
  ]);
  return {
    houseGroups,
    houseGroupId,
    suggestions: suggestions.suggestions,
    meals: meals.meals.map((m) => ({ id: m.id, name: m.name })),
    extraOptions: options.extraOptions.map((o) => ({ id: o.id, name: o.caption })),
  };
}

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: staffStylesHref },
  { rel: 'stylesheet', href: questionnaireStylesHref },
];
export const headers: HeadersFunction = () => STAFF_HEADERS;
export const meta: MetaFunction = ({ location }) =>
  staffMeta(location.pathname, (t) => t('questionnaire:staff.suggestionsHeading'));

export default function StaffStayStyleSuggestionsRoute({ loaderData }: Route.ComponentProps) {
  return <StaffStayStyleSuggestionsPage {...loaderData} />;
}
