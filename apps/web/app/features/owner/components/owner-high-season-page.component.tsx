import type { OwnerAllocationRound } from '@yado/contract/high-season.contract';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.component';
import { FormAlert } from '../../../components/ui/form-alert.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { useToast } from '../../../components/ui/use-toast.hook';
import { formatDate } from '../../../lib/format-date';
import { formatDateTime } from '../../../lib/format-date-time';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { addToRanking, clampWanted, moveInRanking, removeFromRanking } from '../allocation-ranking';
import { useSubmitAllocationRequests } from '../hooks/use-submit-allocation-requests.hook';
import { useWithdrawAllocationRequests } from '../hooks/use-withdraw-allocation-requests.hook';
import { OwnerLayout } from './owner-layout.component';

type Round = OwnerAllocationRound;
type Period = Round['periods'][number];
type Share = Round['shares'][number];

/** High season: the rounds of the owner's house groups, a ranking editor while one is open, and the draw's results. */
export function OwnerHighSeasonPage({ rounds }: { rounds: Round[] }) {
  const { t } = useTranslation();
  return (
    <OwnerLayout title={t('allocation:owner.heading')} lead={t('allocation:owner.lead')}>
      <div className="hs-owner">
        {rounds.length === 0 ? (
          <p className="owner-empty" data-testid="allocation-none">
            {t('allocation:owner.none')}
          </p>
        ) : (
          rounds.map((r) => <RoundCard key={r.roundId} round={r} />)
        )}
        <p className="owner-note hs-rule">{t('allocation:owner.rule')}</p>
      </div>
    </OwnerLayout>
  );
}

function usePeriodLabel() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (p: Pick<Period, 'checkinDate' | 'checkoutDate'>) =>
    t('allocation:period', {
      from: formatDate(p.checkinDate, 'date', language),
      to: formatDate(p.checkoutDate, 'date', language),
    });
}

function RoundCard({ round }: { round: Round }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const headingId = useId();
  return (
    <article
      className="owner-card hs-round"
      aria-labelledby={headingId}
      data-testid="allocation-round"
      data-status={round.status}
    >
      <header className="hs-round__header">
        <h2 id={headingId} className="owner-card__title">
          {round.houseGroupName}
        </h2>
        <span className={`owner-badge hs-status hs-status--${round.status.toLowerCase()}`}>
          {t(`allocation:status.${round.status}`)}
        </span>
      </header>
      <p className="owner-note">
        {t('allocation:owner.slotYear', { year: round.slotYear })} ·{' '}
        {t('allocation:window', {
          from: formatDateTime(round.opensAt, language),
          to: formatDateTime(round.closesAt, language),
        })}
      </p>
      {round.shares.map((s) => (
        <ShareEntry key={s.shareId} round={round} share={s} />
      ))}
    </article>
  );
}

function ShareEntry({ round, share }: { round: Round; share: Share }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const label = usePeriodLabel();
  const periodOf = (id: string) => round.periods.find((p) => p.periodId === id);
  return (
    <section className="hs-share" data-testid="allocation-share">
      <p className="hs-share__facts">
        <span>
          {t('allocation:owner.share', { fraction: `${share.fraction.numerator}/${share.fraction.denominator}` })}
        </span>
        <span>{t('allocation:owner.highLeft', { year: round.slotYear, count: share.highSlotsRemaining })}</span>
      </p>
      {round.status === 'OPEN' ? <RankingEditor round={round} share={share} /> : null}
      {round.status === 'SCHEDULED' ? (
        <>
          <p className="owner-note">
            {t('allocation:owner.notOpenYet', { at: formatDateTime(round.opensAt, language) })}
          </p>
          <PeriodList periods={round.periods} />
        </>
      ) : null}
      {round.status === 'CLOSED' ? <p className="owner-note">{t('allocation:owner.waiting')}</p> : null}
      {round.status !== 'OPEN' && share.request ? (
        <h3 className="hs-subheading">{t('allocation:owner.ranked')}</h3>
      ) : null}
      {round.status !== 'OPEN' && share.request ? (
        <ol className="hs-ranked hs-ranked--readonly">
          {share.request.periodIds.map((id, i) => {
            const p = periodOf(id);
            return p ? (
              <li key={id} className="hs-ranked__item">
                <span className="hs-ranked__rank">{t('allocation:owner.rank', { rank: i + 1 })}</span>
                <span>{label(p)}</span>
              </li>
            ) : null;
          })}
        </ol>
      ) : null}
      {round.status === 'DRAWN' ? <Results share={share} /> : null}
    </section>
  );
}

function PeriodList({ periods }: { periods: Period[] }) {
  const { t } = useTranslation();
  const label = usePeriodLabel();
  return (
    <ul className="hs-periods" aria-label={t('allocation:owner.offered')}>
      {periods.map((p) => (
        <li key={p.periodId} className="hs-period">
          <span>{label(p)}</span>
          <span className="hs-period__nights">{t('allocation:nights', { count: p.nights })}</span>
        </li>
      ))}
    </ul>
  );
}

function Results({ share }: { share: Share }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const label = usePeriodLabel();
  if (!share.request) return <p className="owner-note">{t('allocation:owner.notEntered')}</p>;
  return (
    <div className="hs-results" data-testid="allocation-results">
      {share.request.drawPosition !== null ? (
        <p className="hs-results__position">
          {t('allocation:owner.position', { position: share.request.drawPosition })}
        </p>
      ) : null}
      {share.allocations.length === 0 ? (
        <p className="owner-note">{t('allocation:owner.nothingWon')}</p>
      ) : (
        <>
          <h3 className="hs-subheading">{t('allocation:owner.won')}</h3>
          <ul className="hs-won">
            {share.allocations.map((a) => (
              <li key={a.allocationId} className="hs-won__item" data-testid="allocation-won" data-outcome={a.outcome}>
                <span className="hs-won__dates">{label(a)}</span>
                <span className="hs-won__nights">{t('allocation:nights', { count: a.nights })}</span>
                <span className={`owner-badge hs-outcome--${a.outcome.toLowerCase()}`}>
                  {t(`allocation:outcome.${a.outcome}`)}
                </span>
                {a.bookingId && a.bookingNumber ? (
                  <Link to={localizePath(`/mypage/bookings/${a.bookingId}`, language)} className="hs-won__link">
                    {t('allocation:owner.viewBooking', { number: a.bookingNumber })}
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** The ranking of an open round: chosen periods best first (move, remove), the rest to add, and the send and withdraw buttons. */
function RankingEditor({ round, share }: { round: Round; share: Share }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  const label = usePeriodLabel();
  const id = useId();
  const [ranking, setRanking] = useState<string[]>(share.request?.periodIds ?? []);
  const [wanted, setWanted] = useState(share.request?.wantedPeriods ?? 1);
  // The house group's own range of adults, never below one.
  const fewest = Math.max(1, round.minAdults);
  const most = Math.max(fewest, round.maxAdults);
  const [adults, setAdults] = useState(share.request?.adults ?? Math.min(Math.max(2, fewest), most));
  const [problem, setProblem] = useState<string | null>(null);
  const { submit, busy } = useSubmitAllocationRequests();
  const { withdraw, busy: withdrawing } = useWithdrawAllocationRequests();
  const byId = new Map(round.periods.map((p) => [p.periodId, p]));
  const others = round.periods.filter((p) => !ranking.includes(p.periodId));
  const full = ranking.length >= round.maxRequests;

  const change = (next: string[]) => {
    setRanking(next);
    setWanted((w) => clampWanted(w, next.length));
  };

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (ranking.length === 0) {
      setProblem(t('allocation:owner.rankedEmpty', { max: round.maxRequests }));
      return;
    }
    setProblem(null);
    const result = await submit({
      roundId: round.roundId,
      shareId: share.shareId,
      periodIds: ranking,
      wantedPeriods: clampWanted(wanted, ranking.length),
      adults,
    });
    if (result.ok) toast.success(t('allocation:owner.submitted', { until: formatDateTime(round.closesAt, language) }));
    else setProblem(result.message ?? t('allocation:owner.failed'));
  }

  async function takeBack() {
    const result = await withdraw(round.roundId, share.shareId);
    if (result.ok) {
      toast.success(t('allocation:owner.withdrawn'));
      setRanking([]);
      setWanted(1);
      setProblem(null);
    } else setProblem(result.message ?? t('allocation:owner.failed'));
  }

  return (
    <form className="owner-form hs-editor" noValidate onSubmit={(e) => void send(e)} data-testid="allocation-editor">
      <div className="hs-editor__columns">
        <section aria-labelledby={`${id}-ranked`}>
          <h3 id={`${id}-ranked`} className="hs-subheading">
            {t('allocation:owner.ranked')}
          </h3>
          {ranking.length === 0 ? (
            <p className="owner-note">{t('allocation:owner.rankedEmpty', { max: round.maxRequests })}</p>
          ) : (
            <ol className="hs-ranked">
              {ranking.map((pid, i) => {
                const p = byId.get(pid);
                if (!p) return null;
                return (
                  <li key={pid} className="hs-ranked__item" data-testid="allocation-ranked">
                    <span className="hs-ranked__rank">{t('allocation:owner.rank', { rank: i + 1 })}</span>
                    <span className="hs-ranked__dates">
                      {label(p)}{' '}
                      <span className="hs-period__nights">{t('allocation:nights', { count: p.nights })}</span>
                    </span>
                    <span className="hs-ranked__actions">
                      <Button
                        variant="text"
                        size="small"
                        disabled={i === 0}
                        aria-label={`${t('allocation:owner.moveUp')}: ${label(p)}`}
                        onClick={() => change(moveInRanking(ranking, i, -1))}
                      >
                        ↑
                      </Button>
                      <Button
                        variant="text"
                        size="small"
                        disabled={i === ranking.length - 1}
                        aria-label={`${t('allocation:owner.moveDown')}: ${label(p)}`}
                        onClick={() => change(moveInRanking(ranking, i, 1))}
                      >
                        ↓
                      </Button>
                      <Button
                        variant="text"
                        size="small"
                        aria-label={`${t('allocation:owner.remove')}: ${label(p)}`}
                        onClick={() => change(removeFromRanking(ranking, pid))}
                      >
                        {t('allocation:owner.remove')}
                      </Button>
                    </span>
                  </li>
                );
              })}
            </ol>
          )}
        </section>
        <section aria-labelledby={`${id}-offered`}>
          <h3 id={`${id}-offered`} className="hs-subheading">
            {t('allocation:owner.offered')}
          </h3>
          <ul className="hs-periods">
            {others.map((p) => {
              const tooLong = p.nights > share.highSlotsRemaining;
              return (
                <li key={p.periodId} className="hs-period" data-testid="allocation-offered">
                  <span>
                    {label(p)} <span className="hs-period__nights">{t('allocation:nights', { count: p.nights })}</span>
                    {tooLong ? <span className="hs-period__warning">{t('allocation:owner.tooLong')}</span> : null}
                  </span>
                  <Button
                    variant="secondary"
                    size="small"
                    disabled={full || tooLong}
                    aria-label={`${t('allocation:owner.add')}: ${label(p)}`}
                    onClick={() => change(addToRanking(ranking, p.periodId, round.maxRequests))}
                  >
                    {t('allocation:owner.add')}
                  </Button>
                </li>
              );
            })}
          </ul>
        </section>
      </div>
      <div className="owner-form__row">
        <SelectField
          id={`${id}-wanted`}
          label={t('allocation:owner.wanted')}
          value={String(clampWanted(wanted, ranking.length))}
          onChange={(e) => setWanted(Number(e.target.value))}
        >
          {Array.from({ length: Math.max(1, ranking.length) }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </SelectField>
        <SelectField
          id={`${id}-adults`}
          label={t('allocation:owner.adults')}
          value={String(adults)}
          onChange={(e) => setAdults(Number(e.target.value))}
        >
          {Array.from({ length: most - fewest + 1 }, (_, i) => fewest + i).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </SelectField>
      </div>
      {share.request ? (
        <p className="owner-note">
          {t('allocation:owner.sentOn', { at: formatDateTime(share.request.submittedAt, language) })}
        </p>
      ) : null}
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      <div className="hs-editor__actions">
        <Button type="submit" busy={busy} data-testid="allocation-submit">
          {share.request ? t('allocation:owner.update') : t('allocation:owner.submit')}
        </Button>
        {share.request ? (
          <Button
            variant="secondary"
            busy={withdrawing}
            onClick={() => void takeBack()}
            data-testid="allocation-withdraw"
          >
            {t('allocation:owner.withdraw')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
