import type { StaffOwnerShare } from '@yado/contract/ownership.contract';
import type { StaffUserSummary } from '@yado/contract/user.contract';
import { staffSearchUsers } from '@yado/contract/user.contract';
import { Form, Link, useLocation } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.component';
import { SelectField } from '../../../components/ui/select-field.component';
import { TextField } from '../../../components/ui/text-field.component';
import { useTranslation } from '../../../lib/i18n';
import { maxLengthOf } from '../../../lib/schema-limits';
import { useLanguage } from '../../../lib/use-language.hook';
import { ShareGrantForm } from './share-grant-form.component';
import { StaffPage } from './staff-page.component';

type Group = { id: string; name: string };

/** Staff grant shares of house groups to users and read the shares granted with this slot year's balance. */
export function StaffSharesPage({
  query,
  houseGroupId,
  users,
  chosen,
  houseGroups,
  shares,
}: {
  query: string;
  houseGroupId: string;
  users: StaffUserSummary[] | null;
  chosen: StaffUserSummary | null;
  houseGroups: Group[];
  shares: StaffOwnerShare[];
}) {
  const { t } = useTranslation();
  return (
    <StaffPage title={t('staff:shares.heading')} lead={t('staff:shares.lead')}>
      <section className="staff-panel staff-shares__grant" aria-labelledby="share-grant-heading">
        <h2 id="share-grant-heading">{t('staff:shares.grantHeading')}</h2>
        <Form method="get" className="staff-search" role="search">
          <TextField
            id="share-user-query"
            name="q"
            type="search"
            label={t('staff:shares.findUser')}
            hint={t('staff:shares.findUserHint')}
            defaultValue={query}
            maxLength={maxLengthOf(staffSearchUsers.input.shape.query)}
            autoComplete="off"
          />
          {houseGroupId ? <input type="hidden" name="houseGroup" value={houseGroupId} /> : null}
          <button type="submit" className={buttonClassName({ variant: 'secondary' })}>
            {t('staff:search')}
          </button>
        </Form>
        {users ? <UserChoices query={query} users={users} chosen={chosen?.accountId ?? ''} /> : null}
        {chosen ? (
          <ShareGrantForm key={chosen.accountId} user={chosen} houseGroups={houseGroups} houseGroupId={houseGroupId} />
        ) : (
          <p className="muted">{t('staff:shares.chooseUser')}</p>
        )}
      </section>
      <SharesList shares={shares} houseGroups={houseGroups} houseGroupId={houseGroupId} />
    </StaffPage>
  );
}

function UserChoices({ query, users, chosen }: { query: string; users: StaffUserSummary[]; chosen: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (users.length === 0) return <p className="staff-empty">{t('staff:shares.noUser', { query })}</p>;
  const params = (accountId: string) => {
    const p = new URLSearchParams(location.search);
    p.set('account', accountId);
    return `${location.pathname}?${p.toString()}`;
  };
  return (
    <ul className="staff-guests__list" aria-label={t('staff:shares.users')}>
      {users.map((u) => (
        <li key={u.accountId}>
          <Link
            className="staff-guest"
            to={params(u.accountId)}
            aria-current={u.accountId === chosen ? 'true' : undefined}
            data-testid="share-user"
          >
            <span className="staff-guest__name">
              {u.lastName} {u.firstName}
              <span className="staff-guest__romanized">
                {u.romanizedFirstName} {u.romanizedLastName}
              </span>
            </span>
            <span className="staff-guest__facts">
              <span>{u.emailAddress}</span>
              {u.userType === 'USER_TYPE_OWNER' ? <span>{t('staff:points.owner')}</span> : null}
            </span>
            <span className="staff-guest__action">
              {u.accountId === chosen ? t('staff:shares.chosen') : t('staff:shares.choose')}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function SharesList({
  shares,
  houseGroups,
  houseGroupId,
}: {
  shares: StaffOwnerShare[];
  houseGroups: Group[];
  houseGroupId: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section className="staff-shares__list" aria-labelledby="shares-heading">
      <h2 id="shares-heading">{t('staff:shares.listHeading')}</h2>
      <Form method="get" className="staff-search">
        <SelectField
          id="shares-house-group"
          name="houseGroup"
          label={t('staff:shares.houseGroup')}
          defaultValue={houseGroupId}
        >
          <option value="">{t('staff:shares.allHouseGroups')}</option>
          {houseGroups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </SelectField>
        <button type="submit" className={buttonClassName({ variant: 'secondary' })}>
          {t('staff:shares.filter')}
        </button>
      </Form>
      {shares.length === 0 ? (
        <p className="staff-empty">{t('staff:shares.empty')}</p>
      ) : (
        // On a phone each share is a card, each fact beside its heading (staff.css), as in the other console lists.
        <div className="staff-table-wrap staff-table-wrap--cards">
          <table className="staff-table staff-table--cards" data-testid="shares-table">
            <thead>
              <tr>
                <th scope="col">{t('staff:shares.holder')}</th>
                <th scope="col">{t('staff:shares.houseGroup')}</th>
                <th scope="col">{t('staff:shares.fraction')}</th>
                <th scope="col" className="staff-table__number">
                  {t('staff:shares.nights')}
                </th>
                <th scope="col" className="staff-table__number">
                  {t('staff:shares.remaining')}
                </th>
              </tr>
            </thead>
            <tbody>
              {shares.map((s) => (
                <tr key={s.shareId} data-testid="share-row">
                  <th scope="row">
                    {language === 'ja' ? s.holderName : s.romanizedHolderName}
                    <span className="staff-table__id">{s.emailAddress}</span>
                  </th>
                  <td>
                    <CardLabel>{t('staff:shares.houseGroup')}</CardLabel>
                    {s.houseGroupName}
                  </td>
                  <td>
                    <CardLabel>{t('staff:shares.fraction')}</CardLabel>
                    {s.fraction.numerator}/{s.fraction.denominator}
                  </td>
                  <td className="staff-table__number">
                    <CardLabel>{t('staff:shares.nights')}</CardLabel>
                    {t('staff:shares.nightsValue', {
                      total: s.nightsPerSlotYear,
                      standard: s.standardNightsPerSlotYear,
                      high: s.highNightsPerSlotYear,
                    })}
                  </td>
                  <td className="staff-table__number">
                    <CardLabel>{t('staff:shares.remaining')}</CardLabel>
                    {s.currentSlotYear
                      ? t('staff:shares.remainingValue', {
                          year: s.currentSlotYear.slotYear,
                          standard: s.currentSlotYear.standard.remaining,
                          high: s.currentSlotYear.high.remaining,
                        })
                      : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** A column's heading shown beside the fact when the row is a card (screen readers have the header). */
function CardLabel({ children }: { children: string }) {
  return (
    <span className="staff-table__label" aria-hidden="true">
      {children}
    </span>
  );
}
