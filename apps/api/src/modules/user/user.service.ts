import { randomUUID } from 'node:crypto';
import { dateTimeFromDate } from '@yado/contract/date-time';
import type { Language } from '@yado/contract/headers';
import { OCCUPATION_NAMES } from '@yado/contract/reference-data';
import type {
  createUser as createUserMethod,
  updateUser as updateUserMethod,
  User,
} from '@yado/contract/user.contract';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error.js';
import { withTx, type Db } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import { recordAudit } from '../audit/audit.service.js';
import * as identity from '../identity/identity.service.js';
import { normalisePhone, phoneToE164 } from './phone-number.rules.js';
import * as repo from './user.repo.js';
import type { UserFields, UserRecord } from './user.repo.js';

export type { UserRecord };
export type CreateUserInput = z.output<typeof createUserMethod.input>;
export type UpdateUserInput = z.output<typeof updateUserMethod.input>;

const EMPTY_ADDRESS: UserRecord['postalAddress'] = {
  countryCode: '',
  postalCode: '',
  state: '',
  city: '',
  street1: '',
  street2: '',
};

export const PROFILE_PHOTO_PATH_PREFIX = '/media/profile-photos/';
export const profilePhotoPath = (photoId: string) => `${PROFILE_PHOTO_PATH_PREFIX}${photoId}.jpg`;

/** The user in the contract's shape; occupation names in the caller's language. */
export function toUserView(u: UserRecord, language: Language): User {
  return {
    id: u.id,
    userNumber: u.userNumber,
    firstName: u.firstName,
    lastName: u.lastName,
    romanizedFirstName: u.romanizedFirstName,
    romanizedLastName: u.romanizedLastName,
    emailAddress: u.email,
    emailAddressVerified: u.emailVerified,
    phoneNumber: u.phone,
    phoneNumberVerified: u.phoneVerified,
    postalAddress: u.postalAddress,
    nationalityCountryCode: u.nationalityCountryCode,
    occupation:
      u.occupationId === null ? null : { id: u.occupationId, name: OCCUPATION_NAMES[u.occupationId]?.[language] ?? '' },
    userType: u.userType,
    profilePhotoUrl: u.profilePhotoId ? profilePhotoPath(u.profilePhotoId) : '',
    createdAt: dateTimeFromDate(u.createdAt),
    updatedAt: dateTimeFromDate(u.updatedAt),
  };
}

/** The user of a signed-in account; CodeUserNotFound until it registers (or once it has been anonymised). */
export async function requireUser(deps: Deps, accountId: string): Promise<UserRecord> {
  const user = await repo.findUserByAccount(deps.db, accountId);
  if (!user || user.anonymisedAt) throw new AppError('CodeUserNotFound');
  return user;
}

/** A user by id (a gift's sender, shown to its recipient), or null. */
export async function findUserById(deps: Deps, userId: string): Promise<UserRecord | null> {
  return repo.findUserById(deps.db, userId);
}

export async function getUser(deps: Deps, accountId: string, language: Language): Promise<User> {
  return toUserView(await requireUser(deps, accountId), language);
}

export async function isOwnerAccount(deps: Deps, accountId: string): Promise<boolean> {
  return (await repo.userTypeOfAccount(deps.db, accountId)) === 'USER_TYPE_OWNER';
}

/** Where an SMS for the user's phone goes, or null when there is no phone number. */
export function phoneDestination(u: UserRecord): string | null {
  return u.phone ? phoneToE164(u.phone) : null;
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * An address counts as verified without a code when the identity service has
 * already verified it for this account (a password sign-up confirmed by code,
 * or a provider such as Google vouching for it).
 */
async function emailVerifiedByIdentity(deps: Deps, accountId: string, email: string): Promise<boolean> {
  const account = await identity.accountContact(deps, accountId);
  return !!account && account.emailVerified && sameEmail(account.email, email);
}

/**
 * Whether another account holds this address: another live user's contact
 * address, or the address another account signs in with. One address, one
 * account: otherwise anyone could name someone else's mailbox as theirs and
 * send it verification codes. With `verifiedOnly` another user holds it only
 * once verified (see {@link assertOwnEmailAddress}).
 */
async function emailHeldByAnotherAccount(
  deps: Deps,
  db: Db,
  email: string,
  accountId: string,
  opts: { verifiedOnly?: boolean } = {},
): Promise<boolean> {
  if (await repo.emailHeldByOtherUser(db, email, accountId, opts)) return true;
  // On `db`: called inside a transaction, a second pooled connection could wait for ever on a full pool.
  const signInAccount = await identity.accountIdOfEmail(deps, email, db);
  return signInAccount !== null && signInAccount !== accountId;
}

/**
 * Refuses to send a code to, or verify, a user's address that another
 * account holds. Only addresses stored before update_user refused them can
 * get here; of two users sharing one, the first to verify it keeps it, and an
 * account's own sign-in address is always its own.
 */
export async function assertOwnEmailAddress(deps: Deps, user: UserRecord): Promise<void> {
  if (await emailHeldByAnotherAccount(deps, deps.db, user.email, user.accountId, { verifiedOnly: true })) {
    throw emailHeldError();
  }
}

const emailHeldError = () =>
  new AppError('CodeEmailAddressHeldByAnotherAccount', {
    fields: [{ field: 'emailAddress', description: 'held by another account' }],
  });

/**
 * Registers the user of an account. create_user uses it with the guest type;
 * the demo data also creates owners with it.
 */
export async function registerUser(
  deps: Deps,
  accountId: string,
  input: CreateUserInput,
  userType: UserRecord['userType'] = 'USER_TYPE_GUEST',
): Promise<UserRecord> {
  const account = await identity.accountContact(deps, accountId);
  if (!account) throw new AppError('CodeUnauthenticated');
  const email = (input.emailAddress ?? account.email).trim().toLowerCase();
  const phone = input.phoneNumber ? normalisePhone(input.phoneNumber) : null;
  return withTx(deps.db, async (tx) => {
    await repo.lockEmailAddress(tx, email);
    if (await emailHeldByAnotherAccount(deps, tx, email, accountId)) throw emailHeldError();
    const now = deps.clock.now();
    const user = await repo.insertUser(tx, {
      id: randomUUID(),
      accountId,
      userType,
      now,
      firstName: input.firstName,
      lastName: input.lastName,
      romanizedFirstName: input.romanizedFirstName,
      romanizedLastName: input.romanizedLastName,
      email,
      emailVerified: account.emailVerified && sameEmail(account.email, email),
      phone,
      phoneVerified: false,
      postalAddress: input.postalAddress ?? EMPTY_ADDRESS,
      nationalityCountryCode: input.nationalityCountryCode,
      occupationId: input.occupationId ?? null,
    });
    if (!user) throw new AppError('CodeUserAlreadyExists');
    await recordAudit(tx, {
      actor: `account:${accountId}`,
      action: 'user.create',
      entity: 'user',
      entityId: user.id,
      after: { userNumber: user.userNumber, userType },
      at: now,
    });
    return user;
  });
}

export async function createUser(
  deps: Deps,
  accountId: string,
  input: CreateUserInput,
  language: Language,
): Promise<User> {
  return toUserView(await registerUser(deps, accountId, input), language);
}

/** Changes the given fields. A new email address or phone number has to be verified again. */
export async function updateUser(
  deps: Deps,
  accountId: string,
  input: UpdateUserInput,
  language: Language,
): Promise<User> {
  const phone = input.phoneNumber ? normalisePhone(input.phoneNumber) : input.phoneNumber;
  const current = await requireUser(deps, accountId);
  const newEmail = input.emailAddress?.trim().toLowerCase();
  const emailChanged = newEmail !== undefined && !sameEmail(newEmail, current.email);
  const emailVerified = emailChanged ? await emailVerifiedByIdentity(deps, accountId, newEmail) : undefined;

  const updated = await withTx(deps.db, async (tx) => {
    const user = await repo.findUserById(tx, current.id, { forUpdate: true });
    if (!user || user.anonymisedAt) throw new AppError('CodeUserNotFound');
    const patch: Partial<UserFields> = {};
    if (input.firstName !== undefined) patch.firstName = input.firstName;
    if (input.lastName !== undefined) patch.lastName = input.lastName;
    if (input.romanizedFirstName !== undefined) patch.romanizedFirstName = input.romanizedFirstName;
    if (input.romanizedLastName !== undefined) patch.romanizedLastName = input.romanizedLastName;
    if (newEmail !== undefined && !sameEmail(newEmail, user.email)) {
      await repo.lockEmailAddress(tx, newEmail);
      if (await emailHeldByAnotherAccount(deps, tx, newEmail, accountId)) throw emailHeldError();
      patch.email = newEmail;
      patch.emailVerified = emailVerified ?? false;
    }
    if (phone !== undefined && !samePhone(phone, user.phone)) {
      patch.phone = phone;
      patch.phoneVerified = false;
    }
    if (input.postalAddress !== undefined) patch.postalAddress = input.postalAddress;
    if (input.nationalityCountryCode !== undefined) patch.nationalityCountryCode = input.nationalityCountryCode;
    if (input.occupationId !== undefined) patch.occupationId = input.occupationId;
    if (Object.keys(patch).length === 0) return user;
    const now = deps.clock.now();
    const after = await repo.updateUserFields(tx, user.id, patch, now);
    // Which fields changed, never their values: the audit log outlives an anonymised user.
    await recordAudit(tx, {
      actor: `account:${accountId}`,
      action: 'user.update',
      entity: 'user',
      entityId: user.id,
      after: { fields: Object.keys(patch) },
      at: now,
    });
    return after;
  });
  return toUserView(updated, language);
}

function samePhone(a: UserRecord['phone'], b: UserRecord['phone']): boolean {
  if (a === null || b === null) return a === b;
  return a.countryCode === b.countryCode && a.nationalNumber === b.nationalNumber;
}

/** Marks the email verified if it is still the address the code went to; tells the identity service too. */
export async function confirmEmailAddress(deps: Deps, user: UserRecord, email: string): Promise<boolean> {
  const ok = await repo.setEmailVerified(deps.db, user.id, email, deps.clock.now());
  if (ok) await identity.markEmailVerified(deps, user.accountId, email);
  return ok;
}

/** Marks the phone verified if it is still the number the code went to. */
export async function confirmPhoneNumber(deps: Deps, user: UserRecord, destination: string): Promise<boolean> {
  if (!user.phone || phoneToE164(user.phone) !== destination) return false;
  return repo.setPhoneVerified(deps.db, user.id, user.phone, deps.clock.now());
}

/** Makes a user an owner (staff approval of an application; the demo data). */
export async function makeOwner(deps: Deps, userId: string, actor: string): Promise<void> {
  await withTx(deps.db, (tx) => markOwner(tx, userId, actor, deps.clock.now()));
}

/** Makes a user an owner in the caller's transaction (a share grant), audited; an owner already is left as is. */
export async function markOwner(tx: Db, userId: string, actor: string, now: Date): Promise<void> {
  const user = await repo.findUserById(tx, userId);
  if (user?.userType === 'USER_TYPE_OWNER') return;
  await repo.setUserType(tx, userId, 'USER_TYPE_OWNER', now);
  await recordAudit(tx, {
    actor,
    action: 'user.make-owner',
    entity: 'user',
    entityId: userId,
    after: { userType: 'USER_TYPE_OWNER' },
    at: now,
  });
}

export async function findUserOfAccount(deps: Deps, accountId: string): Promise<UserRecord | null> {
  return repo.findUserByAccount(deps.db, accountId);
}
