-- Questionnaires after check-out and stay styles on bookings
-- (docs/decisions/0043-questionnaires-and-stay-styles.md).

-- A questionnaire staff put to guests after their stay. Texts are kept in both languages side by
-- side (title, description, and inside `questions` each question's text and choice labels), so a
-- guest reads it in the language of the request and staff edit one record.
CREATE TABLE questionnaires (
  id text PRIMARY KEY,
  title_en text NOT NULL CHECK (char_length(title_en) BETWEEN 1 AND 200),
  title_ja text NOT NULL CHECK (char_length(title_ja) BETWEEN 1 AND 200),
  description_en text NOT NULL DEFAULT '',
  description_ja text NOT NULL DEFAULT '',
  -- [{id, type, required, text: {en, ja}, choices: [{id, label: {en, ja}}]}], checked by the
  -- contract's schema on every write; answers name the ids, which never change once answered.
  questions jsonb NOT NULL CHECK (jsonb_typeof(questions) = 'array'),
  -- True: offered after stays at every house group; false: only at questionnaire_house_groups.
  all_house_groups boolean NOT NULL,
  active boolean NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  version integer NOT NULL DEFAULT 1
);
CREATE INDEX questionnaires_active_idx ON questionnaires (created_at DESC) WHERE active;

CREATE TABLE questionnaire_house_groups (
  questionnaire_id text NOT NULL REFERENCES questionnaires (id) ON DELETE CASCADE,
  house_group_id text NOT NULL REFERENCES house_groups (id) ON DELETE CASCADE,
  PRIMARY KEY (questionnaire_id, house_group_id)
);
CREATE INDEX questionnaire_house_groups_group_idx ON questionnaire_house_groups (house_group_id);

-- One answer per booking (the primary key refuses a second), never changed.
CREATE TABLE questionnaire_answers (
  booking_id text PRIMARY KEY REFERENCES bookings (id),
  questionnaire_id text NOT NULL REFERENCES questionnaires (id),
  user_id text NOT NULL REFERENCES users (id),
  -- [{questionId, rating | choiceId | text}], checked against the questions when written.
  answers jsonb NOT NULL CHECK (jsonb_typeof(answers) = 'array'),
  answered_at timestamptz NOT NULL
);
CREATE INDEX questionnaire_answers_questionnaire_idx ON questionnaire_answers (questionnaire_id, answered_at DESC);

-- The stay style a guest chose for the booking among its house group's styles.
ALTER TABLE bookings ADD COLUMN stay_style_id text REFERENCES stay_styles (id);

-- What a house group suggests first to a guest of a stay style: its meals and extra options, in
-- the order staff put them. Ids are checked to be the group's own when written.
CREATE TABLE stay_style_suggestions (
  house_group_id text NOT NULL REFERENCES house_groups (id) ON DELETE CASCADE,
  stay_style_id text NOT NULL REFERENCES stay_styles (id) ON DELETE CASCADE,
  meal_ids text[] NOT NULL DEFAULT '{}',
  extra_option_ids text[] NOT NULL DEFAULT '{}',
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (house_group_id, stay_style_id)
);
