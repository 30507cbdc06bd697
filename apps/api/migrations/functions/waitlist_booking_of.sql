-- The booking of the account holding an ACTIVE stay in the house group on any of the nights
-- [checkin, checkout), or NULL: how the waitlist sweep tells that a subscriber used their offer
-- (docs/decisions/0045-waitlist-offers.md), without the waitlist module reading the booking tables.
-- The current definition: edit it here (the migrator applies it again when this file changes).

CREATE OR REPLACE FUNCTION waitlist_booking_of(p_account uuid, p_group text, p_checkin date, p_checkout date)
RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT b.id FROM bookings b JOIN stays s ON s.id = b.stay_id
  WHERE b.account_id = p_account AND b.house_group_id = p_group AND s.status = 'ACTIVE'
    AND s.checkin_date < p_checkout AND s.checkout_date > p_checkin
  ORDER BY b.created_at DESC LIMIT 1
$$;
