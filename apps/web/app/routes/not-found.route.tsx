import { data, type MetaFunction } from 'react-router';
import { NotFound } from '../features/shell/components/not-found.component';
import { translatorFor } from '../lib/i18n';
import { languageFromPath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';

/** /404 and every unknown address: the 404 page, answered with status 404. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta: MetaFunction = ({ location }) => {
  const t = translatorFor(languageFromPath(location.pathname));
  return titleMeta(t('notFound.title'));
};

export default function NotFoundRoute() {
  return <NotFound />;
}
