import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { useStoredStayPasses } from '../hooks/use-stored-stay-passes.hook';
import { STAY_PASS_PATH } from '../stay-pass-sync';

/**
 * A link to the stay pass, shown once this device holds one (of the given booking, or any). A full
 * page load, not a client-side one: offline, only the service worker's copy of the page can answer.
 */
export function StayPassLink({ bookingId }: { bookingId?: string }) {
  // The pages that link here need not carry the stay-pass strings: they load when a link shows.
  const { t, ready } = useTranslation('stay-pass');
  const language = useLanguage();
  const passes = useStoredStayPasses();
  const shown = passes?.filter((p) => bookingId === undefined || p.pass.bookingId === bookingId) ?? [];
  if (shown.length === 0 || !ready) return null;
  return (
    <a className="card mypage-points" href={localizePath(STAY_PASS_PATH, language)} data-testid="stay-pass-link">
      <span className="mypage-points__label">
        {t('stay-pass:link.title')}
        <span className="muted mypage-owner__body"> {t('stay-pass:link.body')}</span>
      </span>
      <span className="mypage-points__chevron" aria-hidden="true">
        ›
      </span>
    </a>
  );
}
