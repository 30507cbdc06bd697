import { staffSearchUsers } from '@yado/contract/user.contract';
import type { DateTime } from '@yado/contract/common.schema';
import type { StaffPointAction } from '@yado/contract/point.contract';
import type { StaffUserSummary } from '@yado/contract/user.contract';
import { Form, Link, useLocation } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.component';
import { TextField } from '../../../components/ui/text-field.component';
import { formatDateOfDateTime } from '../../../lib/format-date-time';
import { useTranslation } from '../../../lib/i18n';
import { formatPoints } from '../../../lib/point-reason';
import { useLanguage } from '../../../lib/use-language.hook';
import { PointActionForm } from './point-action-form.component';
import { StaffPage } from './staff-page.component';
import { StaffPointLedger } from './staff-point-ledger.component';
import { maxLengthOf } from '../../../lib/schema-limits';

export const LEDGER_PAGE_SIZE = 20;

export type StaffPointAccount = {
  user: StaffUserSummary;
  balance: number;
  expiringSoon: { points: number; expiresAt: DateTime }[];
  pointActions: StaffPointAction[];
  nextPageToken: string;
};

/** The name staff say to the guest: family name first in Japanese, given name first in English. */
export function guestName(user: StaffUserSummary, language: string): string {
  const local = `${user.lastName} ${user.firstName}`.trim();
  const romanized = `${user.romanizedFirstName} ${user.romanizedLastName}`.trim();
  return (language === 'ja' ? local : romanized) || local || romanized;
}

const phoneText = (user: StaffUserSummary) =>
  user.phoneNumber ? `+${user.phoneNumber.countryCode} ${user.phoneNumber.nationalNumber}` : '—';

/** The name as registered, with the romanized one under it: staff may be asked for either. */
function GuestNames({ user }: { user: StaffUserSummary }) {
  return (
    <>
      {user.lastName} {user.firstName}
      <span className="staff-guest__romanized">
        {user.romanizedFirstName} {user.romanizedLastName}
      </span>
    </>
  );
}

/** The front desk's points page: find a guest, read their balance and ledger, change points by hand. */
export function StaffPointsPage({
  query,
  search,
  account,
}: {
  query: string;
  search: { users: StaffUserSummary[]; moreMatches: boolean } | null;
  account: StaffPointAccount | null;
}) {
  const { t } = useTranslation();
  const showResults = search !== null && (account === null || search.users.length > 1);
  return (
    <StaffPage title={t('staff:points.heading')} lead={t('staff:points.lead')}>
      <Form method="get" className="staff-search" role="search">
        <TextField
          id="points-guest-query"
          name="q"
          type="search"
          label={t('staff:points.search')}
          hint={t('staff:points.searchHint')}
          defaultValue={query}
          maxLength={maxLengthOf(staffSearchUsers.input.shape.query)}
          autoComplete="off"
          // The page is for finding a guest: the field is where staff start.
          autoFocus={account === null}
        />
        <button type="submit" className={buttonClassName({ variant: 'secondary' })}>
          {t('staff:search')}
        </button>
      </Form>
      {account ? <AccountSection key={account.user.accountId} account={account} /> : null}
      {showResults ? <GuestResults query={query} search={search} selected={account?.user.accountId ?? ''} /> : null}
    </StaffPage>
  );
}

function GuestResults({
  query,
  search,
  selected,
}: {
  query: string;
  search: { users: StaffUserSummary[]; moreMatches: boolean };
  selected: string;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  if (search.users.length === 0) return <p className="staff-empty">{t('staff:points.noMatch', { query })}</p>;
  const linkTo = (accountId: string) =>
    `${location.pathname}?${new URLSearchParams({ q: query, account: accountId }).toString()}`;
  return (
    <section className="staff-guests" aria-labelledby="guest-results-heading">
      <h2 id="guest-results-heading">{t('staff:points.results')}</h2>
      {search.moreMatches ? <p className="alert alert--info">{t('staff:points.moreMatches')}</p> : null}
      <ul className="staff-guests__list">
        {search.users.map((u) => (
          <li key={u.accountId}>
            <Link
              className="staff-guest"
              to={linkTo(u.accountId)}
              aria-current={u.accountId === selected ? 'true' : undefined}
              data-testid="guest-result"
            >
              <span className="staff-guest__name">
                <GuestNames user={u} />
              </span>
              <span className="staff-guest__facts">
                <span>
                  {t('staff:points.userNumber')} {u.userNumber}
                </span>
                <span>{u.emailAddress}</span>
                {u.phoneNumber ? <span>{phoneText(u)}</span> : null}
              </span>
              <span className="staff-guest__action">
                {u.accountId === selected ? t('staff:points.shown') : t('staff:points.open')}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function AccountSection({ account }: { account: StaffPointAccount }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { user } = account;
  return (
    <section className="staff-points" aria-labelledby="points-guest-heading" data-testid="point-account">
      <div className="staff-panel staff-points__guest">
        <div className="staff-points__who">
          <h2 id="points-guest-heading">
            <GuestNames user={user} />
          </h2>
          {user.userType === 'USER_TYPE_OWNER' ? (
            <span className="badge badge--neutral">{t('staff:points.owner')}</span>
          ) : null}
        </div>
        <dl className="staff-points__facts">
          <div>
            <dt>{t('staff:points.userNumber')}</dt>
            <dd>{user.userNumber}</dd>
          </div>
          <div>
            <dt>{t('staff:points.email')}</dt>
            <dd>{user.emailAddress}</dd>
          </div>
          <div>
            <dt>{t('staff:points.phone')}</dt>
            <dd>{phoneText(user)}</dd>
          </div>
        </dl>
        <div className="staff-points__balance">
          <h3 id="points-balance-heading">{t('staff:points.balance')}</h3>
          <p className="staff-points__balance-value" data-testid="staff-point-balance">
            {t('staff:points.pointsValue', { points: formatPoints(account.balance, language) })}
          </p>
          <h3>{t('staff:points.expiring')}</h3>
          {account.expiringSoon.length === 0 ? (
            <p className="muted">{t('staff:points.expiringNone')}</p>
          ) : (
            <ul className="staff-points__expiring">
              {account.expiringSoon.map((e) => (
                <li key={`${e.expiresAt.year}-${e.expiresAt.month}-${e.expiresAt.day}-${e.points}`}>
                  {t('staff:points.expiringItem', {
                    points: formatPoints(e.points, language),
                    date: formatDateOfDateTime(e.expiresAt, language),
                  })}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <PointActionForm accountId={user.accountId} guestName={guestName(user, language)} balance={account.balance} />
      <StaffPointLedger pointActions={account.pointActions} nextPageToken={account.nextPageToken} />
    </section>
  );
}
