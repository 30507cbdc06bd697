import type { CivilDate } from '@yado/contract/common.schema';
import type { staffListHousekeeping } from '@yado/contract/stay.contract';
import type { MethodOutput } from '@yado/contract/method';
import { Form } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { TextField } from '../../../components/ui/text-field.component';
import { useTranslation } from '../../../lib/i18n';
import { toDateInput } from '../japan-time';
import { StaffPage } from './staff-page.component';

type Item = MethodOutput<typeof staffListHousekeeping>['items'][number];

const civilText = (d: CivilDate) => toDateInput(d);

/** Housekeeping's day: which houses to clean after check-out, which stays to service, which to leave alone. */
export function StaffHousekeepingPage({
  items,
  date,
  houseGroupId,
  houseGroups,
}: {
  items: Item[];
  date: string;
  houseGroupId: string;
  houseGroups: { id: string; name: string }[];
}) {
  const { t } = useTranslation();
  return (
    <StaffPage title={t('stay:housekeeping.heading')} lead={t('stay:housekeeping.lead')}>
      <Form method="get" className="staff-search" role="search">
        <TextField
          id="housekeeping-date"
          name="date"
          type="date"
          label={t('stay:housekeeping.date')}
          defaultValue={date}
        />
        <SelectField
          id="housekeeping-house-group"
          name="houseGroup"
          label={t('staff:bookings.houseGroup')}
          defaultValue={houseGroupId}
        >
          <option value="">{t('staff:bookings.allHouseGroups')}</option>
          {houseGroups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </SelectField>
        <button type="submit" className={buttonClassName({ variant: 'secondary' })}>
          {t('stay:housekeeping.show')}
        </button>
      </Form>
      {items.length === 0 ? (
        <p className="staff-empty">{t('stay:housekeeping.empty')}</p>
      ) : (
        <div className="staff-table-wrap">
          <table className="staff-table housekeeping-table">
            <thead>
              <tr>
                <th scope="col">{t('stay:housekeeping.house')}</th>
                <th scope="col">{t('stay:housekeeping.dndLabel')}</th>
                <th scope="col">{t('stay:housekeeping.kindLabel')}</th>
                <th scope="col">{t('stay:housekeeping.guest')}</th>
                <th scope="col">{t('stay:housekeeping.stay')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((i) => (
                <tr
                  key={i.bookingId}
                  className={i.doNotDisturb ? 'housekeeping-row--dnd' : undefined}
                  data-testid="housekeeping-row"
                  data-booking-id={i.bookingId}
                >
                  <td>
                    {i.houseGroup.name} · {i.house.name}
                  </td>
                  <td data-testid="housekeeping-dnd">
                    {i.doNotDisturb ? (
                      <span className="badge badge--warning">{t('stay:housekeeping.dndOn')}</span>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td>{t(`stay:housekeeping.kind.${i.kind}`)}</td>
                  <td>
                    {i.guestName}
                    <span className="staff-table__id">{i.bookingNumber}</span>
                  </td>
                  <td>
                    {civilText(i.checkinDate)} → {civilText(i.checkoutDate)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </StaffPage>
  );
}
