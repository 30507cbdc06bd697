import type { MethodDef, MethodInput, MethodOutput } from '@yado/contract/method';
import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import type { ApiKey } from './swr-config';

/**
 * Reads a product method through SWR with the app's configuration (the
 * fetcher and error handling come from the root's SWRConfig). Pass `null` as
 * the method to skip the call, e.g. until the page knows the input.
 */
export function useApiQuery<M extends MethodDef>(
  def: M | null,
  input: MethodInput<M>,
  config?: SWRConfiguration<MethodOutput<M>>,
): SWRResponse<MethodOutput<M>> {
  const key: ApiKey<M> | null = def ? [def, input] : null;
  return useSWR<MethodOutput<M>>(key, config ?? {});
}
