import type { ApiErrorBody } from '@yado/contract/error-catalogue';

export type FieldError = { field: string; description: string };

/**
 * An API error as the specification describes it (sections 3 and 8): HTTP
 * status, code, message, errorInfo.reason and the localized message, which
 * the screens prefer when they show it.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly reason: string;
  readonly localizedMessage: string;
  readonly fields: FieldError[];

  constructor(init: {
    status: number;
    code: string;
    message: string;
    reason: string;
    localizedMessage: string;
    fields?: FieldError[];
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.reason = init.reason;
    this.localizedMessage = init.localizedMessage;
    this.fields = init.fields ?? [];
  }

  /** What to show a person: the localized message when the server sent one. */
  get displayMessage(): string {
    return this.localizedMessage || this.message;
  }

  /**
   * The message to show under the field itself: without the " (password)" the
   * API adds after the words (error-catalogue.ts) for a reader who cannot see the form.
   */
  get fieldMessage(): string {
    const suffix = this.fields.length ? ` (${this.fields.map((f) => f.field || '(body)').join(', ')})` : '';
    const text = this.displayMessage;
    return suffix && text.endsWith(suffix) ? text.slice(0, -suffix.length) : text;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isReason(error: unknown, reason: string): error is ApiError {
  return error instanceof ApiError && error.reason === reason;
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * Builds an ApiError from a non-OK response's status and body text. A body
 * that is not the API error object (a proxy's HTML page, an empty 502) still
 * becomes an ApiError with the status, so callers handle one kind of error.
 */
export function apiErrorFrom(status: number, bodyText: string): ApiError {
  let json: unknown = null;
  try {
    json = bodyText ? JSON.parse(bodyText) : null;
  } catch {
    json = null;
  }
  const body = asRecord(json) as Partial<ApiErrorBody> | null;
  const info = asRecord(body?.errorInfo);
  const fields = Array.isArray(info?.fields)
    ? (info.fields as unknown[]).flatMap((f) => {
        const r = asRecord(f);
        return r ? [{ field: str(r.field), description: str(r.description) }] : [];
      })
    : [];
  return new ApiError({
    status: typeof body?.status === 'number' ? body.status : status,
    code: str(body?.code) || 'UNKNOWN',
    message: str(body?.message) || `Request failed with status ${status}`,
    reason: str(info?.reason),
    localizedMessage: str(body?.localizedMessage),
    fields,
  });
}

export async function apiErrorFromResponse(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  return apiErrorFrom(response.status, text);
}
