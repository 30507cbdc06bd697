import { deleteCancellationSubscription } from '@yado/contract/waitlist.contract';
import { useApiAction } from '../../../lib/use-api-action.hook';

/** Removes one subscription and reloads the list; a refusal's message comes back for the row. */
export function useDeleteWaitlist() {
  const { run, busy } = useApiAction();
  const remove = (cancellationSubscriptionId: string) =>
    run(deleteCancellationSubscription, { cancellationSubscriptionId }, { idempotent: true });
  return { remove, busy };
}
