import { type ApiErrorBody, errorBody } from '@yado/contract/error-catalogue';
import type { Language } from '@yado/contract/headers';
import { ZodError } from 'zod';
import { AppError, type FieldIssue } from '../app-error.js';
import type { Logger } from '../logger.js';

export function zodFields(err: ZodError): FieldIssue[] {
  return err.issues.flatMap((i) =>
    // A field the contract does not know is named itself, not the object holding it.
    i.code === 'unrecognized_keys'
      ? i.keys.map((k) => ({ field: [...i.path, k].join('.'), description: 'not a field of this method' }))
      : [{ field: i.path.join('.'), description: i.message }],
  );
}

/**
 * The one place that turns anything thrown into the API error object. Unknown
 * errors are logged with their stack here and leave as a plain 500: no stack
 * trace or SQL text ever reaches a client.
 */
export function toErrorResponse(
  err: unknown,
  language: Language,
  log: Logger,
): { status: number; body: ApiErrorBody; headers: Record<string, string> } {
  if (err instanceof AppError) {
    const body = errorBody(err.reason, language, err.options.fields);
    const headers: Record<string, string> = {};
    if (err.options.retryAfterSeconds !== undefined) headers['Retry-After'] = String(err.options.retryAfterSeconds);
    return { status: body.status, body, headers };
  }
  if (err instanceof ZodError) {
    const body = errorBody('CodeInvalidArgument', language, zodFields(err));
    return { status: 400, body, headers: {} };
  }
  log.error('unhandled error', { error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  return { status: 500, body: errorBody('CodeInternal', language), headers: {} };
}

export function languageOf(acceptLanguage: string | undefined | null): Language {
  if (!acceptLanguage) return 'en';
  const ranked = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: (tag ?? '').toLowerCase(), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((x) => x.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (tag === 'ja' || tag.startsWith('ja-')) return 'ja';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return 'en';
}
