import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import type { Language } from '@yado/contract/headers';
import { formatYen } from '../../../lib/format-yen';
import { ResponsivePicture } from './responsive-picture.component';
import { TypeLabel } from './type-label.component';

export type CardGroup = {
  id: string;
  name: string;
  placeName: string;
  prefectureName: string;
  area: string;
  type: string;
  usageLabel: string;
  baseCapacity: number;
  maxCapacity: number;
  standardSeasonPrice: number;
  isPetAllowed: boolean;
  images: { horizontalImageUrl: string };
};

type Props = {
  group: CardGroup;
  language: Language;
  /** The group's page, with the dates and guests of a search when there are any. */
  href: string;
  /** The API's total for searched dates; without dates the standard nightly price shows. */
  total?: { nights: number; price: number } | null;
  headingLevel?: 'h2' | 'h3';
  eager?: boolean;
};

export function HouseGroupCard({ group, language, href, total, headingLevel = 'h3', eager = false }: Props) {
  const { t } = useTranslation();
  const Heading = headingLevel;
  return (
    <article className="hg-card">
      <ResponsivePicture
        className="hg-card__image"
        url={group.images.horizontalImageUrl}
        alt=""
        width={480}
        height={320}
        sizes="(min-width: 1280px) 380px, (min-width: 744px) 45vw, 100vw"
        eager={eager}
      />
      <div className="hg-card__body">
        <p className="hg-card__meta">
          <TypeLabel type={group.type} /> ·{' '}
          {language === 'ja' ? `${group.prefectureName} ${group.area}` : `${group.area}, ${group.prefectureName}`}
        </p>
        <Heading className="hg-card__title">
          <Link to={href} className="hg-card__link">
            {group.name}
          </Link>
        </Heading>
        <p className="hg-card__facts">
          {t('catalogue:card.capacity', { base: group.baseCapacity, max: group.maxCapacity })}
          {group.isPetAllowed ? ` · ${t('catalogue:card.pets')}` : ''}
          {group.usageLabel === 'TIME' ? ` · ${t('catalogue:usage.TIME')}` : ''}
        </p>
        <p className="hg-card__price">
          {total ? (
            <>
              <strong>{formatYen(total.price, language)}</strong>{' '}
              <span className="muted">{t('catalogue:card.forNights', { count: total.nights })}</span>
            </>
          ) : (
            <>
              <span className="muted">{t('catalogue:card.from')}</span>{' '}
              <strong>{formatYen(group.standardSeasonPrice, language)}</strong>{' '}
              <span className="muted">{t('catalogue:card.perNight')}</span>
            </>
          )}
        </p>
      </div>
    </article>
  );
}
