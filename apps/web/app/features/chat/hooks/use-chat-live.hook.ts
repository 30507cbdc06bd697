import type { ChatMessage } from '@yado/contract/chat.contract';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { afterPageSettled } from '../../../lib/after-page-settled';
import { openChatStream } from '../chat-stream';

export type ChatLiveEvent =
  | { type: 'message'; message: ChatMessage }
  | { type: 'read'; conversationId: string; unreadCount: number }
  | { type: 'connected'; connected: boolean };

type LiveState = { connected: boolean; totalUnread: number | null };

/**
 * One event stream per page, shared by everything that shows chat (the launcher, a booking's thread,
 * the staff inbox): opened by the first user, closed after the last one leaves.
 */
const listeners = new Set<(e: ChatLiveEvent) => void>();
const stateListeners = new Set<() => void>();
let state: LiveState = { connected: false, totalUnread: null };
let stream: { close: () => void } | null = null;
let closeTimer: ReturnType<typeof setTimeout> | null = null;
let opening: (() => void) | null = null;

function setState(next: Partial<LiveState>): void {
  state = { ...state, ...next };
  for (const l of stateListeners) l();
}

function emit(e: ChatLiveEvent): void {
  for (const l of [...listeners]) l(e);
}

function retain(listener: (e: ChatLiveEvent) => void): () => void {
  listeners.add(listener);
  if (closeTimer) clearTimeout(closeTimer);
  closeTimer = null;
  // The connection waits until the page has loaded and settled: it never competes with the page's own
  // requests on a slow phone. What arrives meanwhile is read on connecting (the unread total; a shown
  // thread reads what it missed).
  if (!stream && !opening) {
    opening = afterPageSettled(() => {
      opening = null;
      if (listeners.size === 0 || stream) return;
      stream = openChatStream({
        onMessage: (message) => {
          // Another side's message counts as unread until a thread showing it marks it read.
          if (!message.sentByMe && state.totalUnread !== null) setState({ totalUnread: state.totalUnread + 1 });
          emit({ type: 'message', message });
        },
        onRead: (r) => emit({ type: 'read', ...r }),
        onUnread: (totalUnread) => setState({ totalUnread }),
        onConnected: (connected) => {
          setState({ connected });
          emit({ type: 'connected', connected });
        },
      });
    });
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    // A page change unmounts and mounts the users at once: keep the stream over the gap.
    closeTimer = setTimeout(() => {
      if (listeners.size > 0) return;
      opening?.();
      opening = null;
      stream?.close();
      stream = null;
      setState({ connected: false, totalUnread: null });
    }, 1_000);
  };
}

/** The unread total the server last gave, set again when a thread has marked its messages read. */
export function setTotalUnread(totalUnread: number): void {
  setState({ totalUnread });
}

/** Receives the page's live chat events while mounted (and while `enabled`). */
export function useChatEvents(listener: (e: ChatLiveEvent) => void, enabled = true): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    if (!enabled) return;
    return retain((e) => latest.current(e));
  }, [enabled]);
}

const serverState: LiveState = { connected: false, totalUnread: null };

/** Whether the stream is connected, and the caller's unread total (null until known). */
export function useChatLiveState(): LiveState {
  return useSyncExternalStore(
    (l) => {
      stateListeners.add(l);
      return () => stateListeners.delete(l);
    },
    () => state,
    () => serverState,
  );
}
