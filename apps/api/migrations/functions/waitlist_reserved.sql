-- Whether the house's nights [checkin, checkout) are kept for someone else by an ACTIVE waitlist
-- offer (docs/decisions/0045-waitlist-offers.md): hold_tentative_booking and booking.repo.ts
-- tryInsertStay pass such a house over after taking its night locks, as they pass over a taken one.
-- A NULL account is nobody's: every ACTIVE offer counts. One probe of waitlist_offers_active_house.
-- The current definition: edit it here (the migrator applies it again when this file changes).

CREATE OR REPLACE FUNCTION waitlist_reserved(house text, checkin date, checkout date, account uuid) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM waitlist_offers o
    WHERE o.house_id = house AND o.state = 'ACTIVE' AND o.checkin_date < checkout AND o.checkout_date > checkin
      AND o.account_id IS DISTINCT FROM account)
$$;
