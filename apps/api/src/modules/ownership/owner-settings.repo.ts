import type { Db } from '../../platform/db/pool.js';

export type OwnerSettings = {
  houseGroupId: string;
  ownUseFee: number;
  mutualUseExtraChargePerDay: number;
  allowHighSubstitute: boolean;
  inOwnerNetwork: boolean;
  managementFeePerMonth: number;
  statementCycle: 'MONTHLY' | 'SEMESTER';
};

export type OwnerSettingsRow = {
  house_group_id: string;
  own_use_fee: number;
  mutual_use_extra_charge_per_day: number;
  allow_high_substitute: boolean;
  in_owner_network: boolean;
  management_fee_per_month: number;
  statement_cycle: 'MONTHLY' | 'SEMESTER';
};

export const toSettings = (r: OwnerSettingsRow): OwnerSettings => ({
  houseGroupId: r.house_group_id,
  ownUseFee: r.own_use_fee,
  mutualUseExtraChargePerDay: r.mutual_use_extra_charge_per_day,
  allowHighSubstitute: r.allow_high_substitute,
  inOwnerNetwork: r.in_owner_network,
  managementFeePerMonth: r.management_fee_per_month,
  statementCycle: r.statement_cycle,
});

/** The row of a house group's owner settings, or null when staff never set them. */
export async function findOwnerSettings(db: Db, houseGroupId: string): Promise<OwnerSettings | null> {
  const r = await db.query<OwnerSettingsRow>('SELECT * FROM house_group_owner_settings WHERE house_group_id = $1', [
    houseGroupId,
  ]);
  return r.rows[0] ? toSettings(r.rows[0]) : null;
}

export async function upsertOwnerSettings(db: Db, s: OwnerSettings, actor: string, at: Date): Promise<void> {
  await db.query(
    `INSERT INTO house_group_owner_settings (house_group_id, own_use_fee, mutual_use_extra_charge_per_day,
       allow_high_substitute, in_owner_network, updated_by, updated_at, management_fee_per_month, statement_cycle)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (house_group_id) DO UPDATE SET own_use_fee = $2, mutual_use_extra_charge_per_day = $3,
       allow_high_substitute = $4, in_owner_network = $5, updated_by = $6, updated_at = $7,
       management_fee_per_month = $8, statement_cycle = $9`,
    [
      s.houseGroupId,
      s.ownUseFee,
      s.mutualUseExtraChargePerDay,
      s.allowHighSubstitute,
      s.inOwnerNetwork,
      actor,
      at,
      s.managementFeePerMonth,
      s.statementCycle,
    ],
  );
}

/** Whether a house group exists (settings are refused for an unknown one). */
export async function houseGroupExists(db: Db, houseGroupId: string): Promise<boolean> {
  const r = await db.query('SELECT 1 FROM house_groups WHERE id = $1', [houseGroupId]);
  return (r.rowCount ?? 0) > 0;
}
