import type { MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  languageCookie,
  languageFromPath,
  languageSwitchHref,
  localizePath,
  OTHER_LANGUAGE,
} from '../../../lib/language';

const NATIVE_NAMES = { en: 'English', ja: '日本語' } as const;

/**
 * A link to the same page in the other language. Its text is the other
 * language's own name, so a visitor who cannot read the current page still
 * recognises it. The choice is remembered in the `lang` cookie, so an
 * English address opened later leads to the Japanese page (see web-app.ts).
 * The address carries the choice (`?lang-choice=`), so a tap before the page's
 * scripts have run, or one opening a new tab, is remembered by the server;
 * otherwise the click sets the cookie and moves to the page without a reload.
 */
export function LanguageSwitch() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const target = OTHER_LANGUAGE[languageFromPath(pathname)];
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window (modifier keys, middle button) follows the address itself.
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    document.cookie = languageCookie(target);
    void navigate(`${localizePath(pathname, target)}${search}`);
  };
  return (
    <a
      className="language-switch"
      href={languageSwitchHref(pathname, search, target)}
      hrefLang={target}
      lang={target}
      onClick={onClick}
    >
      <span className="language-switch__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8">
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
        </svg>
      </span>
      {NATIVE_NAMES[target]}
    </a>
  );
}
