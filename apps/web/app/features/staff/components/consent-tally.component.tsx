import type { StaffSupplementalConsent } from '@yado/contract/supplemental-consent.contract';
import { formatDateTime } from '../../../lib/format-date-time';
import { useTranslation } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/use-language.hook';

/** Basis points of the house group as a percentage with two decimals (8333 → 83.33%). */
export function percentOfBasisPoints(bp: number): string {
  return `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}%`;
}

/**
 * A question's share-weighted tally: per choice the owners and the part of the house group behind
 * it (a bar of the same width), then who answered, quorum and the leading choices; live until the
 * deadline, then the stored result.
 */
export function ConsentTally({ consent }: { consent: StaffSupplementalConsent }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const tally = consent.tally;
  const labelOf = (id: string) => consent.choices.find((c) => c.id === id)?.label ?? id;
  return (
    <section className="consent-tally" data-testid="consent-tally" data-frozen={tally.frozen ? 'true' : 'false'}>
      <h3 className="consent-tally__heading">{t('consent:staff.tally')}</h3>
      <div className="staff-table-wrap">
        <table className="staff-table consent-tally__table">
          <thead>
            <tr>
              <th scope="col">{t('consent:staff.choiceColumn')}</th>
              <th scope="col" className="staff-table__number">
                {t('consent:staff.answersColumn')}
              </th>
              <th scope="col">{t('consent:staff.weightColumn')}</th>
            </tr>
          </thead>
          <tbody>
            {tally.choices.map((c) => {
              const leading = tally.leadingChoiceIds.includes(c.choiceId);
              return (
                <tr key={c.choiceId} data-testid="consent-tally-row" data-leading={leading ? 'true' : 'false'}>
                  <th scope="row">
                    {c.label}
                    {leading ? <span className="consent-tally__leading">{t('consent:staff.leadingMark')}</span> : null}
                  </th>
                  <td className="staff-table__number">{c.answerCount}</td>
                  <td>
                    <span className="consent-bar">
                      <meter
                        className="consent-bar__meter"
                        min={0}
                        max={10_000}
                        value={c.weightBasisPoints}
                        aria-label={c.label}
                      />
                      <span data-testid="consent-tally-weight">{percentOfBasisPoints(c.weightBasisPoints)}</span>
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <ul className="consent-tally__facts">
        <li>{t('consent:staff.asked', { answered: tally.answeredCount, owners: tally.ownerCount })}</li>
        <li>
          {t('consent:staff.held', {
            answered: percentOfBasisPoints(tally.answeredWeightBasisPoints),
            held: percentOfBasisPoints(tally.heldWeightBasisPoints),
          })}
        </li>
        <li
          className={tally.quorumMet ? 'consent-tally__quorum--met' : 'consent-tally__quorum--not-met'}
          data-testid="consent-quorum"
        >
          {t(tally.quorumMet ? 'consent:staff.quorumMet' : 'consent:staff.quorumNotMet', {
            percent: tally.quorumPercent,
          })}
        </li>
        <li>
          {tally.leadingChoiceIds.length > 0
            ? t('consent:staff.leading', { choices: tally.leadingChoiceIds.map(labelOf).join(', ') })
            : t('consent:staff.noAnswers')}
        </li>
      </ul>
      <p className="consent-tally__note" data-testid="consent-frozen">
        {tally.frozen && tally.frozenAt
          ? t('consent:staff.frozen', { at: formatDateTime(tally.frozenAt, language) })
          : t('consent:staff.live')}
      </p>
    </section>
  );
}
