import { inviteFamilyMember, type FamilyRelationship } from '@yado/contract/family.contract';
import { staffGrantShare } from '@yado/contract/ownership.contract';
import type { TestApi } from '../../test-support/test-api.js';
import { registeredUser, uniqueEmail } from '../../test-support/user-factory.js';
import { shareHouseGroup } from '../ownership/owner-share.test-factory.js';
import { signInStaff } from '../staff-catalogue/staff-catalogue.test-factory.js';

/** An owner: a registered user granted 1/12 of a new house group by staff. */
export async function familyOwner(t: TestApi, overrides: Parameters<typeof registeredUser>[1] = {}) {
  const u = await registeredUser(t, overrides);
  const holder = { ...u, accountId: (await t.api.verifyIdToken(u.token)).accountId };
  const staff = await signInStaff(t);
  const { houseGroupId, name } = await shareHouseGroup(t);
  const res = await t.call(
    staffGrantShare,
    { accountId: holder.accountId, houseGroupId, numerator: 1, denominator: 12 },
    { token: staff.idToken },
  );
  if (res.status !== 200) throw new Error(`staff_grant_share failed: ${JSON.stringify(res.body)}`);
  return { ...holder, houseGroupId, houseGroupName: name, shareId: res.body.share.shareId };
}

/** The newest invitation token mailed to an address, read from the development outbox's link. */
export async function invitationTokenFor(t: TestApi, recipient: string): Promise<string> {
  const res = await t.raw(`/dev/outbox.json?recipient=${encodeURIComponent(recipient)}`);
  const body = (await res.json()) as { messages: { body: string }[] };
  const token = /\/family\/invitation\/([A-Za-z0-9_-]+)/.exec(body.messages[0]?.body ?? '')?.[1];
  if (!token) throw new Error(`no family invitation in the outbox for ${recipient}`);
  return token;
}

/** An owner's invitation to a fresh address: its id, the address and the token its mail carries. */
export async function invitation(
  t: TestApi,
  ownerToken: string,
  o: { email?: string; displayName?: string; relationship?: FamilyRelationship } = {},
) {
  const email = o.email ?? uniqueEmail('family');
  const res = await t.call(
    inviteFamilyMember,
    { emailAddress: email, displayName: o.displayName, relationship: o.relationship },
    { token: ownerToken },
  );
  if (res.status !== 200) throw new Error(`invite_family_member failed: ${JSON.stringify(res.body)}`);
  return { familyMemberId: res.body.member.familyMemberId, email, token: await invitationTokenFor(t, email) };
}
