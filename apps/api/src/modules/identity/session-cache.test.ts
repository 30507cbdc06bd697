import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  applyRevocationNotice,
  cachedToken,
  rememberActiveSession,
  rememberToken,
  sessionKnownActive,
} from './session-cache.js';

describe('the session cache', () => {
  it('keeps a verified token until it expires', () => {
    const token = `t-${randomUUID()}`;
    const principal = { accountId: 'a', sessionId: 's', email: 'a@example.com', roles: [] };
    rememberToken(token, principal, 10_000);
    expect(cachedToken(token, 9_999)).toEqual(principal);
    expect(cachedToken(token, 10_000)).toBeNull();
  });

  it('forgets a session on a revocation notice for it or for its account', () => {
    const [s1, s2, s3] = [randomUUID(), randomUUID(), randomUUID()];
    rememberActiveSession(s1, 'acc-1');
    rememberActiveSession(s2, 'acc-1');
    rememberActiveSession(s3, 'acc-2');
    applyRevocationNotice(`session:${s1}`);
    expect(sessionKnownActive(s1, 'acc-1')).toBe(false);
    expect(sessionKnownActive(s2, 'acc-1')).toBe(true);
    applyRevocationNotice('account:acc-1');
    expect(sessionKnownActive(s2, 'acc-1')).toBe(false);
    expect(sessionKnownActive(s3, 'acc-2')).toBe(true);
    // A session cached for another account is not taken as active.
    expect(sessionKnownActive(s3, 'acc-1')).toBe(false);
  });
});
