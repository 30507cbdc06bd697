import { imageSources } from '../image-sources';

type Props = {
  url: string;
  alt: string;
  /** Intrinsic ratio of the stored shape (3:2 for horizontal images), so the space is held before loading. */
  width: number;
  height: number;
  /** How wide the image shows, for the browser to pick a variant. */
  sizes: string;
  /** The first image of a page is wanted at once; the rest wait until scrolled near. */
  eager?: boolean;
  className?: string;
};

/** A catalogue image in its 480/960/1600 widths, WebP first with JPEG for browsers that lack it. */
export function ResponsivePicture({ url, alt, width, height, sizes, eager = false, className }: Props) {
  const s = imageSources(url);
  return (
    <picture className={className}>
      {s.webpSrcSet ? <source type="image/webp" srcSet={s.webpSrcSet} sizes={sizes} /> : null}
      {s.jpegSrcSet ? <source type="image/jpeg" srcSet={s.jpegSrcSet} sizes={sizes} /> : null}
      <img
        src={s.src}
        alt={alt}
        width={width}
        height={height}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        {...(eager ? { fetchPriority: 'high' as const } : {})}
      />
    </picture>
  );
}
