import type { MethodInput } from '@yado/contract/method';
import {
  staffCreateSupplementalConsent,
  type StaffSupplementalConsent,
} from '@yado/contract/supplemental-consent.contract';
import type { FieldError } from '../../../lib/api-error';
import { useIdempotentCreate } from '../../../lib/use-idempotent-create.hook';

/** Puts a question to a house group's owners: one question and one set of notices per attempt. */
export function useCreateConsent(): {
  create: (
    input: MethodInput<typeof staffCreateSupplementalConsent>,
  ) => Promise<
    { ok: true; consent: StaffSupplementalConsent } | { ok: false; message: string | null; fields: FieldError[] }
  >;
  busy: boolean;
} {
  const { create, busy } = useIdempotentCreate(staffCreateSupplementalConsent);
  return {
    create: async (input) => {
      const r = await create(input);
      return r.ok ? { ok: true, consent: r.output.consent } : r;
    },
    busy,
  };
}
