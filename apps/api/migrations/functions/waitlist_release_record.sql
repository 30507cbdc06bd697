-- Nights a stay gives back (an ACTIVE stay released or deleted: a cancellation, a lapsed hold, a
-- withdrawn gift, a removed block) are noted for the waitlist sweep in the releasing transaction,
-- so a release and its note commit together; only when someone waits for nights it touches, so
-- other releases write nothing (docs/decisions/0045-waitlist-offers.md).
-- The current definition: edit it here (the migrator applies it again when this file changes).

CREATE OR REPLACE FUNCTION waitlist_release_record() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'ACTIVE' AND (TG_OP = 'DELETE' OR NEW.status <> 'ACTIVE') THEN
    INSERT INTO waitlist_releases (house_group_id, checkin_date, checkout_date)
    SELECT OLD.house_group_id, OLD.checkin_date, greatest(OLD.checkout_date, OLD.checkin_date + 1)
    WHERE EXISTS (
      SELECT 1 FROM cancellation_subscriptions s
      WHERE s.house_group_id = OLD.house_group_id AND s.state = 'WAITING'
        AND s.checkin_date <= OLD.checkout_date AND s.checkout_date > OLD.checkin_date);
  END IF;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER stays_waitlist_release AFTER UPDATE OF status OR DELETE ON stays
  FOR EACH ROW EXECUTE FUNCTION waitlist_release_record();
