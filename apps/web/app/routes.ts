import { index, route, type RouteConfig, type RouteConfigEntry } from '@react-router/dev/routes';

/**
 * Every page exists twice: English at the unprefixed URL and Japanese under
 * /ja (spec, section 2). Both use the same module; the language comes from
 * the path. Route ids carry the language so they stay unique.
 */
const PAGES: { path: string; file: string; id: string }[] = [
  { path: '', file: 'routes/home.route.tsx', id: 'home' },
  { path: 'login', file: 'routes/login.route.tsx', id: 'login' },
  { path: 'login/callback', file: 'routes/login-callback.route.tsx', id: 'login-callback' },
  { path: 'register', file: 'routes/register.route.tsx', id: 'register' },
  { path: 'mypage', file: 'routes/mypage.route.tsx', id: 'mypage' },
  { path: 'e2e/login', file: 'routes/e2e-login.route.tsx', id: 'e2e-login' },
  { path: '404', file: 'routes/not-found.route.tsx', id: 'not-found' },
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
