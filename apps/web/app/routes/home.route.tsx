import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { buttonClassName } from '../components/ui/button.component';
import { translatorFor } from '../lib/i18n';
import { languageFromPath, localizePath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { redirectBySearchPermission } from '../lib/search-redirect';
import { useLanguage } from '../lib/use-language.hook';
import type { AppLoadContext } from '../lib/load-context';

/** The home page, unless the search permission sends visitors on to /search. */
export async function loader(args: LoaderFunctionArgs<AppLoadContext>) {
  await redirectBySearchPermission(args);
  return { signedIn: Boolean(args.context.session?.token) };
}

export const meta: MetaFunction = ({ location }) => {
  const t = translatorFor(languageFromPath(location.pathname));
  return [...titleMeta(t('home.title')), { name: 'description', content: t('home.lead') }];
};

export default function HomeRoute() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { signedIn } = useLoaderData<typeof loader>();
  return (
    <section className="hero" aria-labelledby="home-heading">
      <div className="hero__inner">
        <p className="eyebrow">{t('home.eyebrow')}</p>
        <h1 id="home-heading" className="hero__title">
          {t('home.heading')}
        </h1>
        <p className="lead">{t('home.lead')}</p>
        <div className="actions">
          {signedIn ? (
            <Link className={buttonClassName({ size: 'large' })} to={localizePath('/mypage', language)}>
              {t('home.mypage')}
            </Link>
          ) : (
            <>
              <Link className={buttonClassName({ size: 'large' })} to={localizePath('/login', language)}>
                {t('home.login')}
              </Link>
              <Link
                className={buttonClassName({ size: 'large', variant: 'secondary' })}
                to={localizePath('/register', language)}
              >
                {t('home.register')}
              </Link>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
