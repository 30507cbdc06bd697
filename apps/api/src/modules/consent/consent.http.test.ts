import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { staffGrantShare } from '@yado/contract/ownership.contract';
import {
  answerSupplementalConsent,
  listSupplementalConsents,
  staffCreateSupplementalConsent,
  staffListSupplementalConsents,
} from '@yado/contract/supplemental-consent.contract';
import { updateDeviceTokenTimestamp, updateNotificationSettings } from '@yado/contract/user.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { registeredUser } from '../../test-support/user-factory.js';
import { ownerOf } from '../ownership/high-season.test-factory.js';
import { placeWithHouseGroup, signInStaff } from '../staff-catalogue/staff-catalogue.test-factory.js';
import { freezeDueConsents, supplementalConsentsTask } from './consent.service.js';
import { consentInput, createdConsent, houseGroupWithOwners } from './consent.test-factory.js';

let t: TestApi;
let staffToken: string;
let pushService: http.Server;
let pushOrigin: string;
const pushed: string[] = [];

beforeAll(async () => {
  // Tests move the clock a few minutes past deadlines; tokens live the hour.
  t = await createTestApi({ ID_TOKEN_TTL_SECONDS: '3600' });
  staffToken = (await signInStaff(t)).idToken;
  // A push service of the test's own: it takes every message and remembers the path it went to.
  pushService = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      pushed.push(req.url ?? '');
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  pushOrigin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
});

afterAll(async () => {
  if (pushService) await new Promise((resolve) => pushService.close(resolve));
});

const MINUTE = 60_000;

const outboxFor = async (recipient: string) => {
  const res = await t.raw(`/dev/outbox.json?recipient=${encodeURIComponent(recipient)}`);
  return ((await res.json()) as { messages: { subject: string; body: string }[] }).messages;
};

const answerRows = async (consentId: string) =>
  (
    await t.pool.query<{ user_id: string; choice_id: string }>(
      'SELECT user_id, choice_id FROM supplemental_consent_answers WHERE consent_id = $1 ORDER BY user_id',
      [consentId],
    )
  ).rows;

async function registerPush(token: string, path: string) {
  const deviceToken = JSON.stringify({
    endpoint: `${pushOrigin}${path}`,
    keys: {
      p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  });
  const res = await t.call(updateDeviceTokenTimestamp, { deviceToken }, { token });
  expect(res.status).toBe(200);
}

async function staffConsent(consentId: string) {
  const res = await t.call(staffListSupplementalConsents, {}, { token: staffToken });
  expect(res.status).toBe(200);
  const found = res.body.consents.find((c) => c.id === consentId);
  if (!found) throw new Error(`question ${consentId} not listed`);
  return found;
}

describe('staff_create_supplemental_consent', () => {
  it('puts the question to the owners of the group, weighted by share, with a live tally and an audit entry', async () => {
    const g = await houseGroupWithOwners(t, staffToken, [
      [1, 12],
      [3, 12],
    ]);
    const res = await t.call(staffCreateSupplementalConsent, consentInput(t, { houseGroupId: g.houseGroupId }), {
      token: staffToken,
    });
    expect(res.status).toBe(200);
    const c = res.body.consent;
    expect(c).toMatchObject({
      houseGroupId: g.houseGroupId,
      title: 'Replace the sauna stove',
      status: 'OPEN',
      choices: [{ label: 'Agree' }, { label: 'Disagree' }, { label: 'Abstain' }],
      tally: {
        ownerCount: 2,
        answeredCount: 0,
        heldWeightBasisPoints: 3333,
        answeredWeightBasisPoints: 0,
        quorumPercent: 50,
        quorumMet: false,
        leadingChoiceIds: [],
        frozen: false,
        frozenAt: null,
      },
    });
    expect(new Set(c.choices.map((x) => x.id)).size).toBe(3);
    const audit = await t.pool.query(
      "SELECT action FROM audit_log WHERE entity = 'supplemental_consent' AND entity_id = $1",
      [c.id],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['supplemental-consent.create']);
  });

  it('notifies each owner once, by mail and push as their owner-news settings allow, and nobody else', async () => {
    const g = await houseGroupWithOwners(t, staffToken, [
      [1, 12],
      [1, 12],
    ]);
    const [mailed, quiet] = g.owners;
    // The second owner switched owner news off by mail.
    await t.call(
      updateNotificationSettings,
      { items: [{ itemType: 'OWNER_NEWS', channelType: 'EMAIL', enabled: false }] },
      { token: quiet!.token },
    );
    await registerPush(mailed!.token, `/push/${mailed!.user.id}`);
    await registerPush(quiet!.token, `/push/${quiet!.user.id}`);
    const stranger = await ownerOf(t, staffToken, (await placeWithHouseGroup(t)).houseGroupId);

    const c = await createdConsent(t, staffToken, consentInput(t, { houseGroupId: g.houseGroupId }));

    const [mail, ...more] = await outboxFor(mailed!.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toContain('Replace the sauna stove');
    expect(mail!.body).toContain('/ja/owner/consents');
    expect(mail!.body).toContain('/owner/consents');
    expect(await outboxFor(quiet!.email)).toHaveLength(0);
    expect(await outboxFor(stranger.email)).toHaveLength(0);
    expect(pushed.filter((p) => p === `/push/${mailed!.user.id}`)).toHaveLength(1);
    expect(pushed.filter((p) => p === `/push/${quiet!.user.id}`)).toHaveLength(1);

    // The sweep, later, finds nobody left to notify.
    t.clock.advance(3 * MINUTE);
    await supplementalConsentsTask.run(t.api.deps);
    expect(await outboxFor(mailed!.email)).toHaveLength(1);
    expect(pushed.filter((p) => p === `/push/${mailed!.user.id}`)).toHaveLength(1);
    const notified = await t.pool.query(
      'SELECT count(*)::int AS n FROM supplemental_consent_owners WHERE consent_id = $1 AND notified_at IS NOT NULL',
      [c.id],
    );
    expect(notified.rows[0].n).toBe(2);
  });

  it('finishes the notices of a question whose creating request stopped before sending them', async () => {
    const g = await houseGroupWithOwners(t, staffToken, [[1, 12]]);
    const c = await createdConsent(t, staffToken, consentInput(t, { houseGroupId: g.houseGroupId }));
    // As if the process had stopped between the commit and the mail.
    await t.pool.query('UPDATE supplemental_consent_owners SET notified_at = NULL WHERE consent_id = $1', [c.id]);
    await t.pool.query(`DELETE FROM outbox_messages WHERE recipient = $1`, [g.owners[0]!.email]);
    // Within the grace period the sweep leaves it to the request.
    await supplementalConsentsTask.run(t.api.deps);
    expect(await outboxFor(g.owners[0]!.email)).toHaveLength(0);
    t.clock.advance(3 * MINUTE);
    await supplementalConsentsTask.run(t.api.deps);
    expect(await outboxFor(g.owners[0]!.email)).toHaveLength(1);
  });

  it('refuses a deadline not in the future, repeated choices, too few choices, an unknown group and a group without owners', async () => {
    const g = await houseGroupWithOwners(t, staffToken, [[1, 12]]);
    const past = await t.call(
      staffCreateSupplementalConsent,
      consentInput(t, { houseGroupId: g.houseGroupId, deadlineInMs: -1 }),
      { token: staffToken },
    );
    expect(past.status).toBe(400);
    expect(past.error.errorInfo.fields?.[0]?.field).toBe('answerDeadline');

    const repeated = await t.call(
      staffCreateSupplementalConsent,
      { ...consentInput(t, { houseGroupId: g.houseGroupId }), choices: [{ label: 'Yes' }, { label: 'Yes' }] },
      { token: staffToken },
    );
    expect(repeated.status).toBe(400);
    expect(repeated.error.errorInfo.fields?.[0]?.field).toBe('choices.1.label');

    const one = await t.call(
      staffCreateSupplementalConsent,
      { ...consentInput(t, { houseGroupId: g.houseGroupId }), choices: [{ label: 'Yes' }] },
      { token: staffToken },
    );
    expect(one.status).toBe(400);
    expect(one.error.errorInfo.reason).toBe('CodeInvalidArgument');

    const unknown = await t.call(staffCreateSupplementalConsent, consentInput(t, { houseGroupId: 'hg-none' }), {
      token: staffToken,
    });
    expect(unknown.status).toBe(404);

    const empty = await placeWithHouseGroup(t);
    const nobody = await t.call(staffCreateSupplementalConsent, consentInput(t, { houseGroupId: empty.houseGroupId }), {
      token: staffToken,
    });
    expect(nobody.status).toBe(409);
    expect(nobody.error.errorInfo.reason).toBe('CodeSupplementalConsentNoOwners');

    const owner = g.owners[0]!;
    const notStaff = await t.call(staffCreateSupplementalConsent, consentInput(t, { houseGroupId: g.houseGroupId }), {
      token: owner.token,
    });
    expect(notStaff.status).toBe(403);
    const count = await t.pool.query('SELECT count(*)::int AS n FROM supplemental_consents WHERE house_group_id = $1', [
      g.houseGroupId,
    ]);
    expect(count.rows[0].n).toBe(0);
  });
});

describe('list_supplemental_consents and answer_supplemental_consent', () => {
  it('shows the question to its owners only, takes one answer, and keeps it', async () => {
    const g = await houseGroupWithOwners(t, staffToken, [
      [1, 12],
      [1, 12],
    ]);
    const other = await ownerOf(t, staffToken, (await placeWithHouseGroup(t)).houseGroupId);
    const guest = await registeredUser(t);
    const c = await createdConsent(t, staffToken, consentInput(t, { houseGroupId: g.houseGroupId }));
    const owner = g.owners[0]!;

    const list = await t.call(listSupplementalConsents, {}, { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body.supplementalConsents).toEqual([
      {
        id: c.id,
        title: 'Replace the sauna stove',
        contentMarkdown: c.contentMarkdown,
        notifiedAt: c.notifiedAt,
        answerDeadline: c.answerDeadline,
        answerStatus: 'UNANSWERED',
        choices: c.choices,
        houseGroupId: g.houseGroupId,
        houseGroupName: c.houseGroupName,
        answeredChoiceId: null,
        answeredAt: null,
      },
    ]);
    expect((await t.call(listSupplementalConsents, {}, { token: other.token })).body.supplementalConsents).toEqual([]);
    const asGuest = await t.call(listSupplementalConsents, {}, { token: guest.token });
    expect(asGuest.status).toBe(403);
    expect(asGuest.error.errorInfo.reason).toBe('CodeOwnerOnly');

    const agree = c.choices[0]!.id;
    const answered = await t.call(answerSupplementalConsent, { id: c.id, choiceId: agree }, { token: owner.token });
    expect(answered.status).toBe(200);
    expect(answered.body.supplementalConsent).toMatchObject({ answerStatus: 'ANSWERED', answeredChoiceId: agree });
    expect(answered.body.supplementalConsent.answeredAt).not.toBeNull();

    const again = await t.call(
      answerSupplementalConsent,
      { id: c.id, choiceId: c.choices[1]!.id },
      { token: owner.token },
    );
    expect(again.status).toBe(409);
    expect(again.error.errorInfo.reason).toBe('CodeSupplementalConsentAlreadyAnswered');
    expect(await answerRows(c.id)).toEqual([{ user_id: owner.user.id, choice_id: agree }]);
    // The other owner has not answered yet.
    const second = await t.call(listSupplementalConsents, {}, { token: g.owners[1]!.token });
    expect(second.body.supplementalConsents[0]!.answerStatus).toBe('UNANSWERED');
  });

  it('refuses an unknown question, an owner of another group, a choice of another question, and changes nothing', async () => {
    const g = await houseGroupWithOwners(t, staffToken, [[1, 12]]);
    const h = await houseGroupWithOwners(t, staffToken, [[1, 12]]);
    const c = await createdConsent(t, staffToken, consentInput(t, { houseGroupId: g.houseGroupId }));
    const d = await createdConsent(t, staffToken, consentInput(t, { houseGroupId: h.houseGroupId }));
    const owner = g.owners[0]!;

    const unknown = await t.call(
      answerSupplementalConsent,
      { id: 'consent-none', choiceId: c.choices[0]!.id },
      { token: owner.token },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.error.errorInfo.reason).toBe('CodeSupplementalConsentNotFound');

    const notAsked = await t.call(
      answerSupplementalConsent,
      { id: d.id, choiceId: d.choices[0]!.id },
      { token: owner.token },
    );
    expect(notAsked.status).toBe(403);
    expect(notAsked.error.errorInfo.reason).toBe('CodeSupplementalConsentNotAsked');

    const wrongChoice = await t.call(
      answerSupplementalConsent,
      { id: c.id, choiceId: d.choices[0]!.id },
      { token: owner.token },
    );
    expect(wrongChoice.status).toBe(400);
    expect(wrongChoice.error.errorInfo.reason).toBe('CodeSupplementalConsentUnknownChoice');
    expect(wrongChoice.error.localizedMessage).toBeTruthy();

    expect(await answerRows(c.id)).toEqual([]);
    expect(await answerRows(d.id)).toEqual([]);
  });

  it('asks the holders when the question is created: an owner granted a share afterwards is not asked', async () => {
    const g = await houseGroupWithOwners(t, staffToken, [[1, 12]]);
    const c = await createdConsent(t, staffToken, consentInput(t, { houseGroupId: g.houseGroupId }));
    const late = await ownerOf(t, staffToken, g.houseGroupId);
    expect((await t.call(listSupplementalConsents, {}, { token: late.token })).body.supplementalConsents).toEqual([]);
    const res = await t.call(
      answerSupplementalConsent,
      { id: c.id, choiceId: c.choices[0]!.id },
      { token: late.token },
    );
    expect(res.error.errorInfo.reason).toBe('CodeSupplementalConsentNotAsked');
    expect((await staffConsent(c.id)).tally.ownerCount).toBe(1);
  });

  it('closes at the deadline: unanswered owners see ANSWER_DEADLINE_EXPIRED and a late answer is refused', async () => {
    const g = await houseGroupWithOwners(t, staffToken, [
      [1, 12],
      [1, 12],
    ]);
    const c = await createdConsent(
      t,
      staffToken,
      consentInput(t, { houseGroupId: g.houseGroupId, deadlineInMs: 2 * MINUTE }),
    );
    const [early, late] = g.owners;
    expect(
      (await t.call(answerSupplementalConsent, { id: c.id, choiceId: c.choices[1]!.id }, { token: early!.token }))
        .status,
    ).toBe(200);

    t.clock.advance(2 * MINUTE);
    const refused = await t.call(
      answerSupplementalConsent,
      { id: c.id, choiceId: c.choices[0]!.id },
      { token: late!.token },
    );
    expect(refused.status).toBe(409);
    expect(refused.error.errorInfo.reason).toBe('CodeSupplementalConsentDeadlinePassed');
    expect(await answerRows(c.id)).toEqual([{ user_id: early!.user.id, choice_id: c.choices[1]!.id }]);

    const lateList = await t.call(listSupplementalConsents, {}, { token: late!.token });
    expect(lateList.body.supplementalConsents[0]!.answerStatus).toBe('ANSWER_DEADLINE_EXPIRED');
    const earlyList = await t.call(listSupplementalConsents, {}, { token: early!.token });
    expect(earlyList.body.supplementalConsents[0]!).toMatchObject({
      answerStatus: 'ANSWERED',
      answeredChoiceId: c.choices[1]!.id,
    });
  });
});

describe('the share-weighted tally', () => {
  it('weighs answers by share, shows quorum, and freezes the result on the first read after the deadline', async () => {
    // Twelfths: 4, 1, 1 and 1 held by four owners, and a fifth owner with two shares (1/12 + 1/24).
    const g = await houseGroupWithOwners(t, staffToken, [
      [4, 12],
      [1, 12],
      [1, 12],
      [1, 12],
    ]);
    const twoShares = await ownerOf(t, staffToken, g.houseGroupId, 1, 12);
    const grant = await t.call(
      staffGrantShare,
      { accountId: twoShares.accountId, houseGroupId: g.houseGroupId, numerator: 1, denominator: 24 },
      { token: staffToken },
    );
    expect(grant.status).toBe(200);
    const c = await createdConsent(
      t,
      staffToken,
      consentInput(t, { houseGroupId: g.houseGroupId, deadlineInMs: 5 * MINUTE, quorumPercent: 60 }),
    );
    const [agree, disagree] = c.choices.map((x) => x.id);
    const [a, b, cc, d] = g.owners;
    const answer = async (token: string, choiceId: string) =>
      expect((await t.call(answerSupplementalConsent, { id: c.id, choiceId }, { token })).status).toBe(200);
    // Two heads against three, but 4/12 + 1/8 = 11/24 of the group against 3/12 = 6/24.
    await answer(a!.token, agree!);
    await answer(twoShares.token, agree!);
    await answer(b!.token, disagree!);

    // 17/24 held; 60 % of it is 10.2/24, and 11/24 + 2/24 answered so far.
    const partial = (await staffConsent(c.id)).tally;
    expect(partial).toMatchObject({
      answeredCount: 3,
      heldWeightBasisPoints: 7083,
      answeredWeightBasisPoints: 5417,
      quorumMet: true,
    });
    await answer(cc!.token, disagree!);
    await answer(d!.token, disagree!);

    const live = (await staffConsent(c.id)).tally;
    expect(live).toMatchObject({
      ownerCount: 5,
      answeredCount: 5,
      heldWeightBasisPoints: 7083,
      answeredWeightBasisPoints: 7083,
      quorumPercent: 60,
      quorumMet: true,
      frozen: false,
      leadingChoiceIds: [agree],
    });
    // Live until the deadline: nothing stored yet.
    const before = await t.pool.query('SELECT frozen_at FROM supplemental_consents WHERE id = $1', [c.id]);
    expect(before.rows[0].frozen_at).toBeNull();
    expect(live.choices).toEqual([
      { choiceId: agree, label: 'Agree', answerCount: 2, weightBasisPoints: 4583 },
      { choiceId: disagree, label: 'Disagree', answerCount: 3, weightBasisPoints: 2500 },
      { choiceId: c.choices[2]!.id, label: 'Abstain', answerCount: 0, weightBasisPoints: 0 },
    ]);

    t.clock.advance(5 * MINUTE);
    const closed = await staffConsent(c.id);
    expect(closed.status).toBe('CLOSED');
    expect(closed.tally).toEqual({ ...live, frozen: true, frozenAt: closed.tally.frozenAt });
    expect(closed.tally.frozenAt).not.toBeNull();
  });

  it('is frozen once: the stored result is what staff read ever after, and the database refuses to change it', async () => {
    const g = await houseGroupWithOwners(t, staffToken, [
      [1, 4],
      [1, 4],
    ]);
    const c = await createdConsent(
      t,
      staffToken,
      consentInput(t, { houseGroupId: g.houseGroupId, deadlineInMs: 2 * MINUTE }),
    );
    const [first, second] = g.owners;
    await t.call(answerSupplementalConsent, { id: c.id, choiceId: c.choices[0]!.id }, { token: first!.token });

    t.clock.advance(2 * MINUTE);
    // The sweep stores it, without anyone reading.
    expect(await freezeDueConsents(t.api.deps)).toBeGreaterThanOrEqual(1);
    const stored = await t.pool.query('SELECT frozen_at, result FROM supplemental_consents WHERE id = $1', [c.id]);
    expect(stored.rows[0].frozen_at).not.toBeNull();
    const frozen = (await staffConsent(c.id)).tally;
    expect(frozen).toMatchObject({
      frozen: true,
      answeredCount: 1,
      quorumMet: true,
      leadingChoiceIds: [c.choices[0]!.id],
    });

    // An answer slipped into the table behind the service's back changes nothing staff read.
    await t.pool.query(
      `INSERT INTO supplemental_consent_answers (consent_id, user_id, choice_id, answered_at) VALUES ($1, $2, $3, now())`,
      [c.id, second!.user.id, c.choices[1]!.id],
    );
    t.clock.advance(MINUTE);
    expect((await staffConsent(c.id)).tally).toEqual(frozen);
    // A second sweep does nothing, and the row itself cannot be changed.
    await freezeDueConsents(t.api.deps);
    await expect(
      t.pool.query(`UPDATE supplemental_consents SET result = '{}'::jsonb WHERE id = $1`, [c.id]),
    ).rejects.toThrow(/frozen/);
    await expect(
      t.pool.query('UPDATE supplemental_consent_answers SET choice_id = $2 WHERE consent_id = $1', [
        c.id,
        c.choices[2]!.id,
      ]),
    ).rejects.toThrow(/append-only/);
    expect((await staffConsent(c.id)).tally).toEqual(frozen);
  });

  it('answers and the freeze at the same moment: every answer taken is in the stored result', async () => {
    const g = await houseGroupWithOwners(
      t,
      staffToken,
      Array.from({ length: 6 }, () => [1, 12] as [number, number]),
    );
    const c = await createdConsent(
      t,
      staffToken,
      consentInput(t, { houseGroupId: g.houseGroupId, deadlineInMs: MINUTE }),
    );
    const answers = g.owners.map((o) =>
      t.call(answerSupplementalConsent, { id: c.id, choiceId: c.choices[0]!.id }, { token: o.token }),
    );
    const freezing = (async () => {
      t.clock.advance(MINUTE);
      return freezeDueConsents(t.api.deps);
    })();
    const results = await Promise.all(answers);
    await freezing;
    const taken = results.filter((r) => r.status === 200).length;
    expect(
      results.every((r) => r.status === 200 || r.error.errorInfo.reason === 'CodeSupplementalConsentDeadlinePassed'),
    ).toBe(true);
    const tally = (await staffConsent(c.id)).tally;
    expect(tally.frozen).toBe(true);
    expect(tally.answeredCount).toBe(taken);
    expect((await answerRows(c.id)).length).toBe(taken);
  });
});
