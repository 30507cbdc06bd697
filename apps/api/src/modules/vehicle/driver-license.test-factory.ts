import { addDays, civilFromIso, todayIn } from '@yado/contract/civil-date';
import { registerDriverLicense, uploadDriverLicenseImage } from '@yado/contract/vehicle.contract';
import sharp from 'sharp';
import type { TestApi } from '../../test-support/test-api.js';

/** A photograph of a licence card: a small PNG, as a phone might send it. */
export async function licensePhoto(colour = '#3a7bd5'): Promise<string> {
  const png = await sharp({ create: { width: 856, height: 540, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return png.toString('base64');
}

export async function uploadedImage(t: TestApi, token: string, side: 'FRONT' | 'BACK' = 'FRONT'): Promise<string> {
  const res = await t.call(uploadDriverLicenseImage, { side, contentBase64: await licensePhoto() }, { token });
  if (res.status !== 200) throw new Error(`upload_driver_license_image failed: ${JSON.stringify(res.body)}`);
  return res.body.imageId;
}

/** Today in Japan (by the test clock) plus `days`, as the contract's civil date. */
export const japanDay = (t: TestApi, days: number) => civilFromIso(addDays(todayIn('Asia/Tokyo', t.clock.now()), days));

/** The fields of a licence valid for about 3 years, with both photographs uploaded by the user. */
export async function licenseInput(t: TestApi, token: string, number = `30${Date.now() % 1e10}`.slice(0, 12)) {
  return {
    driverLicenseNumber: number,
    expireDate: japanDay(t, 1000),
    licenseType: 'ORDINARY' as const,
    holderName: 'Yamada Taro',
    holderAddress: {
      countryCode: 'JP',
      postalCode: '399-9301',
      state: 'Nagano',
      city: 'Hakuba',
      street1: '1-2-3 Hokujo',
      street2: '',
    },
    frontImageId: await uploadedImage(t, token, 'FRONT'),
    backImageId: await uploadedImage(t, token, 'BACK'),
  };
}

/** A registered licence waiting for review. */
export async function pendingLicense(t: TestApi, token: string, number?: string) {
  const res = await t.call(registerDriverLicense, await licenseInput(t, token, number), { token });
  if (res.status !== 200) throw new Error(`register_driver_license failed: ${JSON.stringify(res.body)}`);
  return res.body.driverLicense;
}
