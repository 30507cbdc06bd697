import type { Db } from '../platform/db/pool.js';

type Text = { en: string; ja: string };

export type SeedPlace = {
  id: string;
  name: Text;
  prefecture: Text;
  city: Text;
  phone: string;
  description: Text;
  verticalImageUrl: string;
  horizontalImageUrl: string;
  audiences: ('OWNER' | 'GUEST')[];
};

export async function insertPlace(db: Db, p: SeedPlace): Promise<void> {
  await db.query(
    `INSERT INTO places (id, name_en, name_ja, prefecture_en, prefecture_ja, city_en, city_ja, phone_country_code,
                         phone_national_number, description_en, description_ja, vertical_image_url,
                         horizontal_image_url, audiences)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 81, $8, $9, $10, $11, $12, $13) ON CONFLICT (id) DO NOTHING`,
    [
      p.id,
      p.name.en,
      p.name.ja,
      p.prefecture.en,
      p.prefecture.ja,
      p.city.en,
      p.city.ja,
      p.phone,
      p.description.en,
      p.description.ja,
      p.verticalImageUrl,
      p.horizontalImageUrl,
      p.audiences,
    ],
  );
}

export type SeedHouseGroup = {
  id: string;
  placeId: string;
  name: Text;
  type: string;
  usageLabel: string;
  area: Text;
  beds: number;
  bathrooms: number;
  possibleBedSharingCapacity: number;
  images: { vertical: string; horizontal: string; square: string; carousel: string[] };
  standardPrice: number;
  highPrice: number;
  baseCapacity: number;
  maxCapacity: number;
  minAdultCapacity: number;
  capacityDescription: Text;
  isPetAllowed: boolean;
  basePetCapacity: number;
  maxPetCapacity: number;
  ownerTimeUsePricePerHour: number;
  membershipTimeUsePricePerHour: number;
  unlockOperationType: string;
  mealProvidable: boolean;
  availableBookingTypes: string[];
  concept: { title: Text; description: Text };
  postalCode: string;
  address: { en: object; ja: object };
  latitude: number;
  longitude: number;
  checkinTime: string;
  checkoutTime: string;
  serviceChargePercentage: number;
  extraChargePerGuestPerNight: number;
  accommodationTaxBands: object[];
  sortOrder: number;
  houses: { id: string; name: Text; floor: number }[];
  stayStyleIds: string[];
};

export async function insertHouseGroup(db: Db, h: SeedHouseGroup): Promise<void> {
  await db.query(
    `INSERT INTO house_groups (
       id, place_id, name_en, name_ja, type, usage_label, area_en, area_ja, beds, bathrooms,
       possible_bed_sharing_capacity, vertical_image_url, horizontal_image_url, square_image_url, carousel_image_urls,
       standard_season_price, base_capacity, max_capacity, min_adult_capacity, capacity_description_en,
       capacity_description_ja, is_pet_allowed, base_pet_capacity, max_pet_capacity, owner_time_use_price_per_hour,
       membership_time_use_price_per_hour, unlock_operation_type, meal_providable, available_booking_types,
       concept_title_en, concept_title_ja, concept_description_en, concept_description_ja, postal_code,
       address_en, address_ja, latitude, longitude, checkin_time, checkout_time, service_charge_percentage,
       extra_charge_per_guest_per_night, accommodation_tax_bands, sort_order)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22,
             $23, $24, $25, $26, $27, $28, $29, $30, $31, $32, $33, $34, $35, $36, $37, $38, $39, $40, $41, $42,
             $43, $44)
     ON CONFLICT (id) DO NOTHING`,
    [
      h.id,
      h.placeId,
      h.name.en,
      h.name.ja,
      h.type,
      h.usageLabel,
      h.area.en,
      h.area.ja,
      h.beds,
      h.bathrooms,
      h.possibleBedSharingCapacity,
      h.images.vertical,
      h.images.horizontal,
      h.images.square,
      h.images.carousel,
      h.standardPrice,
      h.baseCapacity,
      h.maxCapacity,
      h.minAdultCapacity,
      h.capacityDescription.en,
      h.capacityDescription.ja,
      h.isPetAllowed,
      h.basePetCapacity,
      h.maxPetCapacity,
      h.ownerTimeUsePricePerHour,
      h.membershipTimeUsePricePerHour,
      h.unlockOperationType,
      h.mealProvidable,
      h.availableBookingTypes,
      h.concept.title.en,
      h.concept.title.ja,
      h.concept.description.en,
      h.concept.description.ja,
      h.postalCode,
      JSON.stringify(h.address.en),
      JSON.stringify(h.address.ja),
      h.latitude,
      h.longitude,
      h.checkinTime,
      h.checkoutTime,
      h.serviceChargePercentage,
      h.extraChargePerGuestPerNight,
      JSON.stringify(h.accommodationTaxBands),
      h.sortOrder,
    ],
  );
  for (const house of h.houses) {
    await db.query(
      `INSERT INTO houses (id, house_group_id, name_en, name_ja, floor) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (id) DO NOTHING`,
      [house.id, h.id, house.name.en, house.name.ja, house.floor],
    );
  }
  for (const styleId of h.stayStyleIds) {
    await db.query(
      'INSERT INTO house_group_stay_styles (house_group_id, stay_style_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [h.id, styleId],
    );
  }
}

/**
 * The season calendar of a house group from `from` for `days` days, in one
 * statement: HIGH on the New Year (Dec 28 – Jan 4), Golden Week (Apr 29 –
 * May 6), Obon (Aug 11–17) and the autumn holidays (Sep 19–23), STANDARD
 * otherwise; closed on the given dates (maintenance).
 */
export async function insertSeasonCalendar(
  db: Db,
  c: { houseGroupId: string; from: string; days: number; standardPrice: number; highPrice: number; closed: string[] },
): Promise<void> {
  await db.query(
    `INSERT INTO house_group_days (house_group_id, date, price_type, closed, standard_price, high_price)
     SELECT $1, d::date,
            CASE WHEN (extract(month FROM d) = 12 AND extract(day FROM d) >= 28)
                   OR (extract(month FROM d) = 1 AND extract(day FROM d) <= 4)
                   OR (extract(month FROM d) = 4 AND extract(day FROM d) >= 29)
                   OR (extract(month FROM d) = 5 AND extract(day FROM d) <= 6)
                   OR (extract(month FROM d) = 8 AND extract(day FROM d) BETWEEN 11 AND 17)
                   OR (extract(month FROM d) = 9 AND extract(day FROM d) BETWEEN 19 AND 23)
                 THEN 'HIGH' ELSE 'STANDARD' END,
            d::date = ANY ($6::date[]),
            $4, $5
     FROM generate_series($2::date, $2::date + ($3::int - 1), interval '1 day') AS d
     ON CONFLICT (house_group_id, date) DO NOTHING`,
    [c.houseGroupId, c.from, c.days, c.standardPrice, c.highPrice, c.closed],
  );
}

/**
 * Demo stays on one house: every `every` days from `from`, `length` nights
 * (3 nights every third stay), until `until`. They never overlap each other.
 */
export async function insertDemoStays(
  db: Db,
  s: { houseId: string; houseGroupId: string; from: string; until: string; every: number },
): Promise<void> {
  await db.query(
    `INSERT INTO stays (id, house_id, house_group_id, checkin_date, checkout_date, booking_id)
     SELECT $1 || '-' || k, $1, $2, $3::date + k * $5, $3::date + k * $5 + (CASE WHEN k % 3 = 0 THEN 3 ELSE 2 END),
            'demo-stay'
     FROM generate_series(0, ($4::date - $3::date) / $5) AS k
     ON CONFLICT (id) DO NOTHING`,
    [s.houseId, s.houseGroupId, s.from, s.until, s.every],
  );
}

export type SeedStayStyle = { id: string; name: Text; description: Text; imageUrl: string; sortOrder: number };

export async function insertStayStyle(db: Db, s: SeedStayStyle): Promise<void> {
  await db.query(
    `INSERT INTO stay_styles (id, name_en, name_ja, description_en, description_ja, image_url, sort_order)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
    [s.id, s.name.en, s.name.ja, s.description.en, s.description.ja, s.imageUrl, s.sortOrder],
  );
}
