import { describe, expect, it, vi } from 'vitest';
import {
  isLoadingOverlayVisible,
  showLoadingOverlay,
  subscribeLoadingOverlay,
  withLoadingOverlay,
} from './loading-overlay-store';

describe('the loading overlay count', () => {
  it('stays visible until every nested hold is released, and notifies only on changes of visibility', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeLoadingOverlay(listener);
    const outer = showLoadingOverlay();
    const inner = showLoadingOverlay();
    expect(isLoadingOverlayVisible()).toBe(true);
    inner();
    inner(); // a second release of the same hold changes nothing
    expect(isLoadingOverlayVisible()).toBe(true);
    outer();
    expect(isLoadingOverlayVisible()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('hides after the work, also when the work fails', async () => {
    let seen = false;
    await expect(
      withLoadingOverlay(async () => {
        seen = isLoadingOverlayVisible();
        throw new Error('failed');
      }),
    ).rejects.toThrow('failed');
    expect(seen).toBe(true);
    expect(isLoadingOverlayVisible()).toBe(false);
    await expect(withLoadingOverlay(async () => 42)).resolves.toBe(42);
  });
});
