import { catalogueImageSources } from '../coupon-display';

/** A catalogue photo in its served sizes (WebP first), loaded lazily; a house group without one gets a quiet panel. */
export function CataloguePicture({ url, sizes, className }: { url: string; sizes: string; className?: string }) {
  if (!url) return <div className={`${className ?? ''} coupon-picture--empty`} aria-hidden="true" />;
  const sources = catalogueImageSources(url);
  return (
    <picture>
      {sources.webp ? <source type="image/webp" srcSet={sources.webp} sizes={sizes} /> : null}
      {sources.jpeg ? <source type="image/jpeg" srcSet={sources.jpeg} sizes={sizes} /> : null}
      <img className={className} src={sources.src} alt="" loading="lazy" decoding="async" width={960} height={640} />
    </picture>
  );
}
