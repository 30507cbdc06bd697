import { randomBytes } from 'node:crypto';
import { PROFILE_PHOTO_MAX_SIDE } from '@yado/contract/user.contract';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../platform/app-error.js';
import { withTx } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import { recordAudit } from '../audit/audit.service.js';
import * as repo from './user.repo.js';
import { profilePhotoPath, requireUser } from './user.service.js';

/** Spec section 9: neither side of a profile photo exceeds 1024 px; the browser scales to the same limit. */
export const MAX_PHOTO_SIDE = PROFILE_PHOTO_MAX_SIDE;
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

const invalid = (description: string) =>
  new AppError('CodeInvalidImage', { fields: [{ field: 'photo', description }] });

/**
 * Checks that the bytes really are a JPEG within the size limit and returns
 * them re-encoded. Re-encoding drops EXIF data, so a photo taken on a phone
 * does not publish where it was taken; rotate() first applies the EXIF
 * orientation that is about to be dropped.
 */
export async function checkProfilePhoto(bytes: Buffer): Promise<{ content: Buffer; width: number; height: number }> {
  if (bytes.length < 4 || !bytes.subarray(0, 3).equals(JPEG_MAGIC)) throw invalid('not a JPEG image');
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { failOn: 'truncated' }).metadata();
  } catch {
    throw invalid('the image cannot be decoded');
  }
  if (meta.format !== 'jpeg') throw invalid('not a JPEG image');
  if (!meta.width || !meta.height || meta.width > MAX_PHOTO_SIDE || meta.height > MAX_PHOTO_SIDE) {
    throw invalid(`larger than ${MAX_PHOTO_SIDE} px on a side`);
  }
  try {
    const { data, info } = await sharp(bytes, { failOn: 'truncated' })
      .rotate()
      .jpeg({ quality: 90 })
      .toBuffer({ resolveWithObject: true });
    return { content: data, width: info.width, height: info.height };
  } catch {
    throw invalid('the image cannot be decoded');
  }
}

/**
 * Stores a new photo under a new id, so its URL changes and the old one can be
 * cached forever; the previous photo is removed.
 */
export async function updateProfilePhoto(
  deps: Deps,
  accountId: string,
  base64: string,
): Promise<{ profilePhotoUrl: string }> {
  const user = await requireUser(deps, accountId);
  const photo = await checkProfilePhoto(Buffer.from(base64, 'base64'));
  const id = randomBytes(16).toString('hex');
  await withTx(deps.db, async (tx) => {
    const now = deps.clock.now();
    await repo.insertProfilePhoto(tx, { id, userId: user.id, ...photo, now });
    await repo.setProfilePhoto(tx, user.id, id, now);
    await repo.deleteProfilePhotos(tx, user.id, id);
    await recordAudit(tx, {
      actor: `account:${accountId}`,
      action: 'user.profile-photo',
      entity: 'user',
      entityId: user.id,
      after: { photoId: id },
      at: now,
    });
  });
  return { profilePhotoUrl: profilePhotoPath(id) };
}

export async function getProfilePhoto(deps: Deps, photoId: string): Promise<Buffer | null> {
  return (await repo.findProfilePhoto(deps.db, photoId))?.content ?? null;
}
