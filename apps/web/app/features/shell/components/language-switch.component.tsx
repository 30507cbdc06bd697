import { Link, useLocation } from 'react-router';
import { languageCookie, languageFromPath, localizePath, OTHER_LANGUAGE } from '../../../lib/language';

const NATIVE_NAMES = { en: 'English', ja: '日本語' } as const;

/**
 * A link to the same page in the other language. Its text is the other
 * language's own name, so a visitor who cannot read the current page still
 * recognises it. The choice is remembered in the `lang` cookie, so an
 * English address opened later leads to the Japanese page (see web-app.ts).
 */
export function LanguageSwitch() {
  const { pathname, search } = useLocation();
  const target = OTHER_LANGUAGE[languageFromPath(pathname)];
  return (
    <Link
      className="language-switch"
      to={`${localizePath(pathname, target)}${search}`}
      hrefLang={target}
      lang={target}
      onClick={() => {
        document.cookie = languageCookie(target);
      }}
    >
      <span className="language-switch__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8">
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
        </svg>
      </span>
      {NATIVE_NAMES[target]}
    </Link>
  );
}
