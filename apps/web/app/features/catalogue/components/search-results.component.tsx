import type { Language } from '@yado/contract/headers';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.component';
import { localizePath } from '../../../lib/language';
import { stayQueryString, type Guests } from '../catalogue-query';
import type { IsoDate } from '@yado/contract/civil-date';
import { HouseGroupCard, type CardGroup } from './house-group-card.component';

export type SearchResult = { houseGroup: CardGroup; nights: number; totalPrice: number | null };

type Props = {
  results: SearchResult[];
  language: Language;
  /** Dates and guests searched, carried to each house group's page so it opens with the same total. */
  stay: { checkin: IsoDate | null; checkout: IsoDate | null } | null;
  guests: Guests | null;
  nextHref: string | null;
  firstHref: string | null;
  headingId: string;
  heading: string;
};

export function SearchResults({ results, language, stay, guests, nextHref, firstHref, headingId, heading }: Props) {
  const { t } = useTranslation();
  return (
    <section className="catalogue-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      {results.length === 0 ? (
        <p className="empty-state">{t('catalogue:search.noResults')}</p>
      ) : (
        <ul className="hg-grid">
          {results.map((r, i) => (
            <li key={r.houseGroup.id}>
              <HouseGroupCard
                group={r.houseGroup}
                language={language}
                href={`${localizePath(`/house-groups/${r.houseGroup.id}`, language)}${
                  stay && guests ? stayQueryString(stay, guests) : ''
                }`}
                total={r.totalPrice !== null && r.nights > 0 ? { nights: r.nights, price: r.totalPrice } : null}
                eager={i === 0}
              />
            </li>
          ))}
        </ul>
      )}
      {nextHref || firstHref ? (
        <nav className="pager" aria-label={t('catalogue:search.pages')}>
          {firstHref ? (
            <Link className={buttonClassName({ variant: 'text' })} to={firstHref}>
              {t('catalogue:search.firstPage')}
            </Link>
          ) : null}
          {nextHref ? (
            <Link className={buttonClassName({ variant: 'secondary' })} to={nextHref}>
              {t('catalogue:search.nextPage')}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
