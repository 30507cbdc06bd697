/**
 * Request headers of the product API (spec, section 7). Every web call sends
 * the platform and the web-app version so the server can tell clients apart
 * and refuse ones it no longer supports.
 */
export const PLATFORM_HEADER = 'x-yado-platform';
export const PLATFORM_WEB = 'web';
export const WEB_APP_VERSION_HEADER = 'x-yado-web-app-version';
export const WEB_APP_VERSION = 'v0.1.119';
export const API_PREFIX = '/app/v1';
export const LANGUAGES = ['en', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
