import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  type LinksFunction,
} from 'react-router';
import { ErrorPage } from './features/shell/components/error-page.component';
import { NotFound } from './features/shell/components/not-found.component';
import { SiteFooter } from './features/shell/components/site-footer.component';
import { SiteHeader } from './features/shell/components/site-header.component';
import { getI18n } from './lib/i18n';
import { languageFromPath } from './lib/language';
import { setRequestLanguage } from './lib/request-headers';
import { isIndexable, NO_INDEX } from './lib/route-policy';
import appStylesHref from './styles/app.css?url';

const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='9' fill='%231f5f5b'/%3E%3Cpath d='M7 16.5 16 9l9 7.5V24a1 1 0 0 1-1 1h-5v-5.5h-6V25H8a1 1 0 0 1-1-1z' fill='%23fff'/%3E%3C/svg%3E";

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: appStylesHref },
  { rel: 'icon', href: FAVICON, type: 'image/svg+xml' },
];

export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const language = languageFromPath(pathname);
  // Set while rendering, not in an effect: child effects run first and may call the API at once.
  if (typeof window !== 'undefined') setRequestLanguage(language);
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f5f5b" />
        {isIndexable(pathname) ? null : <meta name="robots" content={NO_INDEX} />}
        <Meta />
        <Links />
      </head>
      <body>
        <I18nextProvider i18n={getI18n(language)}>{children}</I18nextProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="app">
      <SiteHeader />
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!(isRouteErrorResponse(error) && error.status === 404)) console.error(error);
  return <Shell>{isRouteErrorResponse(error) && error.status === 404 ? <NotFound /> : <ErrorPage />}</Shell>;
}
