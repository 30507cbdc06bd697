import type { Hono } from 'hono';
import type { Deps } from '../../platform/deps.js';
import { registerPaymentProvider, WebhookRejectedError } from './payment-provider.js';
import { handleProviderEvent, type PaymentUpdateListener } from './payment.service.js';
import { mountTestProcessorPages } from './test-processor.routes.js';
import { startTestProcessor } from './test-processor.service.js';

/** Where the card processor sends its signed notifications. */
export const PAYMENT_WEBHOOK_PATH = '/webhooks/payment-provider';

/**
 * Composes payments into the app: the card processor (the built-in test-mode
 * one, whose pages and notifications run on this same server; a real
 * processor's adapter would be registered here instead), and the
 * notification endpoint, which passes payment changes to onPaymentUpdated so
 * that this module never needs to know who pays for what.
 */
export function mountPaymentRoutes(app: Hono, deps: Deps, opts: { onPaymentUpdated: PaymentUpdateListener }): void {
  const processor = startTestProcessor(deps, {
    // Delivered through this app's own request handling, as a request from outside would be.
    deliver: (request) => Promise.resolve(app.fetch(request)),
    webhookPath: PAYMENT_WEBHOOK_PATH,
  });
  registerPaymentProvider(deps.db, processor);
  mountTestProcessorPages(app, processor);

  app.post(PAYMENT_WEBHOOK_PATH, async (c) => {
    const rawBody = await c.req.text();
    let event;
    try {
      event = processor.verifyWebhook({ header: (n) => c.req.header(n), rawBody, now: deps.clock.now() });
    } catch (err) {
      if (!(err instanceof WebhookRejectedError || err instanceof SyntaxError)) throw err;
      deps.log.warn('payment notification refused', { reason: err.message });
      return c.json({ error: 'invalid signature' }, 400);
    }
    try {
      await handleProviderEvent(deps, event, opts.onPaymentUpdated);
    } catch (err) {
      // Not accepted: the processor sends it again later.
      deps.log.error('payment notification failed', { eventId: event.id, error: String(err) });
      return c.json({ error: 'not processed' }, 500);
    }
    return c.json({ received: true });
  });
}
