import { getDoNotDisturb, setDoNotDisturb } from '@yado/contract/stay.contract';
import { useState } from 'react';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { useTranslation } from '../../../lib/i18n';
import { useApiQuery } from '../../../lib/use-api-query.hook';
import { useStayCall } from '../hooks/use-stay-call.hook';

/** Do-not-disturb for the stay: housekeeping sees it on their schedule and leaves the house alone. */
export function DoNotDisturbToggle({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation();
  const read = useApiQuery(getDoNotDisturb, { bookingId });
  const { call, busy, track } = useStayCall();
  const [error, setError] = useState<string | null>(null);
  const enabled = read.data?.doNotDisturb.enabled ?? false;

  const toggle = (next: boolean) =>
    track('dnd', async () => {
      setError(null);
      const res = await call(setDoNotDisturb, { bookingId, enabled: next });
      if (!res.ok) setError(res.message);
      else await read.mutate(res.body, { revalidate: false });
    });

  return (
    <div className="stay-dnd">
      <div className="checkbox">
        <input
          id={`stay-dnd-${bookingId}`}
          type="checkbox"
          role="switch"
          className="checkbox__control"
          checked={enabled}
          disabled={!read.data || busy !== null}
          aria-checked={enabled}
          onChange={(e) => void toggle(e.target.checked)}
          data-testid="dnd-toggle"
        />
        <label htmlFor={`stay-dnd-${bookingId}`} className="checkbox__label">
          {t('stay:dnd.label')}
        </label>
      </div>
      <p className="stay-key__muted" data-testid="dnd-state">
        {enabled ? t('stay:dnd.on') : t('stay:dnd.off')}
      </p>
      {error ? <FormAlert>{error}</FormAlert> : null}
    </div>
  );
}
