import { createHash, randomBytes } from 'node:crypto';
import type { OidcFailureCode, OidcProvider } from '@yado/contract/identity.contract';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { z } from 'zod';
import { AppError } from '../../platform/app-error.js';
import type { Env } from '../../platform/env.js';
import * as repo from './identity.repo.js';
import {
  accountForExternalIdentity,
  startSession,
  type IdentityDeps,
  type RequestMeta,
  type TokenResponse,
} from './identity.service.js';
import * as oidcRepo from './oidc.repo.js';

/** How long a started sign-in may take before its state is refused. */
export const OIDC_STATE_TTL_MS = 10 * 60_000;
const DISCOVERY_TTL_MS = 60 * 60_000;
const HTTP_TIMEOUT_MS = 10_000;
/** Provider clocks drift a little from ours; a minute is what the big providers' own libraries allow. */
const CLOCK_TOLERANCE_SECONDS = 60;
const DEFAULT_REDIRECT = '/mypage';
// Symmetric algorithms would make the client secret a signing key, and `none` signs nothing.
const ASYMMETRIC_ALGS = new Set([
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
]);

export type OidcProviderConfig = {
  name: OidcProvider;
  clientId: string;
  clientSecret: string;
  issuer: string;
  /** Other spellings of the issuer that the provider's ID tokens are documented to carry. */
  issuerAliases: string[];
  scope: string;
  /** Sent with the authorisation request as they are. */
  extraParams: Record<string, string>;
};

/** The providers this deployment can sign in with: those whose client id and secret are both set. */
export function oidcProviderConfigs(env: Env): OidcProviderConfig[] {
  const configs: OidcProviderConfig[] = [];
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    const issuer = trimSlash(env.GOOGLE_ISSUER);
    configs.push({
      name: 'google',
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      issuer,
      // Google documents ID tokens with `iss` either with or without the scheme.
      issuerAliases: issuer === 'https://accounts.google.com' ? ['accounts.google.com'] : [],
      scope: 'openid email profile',
      // The spec wants the account chooser every time, so a shared device never signs in as the last person.
      extraParams: { prompt: 'select_account' },
    });
  }
  if (env.APPLE_CLIENT_ID && env.APPLE_CLIENT_SECRET) {
    configs.push({
      name: 'apple',
      clientId: env.APPLE_CLIENT_ID,
      clientSecret: env.APPLE_CLIENT_SECRET,
      issuer: trimSlash(env.APPLE_ISSUER),
      issuerAliases: [],
      scope: 'openid email name',
      // Apple refuses the name and email scopes unless the result is posted back.
      extraParams: { response_mode: 'form_post' },
    });
  }
  return configs;
}

export function configuredOidcProviders(env: Env): OidcProvider[] {
  return oidcProviderConfigs(env).map((p) => p.name);
}

export function requireOidcProvider(env: Env, name: string): OidcProviderConfig {
  const config = oidcProviderConfigs(env).find((p) => p.name === name);
  if (!config) throw new AppError('CodeProviderNotConfigured');
  return config;
}

/** Whether the provider answers by posting a form to the callback (cross-site POST) rather than redirecting. */
export function usesFormPost(config: OidcProviderConfig): boolean {
  return config.extraParams['response_mode'] === 'form_post';
}

/**
 * Where to go after signing in: only a path on this site. Anything else
 * (another host, `//host`, `/\host`, a scheme) would make the sign-in an open redirect.
 */
export function safeRedirectPath(candidate: string | undefined | null): string {
  if (!candidate || candidate.length > 2000) return DEFAULT_REDIRECT;
  const hasControlOrBackslash = [...candidate].some(
    (ch) => ch === '\\' || ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f,
  );
  if (!candidate.startsWith('/') || candidate.startsWith('//') || hasControlOrBackslash) {
    return DEFAULT_REDIRECT;
  }
  const base = 'https://same-site.invalid';
  try {
    const url = new URL(candidate, base);
    if (url.origin !== base) return DEFAULT_REDIRECT;
    return url.pathname + url.search + url.hash;
  } catch {
    return DEFAULT_REDIRECT;
  }
}

export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

// --- Discovery -----------------------------------------------------------------

const DiscoverySchema = z.object({
  issuer: z.string().min(1),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
  token_endpoint_auth_methods_supported: z.array(z.string()).optional(),
  id_token_signing_alg_values_supported: z.array(z.string()).optional(),
});

type ProviderMetadata = {
  doc: z.infer<typeof DiscoverySchema>;
  jwks: ReturnType<typeof createRemoteJWKSet>;
  algorithms: string[];
  fetchedAt: number;
};

// Keyed by issuer; the JWKS set inside refetches by itself when a token names a key it has not seen.
const metadataCache = new Map<string, Promise<ProviderMetadata>>();

async function providerMetadata(deps: IdentityDeps, config: OidcProviderConfig): Promise<ProviderMetadata> {
  const now = deps.clock.now().getTime();
  const cached = metadataCache.get(config.issuer);
  if (cached) {
    const value = await cached.catch(() => null);
    if (value && now - value.fetchedAt < DISCOVERY_TTL_MS && now >= value.fetchedAt) return value;
    if (metadataCache.get(config.issuer) === cached) metadataCache.delete(config.issuer);
  }
  // Concurrent sign-ins share one fetch; a failed fetch is forgotten so the next attempt retries.
  const pending = fetchMetadata(config, now);
  metadataCache.set(config.issuer, pending);
  pending.catch(() => {
    if (metadataCache.get(config.issuer) === pending) metadataCache.delete(config.issuer);
  });
  return pending;
}

async function fetchMetadata(config: OidcProviderConfig, now: number): Promise<ProviderMetadata> {
  const res = await fetch(`${config.issuer}/.well-known/openid-configuration`, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`discovery answered ${res.status}`);
  const doc = DiscoverySchema.parse(await res.json());
  // OpenID Connect Discovery 1.0 §4.3: a document for another issuer must not be used.
  if (trimSlash(doc.issuer) !== config.issuer)
    throw new Error(`discovery issuer ${doc.issuer} is not ${config.issuer}`);
  const advertised = doc.id_token_signing_alg_values_supported ?? ['RS256'];
  const algorithms = advertised.filter((a) => ASYMMETRIC_ALGS.has(a));
  return {
    doc,
    jwks: createRemoteJWKSet(new URL(doc.jwks_uri), { timeoutDuration: HTTP_TIMEOUT_MS }),
    algorithms: algorithms.length ? algorithms : ['RS256'],
    fetchedAt: now,
  };
}

// --- The flow ------------------------------------------------------------------

export type OidcStartResult =
  { ok: true; authorizationUrl: string; state: string } | { ok: false; code: OidcFailureCode };

/**
 * Begins an authorisation code flow with PKCE: remembers state, nonce and
 * verifier for ten minutes and returns the provider's URL to send the browser to.
 */
export async function startOidcSignIn(
  deps: IdentityDeps,
  providerName: string,
  input: { redirectUrl?: string | undefined; callbackUrl: string },
): Promise<OidcStartResult> {
  const config = requireOidcProvider(deps.env, providerName);
  let metadata: ProviderMetadata;
  try {
    metadata = await providerMetadata(deps, config);
  } catch (err) {
    deps.log.warn('oidc discovery failed', { provider: config.name, error: errorText(err) });
    return { ok: false, code: 'provider_unavailable' };
  }
  const now = deps.clock.now();
  const state = randomBytes(32).toString('base64url');
  const nonce = randomBytes(32).toString('base64url');
  const codeVerifier = randomBytes(48).toString('base64url');
  await oidcRepo.deleteOidcStatesCreatedBefore(deps.db, new Date(now.getTime() - OIDC_STATE_TTL_MS));
  await repo.insertOidcState(deps.db, {
    state,
    provider: config.name,
    codeVerifier,
    nonce,
    redirectUrl: safeRedirectPath(input.redirectUrl),
    now,
  });
  const url = new URL(metadata.doc.authorization_endpoint);
  const params: Record<string, string> = {
    response_type: 'code',
    client_id: config.clientId,
    redirect_uri: input.callbackUrl,
    scope: config.scope,
    state,
    nonce,
    code_challenge: pkceChallenge(codeVerifier),
    code_challenge_method: 'S256',
    ...config.extraParams,
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return { ok: true, authorizationUrl: url.toString(), state };
}

export type OidcFinishResult =
  { ok: true; tokens: TokenResponse; redirectUrl: string } | { ok: false; code: OidcFailureCode };

export type OidcCallbackInput = {
  /** The callback's query (redirect) or form fields (form_post). */
  params: Record<string, string | undefined>;
  callbackUrl: string;
  /** The state this browser was given at the start (from its cookie), so a callback cannot be replayed into another browser. */
  browserState: string | undefined;
  meta: RequestMeta;
};

/**
 * Completes the flow: checks state, exchanges the code, verifies the ID token,
 * finds or creates the account and starts a session. Every failure is answered
 * with a short code for the sign-in page rather than an error, because a
 * browser, not an API client, is waiting on this.
 */
export async function finishOidcSignIn(
  deps: IdentityDeps,
  providerName: string,
  input: OidcCallbackInput,
): Promise<OidcFinishResult> {
  const config = requireOidcProvider(deps.env, providerName);
  const fail = (code: OidcFailureCode, detail?: unknown): OidcFinishResult => {
    deps.log.warn('oidc sign-in failed', {
      provider: config.name,
      code,
      detail: detail === undefined ? undefined : errorText(detail),
    });
    return { ok: false, code };
  };
  const { params } = input;

  // The state is taken (deleted) before anything else, so each one is good for exactly one callback.
  const stored = params['state'] ? await repo.takeOidcState(deps.db, params['state']) : null;
  if (params['error']) {
    const code =
      params['error'] === 'access_denied' || params['error'] === 'user_cancelled_authorize'
        ? 'cancelled'
        : 'provider_error';
    return fail(code, `${params['error']}: ${params['error_description'] ?? ''}`.slice(0, 300));
  }
  if (!stored || stored.provider !== config.name) return fail('invalid_state', 'unknown state');
  if (input.browserState !== params['state']) return fail('invalid_state', 'state not bound to this browser');
  if (deps.clock.now().getTime() - stored.created_at.getTime() > OIDC_STATE_TTL_MS) return fail('state_expired');
  const code = params['code'];
  if (!code) return fail('provider_error', 'no code');

  let metadata: ProviderMetadata;
  try {
    metadata = await providerMetadata(deps, config);
  } catch (err) {
    return fail('provider_unavailable', err);
  }
  const issuers = [metadata.doc.issuer, ...config.issuerAliases];
  // RFC 9207: when the provider names itself in the response, it must be the one we sent the browser to.
  if (params['iss'] !== undefined && params['iss'] !== metadata.doc.issuer)
    return fail('provider_error', 'iss mismatch');

  let idToken: string;
  try {
    idToken = await exchangeCode(config, metadata, {
      code,
      codeVerifier: stored.code_verifier,
      callbackUrl: input.callbackUrl,
    });
  } catch (err) {
    return fail('token_exchange_failed', err);
  }

  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(idToken, metadata.jwks, {
      issuer: issuers,
      audience: config.clientId,
      algorithms: metadata.algorithms,
      currentDate: deps.clock.now(),
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['sub', 'exp', 'iat'],
    }));
    if (claims['nonce'] !== stored.nonce) throw new Error('nonce mismatch');
    // OpenID Connect Core §3.1.3.7: with several audiences, the token must say it was issued to us.
    if (Array.isArray(claims.aud) && claims.aud.length > 1 && claims['azp'] !== config.clientId) {
      throw new Error('azp mismatch');
    }
  } catch (err) {
    return fail('invalid_id_token', err);
  }

  const email = typeof claims['email'] === 'string' && claims['email'] ? claims['email'] : null;
  // Apple sends email_verified as the string "true".
  const emailVerified = claims['email_verified'] === true || claims['email_verified'] === 'true';
  let tokens: TokenResponse;
  try {
    const accountId = await accountForExternalIdentity(deps, {
      provider: config.name,
      subject: String(claims.sub),
      email,
      emailVerified,
    });
    tokens = await startSession(deps, accountId, `oidc:${config.name}`, input.meta);
  } catch (err) {
    if (err instanceof AppError && err.reason === 'CodeEmailAlreadyInUse') return fail('email_in_use');
    if (err instanceof AppError && err.reason === 'CodeInvalidCredentials') return fail('sign_in_refused');
    throw err;
  }
  return { ok: true, tokens, redirectUrl: stored.redirect_url };
}

const TokenEndpointResponseSchema = z.object({ id_token: z.string().min(1) });

async function exchangeCode(
  config: OidcProviderConfig,
  metadata: ProviderMetadata,
  input: { code: string; codeVerifier: string; callbackUrl: string },
): Promise<string> {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code: input.code,
    redirect_uri: input.callbackUrl,
    code_verifier: input.codeVerifier,
  });
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  const methods = metadata.doc.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
  if (methods.includes('client_secret_basic') || !methods.includes('client_secret_post')) {
    // RFC 6749 §2.3.1: both parts are form-encoded before joining.
    const basic = `${formEncode(config.clientId)}:${formEncode(config.clientSecret)}`;
    headers['authorization'] = `Basic ${Buffer.from(basic).toString('base64')}`;
  } else {
    body.set('client_id', config.clientId);
    body.set('client_secret', config.clientSecret);
  }
  const res = await fetch(metadata.doc.token_endpoint, {
    method: 'POST',
    headers,
    body,
    redirect: 'error',
    signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
  });
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const error = json && typeof json === 'object' && 'error' in json ? String(json.error) : '';
    throw new Error(`token endpoint answered ${res.status} ${error}`.trim());
  }
  return TokenEndpointResponseSchema.parse(json).id_token;
}

function formEncode(s: string): string {
  return encodeURIComponent(s).replace(/%20/g, '+');
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
