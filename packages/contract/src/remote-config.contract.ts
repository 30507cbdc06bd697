import { z } from 'zod';
import { EnabledFeature, SearchHouseGroupsType } from './user.contract';

/**
 * Remote config (spec, sections 6 and 9): the flags the web app reads at
 * start — search permission, abroad hotels, enabled features — from
 * `GET /api/remote-config`, public and cacheable for a minute.
 */
export const REMOTE_CONFIG_ROUTE = '/api/remote-config';

/** Spec, section 9: fetch timeout 60000 ms; minimum fetch interval 60000 ms. */
export const REMOTE_CONFIG_FETCH_TIMEOUT_MS = 60_000;
export const REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS = 60_000;

export const RemoteConfigSchema = z.object({
  searchHouseGroupsType: SearchHouseGroupsType.strict,
  canSearchAbroadHotels: z.boolean(),
  enabledFeatures: z.array(EnabledFeature.strict),
  fetchedAt: z.iso.datetime({ offset: true }),
});
export type RemoteConfig = z.infer<typeof RemoteConfigSchema>;

/** How a client reads it: an enumeration value it does not know arrives as UNRECOGNIZED. */
export const RemoteConfigReadSchema = z.object({
  searchHouseGroupsType: SearchHouseGroupsType.lenient,
  canSearchAbroadHotels: z.boolean(),
  enabledFeatures: z.array(EnabledFeature.lenient),
  fetchedAt: z.string(),
});
export type RemoteConfigRead = z.infer<typeof RemoteConfigReadSchema>;
