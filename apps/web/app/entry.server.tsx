import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext } from 'react-router';
import { newCspNonce, pageContentSecurityPolicy } from './lib/content-security-policy.server';
import { CspNonceContext } from './lib/csp-nonce';
import { holdModuleScripts } from './lib/paint-first.server';

export const streamTimeout = 5_000;

/**
 * React Router's own server entry for Node, with one change: the page's module script and module
 * preloads leave the server held back until the first paint (lib/paint-first.ts). Pages wait for
 * all their content before the first byte: nothing on them suspends, and crawlers need it whole.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  // A nonce of its own for every page: the inline scripts and styles of this response carry it.
  const nonce = newCspNonce();
  // The development server's own scripts (Vite's client, refresh) carry no nonce: there the policy
  // only reports, so a page that breaks it shows in the console without breaking development.
  responseHeaders.set(
    import.meta.env.DEV ? 'Content-Security-Policy-Report-Only' : 'Content-Security-Policy',
    pageContentSecurityPolicy(nonce),
  );
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Abort after streamTimeout so that rejected boundaries still have time to flush.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <CspNonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </CspNonceContext>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const held = holdModuleScripts();
          body.pipe(held);
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(held), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors of the shell itself reject above and are logged by the request handler.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
