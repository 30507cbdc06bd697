/** The widths every catalogue image is served in (CATALOGUE_LIMITS.imageWidths). */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;

const STORED = /^(\/media\/catalogue\/[a-z0-9-]+)-\d+\.(jpg|webp)$/;

export type ImageSources = {
  /** The stored 960 JPEG, for browsers without <picture>. */
  src: string;
  jpegSrcSet: string;
  webpSrcSet: string;
  /** The 1600 JPEG, for OpenGraph and JSON-LD (absolute once given the origin). */
  large: string;
};

/**
 * The responsive variants of a stored image URL (`/media/catalogue/<id>-960.jpg`).
 * A URL of another form (not a catalogue image) is used as it is.
 */
export function imageSources(url: string): ImageSources {
  const m = STORED.exec(url);
  if (!m) return { src: url, jpegSrcSet: '', webpSrcSet: '', large: url };
  const base = m[1] as string;
  const set = (ext: string) => IMAGE_WIDTHS.map((w) => `${base}-${w}.${ext} ${w}w`).join(', ');
  return { src: `${base}-960.jpg`, jpegSrcSet: set('jpg'), webpSrcSet: set('webp'), large: `${base}-1600.jpg` };
}

export function absoluteUrl(origin: string, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${origin}${path}`;
}
