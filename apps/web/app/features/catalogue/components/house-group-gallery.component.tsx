import { useTranslation } from '../../../lib/i18n';
import { ResponsivePicture } from './responsive-picture.component';

/**
 * The photos: a swipeable strip on phones, a large photo with two beside it
 * on wider screens. Only the first loads at once; it is the page's largest
 * paint.
 */
export function HouseGroupGallery({ name, images }: { name: string; images: string[] }) {
  const { t } = useTranslation();
  return (
    <section className="gallery" aria-label={t('catalogue:houseGroup.gallery', { name })}>
      {/* Focusable so keyboard users can scroll the strip on phones. */}
      <ul className="gallery__list" tabIndex={0}>
        {images.map((url, i) => (
          <li key={`${url}-${i}`} className="gallery__item">
            <ResponsivePicture
              url={url}
              alt={t('catalogue:houseGroup.photo', { name, n: i + 1, total: images.length })}
              width={960}
              height={640}
              sizes={
                i === 0 ? '(min-width: 1280px) 800px, (min-width: 744px) 66vw, 90vw' : '(min-width: 744px) 33vw, 90vw'
              }
              eager={i === 0}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
