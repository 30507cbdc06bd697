-- Supplemental consensus (docs/decisions/0036-supplemental-consensus.md): questions the operator
-- puts to the owners of a house group, the owners asked with the weight of the shares they held
-- then, their answers (one each, never changed), and the tally stored once the deadline has passed.

CREATE TABLE supplemental_consents (
  id text PRIMARY KEY,
  house_group_id text NOT NULL REFERENCES house_groups (id),
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
  content_markdown text NOT NULL CHECK (char_length(content_markdown) BETWEEN 1 AND 20000),
  answer_deadline timestamptz NOT NULL,
  -- The part of the shares held (percent) that must answer for the result to count.
  quorum_percent integer NOT NULL CHECK (quorum_percent BETWEEN 1 AND 100),
  created_by text NOT NULL,
  -- Where the owners reach the product (PUBLIC_URL or the creating request's origin), for the link in
  -- the mail: a sweep finishing the notification after a restart has no request to ask.
  link_origin text NOT NULL,
  -- The moment the question was put to the owners (the spec's notifiedAt).
  created_at timestamptz NOT NULL,
  CHECK (answer_deadline > created_at),
  -- The tally at the deadline, written once after it (supplemental_consent_frozen_guard refuses any
  -- change of a frozen question).
  frozen_at timestamptz,
  result jsonb,
  CHECK ((frozen_at IS NULL) = (result IS NULL))
);
CREATE INDEX supplemental_consents_house_group_idx ON supplemental_consents (house_group_id, created_at DESC);
-- The sweep finds questions past their deadline and not frozen yet.
CREATE INDEX supplemental_consents_unfrozen_idx ON supplemental_consents (answer_deadline) WHERE frozen_at IS NULL;

CREATE TABLE supplemental_consent_choices (
  consent_id text NOT NULL REFERENCES supplemental_consents (id),
  id text NOT NULL,
  position integer NOT NULL CHECK (position >= 1),
  label text NOT NULL CHECK (char_length(label) BETWEEN 1 AND 200),
  PRIMARY KEY (consent_id, id),
  UNIQUE (consent_id, position)
);

-- The owners asked: every holder of a share of the group when the question was created, with the
-- sum of their fractions of the group then (reduced), so later grants change neither who may
-- answer nor how much an answer weighs.
CREATE TABLE supplemental_consent_owners (
  consent_id text NOT NULL REFERENCES supplemental_consents (id),
  user_id text NOT NULL REFERENCES users (id),
  weight_numerator bigint NOT NULL CHECK (weight_numerator > 0),
  weight_denominator bigint NOT NULL CHECK (weight_denominator > 0 AND weight_numerator <= weight_denominator),
  -- Claimed by the sender before the mail and push go out, so no owner is notified twice.
  notified_at timestamptz,
  PRIMARY KEY (consent_id, user_id)
);
-- An owner's questions (list_supplemental_consents).
CREATE INDEX supplemental_consent_owners_user_idx ON supplemental_consent_owners (user_id);
-- Owners still to notify (the sweep after a crash between the question's commit and its mail).
CREATE INDEX supplemental_consent_owners_unnotified_idx ON supplemental_consent_owners (consent_id)
  WHERE notified_at IS NULL;

-- One answer per owner asked, one of the question's choices; never updated or removed.
CREATE TABLE supplemental_consent_answers (
  consent_id text NOT NULL,
  user_id text NOT NULL,
  choice_id text NOT NULL,
  answered_at timestamptz NOT NULL,
  PRIMARY KEY (consent_id, user_id),
  FOREIGN KEY (consent_id, user_id) REFERENCES supplemental_consent_owners (consent_id, user_id),
  FOREIGN KEY (consent_id, choice_id) REFERENCES supplemental_consent_choices (consent_id, id)
);
