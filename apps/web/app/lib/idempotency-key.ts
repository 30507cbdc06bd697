/**
 * A fresh Idempotency-Key for one attempt at a money-moving call
 * (docs/decisions/0010): a retry of the same attempt sends the same key and
 * gets the first answer; a new attempt (another card) gets a new key.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
