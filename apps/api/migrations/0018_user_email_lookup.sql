-- update_user and create_user refuse an email address another live user already holds;
-- this index answers that question without reading every user.
CREATE INDEX users_live_email_idx ON users (lower(email)) WHERE anonymised_at IS NULL;
