import { Validator } from '@seriousme/openapi-schema-validator';
import { ERROR_CATALOGUE } from '@yado/contract/error-catalogue';
import { IDENTITY_ROUTES } from '@yado/contract/identity.contract';
import { ALL_METHODS } from '@yado/contract/methods';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi.service.js';

let t: TestApi;
let doc: OpenApiDocument;

beforeAll(async () => {
  t = await createTestApi();
  const res = await t.raw('/app/v1/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  doc = (await res.json()) as OpenApiDocument;
});

/** Every `$ref` in the document, with where it was found. */
function refsOf(value: unknown, at = '#'): { ref: string; at: string }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => refsOf(v, `${at}/${i}`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) =>
    k === '$ref' && typeof v === 'string' ? [{ ref: v, at }] : refsOf(v, `${at}/${k}`),
  );
}

function resolve(document: unknown, pointer: string): unknown {
  return pointer
    .slice(2)
    .split('/')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
}

describe('GET /app/v1/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(doc.openapi).toBe('3.1.0');
    expect((doc['info'] as { version: string }).version).toBe('v0.1.119');
  });

  it('has no dangling references', () => {
    const dangling = refsOf(doc).filter(({ ref }) => !ref.startsWith('#/') || resolve(doc, ref) === undefined);
    expect(dangling).toEqual([]);
  });

  it('lists every method of the contract as POST /app/v1/{method}', () => {
    expect(ALL_METHODS.length).toBeGreaterThanOrEqual(16);
    for (const m of ALL_METHODS) {
      const op = doc.paths[`/app/v1/${m.path}`]?.['post'];
      expect(op, m.path).toBeDefined();
      expect(op!['operationId']).toBe(m.path);
      expect(op!['x-access']).toBe(m.access);
      expect(op!['security']).toEqual(m.access === 'public' ? [{}, { bearerAuth: [] }] : [{ bearerAuth: [] }]);
      const responses = op!['responses'] as Record<string, unknown>;
      for (const status of ['200', '400', '404', '405', '413', '429', '500']) expect(responses[status]).toBeDefined();
      if (m.access !== 'public') expect(responses['401']).toBeDefined();
    }
    const rpcPaths = Object.keys(doc.paths).filter((p) => p.startsWith('/app/v1/'));
    expect(rpcPaths).toHaveLength(ALL_METHODS.length);
  });

  it('documents the user methods the specification names', () => {
    for (const path of ['get_user', 'create_user', 'update_user', 'get_search_permission']) {
      expect(doc.paths[`/app/v1/${path}`]?.['post']?.['tags']).toEqual(['user']);
    }
  });

  it('shows request bodies as input (defaults optional) and responses as output', () => {
    const schemas = (doc['components'] as { schemas: Record<string, { required?: string[] }> }).schemas;
    const op = doc.paths['/app/v1/request_delete_user']!['post']!;
    const bodyRef = (op['requestBody'] as any).content['application/json'].schema.$ref as string;
    expect(resolve(doc, bodyRef)).toMatchObject({ properties: { reason: { type: 'string' } } });
    expect((resolve(doc, bodyRef) as { required?: string[] }).required ?? []).not.toContain('reason');
    expect(schemas['User']?.required).toContain('userNumber');
  });

  it('describes the API error object with every reason of the catalogue', () => {
    const apiError = resolve(doc, '#/components/schemas/ApiError') as any;
    expect(apiError.required).toEqual(['status', 'code', 'message', 'errorInfo', 'localizedMessage']);
    expect(apiError.properties.errorInfo.properties.reason.enum).toEqual(Object.keys(ERROR_CATALOGUE));
    expect(apiError.properties.errorInfo.properties.reason.enum).toContain('CodeUserNotFound');
    const tooMany = resolve(doc, '#/components/responses/TooManyRequests') as any;
    expect(tooMany.headers['Retry-After']).toBeDefined();
  });

  it('documents the request headers', () => {
    const params = (doc['components'] as { parameters: Record<string, { name: string; schema: unknown }> }).parameters;
    expect(params['AcceptLanguage']).toMatchObject({ name: 'Accept-Language', schema: { enum: ['en', 'ja'] } });
    expect(params['Platform']).toMatchObject({ name: 'x-yado-platform', schema: { enum: ['web'] } });
    expect(params['WebAppVersion']?.name).toBe('x-yado-web-app-version');
  });

  it('documents the identity routes, and leaves the non-production ones out of production', () => {
    expect(doc.paths[IDENTITY_ROUTES.signInWithPassword]?.['post']?.['tags']).toEqual(['identity']);
    expect(doc.paths[IDENTITY_ROUTES.jwks]?.['get']).toBeDefined();
    expect(doc.paths['/identity/v1/oidc/{provider}/start']?.['get']).toBeDefined();
    expect(doc.paths[IDENTITY_ROUTES.e2eCustomToken]?.['post']).toBeDefined();
    const production = buildOpenApiDocument({ includeNonProduction: false });
    expect(production.paths[IDENTITY_ROUTES.e2eCustomToken]).toBeUndefined();
    expect(production.paths[IDENTITY_ROUTES.signInWithCustomToken]).toBeUndefined();
    expect(production.paths[IDENTITY_ROUTES.signUp]).toBeDefined();
  });
});

describe('GET /app/v1/docs', () => {
  it('serves the documentation page, pointing at local assets only', async () => {
    const res = await t.raw('/app/v1/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).toContain('/app/v1/docs/assets/swagger-ui-bundle.js');
    expect(html).not.toMatch(/https?:\/\//);
  });

  it('serves the page script and the Swagger UI assets from the installed package', async () => {
    const init = await t.raw('/app/v1/docs/init.js');
    expect(init.status).toBe(200);
    expect(init.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await init.text()).toContain('/app/v1/openapi.json');

    const js = await t.raw('/app/v1/docs/assets/swagger-ui-bundle.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect((await js.text()).length).toBeGreaterThan(100_000);

    const css = await t.raw('/app/v1/docs/assets/swagger-ui.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
  });

  it('answers anything else under the assets path with the API 404', async () => {
    for (const path of ['/app/v1/docs/assets/package.json', '/app/v1/docs/assets/..%2Fpackage.json']) {
      const res = await t.raw(path);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { errorInfo: { reason: string } }).errorInfo.reason).toBe('CodeMethodNotFound');
    }
  });
});
