import type { OwnerHome } from '@yado/contract/owner-area.contract';
import type { Language } from '@yado/contract/headers';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format-date';
import { formatYen } from '../../../lib/format-yen';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { BarChart, StackedBar } from './bar-chart.component';
import { OwnerLayout } from './owner-layout.component';

type HomeShare = OwnerHome['shares'][number];
type SlotYear = HomeShare['years'][number];
type Tier = SlotYear['standard'];

/** Nights a tier has spent and not had back. */
const usedOf = (tier: Tier) => Math.max(0, tier.consumed - tier.returned);

/** The owner home: each share with its slot years, the chart of this year's use, the stays to come and the fees owed. */
export function OwnerHomePage({ home }: { home: OwnerHome }) {
  const { t } = useTranslation();
  return (
    <OwnerLayout title={t('owner:home.heading')} lead={t('owner:home.lead')}>
      <div className="owner-home">
        <div className="owner-home__main">
          {home.shares.length === 0 ? <p className="owner-empty">{t('owner:home.noShares')}</p> : null}
          {home.shares.map((share) => (
            <ShareCard key={share.shareId} share={share} />
          ))}
        </div>
        <div className="owner-home__side">
          <UpcomingStays stays={home.upcomingStays} />
          <FeesOwed fees={home.feesOwed} />
        </div>
      </div>
    </OwnerLayout>
  );
}

function ShareCard({ share }: { share: HomeShare }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const current = share.years.find((y) => y.slotYear === share.currentSlotYear) ?? share.years.at(-1) ?? null;
  const headingId = `share-${share.shareId}`;
  return (
    <section className="owner-card owner-share" aria-labelledby={headingId} data-testid="owner-share">
      <header className="owner-share__header">
        <p className="owner-eyebrow">{share.placeName}</p>
        <h2 id={headingId}>{share.houseGroupName}</h2>
        <p className="owner-share__facts">
          {t('owner:home.fraction', {
            fraction: `${share.fraction.numerator}/${share.fraction.denominator}`,
            nights: share.nightsPerSlotYear,
            standard: share.standardNightsPerSlotYear,
            high: share.highNightsPerSlotYear,
          })}
        </p>
      </header>
      {current ? (
        <>
          <TierBars year={current} />
          <BarChart
            testId="owner-use-chart"
            caption={t('owner:home.chartCaption', { year: current.slotYear })}
            emptyText={t('owner:home.chartEmpty')}
            bars={current.nightsUsedByMonth.map((value, i) => ({
              label:
                language === 'ja'
                  ? String(i + 1)
                  : formatDate({ year: current.slotYear, month: i + 1, day: 0 }, 'month', language).slice(0, 1),
              value,
              description: t('owner:home.chartBar', {
                month: formatDate({ year: current.slotYear, month: i + 1, day: 0 }, 'yearMonth', language),
                nights: value,
              }),
            }))}
          />
        </>
      ) : null}
      <BalanceTable share={share} />
    </section>
  );
}

/** This slot year's two tiers as bars of used, expired and left nights, with the numbers beside them. */
function TierBars({ year }: { year: SlotYear }) {
  const { t } = useTranslation();
  const tiers = [
    { key: 'standard', tier: year.standard },
    { key: 'high', tier: year.high },
  ] as const;
  return (
    <div className="owner-tiers">
      <h3 className="owner-subheading">{t('owner:home.thisYear', { year: year.slotYear })}</h3>
      <ul className="owner-tiers__list">
        {tiers.map(({ key, tier }) => {
          const used = usedOf(tier);
          const label = t(`owner:home.tierSummary.${key}`, {
            remaining: tier.remaining,
            granted: tier.granted,
            used,
          });
          return (
            <li key={key} className="owner-tier" data-testid={`owner-remaining-${key}`} data-remaining={tier.remaining}>
              <div className="owner-tier__row">
                <span className="owner-tier__name">{t(`owner:tier.${key}`)}</span>
                <span className="owner-tier__value">
                  {t('owner:home.remainingOf', { remaining: tier.remaining, granted: tier.granted })}
                </span>
              </div>
              <StackedBar
                label={label}
                parts={[
                  { key: 'used', value: used, className: `owner-stack__used owner-stack__used--${key}` },
                  { key: 'expired', value: tier.expired, className: 'owner-stack__expired' },
                  { key: 'left', value: tier.remaining, className: 'owner-stack__left' },
                ]}
              />
            </li>
          );
        })}
      </ul>
      {year.highSubstituteUsed > 0 ? (
        <p className="owner-note" data-testid="owner-high-substitute">
          {t('owner:home.highSubstituteUsed', { nights: year.highSubstituteUsed })}
        </p>
      ) : null}
      <p className="owner-legend" aria-hidden="true">
        <span className="owner-legend__item owner-legend__item--used">{t('owner:home.legendUsed')}</span>
        <span className="owner-legend__item owner-legend__item--expired">{t('owner:home.legendExpired')}</span>
        <span className="owner-legend__item owner-legend__item--left">{t('owner:home.legendLeft')}</span>
      </p>
    </div>
  );
}

/** Every slot year of the share: per tier granted, used, expired and left. */
function BalanceTable({ share }: { share: HomeShare }) {
  const { t } = useTranslation();
  if (share.years.length === 0) return null;
  return (
    <div className="owner-table-wrap">
      <table className="owner-table">
        <caption>{t('owner:home.balanceCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('owner:tier.tier')}</th>
            <th scope="col" className="owner-table__num">
              {t('owner:home.granted')}
            </th>
            <th scope="col" className="owner-table__num">
              {t('owner:home.used')}
            </th>
            <th scope="col" className="owner-table__num">
              {t('owner:home.expired')}
            </th>
            <th scope="col" className="owner-table__num">
              {t('owner:home.left')}
            </th>
          </tr>
        </thead>
        {/* One body per slot year, headed by its year: five columns fit a phone. */}
        {share.years.map((y) => (
          <tbody key={y.slotYear}>
            <tr>
              <th scope="rowgroup" colSpan={5} className="owner-table__group">
                {t('owner:home.yearLabel', { year: y.slotYear })}
              </th>
            </tr>
            {(['standard', 'high'] as const).map((key) => (
              <tr key={key} data-testid={`owner-balance-${y.slotYear}-${key}`} data-remaining={y[key].remaining}>
                <th scope="row">{t(`owner:tier.${key}`)}</th>
                <td className="owner-table__num">{y[key].granted}</td>
                <td className="owner-table__num">{usedOf(y[key])}</td>
                <td className="owner-table__num">{y[key].expired}</td>
                <td className="owner-table__num owner-table__strong">{y[key].remaining}</td>
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}

function stayDates(
  stay: {
    checkinDate: OwnerHome['upcomingStays'][number]['checkinDate'];
    checkoutDate: OwnerHome['upcomingStays'][number]['checkoutDate'];
  },
  language: Language,
) {
  return `${formatDate(stay.checkinDate, 'date', language)} – ${formatDate(stay.checkoutDate, 'date', language)}`;
}

function UpcomingStays({ stays }: { stays: OwnerHome['upcomingStays'] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section className="owner-card" aria-labelledby="owner-upcoming-heading">
      <h2 id="owner-upcoming-heading" className="owner-card__title">
        {t('owner:home.upcoming')}
      </h2>
      {stays.length === 0 ? (
        <p className="owner-empty">{t('owner:home.noUpcoming')}</p>
      ) : (
        <ul className="owner-stays">
          {stays.map((s) => (
            <li key={s.bookingId}>
              <Link
                className="owner-stay"
                to={localizePath(`/mypage/bookings/${s.bookingId}`, language)}
                data-testid="owner-upcoming-stay"
              >
                <span className="owner-stay__name">{s.houseGroupName}</span>
                <span className="owner-stay__dates">{stayDates(s, language)}</span>
                <span className="owner-stay__meta">
                  <span className={`owner-badge owner-badge--${s.bookingType === 'OWN_USE' ? 'own' : 'mutual'}`}>
                    {t(`owner:bookingType.${s.bookingType}`)}
                  </span>
                  <span>{t('owner:home.nights', { count: s.nights })}</span>
                  {s.bookingStatus === 'TENTATIVE' ? <span>{t('owner:home.tentative')}</span> : null}
                  {s.bookedByFamilyMember ? <span>{t('owner:home.byFamily')}</span> : null}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function FeesOwed({ fees }: { fees: OwnerHome['feesOwed'] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section className="owner-card" aria-labelledby="owner-fees-heading" data-testid="owner-fees">
      <h2 id="owner-fees-heading" className="owner-card__title">
        {t('owner:home.fees')}
      </h2>
      <p className="owner-note">{t('owner:home.feesLead')}</p>
      <dl className="owner-lines">
        {fees.bySubject.map((line) => (
          <div key={line.subject} className="owner-lines__row">
            <dt>{t(`owner:feeSubject.${line.subject}`)}</dt>
            <dd>{formatYen(line.amount, language)}</dd>
          </div>
        ))}
        <div className="owner-lines__row owner-lines__row--total">
          <dt>{t('owner:home.feesTotal')}</dt>
          <dd data-testid="owner-fees-total">{formatYen(fees.total, language)}</dd>
        </div>
      </dl>
    </section>
  );
}
