import type { Db } from '../../platform/db/pool.js';
import type { OwnerSettings } from './owner-settings.service.js';
import { toSettings, type OwnerSettingsRow } from './owner-settings.repo.js';
import { toShare, type OwnerShare, type ShareRow } from './owner-share.repo.js';
import type { SlotTier } from './slot-ledger.rules.js';

/** Everything an owner hold or quote reads before its transaction, as of one snapshot. */
export type OwnerHoldContext = {
  /** The caller's user (null when the account has none). */
  caller: { id: string; firstName: string; lastName: string; anonymised: boolean } | null;
  /** The shares the caller may pay with: their own and those of the owners who share with them. */
  choices: { share: OwnerShare; byFamilyMember: boolean }[];
  /** The house group's owner settings, or null when staff never set them (the defaults apply). */
  settings: OwnerSettings | null;
  /** The undrawn allocation round reserving some of the nights, when a reservation was asked about. */
  reservedByRound: string | null;
  /** The balances per share, slot year and tier, of every share in `choices`, for the years asked. */
  balances: { shareId: string; slotYear: number; tier: SlotTier; balance: number }[];
  /** owner_hold_context_fingerprint of the shares and settings above, read in the same statement. */
  fingerprint: string;
};

type ContextRow = {
  caller: { id: string; first_name: string; last_name: string; anonymised: boolean } | null;
  shares: (Omit<ShareRow, 'granted_at'> & { granted_at: string; by_family_member: boolean })[];
  settings: OwnerSettingsRow | null;
  round_id: string | null;
  balances: { share_id: string; slot_year: number; tier: SlotTier; balance: number }[];
  fingerprint: string;
};

/**
 * The caller, their usable shares with those shares' balances, the house group's owner settings
 * and the allocation rounds' reservation, in one query (decision 0037): an owner hold had read
 * them in four round trips, and each round trip cost the API more CPU than the rules it serves.
 * The tables are the user and ownership modules'; they are read here together because one
 * statement sees them at one moment. The hold's own call still has the last word on the slots.
 */
export async function readOwnerHoldContext(
  db: Db,
  input: {
    accountId: string;
    houseGroupId: string;
    slotYears: readonly number[];
    reservation: { houseGroupId: string; checkin: string; checkout: string } | null;
  },
): Promise<OwnerHoldContext> {
  const r = await db.query<ContextRow>({
    // Named: every owner hold and quote asks it, so each connection plans it once.
    name: 'owner_hold_context',
    text: `WITH sh AS (
             SELECT s.*, s.user_id <> h.caller_user_id AS by_family_member
               FROM share_holders_of_account($1) h JOIN owner_shares s ON s.user_id = h.holder_user_id)
           SELECT
             (SELECT json_build_object('id', u.id, 'first_name', u.first_name, 'last_name', u.last_name,
                                       'anonymised', u.anonymised_at IS NOT NULL)
                FROM users u WHERE u.identity_id = $1) AS caller,
             (SELECT coalesce(json_agg(to_jsonb(sh) ORDER BY sh.granted_at, sh.id), '[]') FROM sh) AS shares,
             (SELECT to_jsonb(o) FROM house_group_owner_settings o WHERE o.house_group_id = $2) AS settings,
             (SELECT p.round_id FROM allocation_periods p JOIN allocation_rounds ar ON ar.id = p.round_id
               WHERE $4::text IS NOT NULL AND p.house_group_id = $4 AND ar.drawn_at IS NULL
                 AND p.checkin_date < $6::date AND p.checkout_date > $5::date
               ORDER BY ar.created_at, ar.id LIMIT 1) AS round_id,
             (SELECT coalesce(json_agg(json_build_object('share_id', b.share_id, 'slot_year', b.slot_year,
                                                          'tier', b.tier, 'balance', b.balance)), '[]')
                FROM (SELECT l.share_id, l.slot_year, l.tier, sum(l.nights)::int AS balance FROM slot_ledger l
                       WHERE l.share_id IN (SELECT id FROM sh) AND l.slot_year = ANY($3::int[])
                       GROUP BY l.share_id, l.slot_year, l.tier) b) AS balances,
             owner_hold_context_fingerprint($1, $2) AS fingerprint`,
    values: [
      input.accountId,
      input.houseGroupId,
      input.slotYears,
      input.reservation?.houseGroupId ?? null,
      input.reservation?.checkin ?? null,
      input.reservation?.checkout ?? null,
    ],
  });
  const row = r.rows[0]!;
  return {
    caller: row.caller && {
      id: row.caller.id,
      firstName: row.caller.first_name,
      lastName: row.caller.last_name,
      anonymised: row.caller.anonymised,
    },
    choices: row.shares.map((s) => ({
      share: toShare({ ...s, granted_at: new Date(s.granted_at) }),
      byFamilyMember: s.by_family_member,
    })),
    settings: row.settings && toSettings(row.settings),
    reservedByRound: row.round_id,
    balances: row.balances.map((b) => ({
      shareId: b.share_id,
      slotYear: b.slot_year,
      tier: b.tier,
      balance: b.balance,
    })),
    fingerprint: row.fingerprint,
  };
}
