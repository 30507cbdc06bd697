import { staffRunAllocationDraw, type getAllocationRound } from '@yado/contract/high-season.contract';
import type { MethodOutput } from '@yado/contract/method';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { TextField } from '../../../components/ui/text-field.component';
import { useToast } from '../../../components/ui/use-toast.hook';
import { formatDate } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/i18n';
import { maxLengthOf } from '../../../lib/schema-limits';
import { useLanguage } from '../../../lib/use-language.hook';
import { useRunAllocationDraw } from '../hooks/use-run-allocation-draw.hook';
import { japanTimestamp } from '../japan-time';

type Detail = MethodOutput<typeof getAllocationRound>;
type Period = Detail['round']['periods'][number];

/** One round as staff see it: its periods, the rankings received, the draw form, and the draw's record. */
export function AllocationRoundDetail({ detail }: { detail: Detail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { round, requests, allocations, draw } = detail;
  const periodLabel = (p: Pick<Period, 'checkinDate' | 'checkoutDate'>) =>
    t('allocation:period', {
      from: formatDate(p.checkinDate, 'date', language),
      to: formatDate(p.checkoutDate, 'date', language),
    });
  const periodById = new Map(round.periods.map((p) => [p.periodId, p]));
  const labelOf = (periodId: string) => {
    const p = periodById.get(periodId);
    return p ? periodLabel(p) : periodId;
  };
  const holderOf = new Map(requests.map((q) => [q.shareId, q]));
  // As the shares page: the name in Japanese script on the Japanese console, romanized on the English one.
  const nameOf = (q: Detail['requests'][number]) =>
    (language === 'ja' ? q.holderName : q.romanizedHolderName) || q.holderName;
  const who = (shareId: string) => {
    const q = holderOf.get(shareId);
    return q ? `${nameOf(q)} (${q.fraction.numerator}/${q.fraction.denominator})` : shareId;
  };

  return (
    <section
      className="staff-panel hs-detail"
      aria-labelledby="hs-detail-heading"
      data-testid="allocation-round-detail"
    >
      <h2 id="hs-detail-heading">
        {t('allocation:staff.detailHeading', { house: round.houseGroupName, year: round.slotYear })}
      </h2>
      <p className="muted">
        {t(`allocation:status.${round.status}`)} · {japanTimestamp(round.opensAt)} – {japanTimestamp(round.closesAt)}
      </p>

      <h3>{t('allocation:staff.periodsHeading')}</h3>
      <div className="staff-table-wrap">
        <table className="staff-table">
          <thead>
            <tr>
              <th scope="col">{t('allocation:staff.periodsHeading')}</th>
              <th scope="col" className="staff-table__number">
                {t('allocation:staff.allocated')}
              </th>
            </tr>
          </thead>
          <tbody>
            {round.periods.map((p) => (
              <tr key={p.periodId}>
                <th scope="row">
                  {periodLabel(p)}{' '}
                  <span className="staff-table__id">{t('allocation:nights', { count: p.nights })}</span>
                </th>
                <td className="staff-table__number">{p.allocatedCount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h3>{t('allocation:staff.requestsHeading')}</h3>
      {requests.length === 0 ? (
        <p className="staff-empty">{t('allocation:staff.noRequests')}</p>
      ) : (
        <div className="staff-table-wrap">
          <table className="staff-table" data-testid="allocation-requests">
            <thead>
              <tr>
                <th scope="col">{t('allocation:staff.holder')}</th>
                <th scope="col">{t('allocation:staff.ranking')}</th>
                <th scope="col" className="staff-table__number">
                  {t('allocation:staff.wanted')}
                </th>
                <th scope="col" className="staff-table__number">
                  {t('allocation:staff.adults')}
                </th>
                <th scope="col" className="staff-table__number">
                  {t('allocation:staff.position')}
                </th>
              </tr>
            </thead>
            <tbody>
              {requests.map((q) => (
                <tr key={q.shareId}>
                  <th scope="row">
                    {nameOf(q)}
                    <span className="staff-table__id">
                      {q.userNumber} · {q.fraction.numerator}/{q.fraction.denominator}
                    </span>
                  </th>
                  <td>
                    <ol className="hs-ranking">
                      {q.periodIds.map((id) => (
                        <li key={id}>{labelOf(id)}</li>
                      ))}
                    </ol>
                  </td>
                  <td className="staff-table__number">{q.wantedPeriods}</td>
                  <td className="staff-table__number">{q.adults}</td>
                  <td className="staff-table__number">{q.drawPosition ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h3>{t('allocation:staff.drawHeading')}</h3>
      {draw ? (
        <>
          <p className="hs-record" data-testid="allocation-record">
            {t('allocation:staff.record', {
              seed: draw.seed,
              version: draw.algorithmVersion,
              at: japanTimestamp(draw.drawnAt),
            })}
          </p>
          <h3>{t('allocation:staff.allocationsHeading')}</h3>
          {allocations.length === 0 ? (
            <p className="staff-empty">{t('allocation:staff.noAllocations')}</p>
          ) : (
            <div className="staff-table-wrap">
              <table className="staff-table" data-testid="allocation-allocations">
                <thead>
                  <tr>
                    <th scope="col">{t('allocation:staff.periodsHeading')}</th>
                    <th scope="col">{t('allocation:staff.holder')}</th>
                    <th scope="col">{t('allocation:staff.booking')}</th>
                  </tr>
                </thead>
                <tbody>
                  {allocations.map((a) => (
                    <tr key={a.allocationId} data-outcome={a.outcome}>
                      <th scope="row">
                        {labelOf(a.periodId)}
                        <span className="staff-table__id">
                          {t('allocation:staff.turn', { turn: a.turn, pass: a.pass })}
                        </span>
                      </th>
                      <td>{who(a.shareId)}</td>
                      <td>
                        {t(`allocation:outcome.${a.outcome}`)}
                        {a.bookingNumber ? <span className="staff-table__id">{a.bookingNumber}</span> : null}
                        {a.failureReason ? <span className="staff-table__id">{a.failureReason}</span> : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <h3>{t('allocation:staff.orderHeading')}</h3>
          <div className="staff-table-wrap">
            <table className="staff-table">
              <thead>
                <tr>
                  <th scope="col" className="staff-table__number">
                    {t('allocation:staff.position')}
                  </th>
                  <th scope="col">{t('allocation:staff.holder')}</th>
                  <th scope="col" className="staff-table__number">
                    {t('allocation:staff.priorNights')}
                  </th>
                  <th scope="col" className="staff-table__number">
                    {t('allocation:staff.highSlots')}
                  </th>
                  <th scope="col" className="staff-table__number">
                    {t('allocation:staff.priority')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {draw.order.map((o) => (
                  <tr key={o.shareId}>
                    <td className="staff-table__number">{o.position}</td>
                    <td>{who(o.shareId)}</td>
                    <td className="staff-table__number">{o.priorHighNights}</td>
                    <td className="staff-table__number">{o.highSlotsAtDraw}</td>
                    <td className="staff-table__number">{o.priority.toFixed(3)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <details className="hs-steps">
            <summary>{t('allocation:staff.stepsHeading', { count: draw.steps.length })}</summary>
            <ol>
              {draw.steps.map((s) => (
                <li key={s.turn}>
                  {t('allocation:staff.turn', { turn: s.turn, pass: s.pass })}: {who(s.shareId)}{' '}
                  {s.periodId
                    ? t('allocation:staff.took', { period: labelOf(s.periodId) })
                    : t('allocation:staff.nothingLeft')}
                  {s.passedOver.length > 0
                    ? ` (${t('allocation:staff.passedOver', {
                        list: s.passedOver
                          .map((x) => `${labelOf(x.periodId)}: ${t(`allocation:staff.reason.${x.reason}`)}`)
                          .join(', '),
                      })})`
                    : null}
                </li>
              ))}
            </ol>
          </details>
        </>
      ) : (
        <DrawForm roundId={round.roundId} closed={round.status === 'CLOSED'} />
      )}
    </section>
  );
}

function DrawForm({ roundId, closed }: { roundId: string; closed: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  const { run, busy } = useRunAllocationDraw();
  const [seed, setSeed] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = await run(roundId, seed);
    if (result.ok) {
      setProblem(null);
      toast.success(t('allocation:staff.drawn', { count: result.allocated }));
    } else setProblem(result.message ?? t('allocation:staff.drawFailed'));
  }
  return (
    <form
      className="staff-form hs-draw-form"
      noValidate
      onSubmit={(e) => void submit(e)}
      data-testid="allocation-draw-form"
    >
      {closed ? null : <p className="muted">{t('allocation:staff.drawNotYet')}</p>}
      <TextField
        id={`${id}-seed`}
        label={t('allocation:staff.seed')}
        hint={t('allocation:staff.seedHint')}
        autoComplete="off"
        maxLength={maxLengthOf(staffRunAllocationDraw.input.shape.seed)}
        value={seed}
        onChange={(e) => setSeed(e.target.value)}
      />
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      <div className="staff-form__actions">
        <Button type="submit" busy={busy} disabled={!closed}>
          {t('allocation:staff.runDraw')}
        </Button>
      </div>
    </form>
  );
}
