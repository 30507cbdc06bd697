import { createHash, randomUUID } from 'node:crypto';
import {
  acceptFamilyInvitation,
  getFamilyInvitation,
  inviteFamilyMember,
  listFamilyMembers,
  listFamilySharing,
  MAX_FAMILY_MEMBERS_PER_OWNER,
  removeFamilyMember,
} from '@yado/contract/family.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { registeredUser, uniqueEmail } from '../../test-support/user-factory.js';
import { familyOwner, invitation, invitationTokenFor } from './family.test-factory.js';
import { forgetUser, isFamilyMemberOf, sharingOwnerUserIds } from './family.service.js';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ PUBLIC_URL: 'https://yado.example' });
});

const outboxFor = async (recipient: string) => {
  const res = await t.raw(`/dev/outbox.json?recipient=${encodeURIComponent(recipient)}`);
  return ((await res.json()) as { messages: { subject: string; body: string }[] }).messages;
};

/** Moves an invitation's dates 15 days back, so its 14 days have run out. */
const expire = (familyMemberId: string) =>
  t.pool.query(
    `UPDATE family_members SET invited_at = invited_at - interval '15 days', expires_at = expires_at - interval '15 days'
      WHERE id = $1`,
    [familyMemberId],
  );

const row = async (familyMemberId: string) =>
  (
    await t.pool.query<{ email: string; token_hash: string; removed_at: Date | null; removed_by: string | null }>(
      'SELECT email, token_hash, removed_at, removed_by FROM family_members WHERE id = $1',
      [familyMemberId],
    )
  ).rows[0]!;

const list = async (token: string) => {
  const res = await t.call(listFamilyMembers, {}, { token });
  expect(res.status).toBe(200);
  return res.body.members;
};

describe('invite_family_member', () => {
  it('stores a pending invitation for 14 days and mails its link in the owner’s language; only the token’s hash is kept', async () => {
    const owner = await familyOwner(t);
    const email = uniqueEmail('Hanako');
    const res = await t.call(
      inviteFamilyMember,
      { emailAddress: email, displayName: '花子', relationship: 'SPOUSE' },
      { token: owner.token, language: 'ja' },
    );
    expect(res.status).toBe(200);
    const m = res.body.member;
    expect(m).toMatchObject({
      emailAddress: email.toLowerCase(),
      displayName: '花子',
      relationship: 'SPOUSE',
      memberName: null,
      status: 'PENDING',
      acceptedAt: null,
    });
    const invited = Date.UTC(m.invitedAt.year, m.invitedAt.month - 1, m.invitedAt.day);
    const expires = Date.UTC(m.expiresAt.year, m.expiresAt.month - 1, m.expiresAt.day);
    expect((expires - invited) / 86_400_000).toBe(14);

    const [mail] = await outboxFor(email.toLowerCase());
    expect(mail!.subject).toContain('山田 太郎');
    expect(mail!.body).toContain('14日以内');
    const token = /https:\/\/yado\.example\/ja\/family\/invitation\/([A-Za-z0-9_-]{43})\n/.exec(mail!.body)?.[1];
    expect(token).toBeDefined();
    const stored = await row(m.familyMemberId);
    expect(stored.token_hash).toBe(createHash('sha256').update(token!).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token!);
  });

  it('writes the mail in English for an English request, with the owner’s romanized name', async () => {
    const owner = await familyOwner(t);
    const email = uniqueEmail('family');
    expect(
      (await t.call(inviteFamilyMember, { emailAddress: email }, { token: owner.token, language: 'en' })).status,
    ).toBe(200);
    const [mail] = await outboxFor(email);
    expect(mail!.subject).toBe('Taro Yamada invites you to share their yado stays');
    expect(mail!.body).toContain('within 14 days');
  });

  it('refuses a guest (403), a caller without a sign-in (401) and input that is not an address (400)', async () => {
    const guest = await registeredUser(t);
    const asGuest = await t.call(inviteFamilyMember, { emailAddress: uniqueEmail() }, { token: guest.token });
    expect(asGuest.status).toBe(403);
    expect(asGuest.error.errorInfo.reason).toBe('CodeOwnerOnly');
    expect((await t.call(inviteFamilyMember, { emailAddress: uniqueEmail() })).status).toBe(401);

    const owner = await familyOwner(t);
    const bad = await t.callRaw(inviteFamilyMember, { emailAddress: 'not an address' }, { token: owner.token });
    expect(bad.status).toBe(400);
    expect(bad.error.errorInfo.reason).toBe('CodeInvalidArgument');
    const long = await t.callRaw(
      inviteFamilyMember,
      { emailAddress: uniqueEmail(), displayName: 'x'.repeat(51) },
      { token: owner.token },
    );
    expect(long.status).toBe(400);
    const relation = await t.callRaw(
      inviteFamilyMember,
      { emailAddress: uniqueEmail(), relationship: 'NEIGHBOUR' },
      { token: owner.token },
    );
    expect(relation.status).toBe(400);
    expect(await list(owner.token)).toEqual([]);
  });

  it('refuses the owner’s own address in any case (409 CodeFamilyInviteSelf)', async () => {
    const owner = await familyOwner(t);
    const res = await t.call(inviteFamilyMember, { emailAddress: owner.email.toUpperCase() }, { token: owner.token });
    expect(res.status).toBe(409);
    expect(res.error.errorInfo.reason).toBe('CodeFamilyInviteSelf');
  });

  it('refuses an address with a pending invitation (CodeFamilyInvitationPending), but another owner may invite it', async () => {
    const owner = await familyOwner(t);
    const { email } = await invitation(t, owner.token);
    const again = await t.call(inviteFamilyMember, { emailAddress: email }, { token: owner.token });
    expect(again.status).toBe(409);
    expect(again.error.errorInfo.reason).toBe('CodeFamilyInvitationPending');

    const other = await familyOwner(t);
    expect((await t.call(inviteFamilyMember, { emailAddress: email }, { token: other.token })).status).toBe(200);
  });

  it('refuses an accepted member, by the invited address or the member’s own (CodeFamilyMemberExists)', async () => {
    const owner = await familyOwner(t);
    const inv = await invitation(t, owner.token);
    const member = await registeredUser(t);
    expect((await t.call(acceptFamilyInvitation, { token: inv.token }, { token: member.token })).status).toBe(200);

    for (const address of [inv.email, member.email]) {
      const res = await t.call(inviteFamilyMember, { emailAddress: address }, { token: owner.token });
      expect(res.status).toBe(409);
      expect(res.error.errorInfo.reason).toBe('CodeFamilyMemberExists');
    }
  });

  it(`holds at most ${MAX_FAMILY_MEMBERS_PER_OWNER} members and pending invitations; expired and withdrawn ones leave room`, async () => {
    const owner = await familyOwner(t);
    const sent = [];
    for (let i = 0; i < MAX_FAMILY_MEMBERS_PER_OWNER; i++) sent.push(await invitation(t, owner.token));
    const over = await t.call(inviteFamilyMember, { emailAddress: uniqueEmail() }, { token: owner.token });
    expect(over.status).toBe(409);
    expect(over.error.errorInfo.reason).toBe('CodeFamilyMembersLimitReached');

    await expire(sent[0]!.familyMemberId);
    expect((await t.call(inviteFamilyMember, { emailAddress: uniqueEmail() }, { token: owner.token })).status).toBe(
      200,
    );
    expect((await t.call(inviteFamilyMember, { emailAddress: uniqueEmail() }, { token: owner.token })).status).toBe(
      409,
    );

    await t.call(removeFamilyMember, { familyMemberId: sent[1]!.familyMemberId }, { token: owner.token });
    expect((await t.call(inviteFamilyMember, { emailAddress: uniqueEmail() }, { token: owner.token })).status).toBe(
      200,
    );
  });

  it('keeps the cap under concurrent invitations', async () => {
    const owner = await familyOwner(t);
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.call(inviteFamilyMember, { emailAddress: uniqueEmail() }, { token: owner.token }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(MAX_FAMILY_MEMBERS_PER_OWNER);
    expect(results.filter((r) => r.status === 409)).toHaveLength(8 - MAX_FAMILY_MEMBERS_PER_OWNER);
    expect(await list(owner.token)).toHaveLength(MAX_FAMILY_MEMBERS_PER_OWNER);
  });

  it('invites an address again once its invitation expired; the expired one is kept as superseded', async () => {
    const owner = await familyOwner(t);
    const first = await invitation(t, owner.token);
    await expire(first.familyMemberId);
    expect((await list(owner.token)).map((m) => m.status)).toEqual(['EXPIRED']);

    const second = await invitation(t, owner.token, { email: first.email });
    expect(second.token).not.toBe(first.token);
    const members = await list(owner.token);
    expect(members.map((m) => [m.familyMemberId, m.status])).toEqual([[second.familyMemberId, 'PENDING']]);
    expect((await row(first.familyMemberId)).removed_by).toBe('superseded');
  });

  it('answers a retry with the same Idempotency-Key once: one invitation, one mail', async () => {
    const owner = await familyOwner(t);
    const email = uniqueEmail('family');
    const key = randomUUID();
    const send = () =>
      t.call(inviteFamilyMember, { emailAddress: email }, { token: owner.token, headers: { 'idempotency-key': key } });
    const first = await send();
    const retry = await send();
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await list(owner.token)).toHaveLength(1);
    expect(await outboxFor(email)).toHaveLength(1);
  });
});

describe('list_family_members', () => {
  it('lists the caller’s members and invitations with their status, names and dates, newest first; not another owner’s', async () => {
    const owner = await familyOwner(t);
    const accepted = await invitation(t, owner.token, { displayName: 'Hanako', relationship: 'CHILD' });
    t.clock.advance(1000);
    const expired = await invitation(t, owner.token);
    t.clock.advance(1000);
    const pending = await invitation(t, owner.token);
    const member = await registeredUser(t, {
      lastName: '佐藤',
      firstName: '花子',
      romanizedLastName: 'Sato',
      romanizedFirstName: 'Hanako',
    });
    await t.call(acceptFamilyInvitation, { token: accepted.token }, { token: member.token });
    await expire(expired.familyMemberId);
    const other = await familyOwner(t);
    await invitation(t, other.token);

    const res = await t.call(listFamilyMembers, {}, { token: owner.token, language: 'ja' });
    expect(res.status).toBe(200);
    expect(res.body.maxMembers).toBe(MAX_FAMILY_MEMBERS_PER_OWNER);
    expect(res.body.members.map((m) => [m.familyMemberId, m.status])).toEqual([
      [pending.familyMemberId, 'PENDING'],
      [accepted.familyMemberId, 'ACCEPTED'],
      // Expiring moved its invitation 15 days back.
      [expired.familyMemberId, 'EXPIRED'],
    ]);
    const acceptedView = res.body.members[1]!;
    expect(acceptedView).toMatchObject({ displayName: 'Hanako', relationship: 'CHILD', memberName: '佐藤 花子' });
    expect(acceptedView.acceptedAt).not.toBeNull();
    const en = await t.call(listFamilyMembers, {}, { token: owner.token, language: 'en' });
    expect(en.body.members[1]!.memberName).toBe('Hanako Sato');
  });

  it('refuses a guest (403)', async () => {
    const guest = await registeredUser(t);
    const res = await t.call(listFamilyMembers, {}, { token: guest.token });
    expect(res.status).toBe(403);
    expect(res.error.errorInfo.reason).toBe('CodeOwnerOnly');
  });
});

describe('remove_family_member', () => {
  it('withdraws an invitation: gone from the list, its link no longer works, the row kept as removed', async () => {
    const owner = await familyOwner(t);
    const inv = await invitation(t, owner.token);
    const res = await t.call(removeFamilyMember, { familyMemberId: inv.familyMemberId }, { token: owner.token });
    expect(res.status).toBe(200);
    expect(await list(owner.token)).toEqual([]);
    const stored = await row(inv.familyMemberId);
    expect(stored.removed_at).not.toBeNull();
    expect(stored.removed_by).toBe(`account:${owner.accountId}`);

    const someone = await registeredUser(t);
    const get = await t.call(getFamilyInvitation, { token: inv.token }, { token: someone.token });
    expect(get.status).toBe(404);
    expect(get.error.errorInfo.reason).toBe('CodeFamilyInvitationNotFound');
    const accept = await t.call(acceptFamilyInvitation, { token: inv.token }, { token: someone.token });
    expect(accept.error.errorInfo.reason).toBe('CodeFamilyInvitationNotFound');
  });

  it('ends a membership: the member no longer shares the owner’s slots', async () => {
    const owner = await familyOwner(t);
    const inv = await invitation(t, owner.token);
    const member = await registeredUser(t);
    await t.call(acceptFamilyInvitation, { token: inv.token }, { token: member.token });
    expect(await sharingOwnerUserIds(t.pool, member.user.id)).toEqual([owner.user.id]);

    expect(
      (await t.call(removeFamilyMember, { familyMemberId: inv.familyMemberId }, { token: owner.token })).status,
    ).toBe(200);
    expect(await sharingOwnerUserIds(t.pool, member.user.id)).toEqual([]);
    expect(await isFamilyMemberOf(t.pool, owner.user.id, member.user.id)).toBe(false);
    expect((await t.call(listFamilySharing, {}, { token: member.token })).body.sharings).toEqual([]);
    // The owner may invite the same person again later.
    expect((await t.call(inviteFamilyMember, { emailAddress: inv.email }, { token: owner.token })).status).toBe(200);
  });

  it('answers another owner’s member, an unknown id and a removed one with 404 CodeFamilyMemberNotFound; a guest with 403', async () => {
    const owner = await familyOwner(t);
    const inv = await invitation(t, owner.token);
    const other = await familyOwner(t);
    for (const [familyMemberId, token] of [
      [inv.familyMemberId, other.token],
      ['no-such-member', owner.token],
    ] as const) {
      const res = await t.call(removeFamilyMember, { familyMemberId }, { token });
      expect(res.status).toBe(404);
      expect(res.error.errorInfo.reason).toBe('CodeFamilyMemberNotFound');
    }
    expect(await list(owner.token)).toHaveLength(1);
    await t.call(removeFamilyMember, { familyMemberId: inv.familyMemberId }, { token: owner.token });
    const twice = await t.call(removeFamilyMember, { familyMemberId: inv.familyMemberId }, { token: owner.token });
    expect(twice.error.errorInfo.reason).toBe('CodeFamilyMemberNotFound');

    const guest = await registeredUser(t);
    const asGuest = await t.call(removeFamilyMember, { familyMemberId: inv.familyMemberId }, { token: guest.token });
    expect(asGuest.status).toBe(403);
  });
});

describe('get_family_invitation', () => {
  it('shows who invites, in the caller’s language, and whether it is the caller’s own', async () => {
    const owner = await familyOwner(t);
    const inv = await invitation(t, owner.token);
    const invitee = await registeredUser(t);
    const ja = await t.call(getFamilyInvitation, { token: inv.token }, { token: invitee.token, language: 'ja' });
    expect(ja.status).toBe(200);
    expect(ja.body.invitation).toMatchObject({
      ownerName: '山田 太郎',
      emailAddress: inv.email,
      status: 'PENDING',
      acceptedAt: null,
      acceptedByMe: false,
      isOwnInvitation: false,
    });
    const en = await t.call(getFamilyInvitation, { token: inv.token }, { token: invitee.token, language: 'en' });
    expect(en.body.invitation.ownerName).toBe('Taro Yamada');
    const own = await t.call(getFamilyInvitation, { token: inv.token }, { token: owner.token });
    expect(own.body.invitation.isOwnInvitation).toBe(true);
  });

  it('answers an unknown token 404, an expired one 410 and a caller without a sign-in 401', async () => {
    const owner = await familyOwner(t);
    const inv = await invitation(t, owner.token);
    const invitee = await registeredUser(t);
    const unknown = await t.call(getFamilyInvitation, { token: 'x'.repeat(43) }, { token: invitee.token });
    expect(unknown.status).toBe(404);
    expect(unknown.error.errorInfo.reason).toBe('CodeFamilyInvitationNotFound');
    expect((await t.call(getFamilyInvitation, { token: inv.token })).status).toBe(401);

    await expire(inv.familyMemberId);
    const expired = await t.call(getFamilyInvitation, { token: inv.token }, { token: invitee.token, language: 'ja' });
    expect(expired.status).toBe(410);
    expect(expired.error.errorInfo.reason).toBe('CodeFamilyInvitationExpired');
    expect(expired.error.localizedMessage).toContain('有効期限');
  });

  it('answers a signed-in account that has not registered its user yet', async () => {
    const owner = await familyOwner(t);
    const inv = await invitation(t, owner.token);
    const tokens = await t.signUp();
    const res = await t.call(getFamilyInvitation, { token: inv.token }, { token: tokens.idToken });
    expect(res.status).toBe(200);
    expect(res.body.invitation).toMatchObject({ status: 'PENDING', acceptedByMe: false, isOwnInvitation: false });
  });
});

describe('accept_family_invitation', () => {
  it('makes the signed-in user a member even under another address; accepting again answers the same', async () => {
    const owner = await familyOwner(t);
    const inv = await invitation(t, owner.token);
    const member = await registeredUser(t);
    expect(member.email).not.toBe(inv.email);

    const res = await t.call(acceptFamilyInvitation, { token: inv.token }, { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body.invitation).toMatchObject({ status: 'ACCEPTED', acceptedByMe: true, isOwnInvitation: false });
    expect(res.body.invitation.acceptedAt).not.toBeNull();
    expect(await isFamilyMemberOf(t.pool, owner.user.id, member.user.id)).toBe(true);

    t.clock.advance(60_000);
    const again = await t.call(acceptFamilyInvitation, { token: inv.token }, { token: member.token });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
    const keyed = await t.call(
      acceptFamilyInvitation,
      { token: inv.token },
      { token: member.token, headers: { 'idempotency-key': `accept-${inv.familyMemberId}` } },
    );
    expect(keyed.body).toEqual(res.body);
    expect((await list(owner.token)).map((m) => m.status)).toEqual(['ACCEPTED']);
  });

  it('keeps an accepted membership past the link’s expiry', async () => {
    const owner = await familyOwner(t);
    const inv = await invitation(t, owner.token);
    const member = await registeredUser(t);
    await t.call(acceptFamilyInvitation, { token: inv.token }, { token: member.token });
    await expire(inv.familyMemberId);
    expect((await list(owner.token)).map((m) => m.status)).toEqual(['ACCEPTED']);
    const get = await t.call(getFamilyInvitation, { token: inv.token }, { token: member.token });
    expect(get.body.invitation).toMatchObject({ status: 'ACCEPTED', acceptedByMe: true });
    expect(await isFamilyMemberOf(t.pool, owner.user.id, member.user.id)).toBe(true);
  });

  it('refuses the owner’s own invitation, one taken by someone else, and a second invitation of the same owner', async () => {
    const owner = await familyOwner(t);
    const inv = await invitation(t, owner.token);
    const own = await t.call(acceptFamilyInvitation, { token: inv.token }, { token: owner.token });
    expect(own.status).toBe(409);
    expect(own.error.errorInfo.reason).toBe('CodeFamilyInvitationOwn');

    const member = await registeredUser(t);
    await t.call(acceptFamilyInvitation, { token: inv.token }, { token: member.token });
    const someoneElse = await registeredUser(t);
    const taken = await t.call(acceptFamilyInvitation, { token: inv.token }, { token: someoneElse.token });
    expect(taken.status).toBe(409);
    expect(taken.error.errorInfo.reason).toBe('CodeFamilyInvitationTaken');

    const second = await invitation(t, owner.token);
    const twice = await t.call(acceptFamilyInvitation, { token: second.token }, { token: member.token });
    expect(twice.status).toBe(409);
    expect(twice.error.errorInfo.reason).toBe('CodeFamilyMemberExists');
    expect(await sharingOwnerUserIds(t.pool, member.user.id)).toEqual([owner.user.id]);
  });

  it('refuses an expired invitation (410) and an account without a user (404 CodeUserNotFound)', async () => {
    const owner = await familyOwner(t);
    const inv = await invitation(t, owner.token);
    const tokens = await t.signUp();
    const unregistered = await t.call(acceptFamilyInvitation, { token: inv.token }, { token: tokens.idToken });
    expect(unregistered.status).toBe(404);
    expect(unregistered.error.errorInfo.reason).toBe('CodeUserNotFound');

    await expire(inv.familyMemberId);
    const member = await registeredUser(t);
    const res = await t.call(acceptFamilyInvitation, { token: inv.token }, { token: member.token });
    expect(res.status).toBe(410);
    expect(res.error.errorInfo.reason).toBe('CodeFamilyInvitationExpired');
    expect(await isFamilyMemberOf(t.pool, owner.user.id, member.user.id)).toBe(false);
  });
});

describe('list_family_sharing', () => {
  it('lists the owners who share with the caller and their shares’ house groups', async () => {
    const owner = await familyOwner(t);
    const other = await familyOwner(t, {
      lastName: '鈴木',
      firstName: '一郎',
      romanizedLastName: 'Suzuki',
      romanizedFirstName: 'Ichiro',
    });
    const member = await registeredUser(t);
    for (const o of [owner, other]) {
      const inv = await invitation(t, o.token);
      await t.call(acceptFamilyInvitation, { token: inv.token }, { token: member.token });
      // Sharings are listed in the order they were accepted.
      t.clock.advance(1000);
    }
    const res = await t.call(listFamilySharing, {}, { token: member.token, language: 'en' });
    expect(res.status).toBe(200);
    expect(res.body.sharings.map((s) => [s.ownerUserId, s.ownerName, s.shares])).toEqual([
      [
        owner.user.id,
        'Taro Yamada',
        [{ shareId: owner.shareId, houseGroupId: owner.houseGroupId, houseGroupName: owner.houseGroupName }],
      ],
      [
        other.user.id,
        'Ichiro Suzuki',
        [{ shareId: other.shareId, houseGroupId: other.houseGroupId, houseGroupName: other.houseGroupName }],
      ],
    ]);
    expect((await sharingOwnerUserIds(t.pool, member.user.id)).sort()).toEqual([owner.user.id, other.user.id].sort());

    const stranger = await registeredUser(t);
    expect((await t.call(listFamilySharing, {}, { token: stranger.token })).body.sharings).toEqual([]);
  });
});

describe('a deleted user', () => {
  it('is forgotten: memberships and invitations to their addresses lose the address and end', async () => {
    const owner = await familyOwner(t);
    const accepted = await invitation(t, owner.token);
    const member = await registeredUser(t);
    await t.call(acceptFamilyInvitation, { token: accepted.token }, { token: member.token });
    const pendingToThem = await invitation(t, owner.token, { email: uniqueEmail('old') });
    const kept = await invitation(t, owner.token);

    await forgetUser(t.api.deps, member.user.id, [member.email, pendingToThem.email.toUpperCase()]);
    for (const id of [accepted.familyMemberId, pendingToThem.familyMemberId]) {
      const r = await row(id);
      expect(r.email).toBe('');
      expect(r.removed_by).toBe('erased');
    }
    expect((await list(owner.token)).map((m) => m.familyMemberId)).toEqual([kept.familyMemberId]);
    expect(await sharingOwnerUserIds(t.pool, member.user.id)).toEqual([]);
    expect(await invitationTokenFor(t, kept.email)).toBe(kept.token);
  });
});
