import { Hono } from 'hono';
import { AppError } from '../../platform/app-error.js';
import type { Deps } from '../../platform/deps.js';
import { languageOf, toErrorResponse } from '../../platform/http/error-response.js';
import { acceptEnvelope, envelopeMatchesProject, MAX_ENVELOPE_BYTES } from './monitoring.service.js';

/** POST /monitoring?o=<organisation id>&p=<project id>: the error-event tunnel of spec section 2. */
export function mountMonitoringRoutes(api: Hono, deps: Deps): void {
  const app = new Hono();
  app.post('/monitoring', async (c) => {
    try {
      const projectId = c.req.query('p') ?? '';
      if (!/^[0-9]{1,20}$/.test(projectId) || !/^[0-9]{1,20}$/.test(c.req.query('o') ?? '')) {
        throw new AppError('CodeInvalidArgument', { fields: [{ field: 'p', description: 'numeric project id' }] });
      }
      if (Number(c.req.header('content-length') ?? '0') > MAX_ENVELOPE_BYTES) throw new AppError('CodePayloadTooLarge');
      const body = new Uint8Array(await c.req.arrayBuffer());
      if (body.byteLength > MAX_ENVELOPE_BYTES) throw new AppError('CodePayloadTooLarge');
      if (body.byteLength === 0) throw new AppError('CodeInvalidArgument');
      if (!envelopeMatchesProject(body, projectId)) {
        throw new AppError('CodeInvalidArgument', {
          fields: [{ field: 'dsn', description: 'project of the envelope' }],
        });
      }
      await acceptEnvelope(deps, projectId, body);
      return c.json({}, 200);
    } catch (err) {
      const { status, body } = toErrorResponse(err, languageOf(c.req.header('accept-language')), deps.log);
      return c.json(body, status as 400);
    }
  });
  api.route('/', app);
}
