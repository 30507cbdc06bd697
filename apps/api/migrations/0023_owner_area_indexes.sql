-- The owner area's reads (docs/decisions/0028-owner-area-reads.md), measured by
-- bench/owner-home.bench.ts (an owner of 5 shares with 3 years of history).

-- 1. get_owner_home reads every owner stay of the caller's shares (a few hundred rows after a few
--    years). Through the share index (0020) each row was a heap fetch on its own page of the wide
--    bookings table: 145 buffers for 399 stays. With the columns the owner area reads included,
--    the same read is an index-only scan of about 25 buffers. It replaces the index of 0020 (same
--    key and predicate), so owner bookings keep one share index, not two. Status changes of these
--    bookings were not HOT updates before either (bookings_account_idx has the status).
DROP INDEX IF EXISTS bookings_share_idx;
CREATE INDEX bookings_share_idx ON bookings (share_id, checkin_date)
  INCLUDE (checkout_date, status, booking_type, house_group_id, house_id, id, booking_number, timezone,
           booked_by_family_member, debt_option)
  WHERE share_id IS NOT NULL;

-- 2. The balance sums (get_slot_balance, the owner home, the ledger's guard) group a share's
--    entries by year and tier and count high-substitutes: with high_substitute included they are
--    index-only scans of the append-only ledger, which vacuum keeps all-visible.
DROP INDEX IF EXISTS slot_ledger_balance_idx;
CREATE INDEX slot_ledger_balance_idx ON slot_ledger (share_id, slot_year, tier) INCLUDE (nights, kind, high_substitute);

-- 3. get_owner_revenue reads a house group's guest bookings of a year; bookings had no index by
--    house group, so every call read the whole table.
CREATE INDEX bookings_house_group_idx ON bookings (house_group_id, checkin_date);
