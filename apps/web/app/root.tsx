import type { ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
  type LinksFunction,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunction,
} from 'react-router';
import { AppProviders } from './features/shell/components/app-providers.component';
import { ChatWidget } from './features/chat/components/chat-widget.component';
import { SessionRuntime } from './features/auth/components/session-runtime.component';
import { usePushRegistration } from './features/push/hooks/use-push-registration.hook';
import { useStayPassSync } from './features/stay-pass/hooks/use-stay-pass-sync.hook';
import { ErrorPage } from './features/shell/components/error-page.component';
import { AppBanner } from './features/shell/components/app-banner.component';
import { NotFound } from './features/shell/components/not-found.component';
import { SeoLinks } from './features/shell/components/seo-links.component';
import { SiteFooter } from './features/shell/components/site-footer.component';
import { SiteHeader } from './features/shell/components/site-header.component';
import { useErrorReporting, type MonitoringLoaderData } from './lib/error-reporting.hook';
import { getTranslator, pageTranslations, TranslationProvider, type PageTranslations } from './lib/i18n';
import { languageFromPath } from './lib/language';
import { setRequestLanguage } from './lib/request-headers';
import { useCspNonce } from './lib/csp-nonce';
import { START_AFTER_FIRST_PAINT } from './lib/paint-first';
import { ZOD_WITHOUT_EVAL } from './lib/zod-without-eval';
import { NO_INDEX, routePolicyFor } from './lib/route-policy';
import type { AppLoadContext } from './lib/load-context';
import type { RootLoaderData } from './lib/use-signed-in.hook';

const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='9' fill='%231f5f5b'/%3E%3Cpath d='M7 16.5 16 9l9 7.5V24a1 1 0 0 1-1 1h-5v-5.5h-6V25H8a1 1 0 0 1-1-1z' fill='%23fff'/%3E%3C/svg%3E";

/**
 * The styles every page needs, inlined into the page on the server so the first paint waits for no
 * stylesheet request (a phone on a slow network pays a round trip per file). The browser build
 * carries none of it: it reads the same text back from the page when it hydrates.
 */
const BASE_CSS: string = import.meta.env.SSR
  ? Object.entries(
      import.meta.glob<string>(['./styles/app.css', './styles/ui.css'], {
        query: '?inline',
        eager: true,
        import: 'default',
      }),
    )
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([, css]) => css)
      .join('\n')
  : '';

function BaseStyles({ nonce }: { nonce: string | undefined }) {
  const css =
    BASE_CSS || (typeof document === 'undefined' ? '' : (document.getElementById('base-css')?.textContent ?? ''));
  return <style id="base-css" nonce={nonce} dangerouslySetInnerHTML={{ __html: css }} suppressHydrationWarning />;
}

export const links: LinksFunction = () => [
  { rel: 'icon', href: FAVICON, type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
];

/** Whether the session cookie names an account: the signed-in navigation shows from the first paint. */
export function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>): RootLoaderData & {
  origin: string;
  translations: PageTranslations;
} & MonitoringLoaderData {
  const { pathname } = new URL(request.url);
  return {
    // The page's strings in its language travel as data: no script carries translations.
    translations: pageTranslations(languageFromPath(pathname), routePolicyFor(pathname).namespaces),
    signedIn: Boolean(context.session?.accountId),
    origin: context.publicOrigin,
    // The ids and environment the browser's error reporting sends with each event.
    monitoring: context.monitoring,
  };
}

// Signing in or out always ends in a navigation, so the root asks again whenever the page changes.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;

export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const language = languageFromPath(pathname);
  // Set while rendering, not in an effect: child effects run first and may call the API at once.
  if (typeof window !== 'undefined') setRequestLanguage(language);
  const policy = routePolicyFor(pathname);
  const translator = getTranslator(language);
  // The page's CSP nonce on the server (lib/csp-nonce.ts); every inline script and style below carries it.
  const nonce = useCspNonce();
  // Before anything renders (the <Meta /> below translates too); adding what is already there costs nothing.
  const translations = useRouteLoaderData<typeof loader>('root')?.translations;
  if (translations?.language === language) translator.add(translations.resources);
  return (
    <html lang={language} data-color-mode={policy.colorMode}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={policy.colorMode === 'dark' ? '#16191d' : '#1f5f5b'} />
        <link rel="manifest" href={language === 'ja' ? '/manifest-ja.webmanifest' : '/manifest.webmanifest'} />
        {policy.indexable ? <SeoLinks /> : <meta name="robots" content={NO_INDEX} />}
        <BaseStyles nonce={nonce} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ZOD_WITHOUT_EVAL }} suppressHydrationWarning />
        <Meta />
        <Links />
      </head>
      <body>
        <TranslationProvider translator={translator}>
          <AppProviders>{children}</AppProviders>
        </TranslationProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: START_AFTER_FIRST_PAINT }} suppressHydrationWarning />
      </body>
    </html>
  );
}

function Shell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div className="app">
      {routePolicyFor(pathname).banner ? <AppBanner /> : null}
      <SiteHeader />
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

export default function App() {
  useErrorReporting();
  usePushRegistration();
  useStayPassSync();
  return (
    <Shell>
      <SessionRuntime />
      <Outlet />
      <ChatWidget />
    </Shell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!(isRouteErrorResponse(error) && error.status === 404)) console.error(error);
  return <Shell>{isRouteErrorResponse(error) && error.status === 404 ? <NotFound /> : <ErrorPage />}</Shell>;
}
