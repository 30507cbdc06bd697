import { z } from 'zod';
import { DateTimeSchema, EmptySchema, PageRequestSchema } from './common.schema.js';
import { defineMethod } from './method.js';

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
  'VOUCHER_LOTTERY_DRAWN',
  'SPLIT_BILLING_REQUESTED',
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
  VOUCHER_LOTTERY_DRAWN: 'PAYMENT',
  SPLIT_BILLING_REQUESTED: 'PAYMENT',
} as const satisfies Record<NotificationKind, 'BOOKING' | 'CHAT' | 'PAYMENT' | 'OWNER_NEWS' | 'PROMOTION'>;

/** The values a notification's text is built from (names, numbers, dates as ISO strings). */
export const NotificationParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

/** One in-app notification as its reader sees it: the text is written in the caller's language. */
export const NotificationSchema = z.object({
  id: z.string(),
  kind: NotificationKind,
  title: z.string(),
  body: z.string(),
  /** A path inside the product the notification opens, or null. */
  link: z.string().nullable(),
  createdAt: DateTimeSchema,
  read: z.boolean(),
  readAt: DateTimeSchema.nullable(),
});
export type NotificationView = z.output<typeof NotificationSchema>;

const NotificationIdSchema = z
  .string()
  .trim()
  .regex(/^[1-9][0-9]{0,17}$/, 'not a notification id');

export const listNotifications = defineMethod({
  path: 'list_notifications',
  access: 'user',
  summary:
    "The caller's in-app notifications, newest first, a page at a time (pageToken from the previous page's nextPageToken), with the count of unread ones. Titles and texts are written in the request's language from each notification's kind and values.",
  input: z.object({ pageRequest: PageRequestSchema.default({ pageSize: 20, pageToken: '' }) }).strict(),
  output: z.object({
    notifications: z.array(NotificationSchema),
    unreadCount: z.number().int().min(0),
    nextPageToken: z.string(),
  }),
});

export const getUnreadNotificationCount = defineMethod({
  path: 'get_unread_notification_count',
  access: 'user',
  summary: "How many of the caller's in-app notifications are unread (the header's badge); one indexed count.",
  input: EmptySchema,
  output: z.object({ unreadCount: z.number().int().min(0) }),
});

export const markNotificationRead = defineMethod({
  path: 'mark_notification_read',
  access: 'user',
  summary:
    "Marks one of the caller's notifications read and answers it with the unread count; marking it again changes nothing. Another user's or an unknown notification: 404 CodeNotificationNotFound.",
  input: z.object({ notificationId: NotificationIdSchema }).strict(),
  output: z.object({ notification: NotificationSchema, unreadCount: z.number().int().min(0) }),
});

export const markAllNotificationsRead = defineMethod({
  path: 'mark_all_notifications_read',
  access: 'user',
  summary:
    'Marks every unread notification of the caller read (those stored up to this moment) and answers how many were marked; the unread count is then 0.',
  input: EmptySchema,
  output: z.object({ markedCount: z.number().int().min(0), unreadCount: z.number().int().min(0) }),
});

export const NOTIFICATION_METHODS = [
  listNotifications,
  getUnreadNotificationCount,
  markNotificationRead,
  markAllNotificationsRead,
] as const;
