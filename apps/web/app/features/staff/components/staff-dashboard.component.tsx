import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { StaffPage } from './staff-page.component';

/** The console's front page: where each kind of work is done. */
/** How many of each there are; `more` when the first page of 100 did not hold them all. */
export type DashboardCount = { count: number; more: boolean };

export function StaffDashboard({
  counts,
}: {
  counts: { places: DashboardCount; houseGroups: DashboardCount; coupons: DashboardCount };
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const tiles = [
    {
      to: '/staff/bookings',
      title: t('staff:dashboard.bookings'),
      body: t('staff:dashboard.bookingsBody'),
      count: null,
    },
    {
      to: '/staff/housekeeping',
      title: t('staff:dashboard.housekeeping'),
      body: t('staff:dashboard.housekeepingBody'),
      count: null,
    },
    {
      to: '/staff/doors',
      title: t('staff:dashboard.doors'),
      body: t('staff:dashboard.doorsBody'),
      count: null,
    },
    {
      to: '/staff/points',
      title: t('staff:dashboard.points'),
      body: t('staff:dashboard.pointsBody'),
      count: null,
    },
    {
      to: '/staff/shares',
      title: t('staff:dashboard.shares'),
      body: t('staff:dashboard.sharesBody'),
      count: null,
    },
    {
      to: '/staff/statements',
      title: t('staff:dashboard.statements'),
      body: t('staff:dashboard.statementsBody'),
      count: null,
    },
    {
      to: '/staff/high-season',
      title: t('staff:dashboard.highSeason'),
      body: t('staff:dashboard.highSeasonBody'),
      count: null,
    },
    {
      to: '/staff/consents',
      title: t('staff:dashboard.consents'),
      body: t('staff:dashboard.consentsBody'),
      count: null,
    },
    {
      to: '/staff/chat',
      title: t('staff:dashboard.chat'),
      body: t('staff:dashboard.chatBody'),
      count: null,
    },
    {
      to: '/staff/driver-licenses',
      title: t('staff:dashboard.driverLicenses'),
      body: t('staff:dashboard.driverLicensesBody'),
      count: null,
    },
    {
      to: '/staff/vehicles',
      title: t('staff:dashboard.vehicles'),
      body: t('staff:dashboard.vehiclesBody'),
      count: null,
    },
    {
      to: '/dao/nac-transfer/staff-confirmation',
      title: t('lending:staff.consoleLink'),
      body: t('lending:staff.consoleLinkBody'),
      count: null,
    },
    {
      to: '/staff/lending-products/new',
      title: t('lending:staff.newProduct'),
      body: t('lending:staff.newProductBody'),
      count: null,
    },
    {
      to: '/staff/questionnaires',
      title: t('questionnaire:staff.heading'),
      body: t('questionnaire:staff.dashboardBody'),
      count: null,
    },
    {
      to: '/staff/stay-style-suggestions',
      title: t('questionnaire:staff.suggestionsHeading'),
      body: t('questionnaire:staff.suggestionsDashboardBody'),
      count: null,
    },
    {
      to: '/staff/places',
      title: t('staff:dashboard.places'),
      body: t('staff:dashboard.placesBody'),
      count: counts.places,
    },
    {
      to: '/staff/house-groups',
      title: t('staff:dashboard.houseGroups'),
      body: t('staff:dashboard.houseGroupsBody'),
      count: counts.houseGroups,
    },
    {
      to: '/staff/coupons',
      title: t('staff:dashboard.coupons'),
      body: t('staff:dashboard.couponsBody'),
      count: counts.coupons,
    },
  ];
  return (
    <StaffPage title={t('staff:dashboard.heading')} lead={t('staff:dashboard.lead')} atHome>
      <ul className="staff-tiles">
        {tiles.map((tile) => (
          <li key={tile.to}>
            <Link className="staff-tile" to={localizePath(tile.to, language)}>
              <span className="staff-tile__title">{tile.title}</span>
              {tile.count ? (
                <span className="staff-tile__count">
                  {tile.count.more ? t('staff:dashboard.countMore', { count: tile.count.count }) : tile.count.count}
                </span>
              ) : null}
              <span className="staff-tile__body">{tile.body}</span>
            </Link>
          </li>
        ))}
      </ul>
      <ul className="staff-quick">
        <li>
          <Link to={localizePath('/staff/places/new', language)}>{t('staff:places.new')}</Link>
        </li>
        <li>
          <Link to={localizePath('/staff/house-groups/new', language)}>{t('staff:houseGroups.new')}</Link>
        </li>
        <li>
          <Link to={localizePath('/staff/coupons/new', language)}>{t('staff:coupons.new')}</Link>
        </li>
      </ul>
    </StaffPage>
  );
}
