import {
  staffConfirmLendingTransfer,
  staffRejectLendingTransfer,
  type StaffLendingApplicationSchema,
} from '@yado/contract/lending.contract';
import { useState } from 'react';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { useToast } from '../../../components/ui/use-toast.hook';
import { formatDateTime } from '../../../lib/format-date-time';
import { useTranslation } from '../../../lib/i18n';
import { useApiAction } from '../../../lib/use-api-action.hook';
import { useLanguage } from '../../../lib/use-language.hook';
import { formatNacAmount } from '../../../lib/format-nac';

type StaffApplication = z.infer<typeof StaffLendingApplicationSchema>;

/** /dao/nac-transfer/staff-confirmation: applications awaiting their NAC; confirm a paid one or reject. */
export function StaffLendingConfirmationList({ applications }: { applications: StaffApplication[] }) {
  const { t } = useTranslation();
  return applications.length === 0 ? (
    <p className="card lending-empty">{t('lending:staff.none')}</p>
  ) : (
    <ul className="lending-list">
      {applications.map((a) => (
        <AwaitingRow key={a.lendingApplicationId} application={a} />
      ))}
    </ul>
  );
}

function AwaitingRow({ application: a }: { application: StaffApplication }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  const { run, busy } = useApiAction();
  const [problem, setProblem] = useState<string | null>(null);

  async function decide(confirm: boolean) {
    setProblem(null);
    const res = await run(
      confirm ? staffConfirmLendingTransfer : staffRejectLendingTransfer,
      { lendingApplicationId: a.lendingApplicationId },
      { idempotent: true },
    );
    if (res.ok) toast.success(t(confirm ? 'lending:staff.confirmed' : 'lending:staff.rejected'));
    else setProblem(res.message ?? t('lending:staff.failed'));
  }

  return (
    <li className="card lending-staff-row" data-testid="awaiting-transfer" data-number={a.lendingApplicationNumber}>
      <div className="lending-row__main">
        <strong>{`${a.lendingApplicationNumber} · ${a.productTitle}`}</strong>
        <span className="muted lending-small">{`${t('lending:staff.user')}: ${a.userName} ${a.userEmail}`}</span>
        <span className="muted lending-small">{`${t('lending:staff.applied')}: ${formatDateTime(a.createdAt, language)}`}</span>
      </div>
      <span className="lending-row__amount">{`${formatNacAmount(a.nacAmount)} NAC`}</span>
      <span
        className={
          a.paid ? 'lending-badge lending-badge--active-lending' : 'lending-badge lending-badge--awaiting-transfer'
        }
      >
        {t(a.paid ? 'lending:staff.paid' : 'lending:staff.unpaid')}
      </span>
      <div className="lending-actions">
        <Button
          size="small"
          onClick={() => void decide(true)}
          busy={busy}
          disabled={!a.paid}
          data-testid="confirm-transfer"
        >
          {t('lending:staff.confirm')}
        </Button>
        <Button size="small" variant="secondary" onClick={() => void decide(false)} busy={busy}>
          {t('lending:staff.reject')}
        </Button>
      </div>
      {problem ? <FormAlert>{problem}</FormAlert> : null}
    </li>
  );
}
