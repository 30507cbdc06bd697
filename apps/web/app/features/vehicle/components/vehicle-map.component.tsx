import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';

/** OpenStreetMap's own tiles: no key; the page's policy lets images come from this host only (decision 0039). */
const TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

type LeafletModule = typeof import('leaflet');

/**
 * The car's position on a map (Leaflet, loaded in the browser only: it needs
 * a window). The coordinates are always written under it, so a page whose
 * tiles cannot load (offline, blocked) still says where the car is.
 */
export function VehicleMap({ latitude, longitude }: { latitude: number; longitude: number }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<{
    leaflet: LeafletModule;
    map: import('leaflet').Map;
    marker: import('leaflet').CircleMarker;
  } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    if (map.current) {
      map.current.marker.setLatLng([latitude, longitude]);
      map.current.map.panTo([latitude, longitude]);
      return;
    }
    void import('leaflet')
      .then((mod) => {
        const leaflet = (mod as unknown as { default?: LeafletModule }).default ?? mod;
        if (cancelled || !box.current) return;
        const m = leaflet
          .map(box.current, { zoomControl: true, attributionControl: true })
          .setView([latitude, longitude], 15);
        const tiles = leaflet.tileLayer(TILE_URL, { maxZoom: 19, attribution: '© OpenStreetMap contributors' });
        tiles.on('tileerror', () => setFailed(true));
        tiles.addTo(m);
        // A vector marker: no icon images to fetch, so nothing more for the policy to allow.
        const marker = leaflet
          .circleMarker([latitude, longitude], {
            radius: 10,
            color: '#ffffff',
            weight: 3,
            fillColor: '#2f80ed',
            fillOpacity: 1,
          })
          .addTo(m);
        map.current = { leaflet, map: m, marker };
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [latitude, longitude]);

  useEffect(
    () => () => {
      map.current?.map.remove();
      map.current = null;
    },
    [],
  );

  return (
    <figure className="vehicle-map">
      <div ref={box} className="vehicle-map__canvas" />
      <figcaption className="vehicle-map__caption" data-testid="vehicle-coordinates">
        {t('rental:controller.coordinates', { latitude: latitude.toFixed(5), longitude: longitude.toFixed(5) })}
        {failed ? null : <span className="vehicle-map__attribution"> · {t('rental:controller.mapAttribution')}</span>}
      </figcaption>
    </figure>
  );
}
