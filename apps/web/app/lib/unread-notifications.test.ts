import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceUnreadCount, badgeText, onUnreadCount } from './unread-notifications';

describe('the unread badge', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows nothing at 0, the count up to 99, then 99+', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(-1)).toBeNull();
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });

  it('hears the count the notifications page announces, until it stops listening', () => {
    // The browser's window is an event target; Node's own stands in for it.
    vi.stubGlobal('window', new EventTarget());
    const heard: number[] = [];
    const stop = onUnreadCount((n) => heard.push(n));
    announceUnreadCount(3);
    announceUnreadCount(0);
    stop();
    announceUnreadCount(7);
    expect(heard).toEqual([3, 0]);
  });
});
