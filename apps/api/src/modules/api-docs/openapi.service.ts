import * as commonSchemas from '@yado/contract/common.schema';
import { ERROR_CATALOGUE, type ApiErrorBody, type ErrorReason } from '@yado/contract/error-catalogue';
import {
  API_PREFIX,
  LANGUAGES,
  PLATFORM_HEADER,
  PLATFORM_WEB,
  WEB_APP_VERSION,
  WEB_APP_VERSION_HEADER,
} from '@yado/contract/headers';
import * as identityContract from '@yado/contract/identity.contract';
import type { Access, MethodDef } from '@yado/contract/method';
import { ALL_METHODS, METHODS_BY_DOMAIN } from '@yado/contract/methods';
import * as userContract from '@yado/contract/user.contract';
import { z } from 'zod';

/**
 * The OpenAPI 3.1 document of the API, generated from the contract: the zod
 * schemas the dispatcher validates with are the schemas the document shows, so
 * the two cannot drift apart.
 */

type Json = Record<string, unknown>;
export type OpenApiDocument = Json & { openapi: string; paths: Record<string, Record<string, Json>> };

const {
  IDENTITY_ROUTES,
  OIDC_PROVIDERS,
  CredentialsSchema,
  RefreshInputSchema,
  ResetPasswordInputSchema,
  SendPasswordResetInputSchema,
  SignOutInputSchema,
  CustomTokenInputSchema,
  E2eCustomTokenInputSchema,
  TokenResponseSchema,
  AccountInfoSchema,
  ProvidersSchema,
} = identityContract;

/**
 * Contract modules whose exported `XxxSchema` values become named components
 * (`Xxx`); anything else is shown inline. A module left out here still appears
 * in full, only without the names.
 */
const NAMED_SCHEMA_MODULES: Record<string, unknown>[] = [commonSchemas, userContract, identityContract];

const TAG_DESCRIPTIONS: Record<string, string> = {
  user: 'The signed-in user: profile, verification of email and phone, owner applications, deletion, settings.',
  identity:
    'The identity service beside the product API: sign-up, sign-in, token refresh, sign-out, OpenID Connect. ' +
    'Its tokens are the bearer tokens of every other call.',
};

const ERROR_STATUSES = [400, 401, 403, 404, 405, 409, 413, 429, 500] as const;
type ErrorStatus = (typeof ERROR_STATUSES)[number];

const STATUS_TEXT: Record<ErrorStatus, string> = {
  400: 'Bad request: the body is not JSON, or a field fails its schema (the fields are named in errorInfo.fields).',
  401: 'Not signed in, or the identity token has expired or was revoked.',
  403: 'Signed in, but not allowed to call this method.',
  404: 'The method, or what it refers to, does not exist.',
  405: 'Only POST is accepted (the response carries `Allow: POST`).',
  409: 'Conflicts with the current state (already exists, already requested).',
  413: 'The request body is larger than the server accepts.',
  429: 'Too many attempts; `Retry-After` says how many seconds to wait.',
  500: 'An unexpected error on the server. No internal detail is ever included.',
};

const ACCESS_TEXT: Record<Access, string> = {
  public: 'Anyone; a bearer token is optional.',
  user: 'Any signed-in account.',
  owner: 'Signed-in owners only.',
  staff: 'Signed-in staff only.',
};

const pascal = (snake: string) =>
  snake
    .split(/[_-]/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');

const ref = (kind: 'schemas' | 'parameters' | 'responses', name: string) => ({ $ref: `#/components/${kind}/${name}` });

function isZodSchema(value: unknown): value is z.ZodType {
  return value instanceof z.ZodType;
}

/** Every `XxxSchema` export of the named modules, as `[schema, 'Xxx']`. */
function namedSchemas(): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  for (const mod of NAMED_SCHEMA_MODULES) {
    for (const [key, value] of Object.entries(mod)) {
      if (key.endsWith('Schema') && isZodSchema(value) && !names.has(value)) names.set(value, key.slice(0, -6));
    }
  }
  return names;
}

/**
 * Turns a set of schemas into JSON Schema 2020-12 for one direction (request
 * bodies are read as zod's input, responses as its output: a field with a
 * default is optional in the one and always present in the other). Named
 * schemas become components referenced by `$ref`; the result maps each given
 * schema to its component name.
 */
function convert(
  io: 'input' | 'output',
  entries: { schema: z.ZodType; fallbackName: string }[],
  named: Map<z.ZodType, string>,
  reservedNames: Set<string>,
): { components: Record<string, Json>; nameOf: Map<z.ZodType, string> } {
  const registry = z.registry<{ id: string }>();
  const nameOf = new Map<z.ZodType, string>();
  const used = new Set<string>();
  const add = (schema: z.ZodType, wanted: string) => {
    if (registry.has(schema)) return;
    let name = wanted;
    // A name already taken by the other direction (whose JSON differs) gets a suffix.
    if (reservedNames.has(name)) name = `${name}${io === 'input' ? 'Input' : 'Output'}`;
    for (let n = 2; used.has(name); n++) name = `${wanted}${n}`;
    used.add(name);
    registry.add(schema, { id: name });
    nameOf.set(schema, name);
  };
  for (const [schema, name] of named) add(schema, name);
  for (const e of entries) add(e.schema, named.get(e.schema) ?? e.fallbackName);

  const result = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io,
    // The contract's few transforms (lenient enumerations for clients) are never method schemas; stay total anyway.
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
  });
  const components: Record<string, Json> = {};
  for (const [id, schema] of Object.entries(result.schemas)) {
    const { $schema: _dialect, $id: _id, ...rest } = schema as Json;
    components[id] = rest;
  }
  return { components, nameOf };
}

/** Collects every component `$ref` reachable from a value, following components transitively. */
function reachable(roots: unknown[], components: Record<string, Json>): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const v = stack.pop();
    if (Array.isArray(v)) stack.push(...v);
    else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (k === '$ref' && typeof child === 'string' && child.startsWith('#/components/schemas/')) {
          const name = child.slice('#/components/schemas/'.length);
          if (!seen.has(name)) {
            seen.add(name);
            stack.push(components[name]);
          }
        } else stack.push(child);
      }
    }
  }
  return seen;
}

const ApiErrorSchema = z
  .object({
    status: z.number().int().describe('The HTTP status, repeated in the body.'),
    code: z
      .enum([...new Set(Object.values(ERROR_CATALOGUE).map((e) => e.code))] as [string, ...string[]])
      .describe('The canonical error code.'),
    message: z.string().describe('English text for logs and developers.'),
    errorInfo: z.object({
      reason: z
        .enum(Object.keys(ERROR_CATALOGUE) as [ErrorReason, ...ErrorReason[]])
        .describe('What went wrong, from the one error catalogue; clients branch on this.'),
      fields: z
        .array(z.object({ field: z.string(), description: z.string() }))
        .optional()
        .describe('For validation failures: each field that failed, as a dotted path.'),
    }),
    localizedMessage: z.string().describe('Text for the user, in the language chosen by Accept-Language (en or ja).'),
  })
  .describe(
    'The API error object (spec sections 3 and 8). Never contains a stack trace or SQL text.',
    // `satisfies` keeps the documented shape and the shape the server sends in step.
  ) satisfies z.ZodType<ApiErrorBody>;

const JwksSchema = z.object({
  keys: z.array(z.looseObject({ kty: z.string(), kid: z.string(), alg: z.string(), use: z.string(), crv: z.string() })),
});

const ERROR_RESPONSE_NAMES: Record<ErrorStatus, string> = {
  400: 'BadRequest',
  401: 'Unauthenticated',
  403: 'PermissionDenied',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  409: 'Conflict',
  413: 'PayloadTooLarge',
  429: 'TooManyRequests',
  500: 'Internal',
};

function errorResponses(): Record<string, Json> {
  const responses: Record<string, Json> = {};
  for (const status of ERROR_STATUSES) {
    const reasons = Object.entries(ERROR_CATALOGUE)
      .filter(([, e]) => e.status === status)
      .map(([reason]) => `\`${reason}\``);
    const response: Json = {
      description: `${STATUS_TEXT[status]} Reasons: ${reasons.join(', ')}.`,
      content: { 'application/json': { schema: ref('schemas', 'ApiError') } },
    };
    if (status === 405) response['headers'] = { Allow: { schema: { type: 'string', const: 'POST' } } };
    if (status === 429) {
      response['headers'] = {
        'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } },
      };
    }
    responses[ERROR_RESPONSE_NAMES[status]] = response;
  }
  return responses;
}

const errorRefs = (statuses: readonly ErrorStatus[]) =>
  Object.fromEntries(statuses.map((s) => [String(s), ref('responses', ERROR_RESPONSE_NAMES[s])]));

type IdentityOperation = {
  method: 'get' | 'post';
  path: string;
  operationId: string;
  summary: string;
  input?: z.ZodType;
  output?: z.ZodType;
  access: Access;
  redirect?: boolean;
  pathParams?: boolean;
  queryParams?: string[];
  errors: ErrorStatus[];
  nonProduction?: boolean;
};

function identityOperations(): IdentityOperation[] {
  const r = IDENTITY_ROUTES;
  const oidcPath = (fn: (p: string) => string) => fn('{provider}');
  return [
    {
      method: 'post',
      path: r.signUp,
      operationId: 'identity_sign_up',
      summary: 'Creates an account with an email address and password (8 to 128 characters, not a common one).',
      input: CredentialsSchema,
      output: TokenResponseSchema,
      access: 'public',
      errors: [400, 409, 429, 500],
    },
    {
      method: 'post',
      path: r.signInWithPassword,
      operationId: 'identity_sign_in_with_password',
      summary: 'Signs in with email and password; repeated failures per account or address are answered with 429.',
      input: CredentialsSchema,
      output: TokenResponseSchema,
      access: 'public',
      errors: [400, 401, 429, 500],
    },
    {
      method: 'post',
      path: r.refresh,
      operationId: 'identity_refresh',
      summary:
        'Exchanges a refresh token for new tokens. The refresh token is rotated; reusing an old one revokes its whole family.',
      input: RefreshInputSchema,
      output: TokenResponseSchema,
      access: 'public',
      errors: [400, 401, 500],
    },
    {
      method: 'post',
      path: r.signOut,
      operationId: 'identity_sign_out',
      summary: 'Revokes the session of the bearer token and/or the given refresh token, at once.',
      input: SignOutInputSchema,
      output: z.object({}),
      access: 'public',
      errors: [400, 500],
    },
    {
      method: 'post',
      path: r.sendPasswordReset,
      operationId: 'identity_send_password_reset',
      summary:
        'Emails a link to choose a new password (valid 60 minutes, once) if an account with a password uses the address. The answer is the same whether or not one does; requests are limited per address (429).',
      input: SendPasswordResetInputSchema,
      output: z.object({}),
      access: 'public',
      errors: [400, 429, 500],
    },
    {
      method: 'post',
      path: r.resetPassword,
      operationId: 'identity_reset_password',
      summary:
        "Sets a new password with a reset link's secret (password policy as for sign-up) and signs out every session of the account.",
      input: ResetPasswordInputSchema,
      output: z.object({}),
      access: 'public',
      errors: [400, 500],
    },
    {
      method: 'post',
      path: r.lookup,
      operationId: 'identity_lookup',
      summary: 'The account behind the bearer token, with creationTime and lastSignInTime.',
      output: AccountInfoSchema,
      access: 'user',
      errors: [401, 500],
    },
    {
      method: 'get',
      path: r.providers,
      operationId: 'identity_providers',
      summary: 'The OpenID Connect providers configured on this server.',
      output: ProvidersSchema,
      access: 'public',
      errors: [500],
    },
    {
      method: 'get',
      path: oidcPath(r.oidcStart),
      operationId: 'identity_oidc_start',
      summary:
        'Starts OpenID Connect sign-in (authorisation code with PKCE): redirects to the provider, or to `/login?error=<code>` when it cannot start. `redirectUrl` is where the web app goes afterwards.',
      access: 'public',
      redirect: true,
      pathParams: true,
      queryParams: ['redirectUrl'],
      errors: [404, 500],
    },
    {
      method: 'get',
      path: oidcPath(r.oidcCallback),
      operationId: 'identity_oidc_callback',
      summary:
        'Where the provider returns. Redirects to the web app’s completion page with the tokens in the URL fragment, or to `/login?error=<code>`.',
      access: 'public',
      redirect: true,
      pathParams: true,
      errors: [404, 500],
    },
    {
      method: 'post',
      path: oidcPath(r.oidcCallback),
      operationId: 'identity_oidc_callback_form_post',
      summary: 'The same callback for providers that answer with a form POST (Apple).',
      access: 'public',
      redirect: true,
      pathParams: true,
      errors: [404, 500],
    },
    {
      method: 'get',
      path: r.jwks,
      operationId: 'identity_jwks',
      summary:
        'The public keys (JWKS) that verify identity tokens, by key id; retired keys stay until their tokens expire.',
      output: JwksSchema,
      access: 'public',
      errors: [500],
    },
    {
      method: 'post',
      path: r.signInWithCustomToken,
      operationId: 'identity_sign_in_with_custom_token',
      summary: 'Signs in with a custom token. Not available in production.',
      input: CustomTokenInputSchema,
      output: TokenResponseSchema,
      access: 'public',
      errors: [400, 401, 500],
      nonProduction: true,
    },
    {
      method: 'post',
      path: r.e2eCustomToken,
      operationId: 'identity_e2e_custom_token',
      summary: 'Mints a custom token for an email address, for the /e2e/login page. Not available in production.',
      input: E2eCustomTokenInputSchema,
      output: z.object({ customToken: z.string() }),
      access: 'public',
      errors: [400, 500],
      nonProduction: true,
    },
  ];
}

export type OpenApiOptions = { includeNonProduction: boolean };

/** Builds the whole document. Pure: the same contract gives the same document. */
export function buildOpenApiDocument(opts: OpenApiOptions): OpenApiDocument {
  const named = namedSchemas();
  const domainOf = new Map<MethodDef, string>();
  for (const [domain, methods] of Object.entries(METHODS_BY_DOMAIN)) {
    for (const m of methods as readonly MethodDef[]) domainOf.set(m, domain);
  }
  const identityOps = identityOperations().filter((op) => opts.includeNonProduction || !op.nonProduction);

  // Responses first: their component names are kept; request schemas that differ take a suffix.
  const out = convert(
    'output',
    [
      { schema: ApiErrorSchema, fallbackName: 'ApiError' },
      ...ALL_METHODS.map((m) => ({ schema: m.output, fallbackName: `${pascal(m.path)}Response` })),
      ...identityOps.flatMap((op) =>
        op.output ? [{ schema: op.output, fallbackName: `${pascal(op.operationId)}Response` }] : [],
      ),
    ],
    named,
    new Set(),
  );
  const outputRoots = [
    ...ALL_METHODS.map((m) => out.nameOf.get(m.output)),
    ...identityOps.map((op) => op.output && out.nameOf.get(op.output)),
    'ApiError',
  ].map((name) => name && ref('schemas', name));
  const outputNames = reachable(outputRoots, out.components);

  // Requests see only the named schemas they use directly; nested ones stay inline in their input form.
  const requestSchemas = [
    ...ALL_METHODS.map((m) => ({ schema: m.input, fallbackName: `${pascal(m.path)}Request` })),
    ...identityOps.flatMap((op) =>
      op.input ? [{ schema: op.input, fallbackName: `${pascal(op.operationId)}Request` }] : [],
    ),
  ];
  const requestNamed = new Map([...named].filter(([s]) => requestSchemas.some((r) => r.schema === s)));
  const inp = convert('input', requestSchemas, requestNamed, outputNames);

  const schemas: Record<string, Json> = {};
  for (const name of [...outputNames].sort()) schemas[name] = out.components[name]!;
  for (const [name, schema] of Object.entries(inp.components)) {
    const existing = schemas[name];
    if (existing && JSON.stringify(existing) !== JSON.stringify(schema)) {
      throw new Error(`OpenAPI component ${name} differs between requests and responses`);
    }
    schemas[name] = schema;
  }

  const headerParams = ['AcceptLanguage', 'Platform', 'WebAppVersion'].map((p) => ref('parameters', p));
  const paths: Record<string, Record<string, Json>> = {};

  for (const m of ALL_METHODS) {
    const isPublic = m.access === 'public';
    const errors: ErrorStatus[] = isPublic
      ? [400, 404, 405, 409, 413, 429, 500]
      : [400, 401, 403, 404, 405, 409, 413, 429, 500];
    paths[`${API_PREFIX}/${m.path}`] = {
      post: {
        operationId: m.path,
        summary: m.summary,
        description: `Who may call: ${ACCESS_TEXT[m.access]}${m.idempotent ? ' Accepts an `Idempotency-Key` header; a retry returns the first result.' : ''}`,
        tags: [domainOf.get(m) ?? 'other'],
        'x-access': m.access,
        security: isPublic ? [{}, { bearerAuth: [] }] : [{ bearerAuth: [] }],
        parameters: m.idempotent ? [...headerParams, ref('parameters', 'IdempotencyKey')] : headerParams,
        requestBody: {
          required: true,
          content: { 'application/json': { schema: ref('schemas', inp.nameOf.get(m.input)!) } },
        },
        responses: {
          '200': {
            description: 'The result, as the contract defines it.',
            content: { 'application/json': { schema: ref('schemas', out.nameOf.get(m.output)!) } },
          },
          ...errorRefs(errors),
        },
      },
    };
  }

  for (const op of identityOps) {
    const operation: Json = {
      operationId: op.operationId,
      summary: op.summary,
      tags: ['identity'],
      'x-access': op.access,
      security: op.access === 'public' ? [{}] : [{ bearerAuth: [] }],
      parameters: [
        ref('parameters', 'AcceptLanguage'),
        ...(op.pathParams
          ? [{ name: 'provider', in: 'path', required: true, schema: { type: 'string', enum: [...OIDC_PROVIDERS] } }]
          : []),
        ...(op.queryParams ?? []).map((name) => ({ name, in: 'query', required: false, schema: { type: 'string' } })),
      ],
      responses: {
        ...(op.redirect
          ? { '302': { description: 'Redirect.', headers: { Location: { schema: { type: 'string' } } } } }
          : {
              '200': {
                description: 'Success.',
                content: { 'application/json': { schema: ref('schemas', out.nameOf.get(op.output!)!) } },
              },
            }),
        ...errorRefs(op.errors),
      },
    };
    if (op.nonProduction) operation['x-non-production'] = true;
    if (op.input) {
      operation['requestBody'] = {
        required: true,
        content: { 'application/json': { schema: ref('schemas', inp.nameOf.get(op.input)!) } },
      };
    }
    paths[op.path] = { ...paths[op.path], [op.method]: operation };
  }

  const usedTags = [...new Set([...domainOf.values(), 'identity'])];
  return {
    openapi: '3.1.0',
    info: {
      title: 'yado API',
      version: WEB_APP_VERSION,
      description:
        'The product API of yado. Every method is `POST /app/v1/{method}` with a JSON body, ' +
        '`Authorization: Bearer <identity token>` for methods that need a signed-in account, ' +
        `and the headers \`${PLATFORM_HEADER}\` and \`${WEB_APP_VERSION_HEADER}\`. ` +
        'Every error is the API error object (`ApiError`), with `localizedMessage` in the language chosen by `Accept-Language`.',
    },
    servers: [{ url: '/' }],
    tags: usedTags.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? `Methods of the ${name} domain.` })),
    paths,
    components: {
      schemas,
      parameters: {
        AcceptLanguage: {
          name: 'Accept-Language',
          in: 'header',
          required: false,
          description: 'Chooses the language of `localizedMessage`; English when absent or not supported.',
          schema: { type: 'string', enum: [...LANGUAGES], default: 'en' },
        },
        Platform: {
          name: PLATFORM_HEADER,
          in: 'header',
          required: false,
          description: 'The client platform; the web app sends `web`.',
          schema: { type: 'string', enum: [PLATFORM_WEB] },
        },
        WebAppVersion: {
          name: WEB_APP_VERSION_HEADER,
          in: 'header',
          required: false,
          description: 'The version of the web app making the call.',
          schema: { type: 'string', examples: [WEB_APP_VERSION] },
        },
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: 'A key unique to one intended change; a retry with the same key returns the first result.',
          schema: { type: 'string', maxLength: 200 },
        },
      },
      responses: errorResponses(),
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: `An identity token from the identity service (${IDENTITY_ROUTES.signInWithPassword} and friends).`,
        },
      },
    },
  };
}

const cache = new Map<boolean, { json: string; document: OpenApiDocument }>();

/** The document for this server, built on first use and kept: the contract does not change while running. */
export function openApiDocument(opts: OpenApiOptions): { json: string; document: OpenApiDocument } {
  let hit = cache.get(opts.includeNonProduction);
  if (!hit) {
    const document = buildOpenApiDocument(opts);
    hit = { document, json: JSON.stringify(document) };
    cache.set(opts.includeNonProduction, hit);
  }
  return hit;
}
