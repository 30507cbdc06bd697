import type { ChatMessage } from '@yado/contract/chat.contract';
import type { Language } from '@yado/contract/headers';
import type { Deps } from '../../platform/deps.js';
import type { Principal } from '../../platform/http/call-context.js';
import * as repo from './chat.repo.js';
import { chatScopeOf, messageView, readerOf, takesPart, type ChatScope } from './chat.service.js';

/** How many missed messages one catch-up read takes; a longer gap is read in several. */
const CATCH_UP_PAGE = 500;
/** How long the process keeps listening after its last stream closed (a reconnect usually follows at once). */
const IDLE_LISTEN_MS = 15_000;

export type ChatStreamEvent =
  | { event: 'message'; id: string; data: ChatMessage }
  | { event: 'read'; data: { conversationId: string; unreadCount: number } }
  | { event: 'unread'; data: { totalUnread: number } };

export type ChatSubscription = { close: () => void };

type Subscriber = {
  scope: ChatScope;
  accountId: string;
  reader: string;
  language: Language;
  /** The last message id sent: nothing at or below it is sent again. */
  lastId: number;
  /** While the catch-up read runs, live messages wait here and are sent after it, in id order. */
  pending: repo.MessageRecord[] | null;
  send: (e: ChatStreamEvent) => void;
  /** Ends the stream (the client reconnects with its last id). */
  end: () => void;
};

/**
 * The live side of the chat in one app process: one LISTEN connection on the chat channel, fanned out
 * to this process's event streams. Every process listens for itself, so a message sent through any of
 * them reaches every stream of every process without sticky sessions or another broker. Each message
 * is read once per process, whatever the number of streams.
 */
export class ChatHub {
  private readonly subscribers = new Set<Subscriber>();
  private listening: Promise<{ close: () => Promise<void> }> | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  /**
   * Events waiting to be handled, in the order PostgreSQL delivered them (commit order). They are
   * handled in that order; the messages among those that queued up meanwhile are read in one query.
   */
  private inbox: string[] = [];
  private draining = false;

  constructor(private readonly deps: Deps) {}

  get size(): number {
    return this.subscribers.size;
  }

  /**
   * Streams the caller's new messages. With `afterId` it first sends every message after it the
   * caller may read (a reconnect's Last-Event-ID), then the live ones, each once and in id order;
   * without, it starts at the newest message.
   */
  async subscribe(
    principal: Principal,
    language: Language,
    afterId: number | null,
    send: (e: ChatStreamEvent) => void,
    end: () => void,
  ): Promise<ChatSubscription> {
    const sub: Subscriber = {
      scope: chatScopeOf(principal),
      accountId: principal.accountId,
      reader: readerOf(principal),
      language,
      lastId: 0,
      pending: [],
      send,
      end,
    };
    this.subscribers.add(sub);
    this.cancelIdle();
    const close = () => {
      if (!this.subscribers.delete(sub)) return;
      if (this.subscribers.size === 0) this.scheduleIdle();
    };
    try {
      // Listening before reading: whatever commits from here on is heard, the rest is read.
      await this.listen();
      if (afterId === null) {
        sub.lastId = await repo.latestMessageId(this.deps.db);
      } else {
        sub.lastId = afterId;
        for (;;) {
          const missed = await repo.messagesAfter(this.deps.db, sub.scope, sub.lastId, CATCH_UP_PAGE);
          for (const m of missed) this.deliver(sub, m);
          if (missed.length < CATCH_UP_PAGE) break;
        }
      }
      const waiting = sub.pending ?? [];
      sub.pending = null;
      for (const m of waiting.sort((a, b) => a.id - b.id)) this.deliver(sub, m);
      sub.send({ event: 'unread', data: { totalUnread: await repo.totalUnread(this.deps.db, sub.scope, sub.reader) } });
    } catch (err) {
      close();
      throw err;
    }
    return { close };
  }

  private deliver(sub: Subscriber, m: repo.MessageRecord, views?: Map<string, ChatStreamEvent>): void {
    if (m.id <= sub.lastId) return;
    sub.lastId = m.id;
    // A message reads the same to every stream of one language on one side: built once per variant
    // when it fans out to many streams, not once per stream.
    const variant = `${sub.language}:${m.senderAccountId === sub.accountId ? 'mine' : 'theirs'}`;
    let event = views?.get(variant);
    if (!event) {
      event = { event: 'message', id: String(m.id), data: messageView(m, sub.accountId, sub.language) };
      views?.set(variant, event);
    }
    sub.send(event);
  }

  private listen(): Promise<{ close: () => Promise<void> }> {
    this.listening ??= repo
      .listenForChatEvents(
        this.deps.db,
        (payload) => {
          this.inbox.push(payload);
          if (!this.draining) void this.drain();
        },
        (err) => this.onLost(err),
      )
      .catch((err: unknown) => {
        this.listening = null;
        throw err;
      });
    return this.listening;
  }

  /**
   * Events may have been missed from the moment the connection dropped: every stream is ended, and its
   * client reconnects with the last id it has, so it reads exactly what it missed.
   */
  private onLost(err: Error): void {
    this.deps.log.warn('chat listening connection lost', { error: err.message });
    this.listening = null;
    for (const sub of [...this.subscribers]) {
      this.subscribers.delete(sub);
      sub.end();
    }
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.inbox.length > 0) {
        const batch = this.inbox;
        this.inbox = [];
        try {
          await this.handle(batch);
        } catch (err) {
          this.deps.log.error('chat events failed', { error: String(err) });
        }
      }
    } finally {
      this.draining = false;
    }
  }

  private async handle(payloads: string[]): Promise<void> {
    if (this.subscribers.size === 0) return;
    const events = payloads.map(
      (p) => JSON.parse(p) as { t: 'm'; id: number } | { t: 'r'; c: string; reader: string; unread: number },
    );
    const ids = events.flatMap((e) => (e.t === 'm' ? [e.id] : []));
    const messages = new Map(
      (ids.length ? await repo.findMessagesForFanOut(this.deps.db, ids) : []).map((f) => [f.message.id, f]),
    );
    for (const event of events) {
      if (event.t === 'r') {
        for (const sub of this.subscribers) {
          if (sub.reader === event.reader && sub.pending === null) {
            sub.send({ event: 'read', data: { conversationId: event.c, unreadCount: event.unread } });
          }
        }
        continue;
      }
      const found = messages.get(event.id);
      if (!found) continue;
      const views = new Map<string, ChatStreamEvent>();
      for (const sub of this.subscribers) {
        if (!takesPart(sub.scope, found)) continue;
        if (sub.pending) sub.pending.push(found.message);
        else this.deliver(sub, found.message, views);
      }
    }
  }

  private scheduleIdle(): void {
    this.cancelIdle();
    this.idleTimer = setTimeout(() => void this.stop(), IDLE_LISTEN_MS);
    this.idleTimer.unref();
  }

  private cancelIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  /** Stops listening when no stream is left (and at shutdown, after the streams were closed). */
  async stop(): Promise<void> {
    this.cancelIdle();
    if (this.subscribers.size > 0 || !this.listening) return;
    const listening = this.listening;
    this.listening = null;
    await (await listening.catch(() => null))?.close();
  }
}
