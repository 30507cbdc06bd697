import { Hono } from 'hono';
import { ALL_METHODS } from '@yado/contract/methods';
import type { Deps } from './platform/deps.js';
import { createRpcApp, type Implementation } from './platform/http/rpc-app.js';
import { startScheduler, type Task } from './platform/scheduler.js';
import { createAfterResponse, type AfterResponse } from './platform/after-response.js';
import { pruneIdempotencyKeysTask } from './platform/http/idempotency.js';
import { mountIdentityRoutes } from './modules/identity/identity.routes.js';
import * as identity from './modules/identity/identity.service.js';
import { SigningKeys } from './modules/identity/signing-keys.js';
import { startSearchIndex } from './modules/catalogue/search-index.service.js';
import { catalogueChangeFeed, type CatalogueChangeFeed } from './modules/catalogue/catalogue-changes.service.js';
import { mountMonitoringRoutes } from './modules/monitoring/monitoring.routes.js';
import type { Principal } from './platform/http/call-context.js';
import { IMPLEMENTATIONS, BACKGROUND_TASKS, isOwner, mountExtraRoutes } from './modules/registry.js';
import type { RenderMissingImage } from './modules/catalogue/catalogue-media.routes.js';

export type Api = {
  app: Hono;
  deps: Deps;
  verifyIdToken: (token: string) => Promise<Principal>;
  signOut: (principal: Principal) => Promise<void>;
  keys: SigningKeys;
  /** Committed changes of house groups (migration 0011's notifications), for caches outside the API. */
  catalogueChanges: CatalogueChangeFeed;
  /** Work requests left for after their answers (password reset mail). */
  afterResponse: AfterResponse;
  /** The background tasks startBackgroundWork runs on the scheduler. */
  backgroundTasks: Task[];
  startBackgroundWork: () => void;
  stopBackgroundWork: () => Promise<void>;
};

/**
 * The API as one Hono app: the product methods under /app/v1, the identity
 * service, health checks. The web server mounts it; apps/api/src/main.ts runs
 * it alone.
 */
export async function createApi(
  deps: Deps,
  opts: {
    // Tests give their own queue to see what a request left for after its answer.
    afterResponse?: AfterResponse;
    // Draws a catalogue image on its first request (the demo pictures). The start scripts pass the
    // demo data's renderer, so the product modules never import seed code.
    renderMissingImage?: RenderMissingImage;
  } = {},
): Promise<Api> {
  const keys = new SigningKeys(deps);
  await keys.ensureActiveKey();
  const afterResponse = opts.afterResponse ?? createAfterResponse(deps.log);
  const idDeps = { ...deps, keys, afterResponse };
  const verifyIdToken = (token: string) => identity.verifyIdToken(idDeps, token);

  const missing = ALL_METHODS.filter((m) => !IMPLEMENTATIONS.some((i: Implementation) => i.def === m));
  if (missing.length) throw new Error(`methods without an implementation: ${missing.map((m) => m.path).join(', ')}`);

  const app = new Hono();
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    try {
      await deps.db.query('SELECT 1');
      return c.json({ status: 'ready' });
    } catch {
      return c.json({ status: 'database unreachable' }, 503);
    }
  });
  mountMonitoringRoutes(app, deps);
  mountIdentityRoutes(app, idDeps, (r) => mountExtraRoutes.identity(r, idDeps));
  mountExtraRoutes.root(app, { ...idDeps, verifyIdToken }, { renderMissingImage: opts.renderMissingImage });
  app.route(
    '/',
    createRpcApp({
      deps,
      implementations: IMPLEMENTATIONS,
      authenticate: verifyIdToken,
      isOwner: (p) => isOwner(deps, p),
      log: deps.log,
      trustProxy: deps.env.TRUST_PROXY,
    }),
  );

  const tasks: Task[] = [
    { name: 'rotate-signing-keys', everyMs: 3_600_000, run: () => keys.ensureActiveKey() },
    { name: 'prune-auth-attempts', everyMs: 3_600_000, run: (d) => identity.pruneOldAttempts(d) },
    pruneIdempotencyKeysTask,
    ...BACKGROUND_TASKS,
  ];
  let scheduler: { stop: () => Promise<void> } | null = null;
  let revocations: { stop: () => Promise<void> } | null = null;
  let searchIndex: { stop: () => Promise<void> } | null = null;
  return {
    app,
    deps,
    keys,
    catalogueChanges: catalogueChangeFeed(deps),
    verifyIdToken,
    signOut: (principal) => identity.signOut(idDeps, principal),
    afterResponse,
    backgroundTasks: tasks,
    startBackgroundWork: () => {
      scheduler ??= startScheduler(deps, tasks);
      revocations ??= identity.startRevocationListener(deps);
      // Loaded with the server so the first searches already find it (it also starts on a first search).
      searchIndex ??= startSearchIndex(deps);
    },
    stopBackgroundWork: async () => {
      await afterResponse.settled();
      await scheduler?.stop();
      await revocations?.stop();
      await searchIndex?.stop();
      scheduler = null;
      revocations = null;
      searchIndex = null;
    },
  };
}
