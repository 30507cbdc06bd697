/**
 * The notifications page tells the header's badge of a new unread count at once (a read, all read),
 * so the badge does not wait for its next poll. A window event keeps the two apart: neither imports
 * the other's state.
 */
const EVENT = 'yado:unread-notifications';

export function announceUnreadCount(unreadCount: number): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent<number>(EVENT, { detail: unreadCount }));
}

export function onUnreadCount(listener: (unreadCount: number) => void): () => void {
  const handler = (e: Event) => listener((e as CustomEvent<number>).detail);
  window.addEventListener(EVENT, handler);
  return () => window.removeEventListener(EVENT, handler);
}

/** What the badge shows: the count, 99+ above 99, nothing at 0. */
export function badgeText(unreadCount: number): string | null {
  if (unreadCount <= 0) return null;
  return unreadCount > 99 ? '99+' : String(unreadCount);
}
