import { AppError } from '../../platform/app-error.js';
import type { Deps } from '../../platform/deps.js';
import { smtpMailSender } from './mail-sender.adapter.js';
import { smsSenderFor } from './sms-sender.adapter.js';
import * as repo from './outbox.repo.js';

export type OutgoingMessage = { channel: 'EMAIL' | 'SMS'; recipient: string; subject: string; body: string };

/**
 * Sends an email or SMS. The message is written to the outbox first and
 * committed, so whatever happens on the wire it is never lost: the row gets
 * sent_at when a server accepted it, or the error when it did not.
 * Without SMTP_URL (development) email only lands in the outbox.
 */
export async function sendMessage(deps: Deps, message: OutgoingMessage): Promise<{ id: number }> {
  const id = await repo.insertOutboxMessage(deps.db, { ...message, now: deps.clock.now() });
  try {
    if (message.channel === 'EMAIL') {
      if (deps.env.SMTP_URL) {
        await smtpMailSender(deps.env.SMTP_URL, deps.env.MAIL_FROM).send({
          to: message.recipient,
          subject: message.subject,
          text: message.body,
        });
        await repo.markOutboxSent(deps.db, id, deps.clock.now());
      }
    } else {
      const outcome = await smsSenderFor(deps.env).send({ to: message.recipient, body: message.body });
      if (outcome === 'sent') await repo.markOutboxSent(deps.db, id, deps.clock.now());
    }
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err);
    await repo.markOutboxFailed(deps.db, id, text);
    deps.log.warn('message not sent', { outboxId: id, channel: message.channel, error: text });
    throw new AppError('CodeMessageNotSent', { cause: err });
  }
  return { id };
}

export type OutboxEntry = { channel: string; recipient: string; subject: string; body: string; createdAt: Date };

/** Recent messages, newest first, for the development outbox. */
export async function recentMessages(deps: Deps, recipient?: string, limit = 100): Promise<OutboxEntry[]> {
  const rows = await repo.listOutbox(deps.db, { recipient, limit });
  return rows.map((m) => ({
    channel: m.channel,
    recipient: m.recipient,
    subject: m.subject,
    body: m.body,
    createdAt: m.createdAt,
  }));
}

/** Removes the messages sent to these addresses (account deletion). */
export async function forgetRecipients(deps: Deps, recipients: string[]): Promise<void> {
  await repo.deleteOutboxFor(deps.db, [...new Set(recipients.filter(Boolean))]);
}
