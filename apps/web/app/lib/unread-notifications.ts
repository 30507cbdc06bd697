/**
 * The notifications page tells the header's badge of a new unread count at once (a read, all read),
 * so the badge does not wait for its next poll. A window event keeps the two apart: neither imports
 * the other's state.
 */
const EVENT = 'yado:unread-notifications';

/** The page's window in the browser; none while rendering on the server. */
const pageTarget = (): EventTarget | null => (typeof window === 'undefined' ? null : window);

export function announceUnreadCount(unreadCount: number, target: EventTarget | null = pageTarget()): void {
  target?.dispatchEvent(new CustomEvent<number>(EVENT, { detail: unreadCount }));
}

export function onUnreadCount(
  listener: (unreadCount: number) => void,
  target: EventTarget | null = pageTarget(),
): () => void {
  if (!target) return () => undefined;
  const handler = (e: Event) => listener((e as CustomEvent<number>).detail);
  target.addEventListener(EVENT, handler);
  return () => target.removeEventListener(EVENT, handler);
}

/** What the badge shows: the count, 99+ above 99, nothing at 0. */
export function badgeText(unreadCount: number): string | null {
  if (unreadCount <= 0) return null;
  return unreadCount > 99 ? '99+' : String(unreadCount);
}
