-- Owner statements (docs/decisions/0035-owner-statements.md): what the operator settles with each
-- owner per period, issued once when staff (or the closing job) close the period, never edited.

-- What a house group charges its owners every month for running the houses (yen per house per month,
-- tax-exclusive, for the whole house: an owner pays their share's part), and how often its owners are
-- settled: every month, or every half year (January–June, July–December).
ALTER TABLE house_group_owner_settings
  ADD COLUMN management_fee_per_month integer NOT NULL DEFAULT 0
    CHECK (management_fee_per_month BETWEEN 0 AND 10000000),
  ADD COLUMN statement_cycle text NOT NULL DEFAULT 'MONTHLY' CHECK (statement_cycle IN ('MONTHLY', 'SEMESTER'));

-- A settlement period and its close. One row per cycle and first day: closing a period twice (or twice
-- at once) finds the row already there. Statements are generated after the row is written, in
-- batches; `completed_at` is set once every owner of the period has a statement.
CREATE TABLE owner_statement_periods (
  id text PRIMARY KEY,
  cycle text NOT NULL CHECK (cycle IN ('MONTHLY', 'SEMESTER')),
  period_from date NOT NULL,
  -- The last day of the period (inclusive), as the statement shows it.
  period_to date NOT NULL CHECK (period_to >= period_from),
  closed_by text NOT NULL,
  closed_at timestamptz NOT NULL,
  completed_at timestamptz,
  UNIQUE (cycle, period_from)
);

-- One issued statement per owner and period. `document` is the whole statement as issued (both
-- languages' names, every item, tax line and total): reading it never recomputes anything, so a later
-- change of settings, names or rules never changes an issued statement. Rows are never updated or
-- deleted (trigger owner_statements_immutable); a correction is an ADJUSTMENT item of a later one.
CREATE TABLE owner_statements (
  id text PRIMARY KEY,
  statement_number text NOT NULL UNIQUE,
  period_id text NOT NULL REFERENCES owner_statement_periods (id),
  user_id text NOT NULL REFERENCES users (id),
  period_from date NOT NULL,
  period_to date NOT NULL,
  total_revenue bigint NOT NULL,
  total_expenditure bigint NOT NULL,
  total bigint NOT NULL,
  house_count integer NOT NULL,
  document jsonb NOT NULL,
  issued_at timestamptz NOT NULL,
  UNIQUE (period_id, user_id)
);
CREATE INDEX owner_statements_user_idx ON owner_statements (user_id, period_from DESC, id);
CREATE INDEX owner_statements_period_idx ON owner_statements (period_id, id);

-- Which statement settled each owner expenditure entry: an entry is settled once (its primary key),
-- and an entry not settled by the statement of its own period (it arrived after that period closed)
-- is settled by the next one as an ADJUSTMENT item.
CREATE TABLE owner_statement_settled_expenditures (
  expenditure_id bigint PRIMARY KEY REFERENCES owner_expenditures (id),
  statement_id text NOT NULL REFERENCES owner_statements (id)
);
CREATE INDEX owner_statement_settled_statement_idx ON owner_statement_settled_expenditures (statement_id);

-- Reading the unsettled entries of a batch of owners up to a period's end.
CREATE INDEX owner_expenditures_statement_idx ON owner_expenditures (user_id, incurred_on) INCLUDE (id);
-- Reading the paid billings of guest stays by when they were paid (late payments of closed periods).
CREATE INDEX billings_paid_at_idx ON billings (paid_at) WHERE status = 'PAID';
