import { BILLING_METHODS } from './billing.contract.js';
import { BOOKING_METHODS } from './booking.contract.js';
import { CATALOGUE_METHODS } from './catalogue.contract.js';
import { CHAT_METHODS } from './chat.contract.js';
import { COUPON_METHODS } from './coupon.contract.js';
import { FAMILY_METHODS } from './family.contract.js';
import { FINANCIAL_STATEMENT_METHODS } from './financial-statement.contract.js';
import { GIFT_METHODS } from './gift.contract.js';
import { HIGH_SEASON_METHODS } from './high-season.contract.js';
import { LENDING_METHODS } from './lending.contract.js';
import { MEAL_METHODS } from './meal.contract.js';
import { NOTIFICATION_METHODS } from './notification.contract.js';
import { OWNER_AREA_METHODS } from './owner-area.contract.js';
import { OWNERSHIP_METHODS } from './ownership.contract.js';
import type { MethodDef } from './method.js';
import { DAO_METHODS } from './dao.contract.js';
import { KEY_TOKEN_METHODS } from './key-token.contract.js';
import { NAC_METHODS } from './nac.contract.js';
import { PAYMENT_METHODS } from './payment.contract.js';
import { POINT_METHODS } from './point.contract.js';
import { PUSH_METHODS } from './push.contract.js';
import { QUESTIONNAIRE_METHODS } from './questionnaire.contract.js';
import { STAFF_CATALOGUE_METHODS } from './staff-catalogue.contract.js';
import { STAY_PASS_METHODS } from './stay-pass.contract.js';
import { STATEMENT_METHODS } from './statement.contract.js';
import { STAY_METHODS } from './stay.contract.js';
import { STAY_STYLE_METHODS } from './stay-style.contract.js';
import { SUPPLEMENTAL_CONSENT_METHODS } from './supplemental-consent.contract.js';
import { TIME_USE_METHODS } from './time-use.contract.js';
import { USER_METHODS } from './user.contract.js';
import { VEHICLE_RENTAL_METHODS } from './vehicle-rental.contract.js';
import { VEHICLE_METHODS } from './vehicle.contract.js';
import { VOUCHER_METHODS } from './voucher.contract.js';
import { WAITLIST_METHODS } from './waitlist.contract.js';

/**
 * The methods of each domain, keyed by the domain's name. The OpenAPI document
 * groups its operations by these keys, so a new contract file is added here.
 */
export const METHODS_BY_DOMAIN = {
  user: USER_METHODS,
  push: PUSH_METHODS,
  catalogue: CATALOGUE_METHODS,
  coupon: COUPON_METHODS,
  staffCatalogue: STAFF_CATALOGUE_METHODS,
  payment: PAYMENT_METHODS,
  meal: MEAL_METHODS,
  billing: BILLING_METHODS,
  point: POINT_METHODS,
  booking: BOOKING_METHODS,
  timeUse: TIME_USE_METHODS,
  ownership: OWNERSHIP_METHODS,
  ownerArea: OWNER_AREA_METHODS,
  highSeason: HIGH_SEASON_METHODS,
  family: FAMILY_METHODS,
  statement: STATEMENT_METHODS,
  gift: GIFT_METHODS,
  supplementalConsent: SUPPLEMENTAL_CONSENT_METHODS,
  vehicle: VEHICLE_METHODS,
  vehicleRental: VEHICLE_RENTAL_METHODS,
  stayPass: STAY_PASS_METHODS,
  waitlist: WAITLIST_METHODS,
  notification: NOTIFICATION_METHODS,
  stay: STAY_METHODS,
  chat: CHAT_METHODS,
  questionnaire: QUESTIONNAIRE_METHODS,
  stayStyle: STAY_STYLE_METHODS,
  nac: NAC_METHODS,
  financialStatement: FINANCIAL_STATEMENT_METHODS,
  lending: LENDING_METHODS,
  voucher: VOUCHER_METHODS,
  keyToken: KEY_TOKEN_METHODS,
  dao: DAO_METHODS,
} as const satisfies Record<string, readonly MethodDef[]>;

export type Domain = keyof typeof METHODS_BY_DOMAIN;

/** Every method of the product API. The dispatcher, the OpenAPI document and the access test read this list. */
export const ALL_METHODS: readonly MethodDef[] = Object.values(METHODS_BY_DOMAIN).flat();
