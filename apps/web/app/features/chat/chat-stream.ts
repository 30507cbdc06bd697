import {
  CHAT_EVENTS_PATH,
  ChatMessageSchema,
  ChatStreamReadSchema,
  ChatStreamUnreadSchema,
  type ChatMessage,
} from '@yado/contract/chat.contract';
import { getIdToken } from '../../lib/identity-client';
import { requestLanguage } from '../../lib/request-headers';

export type ChatStreamHandlers = {
  onMessage: (m: ChatMessage) => void;
  onRead: (r: { conversationId: string; unreadCount: number }) => void;
  onUnread: (totalUnread: number) => void;
  /** Whether the stream is connected now (false while reconnecting). */
  onConnected: (connected: boolean) => void;
};

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;
/** Twice the server's heartbeat: a stream quiet for longer is taken for dead and reopened. */
const SILENCE_MS = 40_000;

/**
 * The chat's event stream, read with fetch rather than EventSource so it carries the same bearer
 * token as every call (refreshed before each connection). It reconnects by itself with the last
 * message id it received (Last-Event-ID), so nothing is missed or repeated across drops.
 */
export function openChatStream(handlers: ChatStreamHandlers): { close: () => void } {
  let lastId: string | null = null;
  let closed = false;
  let controller: AbortController | null = null;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;

  const dispatch = (event: string, data: string, id: string | null) => {
    const json: unknown = JSON.parse(data);
    if (event === 'message') {
      const parsed = ChatMessageSchema.safeParse(json);
      if (!parsed.success) return;
      if (id) lastId = id;
      handlers.onMessage(parsed.data);
    } else if (event === 'read') {
      const parsed = ChatStreamReadSchema.safeParse(json);
      if (parsed.success) handlers.onRead(parsed.data);
    } else if (event === 'unread') {
      const parsed = ChatStreamUnreadSchema.safeParse(json);
      if (parsed.success) handlers.onUnread(parsed.data.totalUnread);
    }
  };

  const connect = async () => {
    if (closed) return;
    controller = new AbortController();
    const ac = controller;
    let silence: ReturnType<typeof setTimeout> | null = null;
    const watch = () => {
      if (silence) clearTimeout(silence);
      silence = setTimeout(() => ac.abort(), SILENCE_MS);
    };
    try {
      const token = await getIdToken();
      if (!token) throw new Error('signed out');
      const headers: Record<string, string> = {
        authorization: `Bearer ${token}`,
        accept: 'text/event-stream',
        'accept-language': requestLanguage(),
      };
      if (lastId) headers['last-event-id'] = lastId;
      watch();
      const res = await fetch(CHAT_EVENTS_PATH, { headers, signal: ac.signal, cache: 'no-store' });
      if (!res.ok || !res.body) throw new Error(`chat stream answered ${res.status}`);
      handlers.onConnected(true);
      retryMs = FIRST_RETRY_MS;
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        watch();
        buffer += decoder.decode(chunk.value, { stream: true }).replace(/\r\n?/g, '\n');
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let event = 'message';
          let id: string | null = null;
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('id:')) id = line.slice(3).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
          }
          if (data.length) dispatch(event, data.join('\n'), id);
        }
      }
    } catch {
      // Dropped, refused or timed out: reconnect below.
    } finally {
      if (silence) clearTimeout(silence);
    }
    if (closed) return;
    handlers.onConnected(false);
    retryTimer = setTimeout(() => void connect(), retryMs);
    retryMs = Math.min(MAX_RETRY_MS, retryMs * 2);
  };

  void connect();
  return {
    close: () => {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      controller?.abort();
    },
  };
}
