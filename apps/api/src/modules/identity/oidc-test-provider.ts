import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import Provider, { interactionPolicy, type Grant } from 'oidc-provider';

/**
 * A real OpenID provider (the oidc-provider package) on a loopback port, for
 * tests of the sign-in flow. Its sign-in and consent pages are two tiny forms
 * that TestBrowser fills in, so a whole login runs without a browser.
 */

export type TestOidcUser = { sub: string; email: string; emailVerified: boolean; name: string };

export type TestOidcClient = { clientId: string; clientSecret: string; redirectUris: string[] };

export type TestOidcProvider = {
  issuer: string;
  /** The page the end-user was shown at each interaction, in order (select_account, login, consent). */
  shownPrompts: string[];
  /** The query of the latest authorisation request (state, nonce, ...). */
  lastAuthorizationRequest: URLSearchParams | null;
  /**
   * When set, the token endpoint answers with this instead of the provider:
   * how a test hands the client a forged or broken ID token.
   */
  tokenResponse: ((authorizationRequest: URLSearchParams) => Promise<Record<string, unknown>>) | null;
  /** Signs an ID token with the provider's key (or, with `stranger`, a key nobody published). */
  signIdToken: (
    claims: Record<string, unknown>,
    opts?: { key?: 'provider' | 'stranger' | Uint8Array },
  ) => Promise<string>;
  close: () => Promise<void>;
};

export async function startTestOidcProvider(opts: {
  clients: TestOidcClient[];
  users: TestOidcUser[];
  /** How clients must authenticate at the token endpoint (Apple accepts only client_secret_post). */
  clientAuthMethod?: 'client_secret_basic' | 'client_secret_post';
}): Promise<TestOidcProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const authMethod = opts.clientAuthMethod ?? 'client_secret_basic';

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'test-signing-key', alg: 'RS256', use: 'sig' };
  const stranger = (await generateKeyPair('RS256')).privateKey;

  const policy = interactionPolicy.base();
  // Google's account chooser: a prompt the request can ask for, answered on the sign-in page.
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }), 0);

  const provider = new Provider(issuer, {
    clients: opts.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      response_types: ['code'],
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: authMethod,
    })),
    clientAuthMethods: [authMethod],
    jwks: { keys: [signingKey] },
    cookies: { keys: ['test-only-cookie-key'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { policy, url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    // `name` is Apple's scope for the user's name.
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], name: ['name'] },
    // Real providers put the email in the ID token of a code flow too.
    conformIdTokenClaims: false,
    adapter: MemoryAdapter,
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    findAccount: (_ctx: unknown, sub: string) => {
      const user = opts.users.find((u) => u.sub === sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, email: user.email, email_verified: user.emailVerified, name: user.name }),
      };
    },
  });
  // The provider reports every failed request on this event; without a listener it logs them.
  provider.on('server_error', () => undefined);

  const providerHandler = provider.callback();
  const op: TestOidcProvider = {
    issuer,
    shownPrompts: [],
    lastAuthorizationRequest: null,
    tokenResponse: null,
    signIdToken: async (claims, signOpts = {}) => {
      const key = signOpts.key ?? 'provider';
      const now = Math.floor(Date.now() / 1000);
      const jwt = new SignJWT({ iss: issuer, iat: now, exp: now + 600, ...claims });
      if (key instanceof Uint8Array) return jwt.setProtectedHeader({ alg: 'HS256' }).sign(key);
      // The stranger's token claims the provider's key id, as a forger would.
      return jwt
        .setProtectedHeader({ alg: 'RS256', kid: 'test-signing-key' })
        .sign(key === 'provider' ? privateKey : stranger);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  async function interaction(req: http.IncomingMessage, res: http.ServerResponse, submitted: boolean) {
    const { uid, prompt, params, session, grantId } = await provider.interactionDetails(req, res);
    if (!submitted) {
      op.shownPrompts.push(prompt.name);
      const accounts = opts.users.map((u) => `<option value="${u.sub}">${u.email}</option>`).join('');
      const field = prompt.name === 'consent' ? '' : `<select name="login">${accounts}</select>`;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(`<form method="post" action="/interaction/${uid}/submit" data-prompt="${prompt.name}">${field}</form>`);
      return;
    }
    const form = new URLSearchParams(await readBody(req));
    if (prompt.name === 'consent') {
      const clientId = String(params['client_id']);
      const accountId = session?.accountId ?? '';
      const grant: Grant =
        (grantId ? await provider.Grant.find(grantId) : undefined) ?? new provider.Grant({ accountId, clientId });
      const details = prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
      if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
      if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
      await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } });
      return;
    }
    // Choosing an account on the page both selects it and signs in as it.
    await provider.interactionFinished(
      req,
      res,
      { select_account: {}, login: { accountId: form.get('login') ?? '' } },
      { mergeWithLastSubmission: false },
    );
  }

  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', issuer);
    if (url.pathname === '/auth') op.lastAuthorizationRequest = url.searchParams;
    const forge = op.tokenResponse;
    if (url.pathname === '/token' && req.method === 'POST' && forge && op.lastAuthorizationRequest) {
      forge(op.lastAuthorizationRequest).then(
        (body) => {
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify(body));
        },
        (err: unknown) => {
          res.statusCode = 500;
          res.end(String(err));
        },
      );
      return;
    }
    const match = /^\/interaction\/([\w-]+)(\/submit)?$/.exec(url.pathname);
    if (!match) return providerHandler(req, res);
    interaction(req, res, req.method === 'POST' && Boolean(match[2])).catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });

  return op;
}

type Stored = { payload: Record<string, unknown>; expiresAt: number };

/** The provider's storage, in memory: one instance per model (Session, Grant, AuthorizationCode, ...). */
class MemoryAdapter {
  private static readonly stores = new Map<string, Map<string, Stored>>();
  private readonly store: Map<string, Stored>;

  constructor(model: string) {
    this.store = MemoryAdapter.stores.get(model) ?? new Map();
    MemoryAdapter.stores.set(model, this.store);
  }

  async upsert(id: string, payload: Record<string, unknown>, expiresIn: number): Promise<void> {
    this.store.set(id, { payload, expiresAt: Date.now() + expiresIn * 1000 });
  }

  async find(id: string): Promise<Record<string, unknown> | undefined> {
    const hit = this.store.get(id);
    if (!hit || hit.expiresAt < Date.now()) return undefined;
    return hit.payload;
  }

  async findByUid(uid: string): Promise<Record<string, unknown> | undefined> {
    for (const { payload } of this.store.values()) if (payload['uid'] === uid) return payload;
    return undefined;
  }

  async findByUserCode(): Promise<undefined> {
    return undefined;
  }

  async consume(id: string): Promise<void> {
    const hit = this.store.get(id);
    if (hit) hit.payload['consumed'] = Math.floor(Date.now() / 1000);
  }

  async destroy(id: string): Promise<void> {
    this.store.delete(id);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    for (const [id, { payload }] of this.store) if (payload['grantId'] === grantId) this.store.delete(id);
  }
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Plays the browser: follows redirects, keeps cookies per host, submits the
 * provider's forms (including a form_post answer) and sends requests for the
 * API's own origin to the app in the test instead of the network.
 */
export class TestBrowser {
  private readonly jar = new Map<string, Map<string, string>>();

  constructor(
    private readonly apiOrigin: string,
    private readonly apiFetch: (path: string, init: RequestInit) => Promise<Response>,
  ) {}

  /**
   * Starts at `url` and walks until the API answers with a redirect back to
   * the web app; returns that Location. `account` is chosen on the sign-in
   * page; `beforeCallback` may change the callback's parameters on the way.
   */
  async signIn(
    url: string,
    opts: { account: string; beforeCallback?: (params: URLSearchParams) => void | Promise<void> },
  ): Promise<string> {
    let request: { url: URL; method: string; body?: URLSearchParams } = {
      url: new URL(url, this.apiOrigin),
      method: 'GET',
    };
    for (let step = 0; step < 20; step++) {
      const isApi = request.url.origin === this.apiOrigin;
      if (isApi && request.url.pathname.endsWith('/callback') && opts.beforeCallback) {
        await opts.beforeCallback(request.body ?? request.url.searchParams);
      }
      const res = await this.fetch(request.url, request.method, request.body);
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        if (isApi && !/^https?:/.test(location)) return location;
        request = { url: new URL(location, request.url), method: 'GET' };
        continue;
      }
      const html = await res.text();
      // A form_post answer carrying an error comes with status 400, and is still submitted.
      const form = /<form[^>]*method="post"[^>]*action="([^"]+)"/i.exec(html);
      if (!form?.[1]) throw new Error(`${request.method} ${request.url} answered ${res.status}: ${html.slice(0, 500)}`);
      const fields = new URLSearchParams();
      for (const m of html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/gi)) {
        fields.set(decodeHtml(m[1]!), decodeHtml(m[2]!));
      }
      if (html.includes('name="login"')) fields.set('login', opts.account);
      request = { url: new URL(decodeHtml(form[1]), request.url), method: 'POST', body: fields };
    }
    throw new Error('sign-in did not finish within 20 steps');
  }

  private async fetch(url: URL, method: string, body?: URLSearchParams): Promise<Response> {
    const headers = new Headers();
    const cookies = this.jar.get(url.host);
    if (cookies?.size) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    if (body) headers.set('content-type', 'application/x-www-form-urlencoded');
    const init: RequestInit = { method, headers, redirect: 'manual', ...(body ? { body: body.toString() } : {}) };
    const res =
      url.origin === this.apiOrigin ? await this.apiFetch(url.pathname + url.search, init) : await fetch(url, init);
    for (const line of res.headers.getSetCookie()) this.store(url.host, line);
    return res;
  }

  private store(host: string, setCookie: string): void {
    const [pair, ...attributes] = setCookie.split(';');
    const eq = pair!.indexOf('=');
    const name = pair!.slice(0, eq).trim();
    const value = pair!.slice(eq + 1).trim();
    const jar = this.jar.get(host) ?? new Map<string, string>();
    this.jar.set(host, jar);
    const expired = attributes.some((a) => {
      const [k, v] = a.split('=').map((s) => s.trim().toLowerCase());
      return (k === 'max-age' && Number(v) <= 0) || (k === 'expires' && Date.parse(v ?? '') < Date.now());
    });
    if (expired || value === '') jar.delete(name);
    else jar.set(name, value);
  }
}

function decodeHtml(s: string): string {
  return s
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
