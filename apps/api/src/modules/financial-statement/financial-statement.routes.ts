import type { Hono } from 'hono';
import type { Language } from '@yado/contract/headers';
import { AppError } from '../../platform/app-error.js';
import type { Deps } from '../../platform/deps.js';
import type { Principal } from '../../platform/http/call-context.js';
import { languageOf, toErrorResponse } from '../../platform/http/error-response.js';
import { financialStatementPdf, sharedFinancialStatementPdf } from './financial-statement.service.js';

/*
 * GET /financial-statements/<QUARTER|SEMESTER>-<YYYY-MM-DD>.pdf?lang=en|ja with `Authorization:
 * Bearer`: one of the caller's statements. GET /financial-statement-shares/<token>.pdf?lang=en|ja: the
 * statement a live share link opens, without signing in (the token is the credential). Refusals use
 * the API error object, as invoices do.
 */
export function mountFinancialStatementRoutes(
  app: Hono,
  deps: Deps & { verifyIdToken: (t: string) => Promise<Principal> },
): void {
  const send = async (
    lang: string | undefined,
    acceptLanguage: string | undefined,
    make: (language: Language) => Promise<{ filename: string; pdf: Buffer }>,
  ) => {
    const language = lang === 'ja' || lang === 'en' ? lang : languageOf(acceptLanguage);
    try {
      const { filename, pdf } = await make(language);
      return new Response(new Uint8Array(pdf), {
        status: 200,
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Length': String(pdf.length),
          'Content-Disposition': `inline; filename="${filename}"`,
          'Cache-Control': 'private, no-store',
          'X-Content-Type-Options': 'nosniff',
          'X-Robots-Tag': 'noindex, nofollow',
        },
      });
    } catch (err) {
      const { status, body, headers } = toErrorResponse(err, language, deps.log);
      return Response.json(body, { status, headers: { ...headers, 'Cache-Control': 'no-store' } });
    }
  };

  app.get('/financial-statements/:file{(QUARTER|SEMESTER)-\\d{4}-\\d{2}-\\d{2}\\.pdf}', (c) =>
    send(c.req.query('lang'), c.req.header('accept-language'), async (language) => {
      const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
      if (!token) throw new AppError('CodeUnauthenticated');
      const principal = await deps.verifyIdToken(token);
      return financialStatementPdf(deps, principal.accountId, c.req.param('file').slice(0, -'.pdf'.length), language);
    }),
  );

  app.get('/financial-statement-shares/:file{[A-Za-z0-9_-]{1,200}\\.pdf}', (c) =>
    send(c.req.query('lang'), c.req.header('accept-language'), (language) =>
      sharedFinancialStatementPdf(deps, c.req.param('file').slice(0, -'.pdf'.length), language),
    ),
  );
}
