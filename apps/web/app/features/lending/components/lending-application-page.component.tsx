import {
  cancelLendingApplication,
  payLendingApplication,
  type LendingApplicationDetail,
} from '@yado/contract/lending.contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { useToast } from '../../../components/ui/use-toast.hook';
import { formatDate } from '../../../lib/format-date';
import { formatDateTime } from '../../../lib/format-date-time';
import { formatYen } from '../../../lib/format-yen';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useApiAction } from '../../../lib/use-api-action.hook';
import { useLanguage } from '../../../lib/use-language.hook';
import { formatNacAmount } from '../../../lib/format-nac';
import { LendingStatusBadge } from './lending-status-badge.component';

/** /mypage/lending/:id: one application, its payment schedule, its history and what can be done now. */
export function LendingApplicationPage({ application: a }: { application: LendingApplicationDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  const { run, busy } = useApiAction();
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const date = (d: { year: number; month: number; day: number }) => formatDate(d, 'date', language);

  async function pay() {
    setProblem(null);
    const res = await run(
      payLendingApplication,
      { lendingApplicationId: a.lendingApplicationId },
      { idempotent: true },
    );
    if (res.ok) toast.success(t('lending:detail.paid'));
    else setProblem(res.message ?? t('lending:detail.failed'));
  }
  async function cancel() {
    setProblem(null);
    const res = await run(
      cancelLendingApplication,
      { lendingApplicationId: a.lendingApplicationId },
      { idempotent: true },
    );
    setConfirming(false);
    if (res.ok) toast.success(t('lending:detail.cancelled'));
    else setProblem(res.message ?? t('lending:detail.failed'));
  }

  const reward = a.nacReward
    ? t('lending:detail.rewardNac', {
        amount: formatNacAmount(a.nacReward.expectedRewardNacAmount),
        yield: a.nacReward.expectedYield,
      })
    : a.accommodationVoucherReward
      ? t('lending:detail.rewardVoucher', {
          count: a.accommodationVoucherReward.rewardsCount,
          priceType: t(`lending:apply.${a.accommodationVoucherReward.priceType}`),
          houseGroup: a.accommodationVoucherReward.houseGroup.name,
        })
      : '';

  return (
    <section className="page lending-page" aria-labelledby="lending-detail-heading" data-status={a.status}>
      <nav className="breadcrumbs" aria-label={t('lending:title')}>
        <Link to={localizePath('/mypage/lending', language)}>{t('lending:list.heading')}</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{a.lendingApplicationNumber}</span>
      </nav>
      <header className="page__header lending-page__header">
        <div>
          <h1 id="lending-detail-heading">{a.productTitle}</h1>
          <p className="muted">{t('lending:list.number', { number: a.lendingApplicationNumber })}</p>
        </div>
        <LendingStatusBadge status={a.status} />
      </header>
      <div className="lending-detail">
        <section className="card" aria-labelledby="lending-facts-heading">
          <h2 id="lending-facts-heading">{t('lending:detail.facts')}</h2>
          <dl className="lending-dl">
            <div>
              <dt>{t('lending:detail.amount')}</dt>
              <dd data-testid="lending-amount">{`${formatNacAmount(a.nacAmount)} NAC`}</dd>
            </div>
            <div>
              <dt>{t('lending:detail.rewardType')}</dt>
              <dd>{reward}</dd>
            </div>
            <div>
              <dt>{t('lending:detail.period')}</dt>
              <dd>
                {a.startDate && a.endDate
                  ? `${date(a.startDate)} – ${date(a.endDate)}`
                  : t('lending:detail.periodPending')}
              </dd>
            </div>
            <div>
              <dt>{t('lending:detail.returnDate')}</dt>
              <dd>{date(a.nacReturnDate)}</dd>
            </div>
          </dl>
          {a.status === 'AWAITING_TRANSFER' && a.paid ? (
            <p className="lending-note">{t('lending:detail.waitingStaff')}</p>
          ) : null}
          {problem ? <FormAlert>{problem}</FormAlert> : null}
          <div className="lending-actions">
            {a.canPay ? (
              <>
                <Button onClick={() => void pay()} busy={busy} data-testid="lending-pay">
                  {t('lending:detail.pay')}
                </Button>
                <Link
                  className="button button--secondary"
                  to={localizePath(
                    `/dao/nac-transfer/remote?lendingApplicationId=${encodeURIComponent(a.lendingApplicationId)}`,
                    language,
                  )}
                >
                  {t('lending:detail.transfer')}
                </Link>
              </>
            ) : null}
            {a.canCancel && !confirming ? (
              <Button variant="text" onClick={() => setConfirming(true)}>
                {t('lending:detail.cancel')}
              </Button>
            ) : null}
          </div>
          {confirming ? (
            <div className="lending-confirm" role="group" aria-label={t('lending:detail.cancelConfirm')}>
              <p>{t('lending:detail.cancelConfirm')}</p>
              {a.status === 'ACTIVE_LENDING' ? <p className="muted">{t('lending:detail.cancelActive')}</p> : null}
              <div className="lending-actions">
                <Button variant="secondary" onClick={() => void cancel()} busy={busy}>
                  {t('lending:detail.cancel')}
                </Button>
                <Button variant="text" onClick={() => setConfirming(false)}>
                  {t('lending:remote.back')}
                </Button>
              </div>
            </div>
          ) : null}
        </section>
        <section className="card" aria-labelledby="lending-schedule-heading">
          <h2 id="lending-schedule-heading">{t('lending:detail.schedule')}</h2>
          {a.paymentSchedules.map((s, i) => (
            <dl key={i} className="lending-dl" data-testid="payment-schedule">
              <div>
                <dt>{t('lending:detail.window')}</dt>
                <dd>{formatDate({ ...s.paymentWindowMonth, day: 1 }, 'yearMonth', language)}</dd>
              </div>
              <div>
                <dt>{t('lending:detail.withdrawal')}</dt>
                <dd>{`${date(s.withdrawalStartDate)} – ${date(s.withdrawalEndDate)}`}</dd>
              </div>
              <div>
                <dt>{t('lending:detail.lendingPeriod')}</dt>
                <dd>{`${date(s.startDate)} – ${date(s.endDate)}`}</dd>
              </div>
              <div>
                <dt>{t('lending:detail.amount')}</dt>
                <dd>{`${formatNacAmount(s.nacAmount)} NAC`}</dd>
              </div>
              <div>
                <dt>{t('lending:detail.yen')}</dt>
                <dd>{formatYen(s.amountInJpy, language)}</dd>
              </div>
            </dl>
          ))}
        </section>
        <section className="card lending-detail__timeline" aria-labelledby="lending-timeline-heading">
          <h2 id="lending-timeline-heading">{t('lending:detail.timeline')}</h2>
          <ol className="lending-timeline">
            {a.timeline.map((e) => (
              <li key={e.event} data-event={e.event}>
                <span className="lending-timeline__what">{t(`lending:event.${e.event}`)}</span>
                <span className="muted lending-small">{formatDateTime(e.at, language)}</span>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </section>
  );
}
