import { EnabledFeature, SearchHouseGroupsType } from '@yado/contract/user.contract';
import type { Deps } from '../../platform/deps.js';
import * as repo from './feature-flag.repo.js';

type SearchType = (typeof SearchHouseGroupsType.values)[number];
type Feature = (typeof EnabledFeature.values)[number];
export type SearchPermission = {
  searchHouseGroupsType: SearchType;
  canSearchAbroadHotels: boolean;
  enabledFeatures: Feature[];
};

const FLAG_KEYS = ['searchHouseGroupsType', 'canSearchAbroadHotels', 'enabledFeatures'] as const;

/**
 * The search page's flags from the feature_flags table. A missing or
 * mistyped value falls back to the default (SEARCH, no abroad hotels, no
 * features), so a bad edit by an operator never takes the search page down.
 */
export async function getSearchPermission(deps: Deps): Promise<SearchPermission> {
  const flags = await repo.readFlags(deps.db, [...FLAG_KEYS]);
  const search = flags.get('searchHouseGroupsType');
  const abroad = flags.get('canSearchAbroadHotels');
  const features = flags.get('enabledFeatures');
  const known = (v: unknown): v is Feature => (EnabledFeature.values as readonly unknown[]).includes(v);
  return {
    searchHouseGroupsType: (SearchHouseGroupsType.values as readonly unknown[]).includes(search)
      ? (search as SearchType)
      : 'SEARCH',
    canSearchAbroadHotels: abroad === true,
    enabledFeatures: Array.isArray(features) ? [...new Set(features.filter(known))] : [],
  };
}

/** Sets one flag (operations, tests). */
export async function setFeatureFlag(deps: Deps, key: (typeof FLAG_KEYS)[number], value: unknown): Promise<void> {
  await repo.writeFlag(deps.db, key, value, deps.clock.now());
}
