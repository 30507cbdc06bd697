import { z } from 'zod';

/**
 * What an in-app notification tells of. Each kind belongs to one item of the notification settings
 * (NOTIFICATION_KIND_ITEM), which decides whether its mail and push copies are sent.
 */
export const NotificationKind = z.enum([
  'BOOKING_CONFIRMED',
  'PAYMENT_FAILED',
  'KEY_READY',
  'KEY_SHARED',
  'CHAT_MESSAGE',
  'GIFT_RECEIVED',
  'STATEMENT_ISSUED',
  'LENDING_STATUS_CHANGED',
  'WAITLIST_DATES_FREED',
  'QUESTIONNAIRE_AVAILABLE',
  'NAC_TRANSFER_SETTLED',
]);
export type NotificationKind = z.infer<typeof NotificationKind>;

export const NOTIFICATION_KIND_ITEM = {
  BOOKING_CONFIRMED: 'BOOKING',
  PAYMENT_FAILED: 'PAYMENT',
  KEY_READY: 'BOOKING',
  KEY_SHARED: 'BOOKING',
  CHAT_MESSAGE: 'CHAT',
  GIFT_RECEIVED: 'OWNER_NEWS',
  STATEMENT_ISSUED: 'OWNER_NEWS',
  LENDING_STATUS_CHANGED: 'PAYMENT',
  WAITLIST_DATES_FREED: 'BOOKING',
  QUESTIONNAIRE_AVAILABLE: 'BOOKING',
  NAC_TRANSFER_SETTLED: 'PAYMENT',
} as const satisfies Record<NotificationKind, 'BOOKING' | 'CHAT' | 'PAYMENT' | 'OWNER_NEWS' | 'PROMOTION'>;

/** The values a notification's text is built from (names, numbers, dates as ISO strings). */
export const NotificationParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
