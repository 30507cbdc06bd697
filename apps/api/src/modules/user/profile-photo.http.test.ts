import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { registeredUser } from '../../test-support/user-factory.js';
import { updateProfilePhoto, getUser } from '@yado/contract/user.contract';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});

const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } });
const jpeg = async (width: number, height: number) => (await image(width, height).jpeg().toBuffer()).toString('base64');

describe('update_profile_photo', () => {
  it('stores a JPEG and serves it at profilePhotoUrl with long-lived cache headers', async () => {
    const { token } = await registeredUser(t);
    const res = await t.call(updateProfilePhoto, { photo: await jpeg(1024, 768) }, { token });
    expect(res.status).toBe(200);
    const url: string = res.body.profilePhotoUrl;
    expect(url).toMatch(/^\/media\/profile-photos\/[0-9a-f]{32}\.jpg$/);
    expect((await t.call(getUser, {}, { token })).body.profilePhotoUrl).toBe(url);

    const served = await t.raw(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = served.headers.get('etag');
    expect(etag).toBeTruthy();
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1024, height: 768 });

    const cached = await t.raw(url, { headers: { 'if-none-match': etag! } });
    expect(cached.status).toBe(304);
  });

  it('gives each upload a new address and removes the previous photo', async () => {
    const { token } = await registeredUser(t);
    const first = (await t.call(updateProfilePhoto, { photo: await jpeg(200, 200) }, { token })).body.profilePhotoUrl;
    const second = (await t.call(updateProfilePhoto, { photo: await jpeg(300, 100) }, { token })).body.profilePhotoUrl;
    expect(second).not.toBe(first);
    expect((await t.raw(first)).status).toBe(404);
    expect((await t.raw(second)).status).toBe(200);
  });

  it('removes EXIF data such as where the photo was taken', async () => {
    const { token } = await registeredUser(t);
    const withExif = await image(100, 100)
      .withExif({ IFD0: { Copyright: 'secret place' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const url = (await t.call(updateProfilePhoto, { photo: withExif.toString('base64') }, { token })).body
      .profilePhotoUrl;
    const stored = Buffer.from(await (await t.raw(url)).arrayBuffer());
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
  });

  it('refuses a PNG, a JPEG wider than 1024 px, and bytes that only start like a JPEG', async () => {
    const { token } = await registeredUser(t);
    const png = (await image(100, 100).png().toBuffer()).toString('base64');
    const pngRes = await t.call(updateProfilePhoto, { photo: png }, { token, language: 'ja' });
    expect(pngRes.status).toBe(400);
    expect(pngRes.error.errorInfo.reason).toBe('CodeInvalidImage');
    expect(pngRes.error.errorInfo.fields![0]!.field).toBe('photo');
    expect(pngRes.error.localizedMessage).toContain('写真は縦横1024ピクセル以内のJPEG画像にしてください。');

    const wide = await t.call(updateProfilePhoto, { photo: await jpeg(1025, 10) }, { token });
    expect(wide.error.errorInfo.reason).toBe('CodeInvalidImage');
    const tall = await t.call(updateProfilePhoto, { photo: await jpeg(10, 1025) }, { token });
    expect(tall.error.errorInfo.reason).toBe('CodeInvalidImage');

    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]).toString('base64');
    const fakeRes = await t.call(updateProfilePhoto, { photo: fake }, { token });
    expect(fakeRes.error.errorInfo.reason).toBe('CodeInvalidImage');

    const truncated = Buffer.from(await jpeg(400, 400), 'base64')
      .subarray(0, 300)
      .toString('base64');
    expect((await t.call(updateProfilePhoto, { photo: truncated }, { token })).error.errorInfo.reason).toBe(
      'CodeInvalidImage',
    );
    expect((await t.call(getUser, {}, { token })).body.profilePhotoUrl).toBe('');
  });

  it('refuses a data URL, naming the field', async () => {
    const { token } = await registeredUser(t);
    const res = await t.call(updateProfilePhoto, { photo: `data:image/jpeg;base64,${await jpeg(10, 10)}` }, { token });
    expect(res.status).toBe(400);
    expect(res.error.errorInfo.reason).toBe('CodeInvalidArgument');
    expect(res.error.errorInfo.fields![0]!.field).toBe('photo');
  });

  it('answers 404 for a photo that does not exist', async () => {
    expect((await t.raw('/media/profile-photos/0123456789abcdef0123456789abcdef.jpg')).status).toBe(404);
  });
});
