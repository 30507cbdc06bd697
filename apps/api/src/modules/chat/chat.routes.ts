import { CHAT_EVENTS_PATH } from '@yado/contract/chat.contract';
import type { Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { AppError } from '../../platform/app-error.js';
import type { Deps } from '../../platform/deps.js';
import type { Principal } from '../../platform/http/call-context.js';
import { languageOf, toErrorResponse } from '../../platform/http/error-response.js';
import { ChatHub, type ChatStreamEvent } from './chat-live.service.js';
import { CHAT_IMAGE_PATH_PREFIX, chatImageFor } from './chat.service.js';

/** A comment line this often keeps proxies and the browser from taking a quiet stream for a dead one. */
const HEARTBEAT_MS = 15_000;
/**
 * A stream ends after this long and the client reconnects with its last id: a token that expired or
 * was revoked stops being served, and connections spread again over the app processes.
 */
const MAX_STREAM_MS = 10 * 60_000;
/** Events a client has not taken yet; a client that far behind is dropped and catches up on reconnect. */
const MAX_QUEUED_EVENTS = 2_000;
/** The browser's reconnect delay (the SSE `retry` field). */
const RETRY_MS = 2_000;
/** The web session's cookie (apps/web/server/session.routes.ts): an EventSource or <img> sends no Authorization. */
const SESSION_COOKIE = 'token';

type ChatRouteDeps = Deps & { verifyIdToken: (t: string) => Promise<Principal> };

async function principalOf(c: Context, deps: ChatRouteDeps): Promise<Principal> {
  const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? getCookie(c, SESSION_COOKIE);
  if (!token) throw new AppError('CodeUnauthenticated');
  return deps.verifyIdToken(token);
}

function afterIdOf(value: string | undefined): number | null {
  if (value === undefined || value === '') return null;
  const n = /^\d{1,15}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n)) {
    throw new AppError('CodeInvalidArgument', {
      fields: [{ field: 'Last-Event-ID', description: 'not a message id' }],
    });
  }
  return n;
}

const encoder = new TextEncoder();
/** Encoded events by their object: the hub hands the same event to every stream that reads it alike. */
const encoded = new WeakMap<ChatStreamEvent, Uint8Array>();
function format(e: ChatStreamEvent): Uint8Array {
  let bytes = encoded.get(e);
  if (!bytes) {
    bytes = encoder.encode(`event: ${e.event}\n${'id' in e ? `id: ${e.id}\n` : ''}data: ${JSON.stringify(e.data)}\n\n`);
    encoded.set(e, bytes);
  }
  return bytes;
}

/**
 * The chat's live side: the event stream of the caller's conversations (Server-Sent Events, resumable
 * with Last-Event-ID or `?after=`), and the attached images. Both are authenticated like the methods
 * (Bearer), or by the web session's cookie for what a browser loads by itself.
 */
export function mountChatRoutes(app: Hono, deps: ChatRouteDeps): ChatHub {
  const hub = new ChatHub(deps);

  app.get(CHAT_EVENTS_PATH, async (c) => {
    const language = languageOf(c.req.query('lang') ?? c.req.header('accept-language'));
    try {
      const principal = await principalOf(c, deps);
      const afterId = afterIdOf(c.req.header('last-event-id') ?? c.req.query('after'));
      let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
      let closed = false;
      let subscription: { close: () => void } | null = null;
      // Started here so `finish` can clear them; restarted once the stream is subscribed.
      const heartbeat = setInterval(() => write(': keep-alive\n\n'), HEARTBEAT_MS);
      const lifetime = setTimeout(() => finish(), MAX_STREAM_MS);
      const finish = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        subscription?.close();
        try {
          controller?.close();
        } catch {
          // Already closed by the client going away.
        }
      };
      const write = (chunk: string | Uint8Array) => {
        if (closed || !controller) return;
        if ((controller.desiredSize ?? 0) < -MAX_QUEUED_EVENTS) return finish();
        try {
          controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
        } catch {
          finish();
        }
      };
      const body = new ReadableStream<Uint8Array>({
        start: (ctrl) => {
          controller = ctrl;
        },
        cancel: finish,
      });
      write(`retry: ${RETRY_MS}\n\n`);
      subscription = await hub.subscribe(principal, language, afterId, (e) => write(format(e)), finish);
      if (closed) subscription.close();
      heartbeat.refresh();
      lifetime.refresh();
      c.req.raw.signal.addEventListener('abort', finish);
      return new Response(body, {
        status: 200,
        headers: {
          'Content-Type': 'text/event-stream; charset=utf-8',
          'Cache-Control': 'no-store',
          Connection: 'keep-alive',
          // Proxies that buffer answers (nginx) would hold the events back.
          'X-Accel-Buffering': 'no',
        },
      });
    } catch (err) {
      const { status, body, headers } = toErrorResponse(err, language, deps.log);
      return c.json(body, status as 400, { ...headers, 'Cache-Control': 'no-store' });
    }
  });

  /** GET /media/chat-images/<id>.jpg: an attached image, for the participants of its conversation only (404 otherwise). */
  app.get(`${CHAT_IMAGE_PATH_PREFIX}:file{[0-9a-f]{32}\\.jpg}`, async (c) => {
    const language = languageOf(c.req.header('accept-language'));
    try {
      const principal = await principalOf(c, deps);
      const content = await chatImageFor(deps, principal, c.req.param('file').slice(0, -'.jpg'.length));
      if (!content) throw new AppError('CodeNotFound');
      return c.body(new Uint8Array(content), 200, {
        'Content-Type': 'image/jpeg',
        'Content-Length': String(content.length),
        // An image never changes under its id, but is private: kept by the browser only.
        'Cache-Control': 'private, max-age=86400',
        'X-Content-Type-Options': 'nosniff',
      });
    } catch (err) {
      const { status, body, headers } = toErrorResponse(err, language, deps.log);
      return c.json(body, status as 400, { ...headers, 'Cache-Control': 'no-store' });
    }
  });

  return hub;
}
