import { readFileSync } from 'node:fs';
import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../../platform/app-error.js';

/**
 * argon2id at OWASP's recommended minimum (19 MiB, 2 iterations, 1 lane):
 * strong against GPU guessing, yet a sign-in costs tens of milliseconds.
 */
export const ARGON2_PARAMS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

let common: Set<string> | null = null;
function commonPasswords(): Set<string> {
  // ~18,000 passwords from public breach corpora (8 characters or more), shipped with the code.
  common ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((p) => p.toLowerCase()),
  );
  return common;
}

export function checkPasswordPolicy(password: string): void {
  const length = [...password].length;
  if (length < 8) throw new AppError('CodePasswordTooShort', { fields: [{ field: 'password', description: 'min 8' }] });
  if (length > 128)
    throw new AppError('CodePasswordTooLong', { fields: [{ field: 'password', description: 'max 128' }] });
  if (commonPasswords().has(password.toLowerCase()))
    throw new AppError('CodePasswordTooCommon', { fields: [{ field: 'password', description: 'too common' }] });
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

// Compared against when the account does not exist, so that a wrong email
// takes as long as a wrong password and does not reveal which accounts exist.
let dummyHash: Promise<string> | null = null;
export function dummyVerify(password: string): Promise<boolean> {
  dummyHash ??= hash('not-a-real-password-for-timing', ARGON2_PARAMS);
  return dummyHash.then((h) => verifyPassword(h, password)).then(() => false);
}
