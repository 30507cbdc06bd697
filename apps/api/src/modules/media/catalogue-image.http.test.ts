import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { registeredUser } from '../../test-support/user-factory.js';
import { placeWithHouseGroup, signInStaff } from '../staff-catalogue/staff-catalogue.test-factory.js';
import { getPlace, getHouseGroupLocation } from '@yado/contract/catalogue.contract';
import {
  staffUploadCatalogueImage,
  staffListPlaces,
  staffAttachCatalogueImage,
  staffDetachCatalogueImage,
  staffListAuditEntries,
} from '@yado/contract/staff-catalogue.contract';

let t: TestApi;
let staff: string;
let guest: string;

beforeAll(async () => {
  t = await createTestApi();
  staff = (await signInStaff(t)).idToken;
  guest = (await registeredUser(t)).token;
});

/** A picture of soft diagonal bands: real pixels to decode and resize, quick to encode. */
async function picture(width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'gif' | 'tiff') {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x + y) % 256;
      pixels[i + 1] = (2 * x) % 256;
      pixels[i + 2] = (3 * y) % 256;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

const upload = (bytes: Buffer | string, crop?: string, token = staff) =>
  t.callRaw(
    staffUploadCatalogueImage,
    { contentBase64: typeof bytes === 'string' ? bytes : bytes.toString('base64'), ...(crop && { crop }) },
    { token },
  );

describe('staff_upload_catalogue_image', () => {
  it.each(['jpeg', 'png', 'webp'] as const)(
    'accepts a %s and serves it in three widths as WebP and JPEG, cached for good',
    async (format) => {
      const res = await upload(await picture(2000, 1500, format));
      expect(res.status).toBe(200);
      const { imageId, url, variants } = res.body;
      expect(imageId).toMatch(/^[0-9a-f]{24}$/);
      expect(url).toBe(`/media/catalogue/${imageId}-960.jpg`);
      expect(variants.map((v: { width: number; format: string }) => `${v.width}.${v.format}`)).toEqual([
        '480.jpg',
        '480.webp',
        '960.jpg',
        '960.webp',
        '1600.jpg',
        '1600.webp',
      ]);
      for (const v of variants) {
        const got = await t.raw(v.url);
        expect(got.status).toBe(200);
        expect(got.headers.get('content-type')).toBe(v.format === 'jpg' ? 'image/jpeg' : 'image/webp');
        expect(got.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        const meta = await sharp(Buffer.from(await got.arrayBuffer())).metadata();
        expect(meta.format).toBe(v.format === 'jpg' ? 'jpeg' : 'webp');
        expect([meta.width, meta.height]).toEqual([v.width, Math.round((v.width * 3) / 4)]);
        // Re-encoded: the upload's metadata (a phone's location) is not passed on.
        expect(meta.exif).toBeUndefined();
      }
      const audit = await t.pool.query(
        "SELECT action, after FROM audit_log WHERE entity = 'catalogue_image' AND entity_id = $1",
        [imageId],
      );
      expect(audit.rows[0].action).toBe('catalogue-image.upload');
      expect(audit.rows[0].after.variants).toHaveLength(6);
    },
  );

  it('crops to the shape asked for, and does not enlarge a narrower picture', async () => {
    const vertical = await upload(await picture(1200, 900, 'jpeg'), 'VERTICAL');
    expect(vertical.status).toBe(200);
    const sizes = vertical.body.variants
      .filter((v: { format: string }) => v.format === 'jpg')
      .map((v: { width: number; height: number }) => [v.width, v.height]);
    // 900 high at 2:3 is 600 wide: the 960 and 1600 URLs serve the full 600.
    expect(sizes).toEqual([
      [480, 720],
      [960, 900],
      [1600, 900],
    ]);
    const served = await t.raw(`/media/catalogue/${vertical.body.imageId}-1600.webp`);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(600);

    const square = await upload(await picture(1000, 700, 'png'), 'SQUARE');
    const sq = square.body.variants.find(
      (v: { width: number; format: string }) => v.width === 480 && v.format === 'webp',
    );
    expect([sq!.width, sq!.height]).toEqual([480, 480]);
  });

  it('refuses what is not a JPEG, PNG or WebP photo', async () => {
    const cases: [string, Buffer | string][] = [
      ['gif', await picture(600, 400, 'gif')],
      ['tiff', await picture(600, 400, 'tiff')],
      ['text', Buffer.from('just some text, not an image')],
      ['svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600"></svg>')],
      ['truncated jpeg', (await picture(1200, 800, 'jpeg')).subarray(0, 2000)],
      ['too narrow', await picture(400, 800, 'jpeg')],
      ['empty', ''],
    ];
    for (const [what, bytes] of cases) {
      const res = await t.call(
        staffUploadCatalogueImage,
        { contentBase64: typeof bytes === 'string' ? bytes : bytes.toString('base64') },
        { token: staff, language: 'ja' },
      );
      expect(res.status, what).toBe(400);
      expect(res.error.errorInfo.reason, what).toBe('CodeCatalogueImageInvalid');
      expect(res.error.localizedMessage, what).toMatch(/^画像は8MB以下のJPEG、PNG、WebPファイルにしてください。/);
    }
    const notBase64 = await upload('data:image/jpeg;base64,AAAA');
    expect(notBase64.status).toBe(400);
    expect(notBase64.error.errorInfo.reason).toBe('CodeInvalidArgument');
  });

  it('takes up to 8 MB, beyond the usual 4 MiB body limit, and refuses more', async () => {
    // A JPEG with 5 MB of padding after its end: a real upload of that size that still decodes.
    const padded = Buffer.concat([await picture(800, 600, 'jpeg'), Buffer.alloc(5 * 1024 * 1024)]);
    const big = await upload(padded);
    expect(big.status).toBe(200);

    const tooBig = await upload(Buffer.alloc(8 * 1024 * 1024 + 3, 1));
    expect(tooBig.status).toBe(400);
    expect(tooBig.error.errorInfo.fields![0]).toMatchObject({
      field: 'contentBase64',
      description: 'larger than 8 MB',
    });
    // Other methods keep the 4 MiB limit.
    const elsewhere = await t.call(staffListPlaces, { query: 'x'.repeat(5 * 1024 * 1024) }, { token: staff });
    expect(elsewhere.status).toBe(413);
  });

  it('is for staff only', async () => {
    const png = await picture(600, 400, 'png');
    expect((await upload(png, undefined, guest)).status).toBe(403);
    expect((await t.call(staffUploadCatalogueImage, { contentBase64: png.toString('base64') })).status).toBe(401);
  });
});

describe('attaching images', () => {
  it('shows an image on a place and a house group, in carousel order, audited, and takes it off again', async () => {
    const { placeId, houseGroupId } = await placeWithHouseGroup(t);
    const [a, b, c] = await Promise.all(
      [1, 2, 3].map(async () => (await upload(await picture(1000, 700, 'jpeg'))).body),
    );
    const onPlace = await t.call(
      staffAttachCatalogueImage,
      { targetType: 'PLACE', targetId: placeId, slot: 'HORIZONTAL', imageId: a!.imageId },
      { token: staff },
    );
    expect(onPlace.body).toMatchObject({ horizontalImageUrl: a!.url, verticalImageUrl: '', carouselImageUrls: [] });
    expect((await t.call(getPlace, { placeId })).body.place.horizontalImageUrl).toBe(a!.url);

    const attach = (slot: string, imageId: string, position?: number) =>
      t.callRaw(
        staffAttachCatalogueImage,
        {
          targetType: 'HOUSE_GROUP',
          targetId: houseGroupId,
          slot,
          imageId,
          ...(position !== undefined && { position }),
        },
        { token: staff },
      );
    await attach('CAROUSEL', a!.imageId);
    await attach('CAROUSEL', b!.imageId);
    const third = await attach('CAROUSEL', c!.imageId, 0);
    expect(third.body.carouselImageUrls).toEqual([c!.url, a!.url, b!.url]);
    // Attaching again moves it rather than showing it twice.
    expect((await attach('CAROUSEL', a!.imageId, 2)).body.carouselImageUrls).toEqual([c!.url, b!.url, a!.url]);
    const vertical = await attach('VERTICAL', b!.imageId);
    expect(vertical.body.verticalImageUrl).toBe(b!.url);
    const location = await t.call(getHouseGroupLocation, { houseGroupId });
    expect(location.body.houseGroupLocation).toMatchObject({
      verticalImageUrl: b!.url,
      carouselImageUrls: [c!.url, b!.url, a!.url],
    });

    const detached = await t.call(
      staffDetachCatalogueImage,
      { targetType: 'HOUSE_GROUP', targetId: houseGroupId, slot: 'CAROUSEL', position: 1 },
      { token: staff },
    );
    expect(detached.body.carouselImageUrls).toEqual([c!.url, a!.url]);
    const entries = (
      await t.call(staffListAuditEntries, { entity: 'house_group', entityId: houseGroupId }, { token: staff })
    ).body.entries;
    expect(entries.map((e: { action: string }) => e.action)).toEqual([
      'image.attach',
      'image.attach',
      'image.attach',
      'image.attach',
      'image.attach',
      'image.detach',
    ]);
    expect((entries[5]!.before as { carouselImageUrls: string[] }).carouselImageUrls).toEqual([c!.url, b!.url, a!.url]);
    expect((entries[5]!.after as { carouselImageUrls: string[] }).carouselImageUrls).toEqual([c!.url, a!.url]);
  });

  it('refuses unknown images and targets, and slots a place does not have', async () => {
    const { placeId } = await placeWithHouseGroup(t);
    const img = (await upload(await picture(1000, 700, 'jpeg'))).body;
    const noImage = await t.call(
      staffAttachCatalogueImage,
      { targetType: 'PLACE', targetId: placeId, slot: 'VERTICAL', imageId: 'abc123' },
      { token: staff },
    );
    expect(noImage.status).toBe(400);
    expect(noImage.error.errorInfo.fields![0]!.field).toBe('imageId');
    const noTarget = await t.call(
      staffAttachCatalogueImage,
      { targetType: 'HOUSE_GROUP', targetId: 'nowhere', slot: 'VERTICAL', imageId: img.imageId },
      { token: staff },
    );
    expect(noTarget.status).toBe(404);
    const carouselOnPlace = await t.call(
      staffAttachCatalogueImage,
      { targetType: 'PLACE', targetId: placeId, slot: 'CAROUSEL', imageId: img.imageId },
      { token: staff },
    );
    expect(carouselOnPlace.status).toBe(400);
    expect(carouselOnPlace.error.errorInfo.fields![0]!.field).toBe('slot');
    const nothingThere = await t.call(
      staffDetachCatalogueImage,
      { targetType: 'PLACE', targetId: placeId, slot: 'CAROUSEL', position: 0 },
      { token: staff },
    );
    expect(nothingThere.status).toBe(400);
  });
});
