import { staffCreateAllocationRound, type AllocationRound } from '@yado/contract/high-season.contract';
import type { MethodInput } from '@yado/contract/method';
import type { FieldError } from '../../../lib/api-error';
import { useIdempotentCreate } from '../../../lib/use-idempotent-create.hook';

/** Creates a high-season round: one round per attempt; the list reloads afterwards. */
export function useCreateAllocationRound(): {
  create: (
    input: MethodInput<typeof staffCreateAllocationRound>,
  ) => Promise<{ ok: true; round: AllocationRound } | { ok: false; message: string | null; fields: FieldError[] }>;
  busy: boolean;
} {
  const { create, busy } = useIdempotentCreate(staffCreateAllocationRound);
  return {
    create: async (input) => {
      const r = await create(input);
      return r.ok ? { ok: true, round: r.output.round } : r;
    },
    busy,
  };
}
