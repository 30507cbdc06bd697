import type { ErrorReason } from '@yado/contract/error-catalogue';

export type KeyStatusValue = 'NOT_YET_VALID' | 'VALID' | 'EXPIRED' | 'CANCELLED';

/**
 * Where a key stands at `now`: it follows its booking (a cancelled or no-show stay's key is
 * CANCELLED, a checked-out stay's EXPIRED) and its validity, check-in time to check-out time.
 */
export function keyStatus(k: { bookingStatus: string; validFrom: Date; validUntil: Date }, now: Date): KeyStatusValue {
  if (k.bookingStatus === 'CANCELLED' || k.bookingStatus === 'NO_SHOW') return 'CANCELLED';
  if (k.bookingStatus === 'CHECKED_OUT' || now >= k.validUntil) return 'EXPIRED';
  if (now < k.validFrom) return 'NOT_YET_VALID';
  return 'VALID';
}

/** The refusal of a key that does not open the door now; null when it does. */
export function refusalOf(status: KeyStatusValue): ErrorReason | null {
  switch (status) {
    case 'VALID':
      return null;
    case 'NOT_YET_VALID':
      return 'CodeKeyNotYetValid';
    case 'EXPIRED':
      return 'CodeKeyExpired';
    case 'CANCELLED':
      return 'CodeKeyCancelled';
  }
}

/** The key-box code is a secret of the stay: shown only while the key opens the door. */
export function visibleKeyBoxCode(
  k: { unlockOperationType: string; keyBoxCode: string },
  status: KeyStatusValue,
): string | null {
  return k.unlockOperationType === 'MANUAL' && status === 'VALID' && k.keyBoxCode !== '' ? k.keyBoxCode : null;
}

/** The door instructions in the reader's language (the other language when only that one is written). */
export function instructionsIn(
  k: { unlockOperationType: string; instructionsEn: string; instructionsJa: string },
  language: 'en' | 'ja',
): string | null {
  if (k.unlockOperationType === 'SMARTHOME') return null;
  const [first, second] =
    language === 'ja' ? [k.instructionsJa, k.instructionsEn] : [k.instructionsEn, k.instructionsJa];
  return first || second || null;
}
