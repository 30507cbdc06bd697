import type { ChatMessage } from '@yado/contract/chat.contract';

/**
 * A thread's messages with new ones merged in: each id once (a message can arrive by the stream, by
 * the send's answer and by a catch-up read), in id order, which is the order they were sent in.
 */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return current as ChatMessage[];
  const byId = new Map(current.map((m) => [m.messageId, m]));
  let changed = false;
  for (const m of incoming) {
    if (!byId.has(m.messageId)) {
      byId.set(m.messageId, m);
      changed = true;
    }
  }
  if (!changed) return current as ChatMessage[];
  return [...byId.values()].sort((a, b) => a.messageId - b.messageId);
}
