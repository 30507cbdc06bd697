import { describe, expect, it } from 'vitest';
import { isIndexable } from './route-policy';

describe('isIndexable', () => {
  it.each(['/', '/ja', '/login', '/ja/login', '/e2e/login', '/login/'])('lets robots index %s', (path) => {
    expect(isIndexable(path)).toBe(true);
  });

  it.each(['/mypage', '/register', '/login/callback', '/404', '/ja/mypage', '/no-such-page'])(
    'keeps robots away from %s',
    (path) => {
      expect(isIndexable(path)).toBe(false);
    },
  );
});
