import type { Hono } from 'hono';
import { AppError } from '../../platform/app-error.js';
import type { Deps } from '../../platform/deps.js';
import type { Principal } from '../../platform/http/call-context.js';
import { languageOf, toErrorResponse } from '../../platform/http/error-response.js';
import { ownerStatementPdf } from './statement.service.js';

export const OWNER_STATEMENT_PATH_PREFIX = '/owner-statements/';

/**
 * GET /owner-statements/<ownerStatementId>.pdf?lang=en|ja with `Authorization: Bearer`: an owner
 * statement as issued, for its owner (or staff). Refusals use the API error object, as invoices do.
 */
export function mountStatementRoutes(
  app: Hono,
  deps: Deps & { verifyIdToken: (t: string) => Promise<Principal> },
): void {
  app.get(`${OWNER_STATEMENT_PATH_PREFIX}:file{[A-Za-z0-9_-]{1,100}\\.pdf}`, async (c) => {
    const lang = c.req.query('lang');
    const language = lang === 'ja' || lang === 'en' ? lang : languageOf(c.req.header('accept-language'));
    try {
      const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
      if (!token) throw new AppError('CodeUnauthenticated');
      const principal = await deps.verifyIdToken(token);
      const id = c.req.param('file').slice(0, -'.pdf'.length);
      const { filename, pdf } = await ownerStatementPdf(deps, principal, id, language);
      return c.body(new Uint8Array(pdf), 200, {
        'Content-Type': 'application/pdf',
        'Content-Length': String(pdf.length),
        'Content-Disposition': `inline; filename="${filename}"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      });
    } catch (err) {
      const { status, body, headers } = toErrorResponse(err, language, deps.log);
      return c.json(body, status as 400, { ...headers, 'Cache-Control': 'no-store' });
    }
  });
}
