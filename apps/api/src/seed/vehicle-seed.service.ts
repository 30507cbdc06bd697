import { addDays, todayIn } from '@yado/contract/civil-date';
import type { Deps } from '../platform/deps.js';
import {
  staffAddVehicleAvailability,
  staffCreateVehicle,
  staffCreateVehicleLocation,
  staffListVehicles,
} from '../modules/vehicle/vehicle.service.js';

const PLACE = 'place-kazahana';
const ACTOR = 'system:demo-seed';

/** Midnight in Japan of a day, in the contract's date-time shape. */
const japanMidnight = (iso: string) => {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return { year, month, day, hours: 0, minutes: 0, seconds: 0, nanos: 0, utcOffset: '+09:00' };
};

/**
 * Two electric cars at Kazahana (where the demo guest stays), rentable every day for the next
 * 90 days, picked up at the villa's entrance (free) or at the station (¥500). The demo guest has
 * no driver licence: registering one is the first step of renting.
 */
export async function seedDemoVehicles(deps: Deps): Promise<void> {
  // A seed cut short is finished by the next run: what is already there is left as it is.
  const existing = await staffListVehicles(deps, PLACE);
  if (existing.vehicles.length > 0 || existing.locations.length > 0) return;
  await staffCreateVehicleLocation(deps, ACTOR, {
    placeId: PLACE,
    displayNameEn: 'Kazahana Villa entrance',
    displayNameJa: '風花ヴィラ 玄関前',
    descriptionEn: 'The charging bay beside the entrance.',
    descriptionJa: '玄関横の充電スペースです。',
    price: 0,
    latitude: 35.2326,
    longitude: 139.0271,
    retired: false,
    sortOrder: 0,
  });
  await staffCreateVehicleLocation(deps, ACTOR, {
    placeId: PLACE,
    displayNameEn: 'Gora Station',
    displayNameJa: '強羅駅',
    descriptionEn: 'The taxi stand at the station square.',
    descriptionJa: '駅前広場のタクシー乗り場です。',
    price: 500,
    latitude: 35.2498,
    longitude: 139.0464,
    retired: false,
    sortOrder: 1,
  });
  const today = todayIn('Asia/Tokyo', deps.clock.now());
  const cars = [
    {
      registrationNumber: '湘南 300 た 12-34',
      displayNameEn: 'Nissan Sakura',
      displayNameJa: '日産 サクラ',
      capacity: 4,
      basePrice: 2000,
      halfHourPrice: 600,
      telematicsDeviceId: 'SIM-KAZAHANA-1',
    },
    {
      registrationNumber: '湘南 300 ち 56-78',
      displayNameEn: 'Nissan Leaf',
      displayNameJa: '日産 リーフ',
      capacity: 5,
      basePrice: 3000,
      halfHourPrice: 800,
      telematicsDeviceId: 'SIM-KAZAHANA-2',
    },
  ];
  for (const [i, car] of cars.entries()) {
    const { vehicle } = await staffCreateVehicle(deps, ACTOR, {
      ...car,
      placeId: PLACE,
      displayImageUrl: '',
      retired: false,
      sortOrder: i,
    });
    await staffAddVehicleAvailability(deps, ACTOR, {
      vehicleId: vehicle.id,
      startTime: japanMidnight(addDays(today, -1)),
      endTime: japanMidnight(addDays(today, 90)),
    });
  }
}
