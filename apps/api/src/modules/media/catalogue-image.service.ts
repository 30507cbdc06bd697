import { randomBytes } from 'node:crypto';
import { CATALOGUE_LIMITS } from '@yado/contract/catalogue.contract';
import { CATALOGUE_IMAGE_MAX_BYTES } from '@yado/contract/staff-catalogue.contract';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../platform/app-error.js';
import { withTx } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import { recordAudit } from '../audit/audit.service.js';
import * as repo from './media.repo.js';

export const CATALOGUE_MEDIA_PREFIX = '/media/catalogue/';
export const MIN_IMAGE_WIDTH = Math.min(...CATALOGUE_LIMITS.imageWidths);
/** Refuses decompression bombs: a small file that would decode to a huge bitmap. */
const MAX_INPUT_PIXELS = 50_000_000;
const ACCEPTED = new Set(['jpeg', 'png', 'webp']);

export type Crop = 'NONE' | 'HORIZONTAL' | 'VERTICAL' | 'SQUARE';
/** Width over height of each shape; the demo pictures use the same. */
const CROP_RATIO: Record<Exclude<Crop, 'NONE'>, number> = { HORIZONTAL: 3 / 2, VERTICAL: 2 / 3, SQUARE: 1 };

export type ImageVariant = { width: number; height: number; format: 'jpg' | 'webp'; content: Buffer };

/** The address of one stored size. */
export const catalogueImageUrl = (id: string, width: number, format: 'jpg' | 'webp') =>
  `${CATALOGUE_MEDIA_PREFIX}${id}-${width}.${format}`;

/** What a place or house group stores: the 960-wide JPEG (the web app derives the other sizes from it). */
export const catalogueImageDefaultUrl = (id: string) => catalogueImageUrl(id, 960, 'jpg');

/** The image id of a catalogue image URL, or null when the URL is not one. */
export function catalogueImageIdOf(url: string): string | null {
  const m = /^\/media\/catalogue\/([a-z0-9-]+)-[0-9]+\.(jpg|webp)$/.exec(url);
  return m ? m[1]! : null;
}

const invalid = (description: string) =>
  new AppError('CodeCatalogueImageInvalid', { fields: [{ field: 'contentBase64', description }] });

/**
 * Checks that the bytes are a JPEG, PNG or WebP that really decodes, and
 * returns it in every served width as WebP and JPEG. The image is turned
 * upright by its EXIF orientation and re-encoded, which drops EXIF (a phone
 * photo's location) and anything hidden after the image data. A picture
 * narrower than a width is not enlarged: that URL serves its full width.
 */
export async function renderCatalogueImage(bytes: Buffer, crop: Crop): Promise<ImageVariant[]> {
  if (bytes.length === 0) throw invalid('empty');
  if (bytes.length > CATALOGUE_IMAGE_MAX_BYTES) throw invalid('larger than 8 MB');
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw invalid('not an image that can be read');
  }
  if (!meta.format || !ACCEPTED.has(meta.format)) throw invalid('only JPEG, PNG and WebP are accepted');
  if (!meta.width || !meta.height) throw invalid('not an image that can be read');
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw invalid('more than 50 megapixels');
  // EXIF orientations 5-8 swap the sides.
  const uprightWidth = (meta.orientation ?? 1) >= 5 ? meta.height : meta.width;
  if (uprightWidth < MIN_IMAGE_WIDTH) throw invalid(`narrower than ${MIN_IMAGE_WIDTH} px`);

  let master: { data: Buffer; width: number; height: number; channels: 1 | 2 | 3 | 4 };
  try {
    // Decode once (fully, so a truncated file fails here), upright, cropped to the shape asked for.
    let pipeline = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    if (crop !== 'NONE') {
      const ratio = CROP_RATIO[crop];
      const upright = { w: uprightWidth, h: uprightWidth === meta.width ? meta.height : meta.width };
      const w = Math.min(upright.w, Math.round(upright.h * ratio));
      const h = Math.min(upright.h, Math.round(w / ratio));
      pipeline = pipeline.resize(w, h, { fit: 'cover', position: sharp.strategy.attention });
    }
    const { data, info } = await pipeline
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    master = { data, width: info.width, height: info.height, channels: info.channels };
    const variants: ImageVariant[] = [];
    for (const width of CATALOGUE_LIMITS.imageWidths) {
      const base = () =>
        sharp(master.data, { raw: { width: master.width, height: master.height, channels: master.channels } }).resize({
          width,
          withoutEnlargement: true,
        });
      const [jpg, webp] = await Promise.all([
        base().jpeg({ quality: 80, progressive: true, mozjpeg: true }).toBuffer({ resolveWithObject: true }),
        base().webp({ quality: 76 }).toBuffer({ resolveWithObject: true }),
      ]);
      variants.push(
        { width, height: jpg.info.height, format: 'jpg', content: jpg.data },
        { width, height: webp.info.height, format: 'webp', content: webp.data },
      );
    }
    return variants;
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw invalid('the image cannot be decoded');
  }
}

/** Checks, resizes and stores an uploaded photo under a new id; audited in the same transaction. */
export async function uploadCatalogueImage(
  deps: Deps,
  accountId: string,
  input: { contentBase64: string; crop: Crop },
): Promise<{
  imageId: string;
  url: string;
  variants: { width: number; height: number; format: 'jpg' | 'webp'; url: string }[];
}> {
  const variants = await renderCatalogueImage(Buffer.from(input.contentBase64, 'base64'), input.crop);
  // Hex only, so the id never contains the "-<width>" separator of its URLs.
  const imageId = randomBytes(12).toString('hex');
  await withTx(deps.db, async (tx) => {
    const now = deps.clock.now();
    await repo.insertImageVariants(tx, imageId, variants, now);
    await recordAudit(tx, {
      actor: `account:${accountId}`,
      action: 'catalogue-image.upload',
      entity: 'catalogue_image',
      entityId: imageId,
      after: {
        crop: input.crop,
        uploadedBytes: Buffer.byteLength(input.contentBase64, 'base64'),
        variants: variants.map((v) => ({
          width: v.width,
          height: v.height,
          format: v.format,
          bytes: v.content.length,
        })),
      },
      at: now,
    });
  });
  return {
    imageId,
    url: catalogueImageDefaultUrl(imageId),
    variants: variants.map((v) => ({
      width: v.width,
      height: v.height,
      format: v.format,
      url: catalogueImageUrl(imageId, v.width, v.format),
    })),
  };
}

export async function catalogueImageExists(deps: Pick<Deps, 'db'>, imageId: string): Promise<boolean> {
  return repo.imageExists(deps.db, imageId);
}
