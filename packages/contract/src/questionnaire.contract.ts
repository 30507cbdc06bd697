import { z } from 'zod';
import { DateSchema, DateTimeSchema, TypedIdSchema } from './common.schema.js';
import { defineMethod } from './method.js';

/*
 * Questionnaires after check-out (docs/decisions/0043-questionnaires-and-stay-styles.md). Staff write
 * a questionnaire in both languages (each text has an En and a Ja field) for every house group or
 * some; after a stay is CHECKED_OUT its guest may answer the questionnaire that applies to the
 * stay's house group, once, for QUESTIONNAIRE_OPEN_DAYS days. Staff read each answer and a summary.
 */

/** Days after check-out during which a stay's questionnaire can be answered. */
export const QUESTIONNAIRE_OPEN_DAYS = 30;
export const MAX_QUESTIONNAIRE_QUESTIONS = 30;
export const MAX_QUESTION_CHOICES = 10;
export const MAX_QUESTIONNAIRE_TITLE_LENGTH = 200;
export const MAX_QUESTIONNAIRE_DESCRIPTION_LENGTH = 2_000;
export const MAX_QUESTION_TEXT_LENGTH = 500;
export const MAX_CHOICE_LABEL_LENGTH = 200;
/** The longest free-text answer. */
export const MAX_FREE_TEXT_ANSWER_LENGTH = 2_000;

export const QuestionType = z.enum(['RATING', 'SINGLE_CHOICE', 'FREE_TEXT']);
export type QuestionTypeValue = z.infer<typeof QuestionType>;

const text = (max: number) => z.string().trim().min(1).max(max);

// Staff ---------------------------------------------------------------------------------------------

export const QuestionChoiceInputSchema = z
  .object({
    /** Keep the id of an existing choice; a new choice leaves it out. */
    id: TypedIdSchema.optional(),
    labelEn: text(MAX_CHOICE_LABEL_LENGTH),
    labelJa: text(MAX_CHOICE_LABEL_LENGTH),
  })
  .strict();

export const QuestionInputSchema = z
  .object({
    /** Keep the id of an existing question; a new question leaves it out. */
    id: TypedIdSchema.optional(),
    type: QuestionType,
    required: z.boolean(),
    textEn: text(MAX_QUESTION_TEXT_LENGTH),
    textJa: text(MAX_QUESTION_TEXT_LENGTH),
    /** SINGLE_CHOICE: 2 to 10 choices; the other types: none. */
    choices: z.array(QuestionChoiceInputSchema).max(MAX_QUESTION_CHOICES).default([]),
  })
  .strict();
export type QuestionInput = z.infer<typeof QuestionInputSchema>;

export const QuestionnaireInputSchema = z
  .object({
    titleEn: text(MAX_QUESTIONNAIRE_TITLE_LENGTH),
    titleJa: text(MAX_QUESTIONNAIRE_TITLE_LENGTH),
    descriptionEn: z.string().trim().max(MAX_QUESTIONNAIRE_DESCRIPTION_LENGTH).default(''),
    descriptionJa: z.string().trim().max(MAX_QUESTIONNAIRE_DESCRIPTION_LENGTH).default(''),
    questions: z.array(QuestionInputSchema).min(1).max(MAX_QUESTIONNAIRE_QUESTIONS),
    /** Empty: offered after stays at every house group. */
    houseGroupIds: z.array(TypedIdSchema).max(200).default([]),
    active: z.boolean().default(true),
  })
  .strict();
export type QuestionnaireInput = z.infer<typeof QuestionnaireInputSchema>;

export const StaffQuestionChoiceSchema = z.object({ id: z.string(), labelEn: z.string(), labelJa: z.string() });
export const StaffQuestionSchema = z.object({
  id: z.string(),
  type: QuestionType,
  required: z.boolean(),
  textEn: z.string(),
  textJa: z.string(),
  choices: z.array(StaffQuestionChoiceSchema),
});
export type StaffQuestion = z.infer<typeof StaffQuestionSchema>;

export const StaffQuestionnaireSchema = z.object({
  id: z.string(),
  titleEn: z.string(),
  titleJa: z.string(),
  descriptionEn: z.string(),
  descriptionJa: z.string(),
  questions: z.array(StaffQuestionSchema),
  /** Empty: every house group. */
  houseGroupIds: z.array(z.string()),
  active: z.boolean(),
  answerCount: z.number().int(),
  /** Once answered, questions, their types and choices stay (texts, scope and active may change). */
  questionsLocked: z.boolean(),
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
  version: z.number().int(),
});
export type StaffQuestionnaire = z.infer<typeof StaffQuestionnaireSchema>;

export const staffCreateQuestionnaire = defineMethod({
  path: 'staff_create_questionnaire',
  access: 'staff',
  idempotent: true,
  summary:
    'Creates a questionnaire for guests after check-out: titles, description and questions (RATING 1–5, SINGLE_CHOICE with 2–10 choices, FREE_TEXT; each required or not) in English and Japanese, for every house group (houseGroupIds empty) or the ones named. Refused: an unknown house group (404 CodeNotFound), choices on a question of another type or fewer than 2 on a SINGLE_CHOICE (400 CodeQuestionnaireInvalid).',
  input: QuestionnaireInputSchema,
  output: z.object({ questionnaire: StaffQuestionnaireSchema }),
});

export const staffUpdateQuestionnaire = defineMethod({
  path: 'staff_update_questionnaire',
  access: 'staff',
  summary:
    'Replaces a questionnaire (as staff_create_questionnaire) when version is still the stored one (409 CodeQuestionnaireVersionConflict otherwise). Once a guest answered it, its questions keep their ids, types and choices (409 CodeQuestionnaireQuestionsLocked); texts, scope and active still change. 404 CodeQuestionnaireNotFound.',
  input: QuestionnaireInputSchema.extend({ questionnaireId: TypedIdSchema, version: z.number().int().min(1) }).strict(),
  output: z.object({ questionnaire: StaffQuestionnaireSchema }),
});

export const staffListQuestionnaires = defineMethod({
  path: 'staff_list_questionnaires',
  access: 'staff',
  summary: 'Every questionnaire, newest first, with its answer count.',
  input: z.object({}).strict(),
  output: z.object({ questionnaires: z.array(StaffQuestionnaireSchema) }),
});

export const QuestionSummarySchema = z.object({
  questionId: z.string(),
  type: QuestionType,
  text: z.string(),
  answerCount: z.number().int(),
  /** RATING: the mean of the ratings given, as a decimal string with 2 places ('4.33'); null before any. */
  averageRating: z.string().nullable(),
  /** RATING: how many gave 1, 2, 3, 4 and 5. */
  ratingCounts: z.array(z.number().int()),
  /** SINGLE_CHOICE: how many chose each choice. */
  choiceCounts: z.array(z.object({ choiceId: z.string(), label: z.string(), count: z.number().int() })),
});

export const StaffAnswerSchema = z.object({
  bookingId: z.string(),
  bookingNumber: z.string(),
  houseGroupName: z.string(),
  guestName: z.string(),
  answeredAt: DateTimeSchema,
  answers: z.array(
    z.object({
      questionId: z.string(),
      rating: z.number().int().nullable(),
      choiceId: z.string().nullable(),
      /** The chosen choice's label in the reader's language. */
      choiceLabel: z.string().nullable(),
      text: z.string().nullable(),
    }),
  ),
});

export const staffGetQuestionnaireAnswers = defineMethod({
  path: 'staff_get_questionnaire_answers',
  access: 'staff',
  summary:
    "A questionnaire's answers, newest first (up to 500), and its summary per question: counts, average rating and each choice's count. 404 CodeQuestionnaireNotFound.",
  input: z.object({ questionnaireId: TypedIdSchema }).strict(),
  output: z.object({
    questionnaire: StaffQuestionnaireSchema,
    answerCount: z.number().int(),
    summary: z.array(QuestionSummarySchema),
    answers: z.array(StaffAnswerSchema),
  }),
});

// Guests --------------------------------------------------------------------------------------------

export const GuestQuestionSchema = z.object({
  id: z.string(),
  type: QuestionType,
  required: z.boolean(),
  text: z.string(),
  choices: z.array(z.object({ id: z.string(), label: z.string() })),
});

export const AnswerInputSchema = z
  .object({
    questionId: TypedIdSchema,
    /** RATING: 1 to 5. */
    rating: z.number().int().min(1).max(5).optional(),
    /** SINGLE_CHOICE: one of the question's choices. */
    choiceId: TypedIdSchema.optional(),
    /** FREE_TEXT. */
    text: z.string().trim().max(MAX_FREE_TEXT_ANSWER_LENGTH).optional(),
  })
  .strict();
export type AnswerInput = z.infer<typeof AnswerInputSchema>;

export const GuestAnswerSchema = z.object({
  questionId: z.string(),
  rating: z.number().int().nullable(),
  choiceId: z.string().nullable(),
  text: z.string().nullable(),
});

/** A questionnaire open to the caller for one of their CHECKED_OUT stays. */
export const BookingQuestionnaireSchema = z.object({
  bookingId: z.string(),
  bookingNumber: z.string(),
  houseGroupName: z.string(),
  checkinDate: DateSchema,
  checkoutDate: DateSchema,
  questionnaireId: z.string(),
  title: z.string(),
  description: z.string(),
  questions: z.array(GuestQuestionSchema),
  answered: z.boolean(),
  answeredAt: DateTimeSchema.nullable(),
  /** The caller's answers once answered, else empty. */
  answers: z.array(GuestAnswerSchema),
  /** Until when it can be answered (QUESTIONNAIRE_OPEN_DAYS after check-out). */
  openUntil: DateTimeSchema,
});
export type BookingQuestionnaire = z.infer<typeof BookingQuestionnaireSchema>;

export const listQuestionnaires = defineMethod({
  path: 'list_questionnaires',
  access: 'user',
  summary: `The questionnaires open to the caller: one per CHECKED_OUT stay of theirs checked out in the last ${QUESTIONNAIRE_OPEN_DAYS} days whose house group has an active questionnaire (one for the group itself before one for every group, the newest first), answered or not. bookingId narrows it to one stay.`,
  input: z.object({ bookingId: TypedIdSchema.optional() }).strict(),
  output: z.object({ questionnaires: z.array(BookingQuestionnaireSchema) }),
});

export const answerQuestionnaire = defineMethod({
  path: 'answer_questionnaire',
  access: 'user',
  idempotent: true,
  summary:
    "Answers the questionnaire of one of the caller's CHECKED_OUT stays, once. Refused, nothing stored: a stay that is not the caller's or unknown (404 CodeBookingNotFound), not CHECKED_OUT, past the open period or without a questionnaire (409 CodeQuestionnaireNotOpen), another questionnaire than the stay's (409 CodeQuestionnaireNotOpen), answered already (409 CodeQuestionnaireAlreadyAnswered), an answer that does not fit its question, an unknown question, a question answered twice or a required one left out (400 CodeQuestionnaireAnswerInvalid, the question named).",
  input: z
    .object({
      bookingId: TypedIdSchema,
      questionnaireId: TypedIdSchema,
      answers: z.array(AnswerInputSchema).max(MAX_QUESTIONNAIRE_QUESTIONS),
    })
    .strict(),
  output: z.object({ questionnaire: BookingQuestionnaireSchema }),
});

export const QUESTIONNAIRE_METHODS = [
  staffCreateQuestionnaire,
  staffUpdateQuestionnaire,
  staffListQuestionnaires,
  staffGetQuestionnaireAnswers,
  listQuestionnaires,
  answerQuestionnaire,
] as const;
