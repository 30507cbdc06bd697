import {
  answerQuestionnaire,
  listQuestionnaires,
  staffCreateQuestionnaire,
  staffGetQuestionnaireAnswers,
  staffListQuestionnaires,
  staffUpdateQuestionnaire,
} from '@yado/contract/questionnaire.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { bookableHouseGroup, freshToken, guestWithCard } from '../booking/booking.test-factory.js';
import { signInStaff } from '../staff-catalogue/staff-catalogue.test-factory.js';
import { checkedOutStay, questionnaireInput } from './questionnaire.test-factory.js';

let t: TestApi;

beforeAll(async () => {
  t = await createTestApi({ ID_TOKEN_TTL_SECONDS: '3600' });
});

const staff = async () => (await signInStaff(t)).idToken;

async function created(input = questionnaireInput(), token?: string) {
  const res = await t.call(staffCreateQuestionnaire, input, { token: token ?? (await staff()) });
  expect(res.status).toBe(200);
  return res.body.questionnaire;
}

const answerCount = async (bookingId: string) =>
  Number(
    (await t.pool.query('SELECT count(*) FROM questionnaire_answers WHERE booking_id = $1', [bookingId])).rows[0].count,
  );

/** The answers that fit questionnaireInput(): a rating, the first choice, a text. */
function fittingAnswers(q: { questions: { id: string; choices: { id: string }[] }[] }) {
  return [
    { questionId: q.questions[0]!.id, rating: 4 },
    { questionId: q.questions[1]!.id, choiceId: q.questions[1]!.choices[0]!.id },
    { questionId: q.questions[2]!.id, text: '<b>Lovely</b> view' },
  ];
}

describe('staff questionnaires', () => {
  it('creates one in both languages with ids for its questions and choices, and lists it', async () => {
    const token = await staff();
    const q = await created(questionnaireInput(), token);
    expect(q).toMatchObject({ titleEn: 'How was your stay?', titleJa: 'ご滞在はいかがでしたか', active: true });
    expect(q.houseGroupIds).toEqual([]);
    expect(q.questions.map((x) => x.type)).toEqual(['RATING', 'SINGLE_CHOICE', 'FREE_TEXT']);
    expect(q.questions[1]!.choices.map((c) => c.labelJa)).toEqual(['はい', 'いいえ']);
    expect(new Set(q.questions.map((x) => x.id)).size).toBe(3);
    const list = await t.call(staffListQuestionnaires, {}, { token });
    expect(list.body.questionnaires.map((x) => x.id)).toContain(q.id);
  });

  it('refuses choices that do not fit the question type and an unknown house group, storing nothing', async () => {
    const token = await staff();
    const before = (await t.pool.query('SELECT count(*) FROM questionnaires')).rows[0].count;
    const few = await t.call(
      staffCreateQuestionnaire,
      questionnaireInput({
        questions: [
          {
            type: 'SINGLE_CHOICE',
            required: true,
            textEn: 'a',
            textJa: 'あ',
            choices: [{ labelEn: 'x', labelJa: 'x' }],
          },
        ],
      }),
      { token },
    );
    expect(few.status).toBe(400);
    expect(few.error.errorInfo.reason).toBe('CodeQuestionnaireInvalid');
    const extra = await t.call(
      staffCreateQuestionnaire,
      questionnaireInput({
        questions: [
          { type: 'RATING', required: true, textEn: 'a', textJa: 'あ', choices: [{ labelEn: 'x', labelJa: 'x' }] },
        ],
      }),
      { token, language: 'ja' },
    );
    expect(extra.error.errorInfo.reason).toBe('CodeQuestionnaireInvalid');
    expect(extra.error.localizedMessage).toContain('選択肢');
    const unknown = await t.call(staffCreateQuestionnaire, questionnaireInput({ houseGroupIds: ['hg-nowhere'] }), {
      token,
    });
    expect(unknown.status).toBe(404);
    expect((await t.pool.query('SELECT count(*) FROM questionnaires')).rows[0].count).toBe(before);
  });

  it('is for staff only', async () => {
    const guest = await guestWithCard(t);
    const res = await t.call(staffCreateQuestionnaire, questionnaireInput(), { token: guest.token });
    expect(res.status).toBe(403);
    expect((await t.call(staffListQuestionnaires, {}, { token: guest.token })).status).toBe(403);
  });

  it('updates on the stored version only, keeping question ids sent back', async () => {
    const token = await staff();
    const q = await created(questionnaireInput(), token);
    const input = {
      ...questionnaireInput({ titleEn: 'Your stay', active: false }),
      questions: q.questions.map((x) => ({ ...x, textEn: `${x.textEn}!` })),
    };
    const res = await t.call(staffUpdateQuestionnaire, { ...input, questionnaireId: q.id, version: 1 }, { token });
    expect(res.status).toBe(200);
    expect(res.body.questionnaire).toMatchObject({ titleEn: 'Your stay', active: false, version: 2 });
    expect(res.body.questionnaire.questions.map((x) => x.id)).toEqual(q.questions.map((x) => x.id));
    const stale = await t.call(staffUpdateQuestionnaire, { ...input, questionnaireId: q.id, version: 1 }, { token });
    expect(stale.status).toBe(409);
    expect(stale.error.errorInfo.reason).toBe('CodeQuestionnaireVersionConflict');
    const missing = await t.call(
      staffUpdateQuestionnaire,
      { ...input, questionnaireId: 'nope', version: 1 },
      { token },
    );
    expect(missing.error.errorInfo.reason).toBe('CodeQuestionnaireNotFound');
  });
});

describe('guests answer after check-out', () => {
  it('notifies the guest at check-out, lists the questionnaire, takes one answer and shows it to staff', async () => {
    const group = await bookableHouseGroup(t, { houses: 2 });
    const token = await staff();
    const general = await created(questionnaireInput({ titleEn: 'Everywhere' }), token);
    // A questionnaire of the group itself comes before the one for every group.
    const own = await created(
      questionnaireInput({ titleEn: 'Chalet survey', houseGroupIds: [group.houseGroupId] }),
      token,
    );
    const stay = await checkedOutStay(t, { houseGroupId: group.houseGroupId });

    const notes = await t.pool.query(
      // The questionnaire's notice among the stay's others (its booking confirmed, say).
      `SELECT kind, link, params FROM notifications n JOIN users u ON u.id = n.user_id
        WHERE u.id = $1 AND n.kind = 'QUESTIONNAIRE_AVAILABLE'`,
      [stay.guest.userId],
    );
    expect(notes.rows).toEqual([
      expect.objectContaining({
        kind: 'QUESTIONNAIRE_AVAILABLE',
        link: `/mypage/bookings/${stay.bookingId}/questionnaire`,
      }),
    ]);

    const listed = await t.call(listQuestionnaires, {}, { token: stay.guest.token, language: 'ja' });
    expect(listed.status).toBe(200);
    expect(listed.body.questionnaires).toHaveLength(1);
    const open = listed.body.questionnaires[0]!;
    expect(open).toMatchObject({ bookingId: stay.bookingId, questionnaireId: own.id, answered: false });
    expect(open.questions[0]!.text).toBe('総合評価');
    expect(general.id).not.toBe(own.id);

    const answered = await t.call(
      answerQuestionnaire,
      { bookingId: stay.bookingId, questionnaireId: own.id, answers: fittingAnswers(own) },
      { token: stay.guest.token, headers: { 'idempotency-key': `answer-${stay.bookingId}` } },
    );
    expect(answered.status).toBe(200);
    expect(answered.body.questionnaire).toMatchObject({ answered: true });
    expect(answered.body.questionnaire.answers[0]).toEqual({
      questionId: own.questions[0]!.id,
      rating: 4,
      choiceId: null,
      text: null,
    });

    // The same request again is the same answer (Idempotency-Key); a new one is refused.
    const replay = await t.call(
      answerQuestionnaire,
      { bookingId: stay.bookingId, questionnaireId: own.id, answers: fittingAnswers(own) },
      { token: stay.guest.token, headers: { 'idempotency-key': `answer-${stay.bookingId}` } },
    );
    expect(replay.status).toBe(200);
    const second = await t.call(
      answerQuestionnaire,
      { bookingId: stay.bookingId, questionnaireId: own.id, answers: fittingAnswers(own) },
      { token: stay.guest.token },
    );
    expect(second.status).toBe(409);
    expect(second.error.errorInfo.reason).toBe('CodeQuestionnaireAlreadyAnswered');
    expect(await answerCount(stay.bookingId)).toBe(1);

    const afterList = await t.call(listQuestionnaires, { bookingId: stay.bookingId }, { token: stay.guest.token });
    expect(afterList.body.questionnaires[0]).toMatchObject({ answered: true });

    const forStaff = await t.call(staffGetQuestionnaireAnswers, { questionnaireId: own.id }, { token: await staff() });
    expect(forStaff.status).toBe(200);
    expect(forStaff.body.answerCount).toBe(1);
    expect(forStaff.body.answers[0]).toMatchObject({ bookingId: stay.bookingId });
    expect(forStaff.body.answers[0]!.answers[1]).toMatchObject({ choiceLabel: 'Yes' });
    expect(forStaff.body.answers[0]!.answers[2]).toMatchObject({ text: '<b>Lovely</b> view' });
    expect(forStaff.body.summary[0]).toMatchObject({ averageRating: '4.00', ratingCounts: [0, 0, 0, 1, 0] });
    expect(forStaff.body.summary[1]!.choiceCounts.map((c) => c.count)).toEqual([1, 0]);

    // Answered: its questions keep their structure; the texts may still change.
    const staffToken = await staff();
    const q = forStaff.body.questionnaire;
    const locked = await t.call(
      staffUpdateQuestionnaire,
      {
        ...questionnaireInput({ houseGroupIds: [group.houseGroupId] }),
        questionnaireId: q.id,
        version: q.version,
      },
      { token: staffToken },
    );
    expect(locked.status).toBe(409);
    expect(locked.error.errorInfo.reason).toBe('CodeQuestionnaireQuestionsLocked');
    const retitled = await t.call(
      staffUpdateQuestionnaire,
      {
        ...questionnaireInput({ titleEn: 'Renamed', houseGroupIds: [group.houseGroupId] }),
        questions: q.questions.map((x) => ({ ...x, textJa: `${x.textJa}。` })),
        questionnaireId: q.id,
        version: q.version,
      },
      { token: staffToken },
    );
    expect(retitled.status).toBe(200);
  });

  it('averages ratings over every answer', async () => {
    const group = await bookableHouseGroup(t, { houses: 3 });
    const q = await created(questionnaireInput({ houseGroupIds: [group.houseGroupId] }));
    for (const rating of [5, 4, 4]) {
      const stay = await checkedOutStay(t, { houseGroupId: group.houseGroupId });
      const answers = fittingAnswers(q).map((a, i) => (i === 0 ? { ...a, rating } : a));
      const res = await t.call(
        answerQuestionnaire,
        { bookingId: stay.bookingId, questionnaireId: q.id, answers },
        { token: stay.guest.token },
      );
      expect(res.status).toBe(200);
    }
    const summary = await t.call(staffGetQuestionnaireAnswers, { questionnaireId: q.id }, { token: await staff() });
    expect(summary.body.summary[0]).toMatchObject({
      answerCount: 3,
      averageRating: '4.33',
      ratingCounts: [0, 0, 0, 2, 1],
    });
  });

  it('refuses answers that do not fit, each with its reason, storing nothing', async () => {
    const group = await bookableHouseGroup(t, { houses: 2 });
    const q = await created(questionnaireInput({ houseGroupIds: [group.houseGroupId] }));
    const stay = await checkedOutStay(t, { houseGroupId: group.houseGroupId });
    const [rating, choice, free] = fittingAnswers(q);
    const cases: { answers: unknown[]; field: string }[] = [
      { answers: [choice, free], field: 'answers' }, // the required rating left out
      { answers: [{ ...rating, rating: undefined, text: 'five' }, choice], field: 'answers.0' },
      { answers: [rating, { ...choice, choiceId: 'c-elsewhere' }], field: 'answers.1' },
      { answers: [rating, choice, { questionId: 'q-unknown', text: 'x' }], field: 'answers.2' },
      { answers: [rating, rating, choice], field: 'answers.1' },
      { answers: [{ ...rating, choiceId: choice!.choiceId }, choice], field: 'answers.0' },
    ];
    for (const c of cases) {
      const res = await t.callRaw(
        answerQuestionnaire,
        { bookingId: stay.bookingId, questionnaireId: q.id, answers: c.answers },
        { token: stay.guest.token, language: 'ja' },
      );
      expect(res.status, JSON.stringify(c)).toBe(400);
      expect(res.error.errorInfo.reason).toBe('CodeQuestionnaireAnswerInvalid');
      expect(res.error.errorInfo.fields?.[0]?.field).toBe(c.field);
      expect(res.error.localizedMessage).toContain('必須');
    }
    const outOfRange = await t.callRaw(
      answerQuestionnaire,
      { bookingId: stay.bookingId, questionnaireId: q.id, answers: [{ ...rating, rating: 6 }, choice] },
      { token: stay.guest.token },
    );
    expect(outOfRange.status).toBe(400);
    const tooLong = await t.callRaw(
      answerQuestionnaire,
      {
        bookingId: stay.bookingId,
        questionnaireId: q.id,
        answers: [rating, choice, { ...free, text: 'x'.repeat(2001) }],
      },
      { token: stay.guest.token },
    );
    expect(tooLong.status).toBe(400);
    // Another questionnaire than the stay's.
    const other = await created(questionnaireInput());
    const wrong = await t.call(
      answerQuestionnaire,
      { bookingId: stay.bookingId, questionnaireId: other.id, answers: fittingAnswers(other) },
      { token: stay.guest.token },
    );
    expect(wrong.status).toBe(409);
    expect(wrong.error.errorInfo.reason).toBe('CodeQuestionnaireNotOpen');
    expect(await answerCount(stay.bookingId)).toBe(0);
  });

  it("refuses another guest's stay, a stay not checked out and a stay past the open period", async () => {
    const group = await bookableHouseGroup(t, { houses: 2 });
    const q = await created(questionnaireInput({ houseGroupIds: [group.houseGroupId] }));
    const stay = await checkedOutStay(t, { houseGroupId: group.houseGroupId });
    const stranger = await guestWithCard(t);
    const foreign = await t.call(
      answerQuestionnaire,
      { bookingId: stay.bookingId, questionnaireId: q.id, answers: fittingAnswers(q) },
      { token: stranger.token },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.error.errorInfo.reason).toBe('CodeBookingNotFound');
    expect((await t.call(listQuestionnaires, {}, { token: stranger.token })).body.questionnaires).toEqual([]);

    await t.pool.query(`UPDATE bookings SET status = 'STAYING' WHERE id = $1`, [stay.bookingId]);
    const staying = await t.call(
      answerQuestionnaire,
      { bookingId: stay.bookingId, questionnaireId: q.id, answers: fittingAnswers(q) },
      { token: stay.guest.token },
    );
    expect(staying.error.errorInfo.reason).toBe('CodeQuestionnaireNotOpen');
    await t.pool.query(`UPDATE bookings SET status = 'CHECKED_OUT' WHERE id = $1`, [stay.bookingId]);

    t.clock.advance(31 * 86_400_000);
    await freshToken(t, stay.guest);
    const late = await t.call(
      answerQuestionnaire,
      { bookingId: stay.bookingId, questionnaireId: q.id, answers: fittingAnswers(q) },
      { token: stay.guest.token },
    );
    expect(late.status).toBe(409);
    expect(late.error.errorInfo.reason).toBe('CodeQuestionnaireNotOpen');
    expect(await answerCount(stay.bookingId)).toBe(0);
  });

  it('offers nothing and notifies nobody where no active questionnaire applies', async () => {
    const group = await bookableHouseGroup(t, { houses: 2 });
    // Inactive, and for this group only: it applies to nobody.
    await created(questionnaireInput({ houseGroupIds: [group.houseGroupId], active: false }));
    await t.pool.query('UPDATE questionnaires SET active = false WHERE all_house_groups');
    const stay = await checkedOutStay(t, { houseGroupId: group.houseGroupId });
    expect((await t.call(listQuestionnaires, {}, { token: stay.guest.token })).body.questionnaires).toEqual([]);
    const notes = await t.pool.query(
      `SELECT 1 FROM notifications WHERE user_id = $1 AND kind = 'QUESTIONNAIRE_AVAILABLE'`,
      [stay.guest.userId],
    );
    expect(notes.rowCount).toBe(0);
  });
});
