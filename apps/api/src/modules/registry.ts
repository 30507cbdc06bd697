import type { Hono } from 'hono';
import type { Deps } from '../platform/deps.js';
import type { Principal } from '../platform/http/call-context.js';
import type { Implementation } from '../platform/http/rpc-app.js';
import type { Task } from '../platform/scheduler.js';
import { mountAnalyticsRoutes } from './analytics/analytics.routes.js';
import { mountApiDocsRoutes } from './api-docs/api-docs.routes.js';
import { billingImplementations } from './billing/billing.router.js';
import { releaseNacHoldsTask } from './billing/billing.service.js';
import { mountInvoiceRoutes } from './billing/invoice.routes.js';
import { BOOKING_TASKS } from './booking/booking-jobs.service.js';
import { bookingImplementations } from './booking/booking.router.js';
import { createAllocatedOwnUseBooking } from './booking/owner-booking.service.js';
import { handlePaymentUpdate } from './booking/payment-webhook.service.js';
import { pruneChangeLogsTask } from './catalogue/catalogue-changes.service.js';
import { catalogueImplementations } from './catalogue/catalogue.router.js';
import { chatImplementations } from './chat/chat.router.js';
import { mountChatRoutes } from './chat/chat.routes.js';
import { mountCatalogueMediaRoutes, type RenderMissingImage } from './catalogue/catalogue-media.routes.js';
import { consentImplementations } from './consent/consent.router.js';
import { supplementalConsentsTask } from './consent/consent.service.js';
import { couponImplementations } from './coupon/coupon.router.js';
import type { IdentityDeps } from './identity/identity.service.js';
import { mountOidcRoutes } from './identity/oidc.routes.js';
import { familyImplementations } from './family/family.router.js';
import { mountFinancialStatementRoutes } from './financial-statement/financial-statement.routes.js';
import { financialStatementImplementations } from './financial-statement/financial-statement.router.js';
import { giftImplementations } from './gift/gift.router.js';
import { expireGiftsTask } from './gift/gift.service.js';
import { forgetUser as forgetFamilyData } from './family/family.service.js';
import { lendingImplementations } from './lending/lending.router.js';
import { lendingTask } from './lending/lending.service.js';
import { mealImplementations } from './meal/meal.router.js';
import { mountNacRoutes } from './nac/nac.routes.js';
import { daoImplementations } from './dao/dao.router.js';
import { daoReturnsTask } from './dao/dao.service.js';
import { keyTokenImplementations } from './key-token/key-token.router.js';
import { keyTokenTasks } from './key-token/key-token.service.js';
import { nacImplementations } from './nac/nac.router.js';
import { reconcileNacTransfersTask } from './nac/nac.service.js';
import { testExchangeTask } from './nac/test-exchange.adapter.js';
import { featureFlagImplementations } from './feature-flag/feature-flag.router.js';
import { notificationImplementations } from './notification/notification.router.js';
import { notificationDeliveryTask } from './notification/notification-delivery.service.js';
import { forgetUser as forgetNotificationData } from './notification/notification.service.js';
import { ownerAreaImplementations } from './owner-area/owner-area.router.js';
import { highSeasonImplementations } from './ownership/high-season.router.js';
import { ownershipImplementations } from './ownership/ownership.router.js';
import { forgetUser as forgetOwnershipData } from './ownership/ownership.service.js';
import { slotYearsTask } from './ownership/slot-ledger.service.js';
import { mountPaymentRoutes } from './payment/payment.routes.js';
import { paymentImplementations } from './payment/payment.router.js';
import { testProcessorWebhookTask } from './payment/test-processor.service.js';
import { pointImplementations } from './point/point.router.js';
import { revokeExpiredPointsTask } from './point/point.service.js';
import { pushImplementations } from './push/push.router.js';
import { questionnaireImplementations } from './questionnaire/questionnaire.router.js';
import { staffCatalogueImplementations } from './staff-catalogue/staff-catalogue.router.js';
import { stayStyleImplementations } from './stay-style/stay-style.router.js';
import { mountStatementRoutes } from './statement/statement.routes.js';
import { statementImplementations } from './statement/statement.router.js';
import { closeStatementPeriodsTask } from './statement/statement.service.js';
import { mountRemoteConfigRoutes } from './remote-config/remote-config.routes.js';
import { issueStayKeysTask } from './stay/key.service.js';
import { stayImplementations } from './stay/stay.router.js';
import { mountProfilePhotoRoutes } from './user/profile-photo.routes.js';
import { anonymiseDeletedUsersTask, type UserEraser } from './user/user-deletion.service.js';
import { userImplementations } from './user/user.router.js';
import { stayPassImplementations } from './stay-pass/stay-pass.router.js';
import { mountVehicleRoutes } from './vehicle/vehicle.routes.js';
import { driverLicenseImplementations } from './vehicle/driver-license.router.js';
import { archiveExpiredDriverLicensesTask, eraseDriverLicensesTask } from './vehicle/driver-license.service.js';
import { vehicleImplementations } from './vehicle/vehicle.router.js';
import { vehicleRentalImplementations } from './vehicle/vehicle-rental.router.js';
import { vehicleRentalTask } from './vehicle/vehicle-rental.service.js';
import { isOwnerAccount } from './user/user.service.js';
import { mountDevOutboxRoutes } from './outbox/dev-outbox.routes.js';
import { sendMessage } from './outbox/outbox.service.js';
import { sendToUser } from './push/push.service.js';
import { verificationImplementations } from './verification/verification.router.js';
import { voucherImplementations } from './voucher/voucher.router.js';
import { expireVouchersTask, voucherLotteryDrawTask } from './voucher/voucher.service.js';
import { voucherNightsRestoreTask } from './voucher/voucher-booking.service.js';
import { waitlistTask } from './waitlist/waitlist-offers.service.js';
import { waitlistImplementations } from './waitlist/waitlist.router.js';
import { forgetUser as forgetWaitlistData } from './waitlist/waitlist.service.js';
import { forgetUser as forgetVerificationData } from './verification/verification.service.js';

/**
 * The composition of the domain modules: every method implementation, every
 * background task and every extra HTTP route is listed here once.
 */
export const IMPLEMENTATIONS: Implementation[] = [
  ...userImplementations,
  ...verificationImplementations,
  ...ownershipImplementations,
  // The draw books winners' own-use stays through the booking module, which builds on ownership.
  ...highSeasonImplementations(createAllocatedOwnUseBooking),
  ...ownerAreaImplementations,
  ...familyImplementations,
  ...statementImplementations,
  ...consentImplementations,
  ...featureFlagImplementations,
  ...notificationImplementations,
  ...pushImplementations,
  ...catalogueImplementations,
  ...couponImplementations,
  ...staffCatalogueImplementations,
  ...paymentImplementations,
  ...mealImplementations,
  ...billingImplementations,
  ...pointImplementations,
  ...bookingImplementations,
  ...giftImplementations,
  ...driverLicenseImplementations,
  ...vehicleImplementations,
  ...vehicleRentalImplementations,
  ...stayPassImplementations,
  ...waitlistImplementations,
  ...stayImplementations,
  ...chatImplementations,
  ...questionnaireImplementations,
  ...stayStyleImplementations,
  ...nacImplementations,
  ...financialStatementImplementations,
  ...lendingImplementations,
  ...voucherImplementations,
  ...keyTokenImplementations,
  ...daoImplementations,
];

/**
 * What the modules that build on the user forget of a user once the deletion grace period ends, in
 * this order (the user module runs them, but depends on none of these modules).
 */
export const USER_ERASERS: UserEraser[] = [
  (deps, user) => forgetNotificationData(deps, user.userId),
  (deps, user) => forgetOwnershipData(deps, user.userId),
  (deps, user) => forgetFamilyData(deps, user.userId, user.addresses),
  (deps, user) => forgetVerificationData(deps, user.userId, user.addresses),
  (deps, user) => forgetWaitlistData(deps, user.userId),
];

export const BACKGROUND_TASKS: Task[] = [
  pruneChangeLogsTask,
  anonymiseDeletedUsersTask(USER_ERASERS),
  revokeExpiredPointsTask,
  testProcessorWebhookTask,
  slotYearsTask,
  closeStatementPeriodsTask,
  supplementalConsentsTask,
  ...BOOKING_TASKS,
  expireGiftsTask,
  archiveExpiredDriverLicensesTask,
  eraseDriverLicensesTask,
  vehicleRentalTask,
  waitlistTask,
  // Notification mail goes through the outbox and push through the push service; notification depends on neither.
  notificationDeliveryTask({
    email: async (deps, m) => void (await sendMessage(deps, { channel: 'EMAIL', ...m })),
    push: sendToUser,
  }),
  issueStayKeysTask,
  testExchangeTask,
  ...keyTokenTasks,
  daoReturnsTask,
  reconcileNacTransfersTask,
  lendingTask,
  releaseNacHoldsTask,
  voucherLotteryDrawTask,
  expireVouchersTask,
  voucherNightsRestoreTask,
];

export function isOwner(deps: Deps, principal: Principal): Promise<boolean> {
  return isOwnerAccount(deps, principal.accountId);
}

export const mountExtraRoutes = {
  /** Routes beside the identity service's own (OpenID Connect sign-in). */
  identity: (app: Hono, deps: IdentityDeps): void => mountOidcRoutes(app, deps),
  /** Routes at the root of the API app (OpenAPI document and docs, development outbox, profile photos, analytics, remote config). */
  root: (
    app: Hono,
    deps: IdentityDeps & { verifyIdToken: (t: string) => Promise<Principal> },
    media: { renderMissingImage?: RenderMissingImage },
  ): void => {
    mountApiDocsRoutes(app, { includeNonProduction: !deps.env.isProduction });
    mountDevOutboxRoutes(app, deps);
    mountProfilePhotoRoutes(app, deps);
    mountCatalogueMediaRoutes(app, deps, media.renderMissingImage);
    mountAnalyticsRoutes(app, deps);
    mountRemoteConfigRoutes(app, deps);
    mountInvoiceRoutes(app, deps);
    mountStatementRoutes(app, deps);
    mountFinancialStatementRoutes(app, deps);
    // Payment changes reach bookings through this listener, so payment never imports booking.
    mountPaymentRoutes(app, deps, { onPaymentUpdated: handlePaymentUpdate });
    mountVehicleRoutes(app, deps);
    // The chat's event stream and images; before the dispatcher, which answers every other /app/v1/ path.
    mountChatRoutes(app, deps);
    mountNacRoutes(app, deps);
  },
};
