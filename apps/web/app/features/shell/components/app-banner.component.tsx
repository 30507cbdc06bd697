import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { buttonClassName } from '../../../components/ui/button.component';
import { useInstallPrompt } from '../hooks/use-install-prompt.hook';
import { BANNER_DISMISSED_KEY, isIosSafari } from '../install-platform';

type Situation = { dismissed: boolean; standalone: boolean; ios: boolean };

function readSituation(): Situation {
  let dismissed = false;
  try {
    dismissed = window.localStorage.getItem(BANNER_DISMISSED_KEY) === '1';
  } catch {
    // Storage can be off (private browsing); the banner then shows until closed on this page.
  }
  const standalone =
    window.matchMedia('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return { dismissed, standalone, ios: isIosSafari(navigator.userAgent, navigator.maxTouchPoints) };
}

// None of it changes while a page is open except by closing the banner, which updates it; so it is read once.
let situation: Situation | undefined;
const browserSituation = () => (situation ??= readSituation());
const noUpdates = () => () => {};

/**
 * The invitation to install yado (there is no store app, so it is the PWA):
 * an Install button where the browser offers its prompt, Share → Add to Home
 * Screen instructions on iOS Safari, nothing where neither exists or the app
 * already runs installed. Closing it hides it for good on this browser.
 * Rendered only after hydration, since the server cannot know any of this.
 */
export function AppBanner() {
  const { t } = useTranslation('shell');
  const { canPrompt, installed, promptInstall } = useInstallPrompt();
  // Null on the server and during hydration, the browser's answer right after.
  const here = useSyncExternalStore(noUpdates, browserSituation, () => null);
  const [closed, setClosed] = useState(false);

  if (!here || here.dismissed || here.standalone || installed || closed) return null;
  if (!canPrompt && !here.ios) return null;

  const dismiss = () => {
    try {
      window.localStorage.setItem(BANNER_DISMISSED_KEY, '1');
    } catch {
      // See readSituation: without storage the choice lasts for this page only.
    }
    // Also for banners mounted later in this page's life (another route, an error page).
    situation = { ...here, dismissed: true };
    setClosed(true);
  };

  return (
    <aside className="app-banner" aria-labelledby="app-banner-title" data-testid="app-banner">
      <span className="app-banner__icon" aria-hidden="true">
        <svg viewBox="0 0 32 32" width="36" height="36">
          <rect width="32" height="32" rx="9" fill="currentColor" />
          <path d="M7 16.5 16 9l9 7.5V24a1 1 0 0 1-1 1h-5v-5.5h-6V25H8a1 1 0 0 1-1-1z" fill="#fff" />
        </svg>
      </span>
      <div className="app-banner__text">
        <p id="app-banner-title" className="app-banner__title">
          {t('shell:banner.title')}
        </p>
        <p className="app-banner__lead">{canPrompt ? t('shell:banner.lead') : t('shell:banner.iosInstructions')}</p>
      </div>
      {canPrompt ? (
        <button type="button" className={buttonClassName({ size: 'small' })} onClick={() => void promptInstall()}>
          {t('shell:banner.install')}
        </button>
      ) : null}
      <button type="button" className="app-banner__close" aria-label={t('shell:banner.close')} onClick={dismiss}>
        <svg
          viewBox="0 0 24 24"
          width="20"
          height="20"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M6 6l12 12M18 6 6 18" />
        </svg>
      </button>
    </aside>
  );
}
