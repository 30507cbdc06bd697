import type { MethodDef, MethodInput, MethodOutput } from '@yado/contract/method';
import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import { swrConfig, type ApiKey } from './swr-config';

/**
 * Reads a product method through SWR with the app's configuration (the
 * spec's timings, the fetcher, the error handling). Every read goes through
 * here, so the configuration is passed per call rather than by a provider at
 * the root: pages that read nothing never load SWR. Pass `null` as the method
 * to skip the call, e.g. until the page knows the input.
 */
export function useApiQuery<M extends MethodDef>(
  def: M | null,
  input: MethodInput<M>,
  config?: SWRConfiguration<MethodOutput<M>>,
): SWRResponse<MethodOutput<M>> {
  const key: ApiKey<M> | null = def ? [def, input] : null;
  return useSWR<MethodOutput<M>>(key, { ...(swrConfig as SWRConfiguration<MethodOutput<M>>), ...config });
}
