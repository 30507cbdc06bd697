import { REMOTE_CONFIG_ROUTE, RemoteConfigSchema } from '@yado/contract/remote-config.contract';
import { Hono } from 'hono';
import type { Deps } from '../../platform/deps.js';
import { languageOf, toErrorResponse } from '../../platform/http/error-response.js';
import { getRemoteConfig } from './remote-config.service.js';

/**
 * GET /api/remote-config: public, the same for everyone, so browsers and
 * shared caches may keep it for the client's minimum fetch interval.
 */
export function mountRemoteConfigRoutes(api: Hono, deps: Deps): void {
  const app = new Hono();
  app.get(REMOTE_CONFIG_ROUTE, async (c) => {
    try {
      const config = RemoteConfigSchema.parse(await getRemoteConfig(deps));
      return c.json(config, 200, { 'Cache-Control': 'public, max-age=60' });
    } catch (err) {
      const { status, body } = toErrorResponse(err, languageOf(c.req.header('accept-language')), deps.log);
      return c.json(body, status as 500);
    }
  });
  api.route('/', app);
}
