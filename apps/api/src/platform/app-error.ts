import type { ErrorReason } from '@yado/contract/error-catalogue';

export type FieldIssue = { field: string; description: string };

/** The one error type the product raises; the catalogue gives it its status and messages. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly reason: ErrorReason,
    readonly options: { fields?: FieldIssue[]; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(reason, { cause: options.cause });
  }
}
