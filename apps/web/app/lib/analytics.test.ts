import { MAX_ANALYTICS_BODY_BYTES } from '@yado/contract/analytics.constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_FLUSH_DELAY_MS, createAnalytics, isAnalyticsAllowed, type AnalyticsEnvironment } from './analytics';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-03-01T10:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(hostname = 'yado.example', accept = true) {
  const beacons: { url: string; body: { events: Record<string, unknown>[] } }[] = [];
  const report = vi.fn();
  const env: AnalyticsEnvironment = {
    hostname: () => hostname,
    sendBeacon: (url, text) => {
      beacons.push({ url, body: JSON.parse(text) });
      return accept;
    },
    now: () => new Date(),
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    report,
  };
  return { analytics: createAnalytics(env), beacons, report };
}

describe('isAnalyticsAllowed', () => {
  it('is off on localhost and on the vehicle controller, on elsewhere (127.0.0.1 included)', () => {
    expect(isAnalyticsAllowed('localhost', '/mypage')).toBe(false);
    expect(isAnalyticsAllowed('app.localhost', '/mypage')).toBe(false);
    expect(isAnalyticsAllowed('127.0.0.1', '/mypage')).toBe(true);
    expect(isAnalyticsAllowed('yado.example', '/vehicle-controller/v1')).toBe(false);
    expect(isAnalyticsAllowed('yado.example', '/ja/vehicle-controller/v1')).toBe(false);
    expect(isAnalyticsAllowed('yado.example', '/places/p1')).toBe(true);
  });
});

describe('createAnalytics', () => {
  it('batches events with the user id into one beacon after a short wait', () => {
    const { analytics, beacons } = setup();
    analytics.setUserId('acc-1');
    analytics.logEvent('page_view', '/ja/mypage');
    analytics.logEvent('login', '/ja/mypage');
    expect(beacons).toHaveLength(0);
    vi.advanceTimersByTime(ANALYTICS_FLUSH_DELAY_MS);
    expect(beacons).toHaveLength(1);
    expect(beacons[0]!.url).toBe('/api/analytics');
    expect(beacons[0]!.body.events).toEqual([
      {
        name: 'page_view',
        userId: 'acc-1',
        path: '/ja/mypage',
        language: 'ja',
        occurredAt: '2026-03-01T10:00:00.000Z',
      },
      { name: 'login', userId: 'acc-1', path: '/ja/mypage', language: 'ja', occurredAt: '2026-03-01T10:00:00.000Z' },
    ]);
  });

  it('sends nothing from localhost or a page without analytics', () => {
    const local = setup('localhost');
    local.analytics.logEvent('page_view', '/mypage');
    local.analytics.flush();
    const vehicle = setup();
    vehicle.analytics.logEvent('page_view', '/vehicle-controller/v1');
    vehicle.analytics.flush();
    expect(local.beacons).toHaveLength(0);
    expect(vehicle.beacons).toHaveLength(0);
  });

  it('sends a full batch at once and keeps each beacon within the server limit', () => {
    const { analytics, beacons } = setup();
    for (let i = 0; i < 45; i += 1) analytics.logEvent('page_view', `/places/${'p'.repeat(500)}`);
    analytics.flush();
    expect(beacons.map((b) => b.body.events.length).reduce((a, b) => a + b, 0)).toBe(45);
    for (const b of beacons) expect(JSON.stringify(b.body).length).toBeLessThanOrEqual(MAX_ANALYTICS_BODY_BYTES);
  });

  it('reports a beacon the browser refused', () => {
    const { analytics, report } = setup('yado.example', false);
    analytics.logEvent('sign_up', '/register');
    analytics.flush();
    expect(report).toHaveBeenCalledOnce();
  });
});
