import type { AllocationRound, getAllocationRound } from '@yado/contract/high-season.contract';
import type { MethodOutput } from '@yado/contract/method';
import { Form, Link, useLocation } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { useTranslation } from '../../../lib/i18n';
import { japanTimestamp } from '../japan-time';
import { AllocationRoundDetail } from './allocation-round-detail.component';
import { AllocationRoundForm } from './allocation-round-form.component';
import { StaffPage } from './staff-page.component';

type Group = { id: string; name: string };

/** Staff create high-season rounds, follow their rankings and run their draws. */
export function StaffHighSeasonPage({
  houseGroups,
  houseGroupId,
  rounds,
  detail,
  year,
}: {
  houseGroups: Group[];
  houseGroupId: string;
  rounds: AllocationRound[];
  detail: MethodOutput<typeof getAllocationRound> | null;
  year: number;
}) {
  const { t } = useTranslation();
  return (
    <StaffPage title={t('allocation:staff.heading')} lead={t('allocation:staff.lead')}>
      <div className="hs-staff">
        {detail ? <AllocationRoundDetail key={detail.round.roundId} detail={detail} /> : null}
        <RoundList
          rounds={rounds}
          houseGroups={houseGroups}
          houseGroupId={houseGroupId}
          selected={detail?.round.roundId ?? ''}
        />
        <section className="staff-panel" aria-labelledby="hs-create-heading">
          <h2 id="hs-create-heading">{t('allocation:staff.createHeading')}</h2>
          <AllocationRoundForm houseGroups={houseGroups} houseGroupId={houseGroupId} year={year} />
        </section>
      </div>
    </StaffPage>
  );
}

function RoundList({
  rounds,
  houseGroups,
  houseGroupId,
  selected,
}: {
  rounds: AllocationRound[];
  houseGroups: Group[];
  houseGroupId: string;
  selected: string;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const open = (roundId: string) => {
    const p = new URLSearchParams(location.search);
    p.set('round', roundId);
    return `${location.pathname}?${p.toString()}`;
  };
  return (
    <section aria-labelledby="hs-list-heading">
      <h2 id="hs-list-heading">{t('allocation:staff.listHeading')}</h2>
      <Form method="get" className="staff-search">
        <SelectField
          id="hs-house-group"
          name="houseGroup"
          label={t('allocation:staff.houseGroup')}
          defaultValue={houseGroupId}
        >
          <option value="">{t('allocation:staff.allHouseGroups')}</option>
          {houseGroups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </SelectField>
        <button type="submit" className={buttonClassName({ variant: 'secondary' })}>
          {t('allocation:staff.filter')}
        </button>
      </Form>
      {rounds.length === 0 ? (
        <p className="staff-empty">{t('allocation:staff.empty')}</p>
      ) : (
        <div className="staff-table-wrap">
          <table className="staff-table" data-testid="allocation-rounds">
            <thead>
              <tr>
                <th scope="col">{t('allocation:staff.houseGroup')}</th>
                <th scope="col">{t('allocation:staff.window')}</th>
                <th scope="col">{t('allocation:staff.status')}</th>
                <th scope="col" className="staff-table__number">
                  {t('allocation:staff.periodsHeading')}
                </th>
                <th scope="col" className="staff-table__number">
                  {t('allocation:staff.requests')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rounds.map((r) => (
                <tr
                  key={r.roundId}
                  data-testid="allocation-round-row"
                  aria-current={r.roundId === selected ? 'true' : undefined}
                >
                  <th scope="row">
                    <Link to={open(r.roundId)} data-testid="allocation-round-link">
                      {r.houseGroupName}
                    </Link>
                    <span className="staff-table__id">{t('allocation:staff.slotYearValue', { year: r.slotYear })}</span>
                  </th>
                  <td>
                    {japanTimestamp(r.opensAt)} – {japanTimestamp(r.closesAt)}
                  </td>
                  <td>{t(`allocation:status.${r.status}`)}</td>
                  <td className="staff-table__number">{r.periods.length}</td>
                  <td className="staff-table__number">{r.requestCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
