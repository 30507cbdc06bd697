import path from 'node:path';
import { z } from 'zod';
import { BACKGROUND_TASK_SLOTS } from './scheduler.js';

/**
 * The only reader of process.env. Every setting is validated once at start;
 * an invalid one stops the process with a message naming it.
 */
const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1')
  .default(false);

/**
 * The smallest pool that works: background tasks may hold BACKGROUND_TASK_SLOTS connections of it at
 * once, and requests need some left (two, so one slow request does not hold up every other).
 */
export const MIN_DATABASE_POOL_SIZE = BACKGROUND_TASK_SLOTS + 2;

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce
    .number()
    .int()
    .min(
      MIN_DATABASE_POOL_SIZE,
      `must be at least ${MIN_DATABASE_POOL_SIZE}: background tasks may hold ${BACKGROUND_TASK_SLOTS} connections at once and requests need the rest`,
    )
    .max(200)
    .default(20),
  SEED_DEMO_DATA: z.enum(['auto', 'always', 'never']).default('auto'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('yado <no-reply@yado.example>'),
  ID_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SIGNING_KEY_ROTATION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  APPLE_CLIENT_ID: z.string().optional(),
  APPLE_CLIENT_SECRET: z.string().optional(),
  APPLE_ISSUER: z.url().default('https://appleid.apple.com'),
  ACCOUNT_DELETION_GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  // Test hook of the booking crash test: the process kills itself right after a deposit capture
  // returns, before it is recorded. Ignored in production.
  BOOKING_CRASH_AFTER_CAPTURE: bool,
  // How old a deposit payment without an outcome must be before reconciliation asks about it.
  BOOKING_RECONCILE_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  TRUST_PROXY: bool,
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  SENTRY_DSN: z.url().optional(),
  SENTRY_ORG_ID: z.string().default('0'),
  SENTRY_PROJECT_ID: z.string().default('0'),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (web-push generate-vapid-keys)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (web-push generate-vapid-keys)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https:// URL')
    .default('mailto:no-reply@yado.example'),
  // The built-in test-mode card processor answers after this long, like a real one (default: 300 ms, 10 ms under test).
  PAYMENT_PROVIDER_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  // A card processor call unanswered after this long leaves the payment PENDING (default: 10 s, 400 ms under test).
  PAYMENT_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(50).max(120_000).optional(),
  // Shared with the card processor: it signs its notifications (HMAC-SHA256) with it. The default suits the test-mode processor only.
  PAYMENT_WEBHOOK_SECRET: z.string().min(16).default('whsec_yado_test_mode_processor_dev'),
  // The operator as its qualified invoices name it: the issuer and its registration number ('T' and 13 digits).
  INVOICE_ISSUER_NAME: z.string().min(1).max(200).default('Yado Stays Co., Ltd.'),
  INVOICE_ISSUER_NAME_JA: z.string().min(1).max(200).default('株式会社やどステイズ'),
  INVOICE_ISSUER_ADDRESS: z.string().max(300).default('1-1-1 Marunouchi, Chiyoda-ku, Tokyo'),
  INVOICE_ISSUER_ADDRESS_JA: z.string().max(300).default('東京都千代田区丸の内1-1-1'),
  INVOICE_REGISTRATION_NUMBER: z
    .string()
    .regex(/^T\d{13}$/, "must be 'T' followed by 13 digits")
    .default('T1234567890123'),
  // The operator's telephone number, in the business information of owner statements.
  INVOICE_ISSUER_PHONE: z.string().max(40).default('03-0000-0000'),
  // The built-in rental-car simulator: how long a command takes to reach a car and back (default: 400 ms, 0 under test),
  // and the share of commands (0 to 1) whose answer is lost (default 0).
  VEHICLE_SIMULATOR_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  VEHICLE_SIMULATOR_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0),
  // A car that has not answered a command after this long leaves it unconfirmed (default: 5 s, 300 ms under test).
  VEHICLE_TELEMATICS_TIMEOUT_MS: z.coerce.number().int().min(50).max(120_000).optional(),
  // The built-in smart-lock simulator: round trip through a house's hub (default 600 ms, 0 under test), the share of
  // commands whose answer is lost and the share on which the bolt jams (default 0 each).
  LOCK_SIMULATOR_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  LOCK_SIMULATOR_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0),
  LOCK_SIMULATOR_JAM_RATE: z.coerce.number().min(0).max(1).default(0),
  // A lock or room controller that has not answered after this long leaves the command unconfirmed (default 5 s, 300 ms under test).
  LOCK_TIMEOUT_MS: z.coerce.number().int().min(50).max(120_000).optional(),
  // The NAC exchange (the built-in test-mode one): how long it takes to answer (default: 300 ms, 5 ms under test),
  // how long a transfer takes to settle (default: 3 s, 50 ms under test), and when an unanswered call counts as unknown
  // (default: 10 s, 400 ms under test).
  NAC_EXCHANGE_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  NAC_EXCHANGE_SETTLE_MS: z.coerce.number().int().min(0).max(3_600_000).optional(),
  NAC_EXCHANGE_TIMEOUT_MS: z.coerce.number().int().min(50).max(120_000).optional(),
  // The test-mode exchange's market: the same seed gives the same NAC/JPY rate at the same minute on every node.
  NAC_EXCHANGE_SEED: z.string().min(1).max(100).default('yado-nac'),
  // Shared with the exchange: it signs its notifications (HMAC-SHA256) with it. The default suits the test-mode exchange only.
  NAC_EXCHANGE_WEBHOOK_SECRET: z.string().min(16).default('whsec_yado_test_mode_exchange_dev'),
  // The server's own secret that signs NAC rate quotes (nacToJpyRateHash); set a long random value in production.
  NAC_RATE_QUOTE_SECRET: z.string().min(16).default('yado_nac_rate_quote_dev_secret'),
  // How old a transfer without an outcome must be before reconciliation asks the exchange about it.
  NAC_RECONCILE_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
});

export type Env = z.infer<typeof EnvSchema> & { dataDir: string; isProduction: boolean };

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  // One key of the pair alone cannot sign; generating a new pair would silently orphan every subscription.
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither');
  }
  return { ...env, dataDir: path.resolve(env.DATA_DIR), isProduction: env.NODE_ENV === 'production' };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}
