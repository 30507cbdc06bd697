import { dateFromDateTime } from '@yado/contract/date-time';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { useStoredStayPasses } from '../hooks/use-stored-stay-passes.hook';
import type { StoredPass } from '../stay-pass-store';
import { syncStayPasses } from '../stay-pass-sync';
import { StayPassCard } from './stay-pass-card.component';

/** Whether the browser says it is online; true on the server and before the first effect. */
function useOnline(): boolean {
  const [online, setOnline] = useState(true);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/** When the next key-box code held back from a stored pass becomes due (ms, in the future: one already due came with the page's own refresh), or null. */
function nextCodeDue(passes: StoredPass[] | null, now: number): number | null {
  const due = (passes ?? [])
    .filter((s) => s.pass.key?.unlockOperationType === 'MANUAL' && s.pass.key.keyBoxCode === null)
    .map((s) => dateFromDateTime(s.pass.key!.validFrom).getTime())
    .filter((at) => at > now);
  return due.length ? Math.min(...due) : null;
}

/**
 * The stay-pass page's content, rendered from the device's copy only, so it reads the same with or
 * without a network. Online, it first asks the server for a fresh copy.
 */
export function StayPassPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const online = useOnline();
  const passes = useStoredStayPasses();
  const [refreshed, setRefreshed] = useState<boolean | null>(null);

  useEffect(() => {
    if (!navigator.onLine) return;
    let alive = true;
    void syncStayPasses(language, { force: true }).then((ok) => alive && setRefreshed(ok));
    return () => {
      alive = false;
    };
  }, [language]);

  // A key-box code arrives only from the check-in time: an open page asks again then.
  useEffect(() => {
    const dueAt = nextCodeDue(passes, Date.now());
    if (dueAt === null) return;
    const timer = setTimeout(
      () => {
        if (navigator.onLine) void syncStayPasses(language, { force: true });
      },
      Math.min(Math.max(dueAt - Date.now(), 0) + 1_000, 2 ** 31 - 1),
    );
    return () => clearTimeout(timer);
  }, [passes, language]);

  return (
    <>
      {!online || refreshed === false ? (
        <p className="alert alert--info stay-pass-offline" role="status" data-testid="stay-pass-offline">
          {t('stay-pass:offline')}
        </p>
      ) : null}
      {passes === null ? (
        <p className="muted" role="status">
          {t('stay-pass:loading')}
        </p>
      ) : passes.length === 0 ? (
        <div className="card stay-pass-empty" data-testid="stay-pass-empty">
          <p>{t('stay-pass:empty')}</p>
          <a href={localizePath('/mypage', language)}>{t('stay-pass:backToMypage')}</a>
        </div>
      ) : (
        <div className="stay-pass-list">
          {passes.map((stored) => (
            <StayPassCard key={stored.pass.bookingId} pass={stored.pass} savedAt={new Date(stored.savedAt)} />
          ))}
        </div>
      )}
    </>
  );
}
