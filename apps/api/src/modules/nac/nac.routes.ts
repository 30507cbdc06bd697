import type { Hono } from 'hono';
import type { Deps } from '../../platform/deps.js';
import { ExchangeWebhookRejectedError, registerExchange } from './exchange.adapter.js';
import { handleExchangeEvent } from './nac.service.js';
import { startTestExchange, type TestExchange } from './test-exchange.adapter.js';
import { mountTestExchangePages } from './test-exchange.routes.js';

/** Where the NAC exchange sends its signed notifications. */
export const NAC_EXCHANGE_WEBHOOK_PATH = '/webhooks/nac-exchange';

/**
 * Composes NAC into the app: the exchange (the built-in test-mode one, whose account page and
 * notifications run on this same server; a real exchange's adapter would be registered here
 * instead) and the notification endpoint. `deliver` replaces how the exchange reaches the endpoint
 * (tests lose notifications with it); by default through this app, as a request from outside would.
 */
export function mountNacRoutes(
  app: Hono,
  deps: Deps,
  opts: { deliver?: (request: Request) => Promise<Response> } = {},
): TestExchange {
  const exchange = startTestExchange(deps, {
    deliver: opts.deliver ?? ((request) => Promise.resolve(app.fetch(request))),
    webhookPath: NAC_EXCHANGE_WEBHOOK_PATH,
  });
  registerExchange(deps.db, exchange);
  mountTestExchangePages(app, exchange);

  app.post(NAC_EXCHANGE_WEBHOOK_PATH, async (c) => {
    const rawBody = await c.req.text();
    let event;
    try {
      event = exchange.verifyWebhook({ header: (n) => c.req.header(n), rawBody, now: deps.clock.now() });
    } catch (err) {
      if (!(err instanceof ExchangeWebhookRejectedError || err instanceof SyntaxError)) throw err;
      deps.log.warn('nac exchange notification refused', { reason: err.message });
      return c.json({ error: 'invalid signature' }, 400);
    }
    try {
      await handleExchangeEvent(deps, event);
    } catch (err) {
      // Not accepted: the exchange sends it again later, and the reconciliation asks in any case.
      deps.log.error('nac exchange notification failed', { eventId: event.id, error: String(err) });
      return c.json({ error: 'not processed' }, 500);
    }
    return c.json({ received: true });
  });
  return exchange;
}
