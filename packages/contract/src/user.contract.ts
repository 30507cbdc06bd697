import { z } from 'zod';
import { AddressSchema, DateTimeSchema, EmptySchema, PhoneSchema } from './common.schema.js';
import { specEnum } from './enum.schema.js';
import { defineMethod } from './method.js';
import { OwnerShareSchema } from './ownership.contract.js';
import { COUNTRY_CODES, OCCUPATIONS } from './reference-data.js';

export const UserType = specEnum(['USER_TYPE_UNSPECIFIED', 'USER_TYPE_OWNER', 'USER_TYPE_GUEST']);
export const NotificationChannelType = specEnum(['EMAIL', 'PUSH']);
/** What a notification is about; each can be switched per channel. */
export const NotificationItemType = specEnum(['BOOKING', 'CHAT', 'PAYMENT', 'OWNER_NEWS', 'PROMOTION']);
export const SearchHouseGroupsType = specEnum(['UNSPECIFIED', 'LIST_ONLY', 'SEARCH']);
export const EnabledFeature = specEnum(['MARKETPLACE']);

const countryCode = z.enum(COUNTRY_CODES as [string, ...string[]]);
const occupationId = z
  .number()
  .int()
  .refine((id) => OCCUPATIONS.some((o) => o.id === id), 'unknown occupation');
const personName = z.string().trim().min(1).max(50);
const romanizedName = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .regex(/^[A-Za-z][A-Za-z .'-]*$/, 'Latin letters only');

export const OccupationSchema = z.object({ id: z.number().int(), name: z.string() });

export const UserSchema = z.object({
  id: z.string(),
  userNumber: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  romanizedFirstName: z.string(),
  romanizedLastName: z.string(),
  emailAddress: z.string(),
  emailAddressVerified: z.boolean(),
  phoneNumber: PhoneSchema.nullable(),
  phoneNumberVerified: z.boolean(),
  postalAddress: AddressSchema,
  nationalityCountryCode: z.string(),
  occupation: OccupationSchema.nullable(),
  userType: UserType.strict,
  profilePhotoUrl: z.string(),
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
});
export type User = z.infer<typeof UserSchema>;

const UserFieldsSchema = z.object({
  firstName: personName,
  lastName: personName,
  romanizedFirstName: romanizedName,
  romanizedLastName: romanizedName,
  emailAddress: z.email().max(254).optional(),
  phoneNumber: PhoneSchema.optional(),
  postalAddress: AddressSchema.extend({ countryCode: z.union([countryCode, z.literal('')]).default('') }).optional(),
  nationalityCountryCode: countryCode,
  occupationId: occupationId.optional(),
});

export const getUser = defineMethod({
  path: 'get_user',
  access: 'user',
  summary: 'The signed-in user. 404 with reason CodeUserNotFound while the account has no user yet.',
  input: EmptySchema,
  output: UserSchema,
});

export const createUser = defineMethod({
  path: 'create_user',
  access: 'user',
  summary:
    'Registers the user of the signed-in account as a guest. The email address defaults to the account’s; userNumber is assigned by the server.',
  input: UserFieldsSchema.strict(),
  output: UserSchema,
});

export const updateUser = defineMethod({
  path: 'update_user',
  access: 'user',
  summary: 'Changes the given fields of the user. A changed email address or phone number must be verified again.',
  // null removes the phone number or the occupation; an absent field stays as it is.
  input: UserFieldsSchema.partial()
    .extend({ phoneNumber: PhoneSchema.nullable().optional(), occupationId: occupationId.nullable().optional() })
    .strict(),
  output: UserSchema,
});

const VerificationSentSchema = z.object({
  destination: z.string(),
  expiresInSeconds: z.number().int(),
  resendAfterSeconds: z.number().int(),
});

export const sendEmailAddressVerificationCode = defineMethod({
  path: 'send_email_address_verification_code',
  access: 'user',
  summary: 'Sends a 6-digit code to the user’s email address (valid 10 minutes, 5 attempts, resend throttled).',
  input: EmptySchema,
  output: VerificationSentSchema,
});

const CodeInputSchema = z.object({ code: z.string().regex(/^[0-9]{6}$/, 'six digits') }).strict();

export const verifyEmailAddress = defineMethod({
  path: 'verify_email_address',
  access: 'user',
  summary: 'Checks the code sent to the email address and marks it verified.',
  input: CodeInputSchema,
  output: UserSchema,
});

export const sendPhoneNumberVerificationCode = defineMethod({
  path: 'send_phone_number_verification_code',
  access: 'user',
  summary: 'Sends a 6-digit code by SMS to the user’s phone number (valid 10 minutes, 5 attempts, resend throttled).',
  input: EmptySchema,
  output: VerificationSentSchema,
});

export const verifyPhoneNumber = defineMethod({
  path: 'verify_phone_number',
  access: 'user',
  summary: 'Checks the code sent to the phone number and marks it verified.',
  input: CodeInputSchema,
  output: UserSchema,
});

/** Spec sections 5 and 9: a profile photo is scaled so neither side exceeds this, then sent as JPEG. */
export const PROFILE_PHOTO_MAX_SIDE = 1024;

export const updateProfilePhoto = defineMethod({
  path: 'update_profile_photo',
  access: 'user',
  summary: 'Stores a profile photo: a base64 JPEG (no data-URL prefix), at most 1024 px on either side.',
  input: z
    .object({
      photo: z
        .string()
        .min(4)
        .max(3_000_000)
        .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'base64 without a data-URL prefix'),
    })
    .strict(),
  output: z.object({ profilePhotoUrl: z.string() }),
});

export const OwnershipHouseGroupSchema = z.object({
  houseGroupId: z.string(),
  name: z.string(),
  placeName: z.string(),
  prefectureName: z.string(),
  imageUrl: z.string(),
  sharePriceYen: z.number().int(),
  nightsPerShare: z.number().int(),
  sharesAvailable: z.number().int(),
});

export const OwnerApplicationStatus = specEnum(['PENDING', 'APPROVED', 'REJECTED']);

export const listBeOwnerHouses = defineMethod({
  path: 'list_be_owner_houses',
  access: 'user',
  summary:
    "The house groups open to ownership, with share price, nights per share and shares still available; the caller's latest application, and the shares the caller already holds (an owner may apply for more, of any house group).",
  input: EmptySchema,
  output: z.object({
    houseGroups: z.array(OwnershipHouseGroupSchema),
    shares: z.array(OwnerShareSchema),
    application: z
      .object({
        applicationId: z.string(),
        houseGroupId: z.string(),
        shares: z.number().int(),
        status: OwnerApplicationStatus.strict,
        submittedAt: DateTimeSchema,
      })
      .nullable(),
  }),
});

export const upgradeToBeOwner = defineMethod({
  path: 'upgrade_to_be_owner',
  access: 'user',
  summary:
    'Applies for shares of a house group (a guest to become an owner, an owner for more); staff review the application and grant the share with staff_grant_share, which makes the user an owner.',
  input: z
    .object({
      houseGroupId: z.string().min(1).max(64),
      shares: z.number().int().min(1).max(12),
      message: z.string().max(2000).default(''),
    })
    .strict(),
  output: z.object({
    applicationId: z.string(),
    houseGroupId: z.string(),
    shares: z.number().int(),
    status: OwnerApplicationStatus.strict,
    submittedAt: DateTimeSchema,
  }),
});

export const requestDeleteUser = defineMethod({
  path: 'request_delete_user',
  access: 'user',
  summary:
    'Requests deletion of the account. After a grace period personal data is anonymised; financial records are kept.',
  input: z.object({ reason: z.string().max(2000).default('') }).strict(),
  output: z.object({ requested: z.boolean(), deletionScheduledAt: DateTimeSchema }),
});

export const isUserDeleteRequested = defineMethod({
  path: 'is_user_delete_requested',
  access: 'user',
  summary: 'Whether deletion of the account has been requested, and when it takes effect.',
  input: EmptySchema,
  output: z.object({ requested: z.boolean(), deletionScheduledAt: DateTimeSchema.nullable() }),
});

export const getSearchPermission = defineMethod({
  path: 'get_search_permission',
  access: 'public',
  summary: 'Feature flags of the search page: searchHouseGroupsType, canSearchAbroadHotels and the enabled features.',
  input: EmptySchema,
  output: z.object({
    searchHouseGroupsType: SearchHouseGroupsType.strict,
    canSearchAbroadHotels: z.boolean(),
    enabledFeatures: z.array(EnabledFeature.strict),
  }),
});

export const NotificationItemSchema = z.object({
  itemType: NotificationItemType.strict,
  enabled: z.boolean(),
  channelType: NotificationChannelType.strict,
});
const NotificationSettingsSchema = z.object({
  channels: z.array(z.object({ channelType: NotificationChannelType.strict, items: z.array(NotificationItemSchema) })),
});

export const listNotificationSettings = defineMethod({
  path: 'list_notification_settings',
  access: 'user',
  summary: 'The notification settings per channel (EMAIL, PUSH) and item.',
  input: EmptySchema,
  output: NotificationSettingsSchema,
});

export const updateNotificationSettings = defineMethod({
  path: 'update_notification_settings',
  access: 'user',
  summary: 'Switches notification items on or off per channel; returns all settings.',
  input: z.object({ items: z.array(NotificationItemSchema).min(1).max(50) }).strict(),
  output: NotificationSettingsSchema,
});

export const updateDeviceTokenTimestamp = defineMethod({
  path: 'update_device_token_timestamp',
  access: 'user',
  summary: 'Registers a push device token (a Web Push subscription as JSON) or refreshes its timestamp.',
  input: z.object({ deviceToken: z.string().min(10).max(4000) }).strict(),
  output: z.object({ deviceToken: z.string(), updatedAt: DateTimeSchema }),
});

// The staff console's guest lookup ----------------------------------------------------------------

/** A guest as the front desk finds them: enough to tell two guests apart and to open their account. */
export const StaffUserSummarySchema = z.object({
  userId: z.string(),
  /** The sign-in account: what points and bookings belong to. */
  accountId: z.string(),
  userNumber: z.string(),
  userType: UserType.strict,
  firstName: z.string(),
  lastName: z.string(),
  romanizedFirstName: z.string(),
  romanizedLastName: z.string(),
  emailAddress: z.string(),
  phoneNumber: PhoneSchema.nullable(),
  createdAt: DateTimeSchema,
});
export type StaffUserSummary = z.infer<typeof StaffUserSummarySchema>;

/** How many guests one search shows; more matches ask staff to narrow the search. */
export const STAFF_USER_SEARCH_LIMIT = 20;

export const staffSearchUsers = defineMethod({
  path: 'staff_search_users',
  access: 'staff',
  summary:
    'Finds guests for the front desk by what a guest tells it: a booking number or user number (exact), a phone number (digits, with or without the trunk 0 or +81), or words that each match part of a name in either script, a romanized name or an email address ("Sato Hanako", "佐藤花子", "hanako@"). At most 20, by romanized name; `moreMatches` asks for a narrower search. Deleted users are never found.',
  input: z.object({ query: z.string().trim().min(1).max(100) }).strict(),
  output: z.object({ users: z.array(StaffUserSummarySchema), moreMatches: z.boolean() }),
});

export const staffGetUser = defineMethod({
  path: 'staff_get_user',
  access: 'staff',
  summary: "A guest by sign-in account, for a console page about the guest's account. 404 CodeUserNotFound.",
  input: z.object({ accountId: z.string().min(1).max(100) }).strict(),
  output: z.object({ user: StaffUserSummarySchema }),
});

export const USER_METHODS = [
  getUser,
  createUser,
  updateUser,
  sendEmailAddressVerificationCode,
  verifyEmailAddress,
  sendPhoneNumberVerificationCode,
  verifyPhoneNumber,
  updateProfilePhoto,
  upgradeToBeOwner,
  listBeOwnerHouses,
  requestDeleteUser,
  isUserDeleteRequested,
  getSearchPermission,
  listNotificationSettings,
  updateNotificationSettings,
  updateDeviceTokenTimestamp,
  staffSearchUsers,
  staffGetUser,
] as const;
