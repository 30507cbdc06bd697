import { randomBytes, randomUUID } from 'node:crypto';
import { civilFromIso, isoFromCivil, isRealDate, todayIn } from '@yado/contract/civil-date';
import type { Address, CivilDate } from '@yado/contract/common.schema';
import { dateTimeFromDate } from '@yado/contract/date-time';
import type { Language } from '@yado/contract/headers';
import {
  DRIVER_LICENSE_IMAGE_MAX_BYTES,
  DRIVER_LICENSE_IMAGE_MAX_SIDE,
  DriverLicenseArchiveReason,
  type DriverLicense,
  type DriverLicenseStatus,
  type DriverLicenseType,
  type StaffDriverLicense,
} from '@yado/contract/vehicle.contract';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../platform/app-error.js';
import { withTx, type Db } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import type { Principal } from '../../platform/http/call-context.js';
import type { Task } from '../../platform/scheduler.js';
import { recordAudit } from '../audit/audit.service.js';
import { requireUser } from '../user/user.service.js';
import * as repo from './driver-license.repo.js';
import {
  coversRental,
  eraseAfter,
  holderUserName,
  isExpiredAt,
  isReviewable,
  LICENSE_TIME_ZONE,
} from './driver-license.rules.js';

/** Where a licence photograph is served, to its holder and to staff only (see vehicle.routes.ts). */
export const DRIVER_LICENSE_IMAGE_PATH_PREFIX = '/media/driver-licenses/';
export const driverLicenseImagePath = (imageId: string) => `${DRIVER_LICENSE_IMAGE_PATH_PREFIX}${imageId}.jpg`;

/** Photographs uploaded but never registered are deleted after a day. */
const UNUSED_IMAGE_HOURS = 24;
const MAX_INPUT_PIXELS = 50_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** Rows a job changes per run; the next run takes the rest. */
const JOB_BATCH = 500;

const imageUrl = (id: string | null) => (id ? driverLicenseImagePath(id) : '');

function archiveReasonOf(r: repo.LicenseRecord) {
  if (r.status !== 'ARCHIVED') return null;
  const parsed = DriverLicenseArchiveReason.safeParse(r.reason);
  return parsed.success ? parsed.data : null;
}

export function licenseView(r: repo.LicenseRecord): DriverLicense {
  return {
    id: r.id,
    driverLicenseNumber: r.driverLicenseNumber,
    expireDate: civilFromIso(r.expireDate),
    status: r.status,
    licenseType: r.licenseType,
    holderName: r.holderName,
    holderAddress: r.holderAddress,
    frontImageUrl: imageUrl(r.frontImageId),
    backImageUrl: imageUrl(r.backImageId),
    rejectionReason: r.status === 'REJECTED' ? r.reason : null,
    archiveReason: archiveReasonOf(r),
    registeredAt: dateTimeFromDate(r.createdAt),
    reviewedAt: r.reviewedAt ? dateTimeFromDate(r.reviewedAt) : null,
  };
}

function staffLicenseView(r: repo.StaffLicenseRecord, language: Language): StaffDriverLicense {
  return {
    ...licenseView(r),
    userId: r.userId,
    userName: holderUserName(r.user, language),
    emailAddress: r.user.email,
    reviewedBy: r.reviewedBy,
  };
}

// Images ------------------------------------------------------------------------------

const invalidImage = (description: string) =>
  new AppError('CodeDriverLicenseImageInvalid', { fields: [{ field: 'contentBase64', description }] });

/**
 * Checks that the bytes are a JPEG, PNG or WebP that decodes and returns it as
 * an upright JPEG of at most 2000 px a side. Re-encoding drops EXIF (where the
 * photo was taken) and anything hidden after the image data.
 */
export async function renderLicenseImage(bytes: Buffer): Promise<{ content: Buffer; width: number; height: number }> {
  if (bytes.length === 0) throw invalidImage('empty');
  if (bytes.length > DRIVER_LICENSE_IMAGE_MAX_BYTES) throw invalidImage('larger than 8 MB');
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw invalidImage('not an image that can be read');
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw invalidImage('only JPEG, PNG and WebP are accepted');
  if (!meta.width || !meta.height) throw invalidImage('not an image that can be read');
  try {
    const { data, info } = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(DRIVER_LICENSE_IMAGE_MAX_SIDE, DRIVER_LICENSE_IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    return { content: data, width: info.width, height: info.height };
  } catch {
    throw invalidImage('not an image that can be read');
  }
}

export async function uploadDriverLicenseImage(
  deps: Deps,
  accountId: string,
  input: { side: 'FRONT' | 'BACK'; contentBase64: string },
): Promise<{ imageId: string; imageUrl: string }> {
  const user = await requireUser(deps, accountId);
  const image = await renderLicenseImage(Buffer.from(input.contentBase64, 'base64'));
  const id = randomBytes(16).toString('hex');
  const now = deps.clock.now();
  await repo.insertImage(deps.db, { id, userId: user.id, ...image, now });
  // Photographs of a licence never registered are not kept.
  await repo.deleteUnusedImages(deps.db, new Date(now.getTime() - UNUSED_IMAGE_HOURS * 3_600_000));
  return { imageId: id, imageUrl: driverLicenseImagePath(id) };
}

/** A licence photograph for its holder or staff; null (404) for anyone else, so its existence is not revealed. */
export async function driverLicenseImageFor(deps: Deps, principal: Principal, imageId: string): Promise<Buffer | null> {
  const image = await repo.findImage(deps.db, imageId);
  if (!image) return null;
  if (principal.roles.includes('staff')) return image.content;
  const user = await requireUser(deps, principal.accountId);
  return image.userId === user.id ? image.content : null;
}

// Registration ---------------------------------------------------------------------------

export type RegisterInput = {
  driverLicenseNumber: string;
  expireDate: CivilDate;
  licenseType: DriverLicenseType;
  holderName: string;
  holderAddress: Address;
  frontImageId: string;
  backImageId: string;
};

/** register_driver_license: a licence waiting for review, with photos of both sides the caller uploaded. */
export async function registerDriverLicense(
  deps: Deps,
  accountId: string,
  input: RegisterInput,
): Promise<{ driverLicense: DriverLicense }> {
  const user = await requireUser(deps, accountId);
  if (!isRealDate(input.expireDate)) {
    throw new AppError('CodeInvalidArgument', { fields: [{ field: 'expireDate', description: 'not a real date' }] });
  }
  const expireDate = isoFromCivil(input.expireDate);
  const number = input.driverLicenseNumber.toUpperCase();
  const created = await withTx(deps.db, async (tx) => {
    await repo.lockUserLicenses(tx, user.id);
    const now = deps.clock.now();
    if (isExpiredAt(expireDate, now)) throw new AppError('CodeDriverLicenseExpired');
    if (input.frontImageId === input.backImageId) throw new AppError('CodeDriverLicenseImageNotFound');
    for (const imageId of [input.frontImageId, input.backImageId]) {
      const use = await repo.findImageUse(tx, imageId);
      if (!use || use.userId !== user.id || use.used) throw new AppError('CodeDriverLicenseImageNotFound');
    }
    const existing = await repo.listOfUser(tx, user.id);
    if (existing.some((l) => l.status === 'PENDING_REVIEW')) throw new AppError('CodeDriverLicensePendingReview');
    if (await repo.hasValidApprovedNumber(tx, user.id, number, todayIn(LICENSE_TIME_ZONE, now))) {
      throw new AppError('CodeDriverLicenseAlreadyApproved');
    }
    const license = await repo.insertLicense(tx, {
      id: randomUUID(),
      userId: user.id,
      driverLicenseNumber: number,
      holderName: input.holderName,
      holderAddress: input.holderAddress,
      licenseType: input.licenseType,
      expireDate,
      frontImageId: input.frontImageId,
      backImageId: input.backImageId,
      eraseAfter: eraseAfter(now, null),
      now,
    });
    // The number and address stay out of the audit trail: it outlives the licence's erasure.
    await recordAudit(tx, {
      actor: `account:${accountId}`,
      action: 'driver-license.register',
      entity: 'driver_license',
      entityId: license.id,
      after: { status: license.status, licenseType: license.licenseType, expireDate },
      at: now,
    });
    return license;
  });
  return { driverLicense: licenseView(created) };
}

/** list_driver_licenses: the caller's licences and whether one allows a rental today. */
export async function listDriverLicenses(
  deps: Deps,
  accountId: string,
): Promise<{ driverLicenses: DriverLicense[]; rentable: boolean }> {
  const user = await requireUser(deps, accountId);
  const licenses = await repo.listOfUser(deps.db, user.id);
  const now = deps.clock.now();
  return {
    driverLicenses: licenses.map(licenseView),
    rentable: licenses.some((l) => l.status === 'APPROVED' && !isExpiredAt(l.expireDate, now)),
  };
}

// Review ---------------------------------------------------------------------------------

const STAFF_LIST_LIMIT = 100;

export async function staffListDriverLicenses(
  deps: Deps,
  language: Language,
  status: DriverLicenseStatus,
): Promise<{ driverLicenses: StaffDriverLicense[] }> {
  const rows = await repo.listByStatus(deps.db, status, STAFF_LIST_LIMIT);
  return { driverLicenses: rows.map((r) => staffLicenseView(r, language)) };
}

/** staff_review_driver_license: APPROVED (the user's older approved licences give way) or REJECTED with a reason. */
export async function staffReviewDriverLicense(
  deps: Deps,
  principal: Principal,
  language: Language,
  input: { driverLicenseId: string; decision: 'APPROVED' | 'REJECTED'; reason?: string | undefined },
): Promise<{ driverLicense: StaffDriverLicense }> {
  const reason = input.reason?.trim() ?? '';
  if (input.decision === 'REJECTED' && reason === '') throw new AppError('CodeDriverLicenseRejectReasonRequired');
  const found = await repo.findLicense(deps.db, input.driverLicenseId);
  if (!found) throw new AppError('CodeDriverLicenseNotFound');
  const actor = `account:${principal.accountId}`;
  await withTx(deps.db, async (tx) => {
    await repo.lockUserLicenses(tx, found.userId);
    const now = deps.clock.now();
    const license = await repo.findLicense(tx, input.driverLicenseId);
    if (!license || !isReviewable(license.status)) throw new AppError('CodeDriverLicenseNotPendingReview');
    if (input.decision === 'APPROVED' && isExpiredAt(license.expireDate, now)) {
      throw new AppError('CodeDriverLicenseExpired');
    }
    await repo.decide(tx, {
      id: license.id,
      status: input.decision,
      reason: input.decision === 'REJECTED' ? reason : null,
      reviewedBy: principal.email || actor,
      now,
    });
    if (input.decision === 'APPROVED') await repo.archiveReplaced(tx, license.userId, license.id, now);
    await recordAudit(tx, {
      actor,
      action: 'driver-license.review',
      entity: 'driver_license',
      entityId: license.id,
      before: { status: license.status },
      after: { status: input.decision, reason: input.decision === 'REJECTED' ? reason : null },
      at: now,
    });
  });
  const after = await repo.findStaffLicense(deps.db, input.driverLicenseId);
  if (!after) throw new AppError('CodeDriverLicenseNotFound');
  return { driverLicense: staffLicenseView(after, language) };
}

// What a rental asks ------------------------------------------------------------------------

/**
 * The licence a rental is made with: the user's APPROVED licence, valid through `at` (the rental's
 * drop-off time, so the licence does not expire while driving). Call inside the rental's
 * transaction: the licence row stays locked against a review or the expiry job until it commits.
 * CodeDriverLicenseNotApproved when the user has none approved, CodeDriverLicenseExpiresBeforeRental
 * when the approved one ends before `at`.
 */
export async function requireRentableLicense(db: Db, userId: string, at: Date): Promise<{ id: string }> {
  const license = await repo.findApprovedForUpdate(db, userId);
  if (!license) throw new AppError('CodeDriverLicenseNotApproved');
  if (!coversRental(license.expireDate, at)) throw new AppError('CodeDriverLicenseExpiresBeforeRental');
  return { id: license.id };
}

/** Records a rental made with a licence (in the rental's transaction): its data is kept 2 years after `rentalEnd`. */
export async function noteLicenseRental(db: Db, licenseId: string, rentalEnd: Date): Promise<void> {
  await repo.noteRental(db, licenseId, rentalEnd, eraseAfter(rentalEnd, rentalEnd));
}

// Jobs -------------------------------------------------------------------------------------

/** Archives approved and waiting licences past their last valid day (in Japan). */
export async function archiveExpiredDriverLicenses(deps: Deps): Promise<string[]> {
  const now = deps.clock.now();
  return withTx(deps.db, (tx) => repo.archiveExpired(tx, todayIn(LICENSE_TIME_ZONE, now), now, JOB_BATCH));
}

/** Erases licences 2 years after their last rental (or registration), and photos never registered. */
export async function eraseDriverLicenses(deps: Deps): Promise<string[]> {
  const now = deps.clock.now();
  const erased = await withTx(deps.db, (tx) => repo.eraseDue(tx, now, JOB_BATCH));
  await repo.deleteUnusedImages(deps.db, new Date(now.getTime() - UNUSED_IMAGE_HOURS * 3_600_000));
  return erased;
}

export const archiveExpiredDriverLicensesTask: Task = {
  name: 'archive-expired-driver-licenses',
  everyMs: 15 * 60_000,
  run: async (deps) => void (await archiveExpiredDriverLicenses(deps)),
};

export const eraseDriverLicensesTask: Task = {
  name: 'erase-driver-licenses',
  everyMs: 60 * 60_000,
  run: async (deps) => void (await eraseDriverLicenses(deps)),
};
