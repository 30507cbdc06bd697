import { describe, expect, it } from 'vitest';
import {
  errorReportingOptions,
  IGNORED_ERRORS,
  IGNORED_SPANS,
  NOT_FOUND_PATH,
  monitoringDsn,
  monitoringTunnel,
} from './error-reporting';

const matches = (message: string) =>
  IGNORED_ERRORS.some((p) => (typeof p === 'string' ? message.includes(p) : p.test(message)));

describe('errorReportingOptions', () => {
  it('has the figures of spec section 9 and sends through the tunnel', () => {
    const options = errorReportingOptions({ orgId: '12', projectId: '34', environment: 'test' });
    expect(options).toMatchObject({
      dsn: 'https://public@o12.ingest.yado.invalid/34',
      tunnel: '/monitoring?o=12&p=34',
      environment: 'test',
      debug: false,
      tracesSampleRate: 1,
      transportOptions: { bufferSize: 30 },
      maxBreadcrumbs: 100,
      maxValueLength: 250,
      normalizeDepth: 3,
      normalizeMaxBreadth: 1000,
    });
  });

  it('defaults the environment to production', () => {
    expect(errorReportingOptions({ orgId: '0', projectId: '0' }).environment).toBe('production');
    expect(errorReportingOptions({ orgId: '0', projectId: '0', environment: '' }).environment).toBe('production');
  });

  it('escapes the ids in the tunnel and keeps the project last in the DSN', () => {
    expect(monitoringTunnel({ orgId: '1&x', projectId: '2' })).toBe('/monitoring?o=1%26x&p=2');
    expect(new URL(monitoringDsn({ orgId: '5', projectId: '6' })).pathname).toBe('/6');
  });

  it('drops the page-load and navigation transactions of the not-found page, in both languages', () => {
    expect(errorReportingOptions({ orgId: '0', projectId: '0' }).ignoreSpans).toBe(IGNORED_SPANS);
    expect(IGNORED_SPANS).toEqual([{ name: NOT_FOUND_PATH, op: /^(pageload|navigation)$/ }]);
    expect(['/404', '/ja/404', '/404/'].every((p) => NOT_FOUND_PATH.test(p))).toBe(true);
    expect(['/4040', '/mypage', '/places/404'].some((p) => NOT_FOUND_PATH.test(p))).toBe(false);
  });

  it('ignores the errors of aborted route changes only', () => {
    expect(matches('AbortError: The operation was aborted.')).toBe(true);
    expect(matches('signal is aborted without reason')).toBe(true);
    expect(matches('Request aborted: GET https://yado.example/mypage.data')).toBe(true);
    expect(matches('Failed to fetch dynamically imported module: https://yado.example/assets/x.js')).toBe(true);
    expect(matches('TypeError: Cannot read properties of undefined')).toBe(false);
    expect(matches('boom')).toBe(false);
  });
});
