import { getGift } from '@yado/contract/gift.contract';
import { listExtraOptions, listMeals } from '@yado/contract/meal.contract';
import { data, type HeadersFunction, type LinksFunction, type MetaFunction } from 'react-router';
import { GiftPage, type GiftPageData } from '../features/gift/components/gift-page.component';
import { translatorFor } from '../lib/i18n';
import { languageFromPath, localizePath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { withRedirectUrl } from '../lib/redirect-url';
import { loginRedirectFor } from '../lib/require-session';
import giftStylesHref from '../styles/gift.css?url';
import type { Route } from './+types/gift.route';

/**
 * /gift/:token, the page a gift's link and QR code open. Anyone sees the house group and the nights;
 * a signed-in visitor also who sent it, and chooses guests, dinner and options to accept it. An
 * unknown link, one someone else accepted and one that ended each get their own answer rather than
 * the 404 page, so the person knows what to ask the sender.
 */
export async function loader({ request, context, params }: Route.LoaderArgs): Promise<GiftPageData> {
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const token = params.token.slice(0, 100);
  const signedIn = Boolean(context.session?.token);
  const answer = await context.callApi(getGift, { giftToken: token }, language);
  if (!answer.ok) {
    const reason = answer.body?.errorInfo?.reason;
    if (reason === 'CodeGiftOfAnotherRecipient') return { state: 'taken' };
    if (answer.status === 404 || answer.status === 400) return { state: 'not-found' };
    throw data(answer.body, { status: answer.status });
  }
  const gift = answer.body.gift;
  const open = gift.status === 'OPEN';
  // The menu and the options are asked for only when the visitor can choose them.
  const [meals, options] =
    open && signedIn
      ? await Promise.all([
          context.callApi(listMeals, { houseGroupId: gift.houseGroup.id }, language),
          context.callApi(listExtraOptions, { houseGroupId: gift.houseGroup.id }, language),
        ])
      : [null, null];
  const here = url.pathname;
  return {
    state: 'gift',
    token,
    here,
    signedIn,
    gift,
    loginUrl: loginRedirectFor(request),
    registerUrl: withRedirectUrl(localizePath('/register', language), here),
    meals: meals?.ok ? meals.body.meals : [],
    extraOptions: options?.ok ? options.body.extraOptions : [],
  };
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: giftStylesHref }];

export const meta: MetaFunction = ({ location }) => [
  ...titleMeta(translatorFor(languageFromPath(location.pathname))('gift:page.title')),
  // The address carries the gift's secret: it must not leave in a Referer to another site.
  { name: 'referrer', content: 'no-referrer' },
];

export const headers: HeadersFunction = () => ({
  'Cache-Control': 'private, no-store',
  'Referrer-Policy': 'no-referrer',
});

export default function GiftRoute({ loaderData }: Route.ComponentProps) {
  return <GiftPage data={loaderData} />;
}
