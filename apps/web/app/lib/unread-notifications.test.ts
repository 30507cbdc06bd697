import { describe, expect, it } from 'vitest';
import { announceUnreadCount, badgeText, onUnreadCount } from './unread-notifications';

describe('the unread badge', () => {
  it('shows nothing at 0, the count up to 99, then 99+', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(-1)).toBeNull();
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });

  it('hears the count the notifications page announces, until it stops listening', () => {
    // The page's window in the browser; here a plain event target of Node's, passed in.
    const page = new EventTarget();
    const heard: number[] = [];
    const stop = onUnreadCount((n) => heard.push(n), page);
    announceUnreadCount(3, page);
    announceUnreadCount(0, page);
    stop();
    announceUnreadCount(7, page);
    expect(heard).toEqual([3, 0]);
  });
});
