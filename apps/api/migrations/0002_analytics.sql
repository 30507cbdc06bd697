-- Product analytics: login, sign_up and page_view events sent by the web app
-- to /api/analytics. The user id is the account of the verified session (null
-- for visitors); only a coarse device class is kept, not the user agent.

CREATE TABLE analytics_events (
  id bigserial PRIMARY KEY,
  event_name text NOT NULL CHECK (event_name IN ('login', 'sign_up', 'page_view')),
  user_id text,
  path text NOT NULL,
  language text NOT NULL CHECK (language IN ('en', 'ja')),
  occurred_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  user_agent_class text NOT NULL CHECK (user_agent_class IN ('mobile', 'tablet', 'desktop', 'bot', 'other'))
);

CREATE INDEX analytics_events_name_time ON analytics_events (event_name, occurred_at);
CREATE INDEX analytics_events_user ON analytics_events (user_id, occurred_at) WHERE user_id IS NOT NULL;
