import { describe, expect, it } from 'vitest';
import { redirectTarget, sanitizeRedirectUrl, withRedirectUrl } from './redirect-url';

describe('sanitizeRedirectUrl', () => {
  it.each([
    ['/mypage', '/mypage'],
    ['/ja/mypage', '/ja/mypage'],
    ['/places/abc?from=search#top', '/places/abc?from=search#top'],
    ['/a/../mypage', '/mypage'],
  ])('keeps the same-site path %s', (input, expected) => {
    expect(sanitizeRedirectUrl(input)).toBe(expected);
  });

  it.each([
    ['another site by scheme', 'https://evil.example/'],
    ['a protocol-relative URL', '//evil.example/path'],
    ['a backslash trick', '/\\evil.example'],
    ['a backslash further in', '/foo\\bar'],
    ['a javascript URL', 'javascript:alert(1)'],
    ['a relative path without slash', 'mypage'],
    ['a tab that browsers would drop', '/\t/evil.example'],
    ['a newline', '/\n/evil.example'],
    ['an empty value', ''],
    ['a missing value', null],
    ['an overly long value', `/${'a'.repeat(3000)}`],
  ])('refuses %s', (_name, input) => {
    expect(sanitizeRedirectUrl(input)).toBeNull();
  });
});

describe('redirectTarget and withRedirectUrl', () => {
  it('falls back when the value is unsafe', () => {
    expect(redirectTarget('//evil.example', '/mypage')).toBe('/mypage');
    expect(redirectTarget('/bookings', '/mypage')).toBe('/bookings');
  });

  it('carries a safe value as an encoded query parameter and drops an unsafe one', () => {
    expect(withRedirectUrl('/login', '/mypage')).toBe('/login?redirectUrl=%2Fmypage');
    expect(withRedirectUrl('/login?x=1', '/mypage')).toBe('/login?x=1&redirectUrl=%2Fmypage');
    expect(withRedirectUrl('/login', 'https://evil.example')).toBe('/login');
  });
});
