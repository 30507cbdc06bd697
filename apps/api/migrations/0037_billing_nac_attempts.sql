-- Paying a billing in NAC (docs/decisions/0047-nac-payments-and-split-billing.md). Each pay_billing
-- attempt takes the next payment_attempt number in the transaction that reserves its points and NAC,
-- so a second attempt racing the first sees the number move and stops before charging anything.
-- nac_payment_reference is the NAC ledger reference of the NAC the current attempt holds
-- (`billing:<id>` for the first, `billing:<id>#<n>` for a later one: the ledger writes a PAYMENT and a
-- PAYMENT_REFUND once per reference). A part of a split billing names its payer in account_id and
-- its source in split_source_billing_id (0036); the booker who split it is the source's account.
ALTER TABLE billings
  ADD COLUMN payment_attempt integer NOT NULL DEFAULT 0 CHECK (payment_attempt >= 0),
  ADD COLUMN nac_payment_reference text UNIQUE,
  ADD CONSTRAINT billings_nac_reference_check CHECK (nac_payment_reference IS NULL OR nac_payment_amount IS NOT NULL);
-- The reconciliation looks for REQUESTED billings holding NAC whose card answer never came.
CREATE INDEX billings_nac_held_idx ON billings (updated_at) WHERE status = 'REQUESTED' AND nac_payment_reference IS NOT NULL;
-- A payer's parts, listed with their billings.
CREATE INDEX billings_account_split_idx ON billings (account_id) WHERE split_source_billing_id IS NOT NULL;
