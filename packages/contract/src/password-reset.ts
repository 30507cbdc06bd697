/**
 * The password reset link, as the identity service mails it and the web app explains it. Kept
 * apart from identity.contract.ts so a page can name them without loading the schema library.
 */

/** The page the link opens, with `?token=` (under /ja for Japanese). */
export const PASSWORD_RESET_PAGE = '/reset-password';

/** How long a link works after it is sent. */
export const PASSWORD_RESET_TTL_MINUTES = 60;
