import { payLendingApplication, type LendingApplicationDetail } from '@yado/contract/lending.contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { useToast } from '../../../components/ui/use-toast.hook';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useApiAction } from '../../../lib/use-api-action.hook';
import { useLanguage } from '../../../lib/use-language.hook';
import { formatNacAmount } from '../../../lib/format-nac';
import { useOpenExchange } from '../../../lib/use-open-exchange.hook';
import type { RedirectError } from '../exchange-redirect-code.rules';
import { nacUnits, shortfallNac } from '../lending-amount.rules';

export type RemoteTransferData = {
  application: LendingApplicationDetail | null;
  /** The NAC balance here; null when the exchange's rate (and so the balance call) did not answer. */
  balance: string | null;
  redirectError: RedirectError | null;
};

/**
 * /dao/nac-transfer/remote?lendingApplicationId=: paying an application, from the balance when it
 * covers the amount, or with NAC sent from the exchange first. The exchange's redirect comes back
 * here; an error it carries is shown with its four-digit code.
 */
export function NacTransferRemotePage({ data }: { data: RemoteTransferData }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  const { run, busy } = useApiAction();
  const [problem, setProblem] = useState<string | null>(null);
  const a = data.application;
  const returnPath = localizePath(
    a
      ? `/dao/nac-transfer/remote?lendingApplicationId=${encodeURIComponent(a.lendingApplicationId)}`
      : '/mypage/lending',
    language,
  );
  const exchange = useOpenExchange(returnPath, t('lending:remote.exchangeFailed'));
  const covered = a && data.balance !== null ? nacUnits(data.balance) >= nacUnits(a.nacAmount) : false;

  async function pay() {
    if (!a) return;
    setProblem(null);
    const res = await run(
      payLendingApplication,
      { lendingApplicationId: a.lendingApplicationId },
      { idempotent: true },
    );
    if (res.ok) toast.success(t('lending:detail.paid'));
    else setProblem(res.message ?? t('lending:detail.failed'));
  }

  return (
    <section className="page lending-page lending-remote" aria-labelledby="lending-remote-heading">
      <header className="page__header">
        <h1 id="lending-remote-heading">{t('lending:remote.heading')}</h1>
        {a ? (
          <p className="lead">
            {t('lending:remote.lead', { number: a.lendingApplicationNumber, amount: formatNacAmount(a.nacAmount) })}
          </p>
        ) : null}
      </header>
      {data.redirectError ? (
        <div data-testid="redirect-error" data-code={data.redirectError.code}>
          <FormAlert title={t('lending:remote.errorTitle', { code: data.redirectError.code })}>
            {t(`lending:remote.error.${data.redirectError.detail}`)}
          </FormAlert>
        </div>
      ) : null}
      {!a ? (
        <p className="card lending-empty">
          <Link to={localizePath('/mypage/lending', language)}>{t('lending:remote.choose')}</Link>
        </p>
      ) : (
        <div className="card lending-remote__card">
          {data.balance !== null ? (
            <p className="lending-remote__balance" data-testid="remote-balance">
              {t('lending:remote.balance', { amount: formatNacAmount(data.balance) })}
            </p>
          ) : null}
          {a.status !== 'AWAITING_TRANSFER' ? (
            <p>{t('lending:remote.notAwaiting')}</p>
          ) : a.paid ? (
            <p className="lending-note" data-testid="remote-paid">
              {t('lending:remote.paid')}
            </p>
          ) : (
            <>
              <p>
                {covered
                  ? t('lending:remote.enough')
                  : t('lending:remote.short', {
                      amount: formatNacAmount(shortfallNac(a.nacAmount, data.balance ?? '0')),
                    })}
              </p>
              {problem ? <FormAlert>{problem}</FormAlert> : null}
              {exchange.error ? <FormAlert>{exchange.error}</FormAlert> : null}
              <div className="lending-actions">
                <Button onClick={() => void pay()} busy={busy} disabled={!covered} data-testid="remote-pay">
                  {t('lending:remote.pay', { amount: formatNacAmount(a.nacAmount) })}
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => void exchange.open()}
                  busy={exchange.busy}
                  data-testid="remote-open-exchange"
                >
                  {t('lending:remote.openExchange')}
                </Button>
              </div>
            </>
          )}
          <Link
            className="lending-link"
            to={localizePath(`/mypage/lending/${encodeURIComponent(a.lendingApplicationId)}`, language)}
          >
            {t('lending:remote.back')}
          </Link>
        </div>
      )}
    </section>
  );
}
