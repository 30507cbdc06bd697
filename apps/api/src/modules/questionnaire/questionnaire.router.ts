import {
  answerQuestionnaire,
  listQuestionnaires,
  staffCreateQuestionnaire,
  staffGetQuestionnaireAnswers,
  staffListQuestionnaires,
  staffUpdateQuestionnaire,
} from '@yado/contract/questionnaire.contract';
import { requirePrincipal, type CallContext } from '../../platform/http/call-context.js';
import { implement, type Implementation } from '../../platform/http/rpc-app.js';
import * as questionnaires from './questionnaire.service.js';

/** Who the audit trail names for a staff change. */
const staffActor = (ctx: CallContext) => `account:${requirePrincipal(ctx).accountId}`;

export const questionnaireImplementations: Implementation[] = [
  implement(staffCreateQuestionnaire, (ctx, input) =>
    questionnaires.createQuestionnaire(ctx.deps, staffActor(ctx), input),
  ),
  implement(staffUpdateQuestionnaire, (ctx, input) =>
    questionnaires.updateQuestionnaire(ctx.deps, staffActor(ctx), input),
  ),
  implement(staffListQuestionnaires, (ctx) => questionnaires.listForStaff(ctx.deps)),
  implement(staffGetQuestionnaireAnswers, (ctx, input) =>
    questionnaires.answersForStaff(ctx.deps, input.questionnaireId, ctx.language),
  ),
  implement(listQuestionnaires, (ctx, input) =>
    questionnaires.listForGuest(ctx.deps, requirePrincipal(ctx).accountId, ctx.language, input.bookingId),
  ),
  implement(answerQuestionnaire, (ctx, input) =>
    questionnaires.answer(ctx.deps, requirePrincipal(ctx).accountId, ctx.language, input),
  ),
];
