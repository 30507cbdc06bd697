import type { HouseGroupLocation } from '@yado/contract/catalogue.contract';
import { useTranslation } from '../../../lib/i18n';

/**
 * Where the house is: address, coordinates and a link to OpenStreetMap. The
 * "map" is drawn with CSS only: no outside scripts or tiles load with the page.
 */
export function LocationBlock({ location }: { location: HouseGroupLocation }) {
  const { t } = useTranslation();
  const a = location.address;
  const hasGeo = location.latitude !== null && location.longitude !== null;
  const lat = location.latitude?.toFixed(5);
  const lon = location.longitude?.toFixed(5);
  const mapUrl = hasGeo ? `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=15/${lat}/${lon}` : null;
  return (
    <section className="catalogue-section hg-page__location" aria-labelledby="location-heading">
      <h2 id="location-heading">{t('catalogue:location.heading')}</h2>
      <div className="location">
        <address className="location__address">
          {a.postalCode ? <span>〒{a.postalCode}</span> : null}
          <span>{[a.state, a.city].filter(Boolean).join(' ')}</span>
          {a.street1 ? <span>{a.street1}</span> : null}
          {a.street2 ? <span>{a.street2}</span> : null}
          <span>{location.country.name}</span>
        </address>
        {hasGeo && mapUrl ? (
          <a className="location__map" href={mapUrl} target="_blank" rel="noopener noreferrer">
            <span className="location__pin" aria-hidden="true" />
            <span className="location__coords">{t('catalogue:location.coordinates', { lat, lon })}</span>
            <span className="location__open">{t('catalogue:location.openMap')}</span>
          </a>
        ) : null}
      </div>
    </section>
  );
}
