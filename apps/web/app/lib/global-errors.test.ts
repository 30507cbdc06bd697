import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import {
  clearGlobalError,
  currentGlobalError,
  errorDialogFor,
  handleUnhandledError,
  showGlobalError,
  subscribeGlobalError,
} from './global-errors';

function apiError(status: number, localizedMessage = '', message = 'Server says no.'): ApiError {
  return new ApiError({ status, code: 'ABORTED', message, reason: 'CodeSomething', localizedMessage });
}

afterEach(() => {
  clearGlobalError();
  vi.restoreAllMocks();
});

describe('errorDialogFor', () => {
  it('ignores 404', () => {
    expect(errorDialogFor(apiError(404))).toBeNull();
  });

  it('shows the generic message for 500, whatever the server said', () => {
    expect(errorDialogFor(apiError(500, 'サーバーエラー'))).toEqual({ kind: 'generic' });
  });

  it('shows the localized server message for any other status, else the message', () => {
    expect(errorDialogFor(apiError(409, 'すでに予約されています。'))).toEqual({
      kind: 'server',
      message: 'すでに予約されています。',
      code: 'ABORTED',
    });
    expect(errorDialogFor(apiError(400))).toEqual({ kind: 'server', message: 'Server says no.', code: 'ABORTED' });
    expect(errorDialogFor(apiError(503))).toMatchObject({ kind: 'server' });
  });

  it('treats anything that is not an API error like a 500', () => {
    expect(errorDialogFor(new TypeError('Failed to fetch'))).toEqual({ kind: 'generic' });
    expect(errorDialogFor('plain string')).toEqual({ kind: 'generic' });
  });
});

describe('the global error store', () => {
  it('opens for a shown error, stays closed for 404 and clears on close', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeGlobalError(listener);
    showGlobalError(apiError(404));
    expect(currentGlobalError()).toBeNull();
    expect(listener).not.toHaveBeenCalled();

    showGlobalError(apiError(409, 'conflict'));
    expect(currentGlobalError()).toEqual({ kind: 'server', message: 'conflict', code: 'ABORTED' });
    // The same error again (a retry) does not notify.
    showGlobalError(apiError(409, 'conflict'));
    expect(listener).toHaveBeenCalledTimes(1);

    clearGlobalError();
    expect(currentGlobalError()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('reports an unhandled error and shows it by the same rule', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    handleUnhandledError(apiError(500));
    expect(logged).toHaveBeenCalledTimes(1);
    expect(currentGlobalError()).toEqual({ kind: 'generic' });

    clearGlobalError();
    handleUnhandledError(apiError(404));
    expect(logged).toHaveBeenCalledTimes(2);
    expect(currentGlobalError()).toBeNull();
  });
});
