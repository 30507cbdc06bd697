import type { Env } from '../../platform/env.js';

export type SmsMessage = { to: string; body: string };

/**
 * How an SMS leaves the product. `sent` means a provider accepted it;
 * `recorded` means it only exists in the outbox (development, or no provider).
 */
export type SmsSender = { name: string; send: (message: SmsMessage) => Promise<'sent' | 'recorded'> };

/** The default: the message is kept in the outbox, where the development outbox page shows it. */
export const outboxOnlySmsSender: SmsSender = {
  name: 'outbox-only',
  send: async () => 'recorded',
};

/** The SMS adapter for these settings. A provider adapter (Twilio, AWS SNS, …) is chosen here when configured. */
export function smsSenderFor(_env: Env): SmsSender {
  return outboxOnlySmsSender;
}
