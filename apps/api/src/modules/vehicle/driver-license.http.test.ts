import { randomBytes } from 'node:crypto';
import {
  listDriverLicenses,
  registerDriverLicense,
  staffListDriverLicenses,
  staffReviewDriverLicense,
  uploadDriverLicenseImage,
} from '@yado/contract/vehicle.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/app-error.js';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { registeredUser } from '../../test-support/user-factory.js';
import { signInStaff } from '../staff-catalogue/staff-catalogue.test-factory.js';
import {
  archiveExpiredDriverLicenses,
  eraseDriverLicenses,
  noteLicenseRental,
  requireRentableLicense,
  staffReviewDriverLicense as reviewAsStaff,
} from './driver-license.service.js';
import { japanDay, licenseInput, licensePhoto, pendingLicense, uploadedImage } from './driver-license.test-factory.js';

let t: TestApi;
let staffToken: string;
beforeAll(async () => {
  t = await createTestApi();
  staffToken = (await signInStaff(t)).idToken;
});

const DAY = 86_400_000;
const uniqueNumber = () => `30${randomBytes(4).toString('hex')}`;

const review = (driverLicenseId: string, decision: 'APPROVED' | 'REJECTED', reason?: string) =>
  t.call(staffReviewDriverLicense, { driverLicenseId, decision, ...(reason ? { reason } : {}) }, { token: staffToken });

const licencesOf = async (token: string) => {
  const res = await t.call(listDriverLicenses, {}, { token });
  expect(res.status).toBe(200);
  return res.body;
};

const image = (url: string, token?: string) =>
  t.raw(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});

/** Runs `fn` with the test clock moved by `ms`, then moves it back, so other tests keep the real date. */
async function later<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  t.clock.advance(ms);
  try {
    return await fn();
  } finally {
    t.clock.advance(-ms);
  }
}

describe('upload_driver_license_image', () => {
  it('keeps an upright JPEG without metadata, served to its uploader and staff only, never cached by others', async () => {
    const u = await registeredUser(t);
    const res = await t.call(
      uploadDriverLicenseImage,
      { side: 'FRONT', contentBase64: await licensePhoto() },
      { token: u.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.imageUrl).toBe(`/media/driver-licenses/${res.body.imageId}.jpg`);

    const own = await image(res.body.imageUrl, u.token);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/jpeg');
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await own.arrayBuffer()).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    expect((await image(res.body.imageUrl, staffToken)).status).toBe(200);
    const other = await registeredUser(t);
    expect((await image(res.body.imageUrl, other.token)).status).toBe(404);
    expect((await image(res.body.imageUrl)).status).toBe(401);
  });

  it('refuses bytes that are not an image (CodeDriverLicenseImageInvalid)', async () => {
    const u = await registeredUser(t);
    const res = await t.call(
      uploadDriverLicenseImage,
      { side: 'BACK', contentBase64: Buffer.from('not a photo at all').toString('base64') },
      { token: u.token },
    );
    expect(res.status).toBe(400);
    expect(res.error.errorInfo.reason).toBe('CodeDriverLicenseImageInvalid');
  });
});

describe('register_driver_license and list_driver_licenses', () => {
  it('registers a licence waiting for review, listed to its holder, not yet allowing a rental', async () => {
    const u = await registeredUser(t);
    const input = await licenseInput(t, u.token, 'ab1234567890');
    const res = await t.call(registerDriverLicense, input, { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.driverLicense).toMatchObject({
      driverLicenseNumber: 'AB1234567890',
      expireDate: input.expireDate,
      status: 'PENDING_REVIEW',
      licenseType: 'ORDINARY',
      holderName: 'Yamada Taro',
      frontImageUrl: `/media/driver-licenses/${input.frontImageId}.jpg`,
      backImageUrl: `/media/driver-licenses/${input.backImageId}.jpg`,
      rejectionReason: null,
      archiveReason: null,
      reviewedAt: null,
    });
    const list = await licencesOf(u.token);
    expect(list.rentable).toBe(false);
    expect(list.driverLicenses.map((l) => l.id)).toEqual([res.body.driverLicense.id]);
    // Nobody else sees it.
    expect((await licencesOf((await registeredUser(t)).token)).driverLicenses).toEqual([]);
  });

  it('refuses a licence already expired in Japan, and accepts one valid through today', async () => {
    const u = await registeredUser(t);
    const expired = await t.call(
      registerDriverLicense,
      { ...(await licenseInput(t, u.token)), expireDate: japanDay(t, -1) },
      { token: u.token },
    );
    expect(expired.status).toBe(409);
    expect(expired.error.errorInfo.reason).toBe('CodeDriverLicenseExpired');
    const today = await t.call(
      registerDriverLicense,
      { ...(await licenseInput(t, u.token)), expireDate: japanDay(t, 0) },
      { token: u.token },
    );
    expect(today.status).toBe(200);
  });

  it('refuses a second licence while one waits for review (CodeDriverLicensePendingReview)', async () => {
    const u = await registeredUser(t);
    await pendingLicense(t, u.token);
    const res = await t.call(registerDriverLicense, await licenseInput(t, u.token), { token: u.token });
    expect(res.status).toBe(409);
    expect(res.error.errorInfo.reason).toBe('CodeDriverLicensePendingReview');
    expect((await licencesOf(u.token)).driverLicenses).toHaveLength(1);
  });

  it("refuses another user's photo, a photo already used, the same photo for both sides and an unknown one", async () => {
    const u = await registeredUser(t);
    const other = await registeredUser(t);
    const base = await licenseInput(t, u.token);
    const cases = [
      { ...base, frontImageId: await uploadedImage(t, other.token) },
      { ...base, backImageId: base.frontImageId },
      { ...base, frontImageId: 'f'.repeat(32) },
    ];
    for (const input of cases) {
      const res = await t.call(registerDriverLicense, input, { token: u.token });
      expect(res.status).toBe(400);
      expect(res.error.errorInfo.reason).toBe('CodeDriverLicenseImageNotFound');
    }
    const first = await pendingLicense(t, other.token);
    const reused = await t.call(
      registerDriverLicense,
      { ...base, frontImageId: first.frontImageUrl.slice('/media/driver-licenses/'.length, -4) },
      { token: other.token },
    );
    expect(reused.status).toBe(400);
    expect(reused.error.errorInfo.reason).toBe('CodeDriverLicenseImageNotFound');
  });

  it('refuses a date that does not exist and a malformed number with the field named', async () => {
    const u = await registeredUser(t);
    const input = await licenseInput(t, u.token);
    const badDate = await t.call(
      registerDriverLicense,
      { ...input, expireDate: { year: 2030, month: 2, day: 30 } },
      { token: u.token },
    );
    expect(badDate.status).toBe(400);
    const badNumber = await t.callRaw(
      registerDriverLicense,
      { ...input, driverLicenseNumber: '12' },
      { token: u.token },
    );
    expect(badNumber.status).toBe(400);
    expect(JSON.stringify(badNumber.body)).toContain('driverLicenseNumber');
  });

  it('refuses registering again the number of a licence already approved and valid', async () => {
    const u = await registeredUser(t);
    const number = uniqueNumber();
    const l = await pendingLicense(t, u.token, number);
    expect((await review(l.id, 'APPROVED')).status).toBe(200);
    const res = await t.call(registerDriverLicense, await licenseInput(t, u.token, number), { token: u.token });
    expect(res.status).toBe(409);
    expect(res.error.errorInfo.reason).toBe('CodeDriverLicenseAlreadyApproved');
  });
});

describe('staff_list_driver_licenses and staff_review_driver_license', () => {
  it('lists waiting licences with whose they are and their photographs, oldest first', async () => {
    const u = await registeredUser(t, {
      lastName: '佐藤',
      firstName: '花子',
      romanizedLastName: 'Sato',
      romanizedFirstName: 'Hanako',
    });
    const l = await pendingLicense(t, u.token);
    const res = await t.call(
      staffListDriverLicenses,
      { status: 'PENDING_REVIEW' },
      { token: staffToken, language: 'ja' },
    );
    expect(res.status).toBe(200);
    const mine = res.body.driverLicenses.find((x) => x.id === l.id);
    expect(mine).toMatchObject({
      userName: '佐藤 花子',
      emailAddress: u.email,
      frontImageUrl: l.frontImageUrl,
      status: 'PENDING_REVIEW',
    });
    const en = await t.call(staffListDriverLicenses, {}, { token: staffToken, language: 'en' });
    expect(en.body.driverLicenses.find((x) => x.id === l.id)?.userName).toBe('Hanako Sato');
    // Oldest first.
    const times = res.body.driverLicenses.map((x) =>
      Date.UTC(
        x.registeredAt.year,
        x.registeredAt.month - 1,
        x.registeredAt.day,
        x.registeredAt.hours,
        x.registeredAt.minutes,
        x.registeredAt.seconds,
      ),
    );
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('is for staff only', async () => {
    const u = await registeredUser(t);
    const l = await pendingLicense(t, u.token);
    expect((await t.call(staffListDriverLicenses, {}, { token: u.token })).status).toBe(403);
    const res = await t.call(
      staffReviewDriverLicense,
      { driverLicenseId: l.id, decision: 'APPROVED' },
      { token: u.token },
    );
    expect(res.status).toBe(403);
    expect((await licencesOf(u.token)).driverLicenses[0]?.status).toBe('PENDING_REVIEW');
  });

  it('approves a licence: the holder may rent, and reviewing it again is refused', async () => {
    const u = await registeredUser(t);
    const l = await pendingLicense(t, u.token);
    const res = await review(l.id, 'APPROVED');
    expect(res.status).toBe(200);
    expect(res.body.driverLicense).toMatchObject({ id: l.id, status: 'APPROVED', rejectionReason: null });
    expect(res.body.driverLicense.reviewedAt).not.toBeNull();
    expect(await licencesOf(u.token)).toMatchObject({
      rentable: true,
      driverLicenses: [{ id: l.id, status: 'APPROVED' }],
    });
    const again = await review(l.id, 'REJECTED', 'too late');
    expect(again.status).toBe(409);
    expect(again.error.errorInfo.reason).toBe('CodeDriverLicenseNotPendingReview');
  });

  it('rejects with the reason the holder reads; a rejection without a reason is refused and changes nothing', async () => {
    const u = await registeredUser(t);
    const l = await pendingLicense(t, u.token);
    const bare = await review(l.id, 'REJECTED', '   ');
    expect(bare.status).toBe(400);
    expect(bare.error.errorInfo.reason).toBe('CodeDriverLicenseRejectReasonRequired');
    expect((await licencesOf(u.token)).driverLicenses[0]?.status).toBe('PENDING_REVIEW');
    const res = await review(l.id, 'REJECTED', 'The back photo is blurred.');
    expect(res.status).toBe(200);
    expect((await licencesOf(u.token)).driverLicenses[0]).toMatchObject({
      status: 'REJECTED',
      rejectionReason: 'The back photo is blurred.',
    });
    // A rejected licence does not block a new registration.
    expect((await t.call(registerDriverLicense, await licenseInput(t, u.token), { token: u.token })).status).toBe(200);
  });

  it('a newer approved licence archives the older one (REPLACED)', async () => {
    const u = await registeredUser(t);
    const first = await pendingLicense(t, u.token);
    await review(first.id, 'APPROVED');
    t.clock.advance(1000);
    const second = await pendingLicense(t, u.token);
    await review(second.id, 'APPROVED');
    const list = await licencesOf(u.token);
    expect(list.driverLicenses.map((l) => [l.id, l.status, l.archiveReason])).toEqual([
      [second.id, 'APPROVED', null],
      [first.id, 'ARCHIVED', 'REPLACED'],
    ]);
  });

  it('refuses an unknown licence (404) and approving one that expired while it waited', async () => {
    expect((await review('no-such-licence', 'APPROVED')).error.errorInfo.reason).toBe('CodeDriverLicenseNotFound');
    const u = await registeredUser(t);
    const l = await t.call(
      registerDriverLicense,
      { ...(await licenseInput(t, u.token)), expireDate: japanDay(t, 0) },
      { token: u.token },
    );
    // Two days on, by the service itself: the tokens of this test would have expired by then.
    const staff = await t.api.verifyIdToken(staffToken);
    const refused = await later(2 * DAY, () =>
      reviewAsStaff(t.api.deps, staff, 'en', { driverLicenseId: l.body.driverLicense.id, decision: 'APPROVED' }).then(
        () => null,
        (e: unknown) => (e instanceof AppError ? e.reason : e),
      ),
    );
    expect(refused).toBe('CodeDriverLicenseExpired');
    expect((await licencesOf(u.token)).driverLicenses[0]?.status).toBe('PENDING_REVIEW');
  });
});

describe('the expiry and erasure jobs', () => {
  it('archives approved and waiting licences once past their last valid day in Japan (EXPIRED)', async () => {
    const u = await registeredUser(t);
    const approved = await t.call(
      registerDriverLicense,
      { ...(await licenseInput(t, u.token)), expireDate: japanDay(t, 3) },
      { token: u.token },
    );
    await review(approved.body.driverLicense.id, 'APPROVED');
    const id = approved.body.driverLicense.id;
    // Still valid on its last day.
    expect(await later(3 * DAY, () => archiveExpiredDriverLicenses(t.api.deps))).not.toContain(id);
    expect((await licencesOf(u.token)).driverLicenses[0]?.status).toBe('APPROVED');
    expect(await later(5 * DAY, () => archiveExpiredDriverLicenses(t.api.deps))).toContain(id);
    const list = await licencesOf(u.token);
    expect(list.rentable).toBe(false);
    expect(list.driverLicenses[0]).toMatchObject({ status: 'ARCHIVED', archiveReason: 'EXPIRED' });
    // Running again finds nothing more of this licence to do.
    expect(await later(6 * DAY, () => archiveExpiredDriverLicenses(t.api.deps))).not.toContain(id);
  });

  it('erases a licence 2 years after its last rental: number, name, address and photographs gone, the row kept', async () => {
    const u = await registeredUser(t);
    const l = await pendingLicense(t, u.token);
    await review(l.id, 'APPROVED');
    const rentalEnd = new Date(t.clock.now().getTime() + 30 * DAY);
    await noteLicenseRental(t.pool, l.id, rentalEnd);
    const twoYears = 30 * DAY + 730 * DAY;
    await later(twoYears - DAY, async () => {
      expect(await eraseDriverLicenses(t.api.deps)).not.toContain(l.id);
    });
    await later(twoYears + 2 * DAY, async () => {
      expect(await eraseDriverLicenses(t.api.deps)).toContain(l.id);
    });
    const [erased] = (await licencesOf(u.token)).driverLicenses;
    expect(erased).toMatchObject({
      id: l.id,
      status: 'ARCHIVED',
      archiveReason: 'ERASED',
      driverLicenseNumber: null,
      holderName: null,
      holderAddress: null,
      frontImageUrl: '',
      backImageUrl: '',
    });
    expect((await image(l.frontImageUrl, staffToken)).status).toBe(404);
    const rows = await t.pool.query('SELECT count(*)::int AS n FROM driver_license_images WHERE user_id = $1', [
      u.user.id,
    ]);
    expect(rows.rows[0]).toEqual({ n: 0 });
  });

  it('erases a licence never rented 2 years after its registration', async () => {
    const u = await registeredUser(t);
    const l = await pendingLicense(t, u.token);
    await later(731 * DAY, async () => {
      expect(await eraseDriverLicenses(t.api.deps)).toContain(l.id);
    });
  });
});

describe('requireRentableLicense', () => {
  it('gives the approved licence valid through the rental, and refuses with a reason of its own otherwise', async () => {
    const u = await registeredUser(t);
    const at = new Date(t.clock.now().getTime() + 10 * DAY);
    const reasonOf = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: unknown) => (e instanceof AppError ? e.reason : e),
      );
    expect(await reasonOf(requireRentableLicense(t.pool, u.user.id, at))).toBe('CodeDriverLicenseNotApproved');
    const short = await t.call(
      registerDriverLicense,
      { ...(await licenseInput(t, u.token)), expireDate: japanDay(t, 5) },
      { token: u.token },
    );
    expect(await reasonOf(requireRentableLicense(t.pool, u.user.id, at))).toBe('CodeDriverLicenseNotApproved');
    await review(short.body.driverLicense.id, 'APPROVED');
    expect(await reasonOf(requireRentableLicense(t.pool, u.user.id, at))).toBe('CodeDriverLicenseExpiresBeforeRental');
    expect(await requireRentableLicense(t.pool, u.user.id, new Date(t.clock.now().getTime() + 2 * DAY))).toEqual({
      id: short.body.driverLicense.id,
    });
  });
});
