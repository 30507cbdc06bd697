import {
  listNotificationSettings,
  updateDeviceTokenTimestamp,
  updateNotificationSettings,
} from '@yado/contract/user.contract';
import {
  getUnreadNotificationCount,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '@yado/contract/notification.contract';
import { requirePrincipal, type CallContext } from '../../platform/http/call-context.js';
import { implement } from '../../platform/http/rpc-app.js';
import * as inbox from './notification-inbox.service.js';
import * as notifications from './notification.service.js';

const readerOf = (ctx: CallContext): inbox.Reader => ({
  accountId: requirePrincipal(ctx).accountId,
  language: ctx.language,
  origin: ctx.publicOrigin(),
});

export const notificationImplementations = [
  implement(listNotificationSettings, (ctx) =>
    notifications.listNotificationSettings(ctx.deps, requirePrincipal(ctx).accountId),
  ),
  implement(updateNotificationSettings, (ctx, input) =>
    notifications.updateNotificationSettings(ctx.deps, requirePrincipal(ctx).accountId, input.items),
  ),
  implement(updateDeviceTokenTimestamp, (ctx, input) =>
    notifications.updateDeviceTokenTimestamp(ctx.deps, requirePrincipal(ctx).accountId, input.deviceToken),
  ),
  implement(listNotifications, (ctx, input) => inbox.listNotifications(ctx.deps, readerOf(ctx), input.pageRequest)),
  implement(getUnreadNotificationCount, (ctx) => inbox.unreadCount(ctx.deps, readerOf(ctx))),
  implement(markNotificationRead, (ctx, input) =>
    inbox.markNotificationRead(ctx.deps, readerOf(ctx), input.notificationId),
  ),
  implement(markAllNotificationsRead, (ctx) => inbox.markAllNotificationsRead(ctx.deps, readerOf(ctx))),
];
