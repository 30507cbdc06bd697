import { afterEach, describe, expect, it, vi } from 'vitest';
import { PENDING_REPORT_LIMIT, reportError, setErrorReporter } from './report-error';

afterEach(() => {
  setErrorReporter(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('reportError', () => {
  it('keeps errors reported before the SDK loaded (up to the buffer size) and hands them over', () => {
    vi.stubGlobal('window', {});
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (let i = 0; i < PENDING_REPORT_LIMIT + 5; i += 1) reportError(new Error(`early ${i}`));
    const reporter = vi.fn();
    setErrorReporter(reporter);
    expect(reporter).toHaveBeenCalledTimes(PENDING_REPORT_LIMIT);
    reportError(new Error('later'));
    expect(reporter).toHaveBeenLastCalledWith(new Error('later'));
  });
});
