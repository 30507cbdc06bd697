import type { Db } from '../../platform/db/pool.js';

/** A house group's private stay details, as stored (house_group_stay_details, migration 0033). */
export type StayDetailsRecord = {
  houseGroupId: string;
  wifiNetworkName: string;
  wifiPassword: string;
  houseRulesEn: string;
  houseRulesJa: string;
  contactPhone: { countryCode: number; nationalNumber: string } | null;
  updatedAt: Date;
};

type Row = {
  house_group_id: string;
  wifi_network_name: string;
  wifi_password: string;
  house_rules_en: string;
  house_rules_ja: string;
  contact_phone_country_code: number | null;
  contact_phone_national_number: string | null;
  updated_at: Date;
};

const COLUMNS = `house_group_id, wifi_network_name, wifi_password, house_rules_en, house_rules_ja,
  contact_phone_country_code, contact_phone_national_number, updated_at`;

function toRecord(r: Row): StayDetailsRecord {
  return {
    houseGroupId: r.house_group_id,
    wifiNetworkName: r.wifi_network_name,
    wifiPassword: r.wifi_password,
    houseRulesEn: r.house_rules_en,
    houseRulesJa: r.house_rules_ja,
    contactPhone:
      r.contact_phone_country_code !== null && r.contact_phone_national_number !== null
        ? { countryCode: r.contact_phone_country_code, nationalNumber: r.contact_phone_national_number }
        : null,
    updatedAt: r.updated_at,
  };
}

export async function findStayDetails(db: Db, houseGroupId: string): Promise<StayDetailsRecord | null> {
  const r = await db.query<Row>(`SELECT ${COLUMNS} FROM house_group_stay_details WHERE house_group_id = $1`, [
    houseGroupId,
  ]);
  return r.rows[0] ? toRecord(r.rows[0]) : null;
}

/** The row locked for a change, so two staff saves of one group follow each other (the audit's "before" stays true). */
export async function lockStayDetails(tx: Db, houseGroupId: string): Promise<StayDetailsRecord | null> {
  const r = await tx.query<Row>(
    `SELECT ${COLUMNS} FROM house_group_stay_details WHERE house_group_id = $1 FOR UPDATE`,
    [houseGroupId],
  );
  return r.rows[0] ? toRecord(r.rows[0]) : null;
}

export async function upsertStayDetails(
  tx: Db,
  d: Omit<StayDetailsRecord, 'updatedAt'>,
  now: Date,
): Promise<StayDetailsRecord> {
  const r = await tx.query<Row>(
    `INSERT INTO house_group_stay_details (house_group_id, wifi_network_name, wifi_password, house_rules_en,
       house_rules_ja, contact_phone_country_code, contact_phone_national_number, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (house_group_id) DO UPDATE SET
       wifi_network_name = EXCLUDED.wifi_network_name, wifi_password = EXCLUDED.wifi_password,
       house_rules_en = EXCLUDED.house_rules_en, house_rules_ja = EXCLUDED.house_rules_ja,
       contact_phone_country_code = EXCLUDED.contact_phone_country_code,
       contact_phone_national_number = EXCLUDED.contact_phone_national_number, updated_at = EXCLUDED.updated_at
     RETURNING ${COLUMNS}`,
    [
      d.houseGroupId,
      d.wifiNetworkName,
      d.wifiPassword,
      d.houseRulesEn,
      d.houseRulesJa,
      d.contactPhone?.countryCode ?? null,
      d.contactPhone?.nationalNumber ?? null,
      now,
    ],
  );
  return toRecord(r.rows[0]!);
}
