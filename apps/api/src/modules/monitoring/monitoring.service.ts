import type { Deps } from '../../platform/deps.js';
import * as repo from './monitoring.repo.js';

export const MAX_ENVELOPE_BYTES = 1024 * 1024;

/**
 * Whether an envelope is one of ours for project `projectId`: its first line
 * is a JSON header, and the DSN in it (the browser SDK always puts it there
 * when it sends through a tunnel) names the same project as the query. The
 * tunnel then never relays data for a project it was not told about.
 */
export function envelopeMatchesProject(envelope: Uint8Array, projectId: string): boolean {
  const newline = envelope.indexOf(0x0a);
  const firstLine = new TextDecoder().decode(newline === -1 ? envelope : envelope.subarray(0, newline));
  let header: unknown;
  try {
    header = JSON.parse(firstLine);
  } catch {
    return false;
  }
  if (header === null || typeof header !== 'object' || Array.isArray(header)) return false;
  const dsn = (header as { dsn?: unknown }).dsn;
  if (dsn === undefined) return true;
  if (typeof dsn !== 'string') return false;
  try {
    return new URL(dsn).pathname.split('/').filter(Boolean).at(-1) === projectId;
  } catch {
    return false;
  }
}

/**
 * Error events from browsers arrive through the same-origin tunnel /monitoring
 * (so ad blockers and CSP do not drop them). They are kept in the database and,
 * when SENTRY_DSN is set, forwarded to that project's envelope endpoint.
 */
export async function acceptEnvelope(deps: Deps, projectId: string, envelope: Uint8Array): Promise<void> {
  const id = await repo.insertEvent(deps.db, projectId, envelope);
  const dsn = deps.env.SENTRY_DSN;
  if (!dsn) return;
  const u = new URL(dsn);
  const project = u.pathname.replace(/^\//, '');
  const target = `${u.protocol}//${u.host}/api/${project}/envelope/?sentry_key=${u.username}`;
  try {
    const res = await fetch(target, {
      method: 'POST',
      body: Buffer.from(envelope),
      headers: { 'content-type': 'application/x-sentry-envelope' },
      signal: AbortSignal.timeout(5_000),
    });
    if (res.ok) await repo.markForwarded(deps.db, id, deps.clock.now());
  } catch (err) {
    deps.log.warn('could not forward a monitoring envelope', { error: String(err) });
  }
}
