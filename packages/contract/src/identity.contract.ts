import { z } from 'zod';

/**
 * The identity service's own routes, beside the product API (DESIGN.md,
 * Identity). They are plain JSON POSTs under IDENTITY_PREFIX and answer
 * errors in the same API error object.
 */
export const IDENTITY_PREFIX = '/identity/v1';

export const IDENTITY_ROUTES = {
  signUp: `${IDENTITY_PREFIX}/sign_up`,
  signInWithPassword: `${IDENTITY_PREFIX}/sign_in_with_password`,
  signInWithCustomToken: `${IDENTITY_PREFIX}/sign_in_with_custom_token`,
  refresh: `${IDENTITY_PREFIX}/token`,
  signOut: `${IDENTITY_PREFIX}/sign_out`,
  lookup: `${IDENTITY_PREFIX}/lookup`,
  /** Sends a link to set a new password, if an account with a password uses the address; always answers {}. */
  sendPasswordReset: `${IDENTITY_PREFIX}/send_password_reset`,
  /** Sets a new password with the secret of such a link; every session of the account is signed out. */
  resetPassword: `${IDENTITY_PREFIX}/reset_password`,
  providers: `${IDENTITY_PREFIX}/providers`,
  /** GET, redirects to the provider; `?redirectUrl=` is where the web app goes afterwards. */
  oidcStart: (provider: string) => `${IDENTITY_PREFIX}/oidc/${provider}/start`,
  oidcCallback: (provider: string) => `${IDENTITY_PREFIX}/oidc/${provider}/callback`,
  /** Outside production only: mints a custom token for an email (the /e2e/login bypass). */
  e2eCustomToken: `${IDENTITY_PREFIX}/e2e/custom_token`,
  jwks: '/.well-known/jwks.json',
} as const;

export const OIDC_PROVIDERS = ['google', 'apple'] as const;
export type OidcProvider = (typeof OIDC_PROVIDERS)[number];

/**
 * Why an OpenID Connect sign-in ended without a session. The identity
 * service redirects to `/login?error=<code>`; the web app words each one.
 */
export const OIDC_FAILURE_CODES = [
  'cancelled',
  'provider_error',
  'provider_unavailable',
  'invalid_state',
  'state_expired',
  'token_exchange_failed',
  'invalid_id_token',
  'email_in_use',
  'sign_in_refused',
] as const;
export type OidcFailureCode = (typeof OIDC_FAILURE_CODES)[number];

/**
 * Where a completed OpenID Connect sign-in lands in the web app. The tokens
 * travel in the URL fragment (never sent to a server, so never in its logs),
 * shaped as OidcCompletionSchema.
 */
export const OIDC_COMPLETION_PAGE = '/login/callback';
export const OidcCompletionSchema = z.object({
  idToken: z.string().min(1),
  refreshToken: z.string().min(1),
  expiresIn: z.coerce.number().int().positive(),
  redirectUrl: z.string().startsWith('/'),
});
export type OidcCompletion = z.infer<typeof OidcCompletionSchema>;

export const CredentialsSchema = z.object({
  email: z.email().max(254),
  // The length rule (8 to 128) is the password policy's, answered with its own reason.
  password: z.string().min(1).max(1024),
});

export const RefreshInputSchema = z.object({ refreshToken: z.string().min(10).max(200) });
export const SendPasswordResetInputSchema = z.object({
  email: z.email().max(254),
  /** The language of the email and of the page its link opens. */
  language: z.enum(['en', 'ja']).default('en'),
});
export const ResetPasswordInputSchema = z.object({
  token: z.string().min(10).max(200),
  // The length rule (8 to 128) is the password policy's, answered with its own reason.
  password: z.string().min(1).max(1024),
});

export const SignOutInputSchema = z.object({ refreshToken: z.string().max(200).optional() });
export const CustomTokenInputSchema = z.object({ token: z.string().min(10).max(4000) });
export const E2eCustomTokenInputSchema = z.object({
  email: z.email().max(254),
  roles: z.array(z.enum(['staff'])).default([]),
});

export const TokenResponseSchema = z.object({
  idToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int(),
  accountId: z.string(),
  email: z.string(),
  creationTime: z.string(),
  lastSignInTime: z.string(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

export const AccountInfoSchema = z.object({
  accountId: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  roles: z.array(z.string()),
  providers: z.array(z.string()),
  creationTime: z.string(),
  lastSignInTime: z.string(),
});
export type AccountInfo = z.infer<typeof AccountInfoSchema>;

export const ProvidersSchema = z.object({ providers: z.array(z.enum(OIDC_PROVIDERS)) });
