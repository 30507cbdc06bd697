import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Language } from '@yado/contract/headers';
import type { User } from '@yado/contract/user.contract';
import { AppError } from '../../platform/app-error.js';
import { withTx } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import * as users from '../user/user.service.js';
import { forgetRecipients, sendMessage } from '../outbox/outbox.service.js';
import { VERIFICATION_TEXTS } from './verification.messages.js';
import * as repo from './verification.repo.js';
import type { CodeChannel } from './verification.repo.js';

export const CODE_TTL_SECONDS = 10 * 60;
export const RESEND_AFTER_SECONDS = 60;
export const MAX_ATTEMPTS = 5;

export type VerificationSent = { destination: string; expiresInSeconds: number; resendAfterSeconds: number };

// The hash binds the code to its user, channel and destination, so a stored
// hash is of no use for any other address.
function hashCode(userId: string, channel: CodeChannel, destination: string, code: string): string {
  return createHash('sha256').update(`${userId}\n${channel}\n${destination.toLowerCase()}\n${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Where the code for this channel goes, refusing what cannot or need not be verified. */
function destinationOf(user: users.UserRecord, channel: CodeChannel): string {
  if (channel === 'EMAIL') {
    if (user.emailVerified) throw new AppError('CodeAlreadyVerified');
    return user.email;
  }
  const phone = users.phoneDestination(user);
  if (!phone) throw new AppError('CodePhoneNumberNotSet');
  if (user.phoneVerified) throw new AppError('CodeAlreadyVerified');
  return phone;
}

async function sendCode(
  deps: Deps,
  accountId: string,
  channel: CodeChannel,
  language: Language,
): Promise<VerificationSent> {
  const user = await users.requireUser(deps, accountId);
  const destination = destinationOf(user, channel);
  if (channel === 'EMAIL') await users.assertOwnEmailAddress(deps, user);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');

  const codeId = await withTx(deps.db, async (tx) => {
    await repo.lockChannel(tx, user.id, channel);
    const now = deps.clock.now();
    const last = await repo.latestCode(tx, user.id, channel);
    if (last) {
      const waitMs = last.createdAt.getTime() + RESEND_AFTER_SECONDS * 1000 - now.getTime();
      if (waitMs > 0) {
        throw new AppError('CodeVerificationResendTooSoon', { retryAfterSeconds: Math.ceil(waitMs / 1000) });
      }
    }
    return repo.insertCode(tx, {
      userId: user.id,
      channel,
      destination,
      codeHash: hashCode(user.id, channel, destination, code),
      now,
      expiresAt: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
    });
  });

  const texts = VERIFICATION_TEXTS[language];
  const minutes = CODE_TTL_SECONDS / 60;
  try {
    await sendMessage(
      deps,
      channel === 'EMAIL'
        ? { channel, recipient: destination, subject: texts.emailSubject, body: texts.emailBody(code, minutes) }
        : { channel, recipient: destination, subject: '', body: texts.sms(code, minutes) },
    );
  } catch (err) {
    // A code that never arrived must neither work nor hold back the next request.
    await repo.deleteCode(deps.db, codeId);
    throw err;
  }
  return { destination, expiresInSeconds: CODE_TTL_SECONDS, resendAfterSeconds: RESEND_AFTER_SECONDS };
}

type CheckOutcome =
  | { ok: true; destination: string }
  | { ok: false; reason: 'CodeVerificationNotRequested' | 'CodeVerificationCodeExpired' }
  | { ok: false; reason: 'CodeVerificationAttemptsExceeded' | 'CodeVerificationCodeInvalid' };

async function verifyCode(
  deps: Deps,
  accountId: string,
  channel: CodeChannel,
  code: string,
  language: Language,
): Promise<User> {
  const user = await users.requireUser(deps, accountId);
  const current = channel === 'EMAIL' ? user.email : users.phoneDestination(user);

  // The transaction commits a wrong attempt before the error is raised, so the count survives.
  const outcome = await withTx(deps.db, async (tx): Promise<CheckOutcome> => {
    await repo.lockChannel(tx, user.id, channel);
    const now = deps.clock.now();
    const row = await repo.latestCode(tx, user.id, channel);
    // A code sent to an address the user has since changed proves nothing about the new one.
    if (!row || row.consumedAt || !current || row.destination.toLowerCase() !== current.toLowerCase()) {
      return { ok: false, reason: 'CodeVerificationNotRequested' };
    }
    if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'CodeVerificationCodeExpired' };
    if (row.attempts >= MAX_ATTEMPTS) return { ok: false, reason: 'CodeVerificationAttemptsExceeded' };
    if (!sameHash(row.codeHash, hashCode(user.id, channel, row.destination, code))) {
      await repo.addAttempt(tx, row.id);
      return { ok: false, reason: 'CodeVerificationCodeInvalid' };
    }
    await repo.consumeCode(tx, row.id, now);
    return { ok: true, destination: row.destination };
  });
  if (!outcome.ok) {
    throw new AppError(
      outcome.reason,
      outcome.reason === 'CodeVerificationCodeInvalid'
        ? { fields: [{ field: 'code', description: 'not correct' }] }
        : {},
    );
  }

  if (channel === 'EMAIL') await users.assertOwnEmailAddress(deps, user);
  const confirmed =
    channel === 'EMAIL'
      ? await users.confirmEmailAddress(deps, user, outcome.destination)
      : await users.confirmPhoneNumber(deps, user, outcome.destination);
  if (!confirmed) throw new AppError('CodeVerificationNotRequested');
  return users.getUser(deps, accountId, language);
}

export const sendEmailVerificationCode = (deps: Deps, accountId: string, language: Language) =>
  sendCode(deps, accountId, 'EMAIL', language);
export const sendPhoneVerificationCode = (deps: Deps, accountId: string, language: Language) =>
  sendCode(deps, accountId, 'SMS', language);
export const verifyEmailAddress = (deps: Deps, accountId: string, code: string, language: Language) =>
  verifyCode(deps, accountId, 'EMAIL', code, language);
export const verifyPhoneNumber = (deps: Deps, accountId: string, code: string, language: Language) =>
  verifyCode(deps, accountId, 'SMS', code, language);

/** Removes a user's codes and the messages sent to the user's addresses (account deletion). */
export async function forgetUser(deps: Deps, userId: string, addresses: string[]): Promise<void> {
  const destinations = await repo.deleteCodesOfUser(deps.db, userId);
  await forgetRecipients(deps, [...destinations, ...addresses]);
}
