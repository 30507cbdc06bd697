/** The header of a provider notification (signed as platform/http/webhook-signature.ts says). */
export const WEBHOOK_SIGNATURE_HEADER = 'yado-provider-signature';

/** "**** **** **** 4242": what a guest sees of a saved card. */
export function maskedNumber(last4: string): string {
  return `**** **** **** ${last4}`;
}

/** States the provider may still change on its own (3-D Secure pending, or no answer yet). */
export function isUnsettled(status: string): boolean {
  return status === 'PENDING' || status === 'REQUIRES_ACTION';
}

/** Adds a query parameter to a same-site path, keeping what is there. */
export function withQuery(path: string, key: string, value: string): string {
  const url = new URL(path, 'http://same-site.invalid');
  url.searchParams.set(key, value);
  return `${url.pathname}${url.search}${url.hash}`;
}
