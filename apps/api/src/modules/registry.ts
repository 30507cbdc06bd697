import type { Hono } from 'hono';
import type { Deps } from '../platform/deps.js';
import type { Principal } from '../platform/http/call-context.js';
import type { Implementation } from '../platform/http/rpc-app.js';
import type { Task } from '../platform/scheduler.js';
import type { IdentityDeps } from './identity/identity.service.js';

/**
 * The composition of the domain modules: every method implementation, every
 * background task and every extra HTTP route is listed here once.
 */
export const IMPLEMENTATIONS: Implementation[] = [];

export const BACKGROUND_TASKS: Task[] = [];

export async function isOwner(deps: Deps, principal: Principal): Promise<boolean> {
  const r = await deps.db.query<{ user_type: string }>('SELECT user_type FROM users WHERE identity_id = $1', [
    principal.accountId,
  ]);
  return r.rows[0]?.user_type === 'USER_TYPE_OWNER';
}

export const mountExtraRoutes = {
  /** Routes beside the identity service's own (OpenID Connect sign-in). */
  identity: (_app: Hono, _deps: IdentityDeps): void => {},
  /** Routes at the root of the API app (OpenAPI document and docs, development outbox, profile photos). */
  root: (_app: Hono, _deps: IdentityDeps & { verifyIdToken: (t: string) => Promise<Principal> }): void => {},
};
