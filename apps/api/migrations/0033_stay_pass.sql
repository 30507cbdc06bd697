-- The stay pass (docs/decisions/0044-offline-stay-pass.md): what a guest needs on arrival and during
-- the stay, kept on the device for when there is no network. These details are private (a Wi-Fi
-- password), so they live in a table of their own that the public catalogue never reads, rather
-- than as columns of house_groups that a catalogue query could select by accident. Only the
-- stay_pass module reads it: for a holder of the booking's key inside the pass window, and for
-- staff in the house-group editor. How to get in (the key-box code, the door instructions) is not
-- here: the pass takes it from the stay's own key (stay_keys, stay_house_access, migration 0030).
CREATE TABLE house_group_stay_details (
  house_group_id text PRIMARY KEY REFERENCES house_groups (id) ON DELETE CASCADE,
  wifi_network_name text NOT NULL DEFAULT '',
  wifi_password text NOT NULL DEFAULT '',
  house_rules_en text NOT NULL DEFAULT '',
  house_rules_ja text NOT NULL DEFAULT '',
  -- The number a guest calls during the stay (the front desk or the caretaker); the place's
  -- public number when none is set.
  contact_phone_country_code integer CHECK (contact_phone_country_code BETWEEN 1 AND 999),
  contact_phone_national_number text CHECK (contact_phone_national_number ~ '^[0-9]{4,15}$'),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((contact_phone_country_code IS NULL) = (contact_phone_national_number IS NULL))
);
