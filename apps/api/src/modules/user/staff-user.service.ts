import { dateTimeFromDate } from '@yado/contract/date-time';
import {
  STAFF_USER_SEARCH_LIMIT,
  type StaffUserSummary,
  type staffSearchUsers as staffSearchUsersMethod,
} from '@yado/contract/user.contract';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error.js';
import type { Deps } from '../../platform/deps.js';
import { isAccountId } from '../identity/identity.service.js';
import { parseUserSearch } from './user-search.rules.js';
import * as repo from './user.repo.js';
import type { UserRecord } from './user.repo.js';

function toStaffUserSummary(u: UserRecord): StaffUserSummary {
  return {
    userId: u.id,
    accountId: u.accountId,
    userNumber: u.userNumber,
    userType: u.userType,
    firstName: u.firstName,
    lastName: u.lastName,
    romanizedFirstName: u.romanizedFirstName,
    romanizedLastName: u.romanizedLastName,
    emailAddress: u.email,
    phoneNumber: u.phone,
    createdAt: dateTimeFromDate(u.createdAt),
  };
}

/** The front desk's guest search: one more row than shown is read, to know whether to ask for a narrower search. */
export async function staffSearchUsers(
  deps: Deps,
  input: z.output<typeof staffSearchUsersMethod.input>,
): Promise<z.input<typeof staffSearchUsersMethod.output>> {
  const found = await repo.searchUsers(deps.db, parseUserSearch(input.query), STAFF_USER_SEARCH_LIMIT + 1);
  return {
    users: found.slice(0, STAFF_USER_SEARCH_LIMIT).map(toStaffUserSummary),
    moreMatches: found.length > STAFF_USER_SEARCH_LIMIT,
  };
}

/** One guest by sign-in account; an unknown, malformed or deleted one is CodeUserNotFound. */
export async function staffGetUser(deps: Deps, accountId: string): Promise<{ user: StaffUserSummary }> {
  const user = isAccountId(accountId) ? await repo.findUserByAccount(deps.db, accountId) : null;
  if (!user || user.anonymisedAt) throw new AppError('CodeUserNotFound');
  return { user: toStaffUserSummary(user) };
}
