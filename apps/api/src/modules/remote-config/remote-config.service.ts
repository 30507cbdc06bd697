import type { RemoteConfig } from '@yado/contract/remote-config.contract';
import type { Deps } from '../../platform/deps.js';
import { getSearchPermission } from '../feature-flag/feature-flag.service.js';

/** The flags the web app reads at start, from the feature-flag table (spec, sections 6 and 9). */
export async function getRemoteConfig(deps: Deps): Promise<RemoteConfig> {
  const permission = await getSearchPermission(deps);
  return { ...permission, fetchedAt: deps.clock.now().toISOString() };
}
