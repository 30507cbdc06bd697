import { z } from 'zod';
import { specEnum } from './enum.schema.js';
import { defineMethod } from './method.js';

/** How a saved method pays: a card, or a wallet that hands the provider a card token (spec, Users and payment). */
export const PaymentType = specEnum(['CREDIT_CARD', 'APPLE_PAY', 'GOOGLE_PAY']);
export type PaymentTypeValue = (typeof PaymentType.values)[number];

/** Card brands of the spec; UNSPECIFIED when the provider could not tell. */
export const CreditCardBrand = specEnum([
  'UNSPECIFIED',
  'VISA',
  'MASTER_CARD',
  'JCB',
  'AMERICAN_EXPRESS',
  'DINERS_CLUB',
]);
export type CreditCardBrandValue = (typeof CreditCardBrand.values)[number];

/**
 * A saved card as the spec names its fields. The number itself never reaches
 * the product: the provider keeps it and gives back a token and these facts.
 */
export const CardSchema = z.object({
  /** "**** **** **** 4242": the last four digits only. */
  maskedNumber: z.string(),
  /** The card's place among the cards this account has registered (0 for the first), as card processors number them. */
  cardSequence: z.number().int().min(0),
  expirationYear: z.number().int(),
  expirationMonth: z.number().int().min(1).max(12),
  paymentMethodId: z.string(),
  creditCardBrand: CreditCardBrand.strict,
});
export type Card = z.infer<typeof CardSchema>;

export const PaymentMethodSchema = z.object({
  creditCard: CardSchema,
  paymentType: PaymentType.strict,
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/**
 * Where the provider's page sends the browser back: a path of this site only
 * ("/en/bookings/new?x=1"), never another origin, so the card page cannot be
 * used to redirect a guest elsewhere.
 */
export const SameSitePathSchema = z
  .string()
  .min(1)
  .max(1000)
  .regex(/^\/(?![/\\])[^\s]*$/, 'a path of this site starting with a single "/"');

export const listPaymentMethods = defineMethod({
  path: 'list_payment_methods',
  access: 'user',
  summary: "The signed-in account's saved cards and wallets, newest first. Deleted ones are not listed.",
  input: z.object({}).strict(),
  output: z.object({ paymentMethods: z.array(PaymentMethodSchema) }),
});

export const createCardRegistration = defineMethod({
  path: 'create_card_registration',
  access: 'user',
  summary:
    "Starts adding a card: answers the payment provider's card page (registrationUrl), where the guest types the number (it never reaches this API). The page then sends the browser to returnUrl with ?cardRegistration=<id> added; complete_card_registration (or the provider's notification, whichever comes first) saves the card. CodePaymentProviderUnavailable when the provider does not answer.",
  input: z.object({ returnUrl: SameSitePathSchema }).strict(),
  output: z.object({ registrationId: z.string(), registrationUrl: z.string() }),
});

export const completeCardRegistration = defineMethod({
  path: 'complete_card_registration',
  access: 'user',
  summary:
    "Saves the card of a finished registration and answers it; calling it again answers the same card. CodePaymentPending while the provider has not finished; CodePaymentMethodNotFound for a registration that is not the caller's, was cancelled on the provider's page, or expired.",
  input: z.object({ registrationId: z.string().min(1).max(100) }).strict(),
  output: PaymentMethodSchema,
});

export const deletePaymentMethod = defineMethod({
  path: 'delete_payment_method',
  access: 'user',
  summary:
    "Removes a saved card of the signed-in account; past payments keep showing it. CodePaymentMethodNotFound when it is not the caller's or already removed.",
  input: z.object({ paymentMethodId: z.string().min(1).max(100) }).strict(),
  output: z.object({}),
});

export const PAYMENT_METHODS = [
  listPaymentMethods,
  createCardRegistration,
  completeCardRegistration,
  deletePaymentMethod,
] as const;
