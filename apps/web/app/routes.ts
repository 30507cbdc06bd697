import { index, route, type RouteConfig, type RouteConfigEntry } from '@react-router/dev/routes';
import { ROUTE_TABLE } from './lib/route-policy';

/**
 * Every page exists twice: English at the unprefixed URL and Japanese under
 * /ja (spec, section 2). Both use the same module; the language comes from
 * the path. Route ids carry the language so they stay unique.
 *
 * The pages are the rows of the route table (lib/route-policy.ts) that have a
 * screen; a later screen joins by naming its module there.
 */
const PAGES: { path: string; file: string; id: string }[] = [
  ...ROUTE_TABLE.filter((row) => row.screen !== null).map((row) => ({
    path: row.pattern.slice(1),
    file: row.screen as string,
    id: row.pattern === '/' ? 'home' : (row.screen as string).replace(/^routes\/|\.route\.tsx$/g, ''),
  })),
  // Any other address renders the 404 page with status 404.
  { path: '*', file: 'routes/not-found.route.tsx', id: 'catch-all' },
];

function entries(prefix: '' | 'ja'): RouteConfigEntry[] {
  return PAGES.map(({ path, file, id }) => {
    const routeId = prefix ? `${prefix}/${id}` : id;
    if (!prefix && path === '') return index(file, { id: routeId });
    const fullPath = [prefix, path].filter(Boolean).join('/');
    return route(fullPath, file, { id: routeId });
  });
}

export default [...entries(''), ...entries('ja')] satisfies RouteConfig;
