import type { MethodInput } from '@yado/contract/method';
import { answerQuestionnaire, type BookingQuestionnaire } from '@yado/contract/questionnaire.contract';
import type { FieldError } from '../../../lib/api-error';
import { useIdempotentCreate } from '../../../lib/use-idempotent-create.hook';

/** Sends a stay's answers: one Idempotency-Key per attempt, so a retry after a lost answer stores one. */
export function useAnswerQuestionnaire(): {
  send: (
    input: MethodInput<typeof answerQuestionnaire>,
  ) => Promise<
    { ok: true; questionnaire: BookingQuestionnaire } | { ok: false; message: string | null; fields: FieldError[] }
  >;
  busy: boolean;
} {
  const { create, busy } = useIdempotentCreate(answerQuestionnaire);
  return {
    send: async (input) => {
      const r = await create(input);
      return r.ok ? { ok: true, questionnaire: r.output.questionnaire } : r;
    },
    busy,
  };
}
