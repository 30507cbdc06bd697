import { randomUUID } from 'node:crypto';
import type { DateTime } from '@yado/contract/common.schema';
import { dateFromDateTime, dateTimeFromDate } from '@yado/contract/date-time';
import type { Language } from '@yado/contract/headers';
import {
  DEFAULT_CONSENT_QUORUM_PERCENT,
  type StaffSupplementalConsentSchema,
  type SupplementalConsentSchema,
  type SupplementalConsentTallySchema,
  type staffCreateSupplementalConsent,
} from '@yado/contract/supplemental-consent.contract';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error.js';
import { withTx, type Db } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import type { Task } from '../../platform/scheduler.js';
import { recordAudit } from '../audit/audit.service.js';
import { isItemEnabled } from '../notification/notification.service.js';
import { sendMessage } from '../outbox/outbox.service.js';
import { sharesOfHouseGroup } from '../ownership/owner-share.service.js';
import { sendToUser } from '../push/push.service.js';
import { requireUser } from '../user/user.service.js';
import { questionMail, questionPush } from './consent.messages.js';
import * as repo from './consent.repo.js';
import { answerStatus, fraction, isOpen, ownerWeights, tally, type Tally } from './consent.rules.js';

/*
 * Supplemental consensus (docs/decisions/0036-supplemental-consensus.md). Staff put a question to the
 * owners of a house group; the owners asked, and the weight of each, are fixed when it is created;
 * each answers once before the deadline; staff read the share-weighted tally, which is stored once
 * the deadline has passed (by the sweep or by the first read after it) and then only read back.
 */

type ConsentView = z.input<typeof SupplementalConsentSchema>;
type StaffConsentView = z.input<typeof StaffSupplementalConsentSchema>;
type TallyView = z.input<typeof SupplementalConsentTallySchema>;

export type CreateConsentInput = z.output<typeof staffCreateSupplementalConsent.input>;

/** The tally as stored at the deadline (the result column). */
type StoredResult = Tally;

const NOTIFY_BATCH = 100;
const FREEZE_BATCH = 100;
/** The sweep leaves a question's notification to the request that created it for this long. */
const NOTIFY_GRACE_MS = 2 * 60_000;

function choicesByConsent(choices: readonly repo.ChoiceRecord[]) {
  const map = new Map<string, { id: string; label: string }[]>();
  for (const c of choices) {
    const list = map.get(c.consentId) ?? [];
    list.push({ id: c.id, label: c.label });
    map.set(c.consentId, list);
  }
  return map;
}

function liveTally(
  c: repo.ConsentRecord,
  choices: readonly { id: string; label: string }[],
  owners: readonly repo.AskedOwnerRecord[],
  answers: readonly repo.AnswerRecord[],
): Tally {
  return tally({
    choices: [...choices],
    owners: owners
      .filter((o) => o.consentId === c.id)
      .map((o) => ({ userId: o.userId, weight: fraction(o.weightNumerator, o.weightDenominator) })),
    answers: answers.filter((a) => a.consentId === c.id),
    quorumPercent: c.quorumPercent,
  });
}

function tallyView(t: Tally, frozenAt: Date | null): TallyView {
  return { ...t, frozen: frozenAt !== null, frozenAt: frozenAt ? dateTimeFromDate(frozenAt) : null };
}

function staffView(
  c: repo.ConsentRecord,
  choices: readonly { id: string; label: string }[],
  t: TallyView,
  now: Date,
): StaffConsentView {
  return {
    id: c.id,
    houseGroupId: c.houseGroupId,
    houseGroupName: c.houseGroupName,
    title: c.title,
    contentMarkdown: c.contentMarkdown,
    choices: [...choices],
    notifiedAt: dateTimeFromDate(c.createdAt),
    answerDeadline: dateTimeFromDate(c.answerDeadline),
    status: isOpen(c.answerDeadline, now) ? 'OPEN' : 'CLOSED',
    createdBy: c.createdBy,
    tally: t,
  };
}

async function staffViews(db: Db, consents: readonly repo.ConsentRecord[], now: Date): Promise<StaffConsentView[]> {
  const ids = consents.map((c) => c.id);
  const live = consents.filter((c) => !c.frozenAt).map((c) => c.id);
  const [choices, owners, answers] = await Promise.all([
    repo.choicesOf(db, ids),
    repo.askedOwnersOf(db, live),
    repo.answersOf(db, live),
  ]);
  const byConsent = choicesByConsent(choices);
  return consents.map((c) => {
    const cs = byConsent.get(c.id) ?? [];
    const t = c.frozenAt
      ? tallyView(c.result as StoredResult, c.frozenAt)
      : tallyView(liveTally(c, cs, owners, answers), null);
    return staffView(c, cs, t, now);
  });
}

// Staff --------------------------------------------------------------------------------------------

/** staff_create_supplemental_consent: the question, its choices and the owners asked, in one transaction; then the notices. */
export async function createConsent(
  deps: Deps,
  actor: string,
  linkOrigin: string,
  input: CreateConsentInput,
  language: Language,
) {
  const now = deps.clock.now();
  const answerDeadline = dateFromDateTime(input.answerDeadline as DateTime);
  if (answerDeadline <= now) {
    throw new AppError('CodeInvalidArgument', { fields: [{ field: 'answerDeadline', description: 'in the future' }] });
  }
  const labels = input.choices.map((c) => c.label);
  const repeated = labels.findIndex((l, i) => labels.indexOf(l) !== i);
  if (repeated >= 0) {
    throw new AppError('CodeInvalidArgument', {
      fields: [{ field: `choices.${repeated}.label`, description: 'each choice must differ' }],
    });
  }
  const id = `consent-${randomUUID()}`;
  const choices = input.choices.map((c) => ({ id: `choice-${randomUUID()}`, label: c.label }));
  await withTx(deps.db, async (tx) => {
    // Locked as a grant locks it, so the owners asked are exactly the holders at this moment.
    if (!(await repo.lockHouseGroup(tx, input.houseGroupId))) {
      throw new AppError('CodeNotFound', { fields: [{ field: 'houseGroupId', description: 'no such id' }] });
    }
    const weights = ownerWeights(await sharesOfHouseGroup(tx, input.houseGroupId));
    if (weights.size === 0) throw new AppError('CodeSupplementalConsentNoOwners');
    const record = {
      id,
      houseGroupId: input.houseGroupId,
      title: input.title,
      contentMarkdown: input.contentMarkdown,
      answerDeadline,
      quorumPercent: input.quorumPercent ?? DEFAULT_CONSENT_QUORUM_PERCENT,
      createdBy: actor,
      linkOrigin,
      createdAt: now,
    };
    const owners = [...weights].map(([userId, w]) => ({ userId, numerator: w.numerator, denominator: w.denominator }));
    await repo.insertConsent(tx, record, choices, owners);
    await recordAudit(tx, {
      actor,
      action: 'supplemental-consent.create',
      entity: 'supplemental_consent',
      entityId: id,
      after: {
        ...record,
        choices,
        owners: owners.map((o) => ({ ...o, numerator: o.numerator.toString(), denominator: o.denominator.toString() })),
      },
      at: now,
    });
  });
  await notifyOwners(deps, { consentId: id });
  const created = await repo.findConsent(deps.db, id, language);
  if (!created) throw new AppError('CodeSupplementalConsentNotFound');
  return { consent: (await staffViews(deps.db, [created], deps.clock.now()))[0]! };
}

/** staff_list_supplemental_consents: freezes the results that are due first, so a closed question always shows its stored result. */
export async function listConsents(deps: Deps, input: { houseGroupId?: string | undefined }, language: Language) {
  const filter = { houseGroupId: input.houseGroupId, limit: 200 };
  let consents = await repo.listConsents(deps.db, filter, language);
  const now = deps.clock.now();
  const due = consents.filter((c) => !c.frozenAt && !isOpen(c.answerDeadline, now));
  if (due.length > 0) {
    for (const c of due) await freezeConsent(deps, c.id);
    consents = await repo.listConsents(deps.db, filter, language);
  }
  return { consents: await staffViews(deps.db, consents, deps.clock.now()) };
}

/**
 * Stores a question's tally once its deadline has passed; does nothing before it or when stored
 * already. The question's row is locked FOR UPDATE, so answers still in flight commit first (they
 * lock it FOR SHARE) and none can follow: the stored tally is every answer there will ever be.
 */
export async function freezeConsent(deps: Deps, consentId: string): Promise<boolean> {
  return withTx(deps.db, async (tx) => {
    const now = deps.clock.now();
    const locked = await repo.lockConsentForFreeze(tx, consentId);
    if (!locked || locked.frozenAt || isOpen(locked.answerDeadline, now)) return false;
    const [choices, owners, answers] = await Promise.all([
      repo.choicesOf(tx, [consentId]),
      repo.askedOwnersOf(tx, [consentId]),
      repo.answersOf(tx, [consentId]),
    ]);
    const result: StoredResult = tally({
      choices: choices.map((c) => ({ id: c.id, label: c.label })),
      owners: owners.map((o) => ({ userId: o.userId, weight: fraction(o.weightNumerator, o.weightDenominator) })),
      answers,
      quorumPercent: locked.quorumPercent,
    });
    await repo.storeResult(tx, consentId, result, now);
    return true;
  });
}

// Owners -------------------------------------------------------------------------------------------

function ownerView(
  c: repo.ConsentRecord & { answer: { choiceId: string; answeredAt: Date } | null },
  choices: readonly { id: string; label: string }[],
  now: Date,
): ConsentView {
  return {
    id: c.id,
    title: c.title,
    contentMarkdown: c.contentMarkdown,
    notifiedAt: dateTimeFromDate(c.createdAt),
    answerDeadline: dateTimeFromDate(c.answerDeadline),
    answerStatus: answerStatus({ answeredAt: c.answer?.answeredAt ?? null, answerDeadline: c.answerDeadline }, now),
    choices: [...choices],
    houseGroupId: c.houseGroupId,
    houseGroupName: c.houseGroupName,
    answeredChoiceId: c.answer?.choiceId ?? null,
    answeredAt: c.answer ? dateTimeFromDate(c.answer.answeredAt) : null,
  };
}

async function ownerViews(deps: Deps, userId: string, language: Language): Promise<ConsentView[]> {
  const consents = await repo.consentsAskedOf(deps.db, userId, language);
  const byConsent = choicesByConsent(
    await repo.choicesOf(
      deps.db,
      consents.map((c) => c.id),
    ),
  );
  const now = deps.clock.now();
  return consents.map((c) => ownerView(c, byConsent.get(c.id) ?? [], now));
}

/** list_supplemental_consents: questions waiting for an answer first, soonest deadline first; then the rest, newest first. */
export async function listForOwner(deps: Deps, accountId: string, language: Language) {
  const user = await requireUser(deps, accountId);
  const views = await ownerViews(deps, user.id, language);
  const waiting = views
    .filter((v) => v.answerStatus === 'UNANSWERED')
    .sort((a, b) => dateFromDateTime(a.answerDeadline).getTime() - dateFromDateTime(b.answerDeadline).getTime());
  return { supplementalConsents: [...waiting, ...views.filter((v) => v.answerStatus !== 'UNANSWERED')] };
}

/** answer_supplemental_consent: one answer per owner asked, before the deadline; a refusal writes nothing. */
export async function answerConsent(
  deps: Deps,
  accountId: string,
  input: { id: string; choiceId: string },
  language: Language,
) {
  const user = await requireUser(deps, accountId);
  const consent = await repo.findConsent(deps.db, input.id, language);
  if (!consent) throw new AppError('CodeSupplementalConsentNotFound');
  if (!(await repo.isAsked(deps.db, consent.id, user.id))) throw new AppError('CodeSupplementalConsentNotAsked');
  const choices = await repo.choicesOf(deps.db, [consent.id]);
  if (!choices.some((c) => c.id === input.choiceId)) throw new AppError('CodeSupplementalConsentUnknownChoice');
  await withTx(deps.db, async (tx) => {
    const locked = await repo.lockConsentForAnswer(tx, consent.id);
    const now = deps.clock.now();
    if (!locked || locked.frozenAt || !isOpen(locked.answerDeadline, now)) {
      throw new AppError('CodeSupplementalConsentDeadlinePassed');
    }
    const written = await repo.insertAnswer(tx, {
      consentId: consent.id,
      userId: user.id,
      choiceId: input.choiceId,
      answeredAt: now,
    });
    if (!written) throw new AppError('CodeSupplementalConsentAlreadyAnswered');
  });
  const view = (await ownerViews(deps, user.id, language)).find((v) => v.id === consent.id);
  if (!view) throw new AppError('CodeSupplementalConsentNotFound');
  return { supplementalConsent: view };
}

// Notices and the sweep ----------------------------------------------------------------------------

/**
 * Notifies the owners of a question not notified yet (or, from the sweep, of questions whose
 * creating request did not finish): a mail when their EMAIL setting for owner news is on and they
 * have an address, a push to their browsers when the PUSH one is (the push service checks it).
 * Returns how many owners were claimed. A failure to deliver is logged, never retried: the claim
 * is what makes sure no owner is told twice, and the mail stays in the outbox with its error.
 */
export async function notifyOwners(deps: Deps, o: { consentId?: string; createdBefore?: Date }): Promise<number> {
  let claimedTotal = 0;
  for (;;) {
    const claimed = await repo.claimUnnotified(deps.db, { ...o, now: deps.clock.now(), limit: NOTIFY_BATCH });
    claimedTotal += claimed.length;
    for (const n of claimed) {
      try {
        if (n.email && (await isItemEnabled(deps, n.userId, 'EMAIL', 'OWNER_NEWS'))) {
          const mail = questionMail(n);
          await sendMessage(deps, { channel: 'EMAIL', recipient: n.email, ...mail });
        }
      } catch (err) {
        deps.log.warn('supplemental consent: mail not sent', { consentId: n.consentId, error: String(err) });
      }
      try {
        await sendToUser(deps, n.userId, { item: 'OWNER_NEWS', ...questionPush(n) });
      } catch (err) {
        deps.log.warn('supplemental consent: push not sent', { consentId: n.consentId, error: String(err) });
      }
    }
    if (claimed.length < NOTIFY_BATCH) return claimedTotal;
  }
}

/** Stores the result of every question whose deadline has passed; returns how many were frozen. */
export async function freezeDueConsents(deps: Deps): Promise<number> {
  let frozen = 0;
  for (;;) {
    const due = await repo.dueForFreeze(deps.db, deps.clock.now(), FREEZE_BATCH);
    for (const id of due) if (await freezeConsent(deps, id)) frozen += 1;
    if (due.length < FREEZE_BATCH) return frozen;
  }
}

/** supplemental-consents: freezes results at their deadline and finishes notices a crash left unsent. */
export const supplementalConsentsTask: Task = {
  name: 'supplemental-consents',
  everyMs: 60_000,
  run: async (deps) => {
    await freezeDueConsents(deps);
    await notifyOwners(deps, { createdBefore: new Date(deps.clock.now().getTime() - NOTIFY_GRACE_MS) });
  },
};
