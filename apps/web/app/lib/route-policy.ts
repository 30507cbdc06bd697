import { stripLanguage } from './language';

export type ColorMode = 'light' | 'dark';

/** What the shell does around one route's screen (spec, section 2). */
export type RoutePolicy = {
  /** `/places/:placeId` style; a trailing `/*` also matches everything below it. */
  pattern: string;
  /** A private page sends signed-out visitors to /login with a redirectUrl (see require-session.ts). */
  access: 'public' | 'private';
  colorMode: ColorMode;
  /** Page views and events may be sent from this page. */
  analytics: boolean;
  /** The chat container is mounted on this page. */
  chat: boolean;
  /** The install-the-app banner may show on this page. */
  banner: boolean;
  /** Search engines may index it; everything else gets {@link NO_INDEX}. */
  indexable: boolean;
  /**
   * The route module that renders the screen, relative to app/, or null while
   * the screen belongs to a later issue. routes.ts registers exactly the
   * patterns that have one, in both languages, so the table and the router
   * cannot drift apart.
   */
  screen: string | null;
  /**
   * Translation namespaces the screen uses beyond the ones every page has
   * (lib/i18n.ts BASE_NAMESPACES). The page carries them in its data, so its
   * first paint and a client-side visit need no extra download.
   */
  namespaces: readonly string[];
};

export const NO_INDEX = 'noindex, nofollow, noarchive';

const BASE = {
  access: 'public',
  colorMode: 'light',
  analytics: true,
  chat: true,
  banner: true,
  indexable: false,
  screen: null,
  namespaces: [],
} as const satisfies Omit<RoutePolicy, 'pattern'>;

function entry(pattern: string, overrides: Partial<Omit<RoutePolicy, 'pattern'>> = {}): RoutePolicy {
  return { ...BASE, pattern, ...overrides };
}

/** A staff console page: private, never indexed, without analytics, chat or the install banner. */
function staff(pattern: string, screen: string): RoutePolicy {
  return entry(pattern, {
    access: 'private',
    analytics: false,
    chat: false,
    banner: false,
    screen,
    namespaces: ['staff', 'catalogue'],
  });
}

/** An owner-area page: private and dark, with the owner strings; no install banner over the owner's work. */
function owner(pattern: string, screen: string): RoutePolicy {
  return entry(pattern, { access: 'private', colorMode: 'dark', banner: false, screen, namespaces: ['owner'] });
}

/**
 * Every route of the product, the first match wins. Patterns are English
 * (unprefixed); the matcher strips the `/ja` prefix first, so each row covers
 * both languages.
 */
export const ROUTE_TABLE: readonly RoutePolicy[] = [
  entry('/', { indexable: true, screen: 'routes/home.route.tsx', namespaces: ['catalogue'] }),
  // Indexable: when the search permission is SEARCH, `/` redirects here, so
  // this is the home page robots reach (docs/decisions/0007-search-page-indexing.md).
  entry('/search', { indexable: true, screen: 'routes/search.route.tsx', namespaces: ['catalogue'] }),
  entry('/places/:placeId', { indexable: true, screen: 'routes/place.route.tsx', namespaces: ['catalogue'] }),
  entry('/house-groups/:houseGroupId', {
    indexable: true,
    screen: 'routes/house-group.route.tsx',
    namespaces: ['catalogue', 'waitlist'],
  }),
  entry('/login', { indexable: true, screen: 'routes/login.route.tsx' }),
  entry('/login/callback', { screen: 'routes/login-callback.route.tsx' }),
  entry('/forgot-password', { screen: 'routes/forgot-password.route.tsx' }),
  // The link's secret is in the address: never indexed, and no analytics of the page.
  entry('/reset-password', { screen: 'routes/reset-password.route.tsx', analytics: false }),
  // An owner's invitation link: the token is its secret, so never indexed and no analytics of the page;
  // signed-out visitors are asked to sign in by the page itself (it says what the invitation is first).
  entry('/family/invitation/:token', {
    screen: 'routes/family-invitation.route.tsx',
    analytics: false,
    banner: false,
    namespaces: ['family'],
  }),
  // A gift's link: the token is its secret, so never indexed and no analytics of the page. A stranger
  // sees the house group and the nights; the recipient signs in or registers on the page to accept.
  entry('/gift/:token', {
    screen: 'routes/gift.route.tsx',
    analytics: false,
    banner: false,
    namespaces: ['gift', 'booking'],
  }),
  entry('/e2e/login', { indexable: true, screen: 'routes/e2e-login.route.tsx' }),
  entry('/register', { screen: 'routes/register.route.tsx', namespaces: ['session'] }),
  entry('/mypage', {
    access: 'private',
    screen: 'routes/mypage.route.tsx',
    namespaces: [
      'booking',
      'points',
      'gift',
      'rental',
      'waitlist',
      'stay',
      'questionnaire',
      'stay-pass',
      'wallet',
      'financial',
      'lending',
      'voucher',
      'key-token',
    ],
  }),
  // Every key the user holds: of their stays and shared with them (decision 0041).
  entry('/mypage/keys', { access: 'private', screen: 'routes/mypage-keys.route.tsx', namespaces: ['stay'] }),
  // A guest's stays live under /mypage, so robots.txt's one private prefix covers them all.
  // The stay pass kept on the device for offline use (decision 0044); the page holds no pass itself.
  entry('/mypage/stay-pass', {
    access: 'private',
    // The page is for the door without a connection, where a live chat cannot work; the pass gives a
    // number to call instead.
    chat: false,
    screen: 'routes/mypage-stay-pass.route.tsx',
    namespaces: ['stay-pass'],
  }),
  entry('/mypage/points', { access: 'private', screen: 'routes/mypage-points.route.tsx', namespaces: ['points'] }),
  // The dates the guest waits for (cancellation subscriptions) and their offers.
  entry('/mypage/waitlist', {
    access: 'private',
    screen: 'routes/mypage-waitlist.route.tsx',
    namespaces: ['waitlist'],
  }),
  // The user's lending applications, and one with its payment schedule and timeline.
  entry('/mypage/lending', { access: 'private', screen: 'routes/mypage-lending.route.tsx', namespaces: ['lending'] }),
  entry('/mypage/lending/:lendingApplicationId', {
    access: 'private',
    screen: 'routes/mypage-lending-application.route.tsx',
    namespaces: ['lending'],
  }),
  // The NAC wallet: balance, transfers with the exchange and the NAC ledger.
  // Payment statements by quarter and half year, one statement with its share links, and its PDF (a resource route).
  entry('/mypage/financial-statements', {
    access: 'private',
    screen: 'routes/mypage-financial-statements.route.tsx',
    namespaces: ['financial'],
  }),
  entry('/mypage/financial-statements/:period', {
    access: 'private',
    screen: 'routes/mypage-financial-statement.route.tsx',
    namespaces: ['financial'],
  }),
  entry('/mypage/financial-statements/:period/pdf', {
    access: 'private',
    analytics: false,
    chat: false,
    banner: false,
    screen: 'routes/mypage-financial-statement-pdf.route.tsx',
  }),
  // The page a statement's share link opens for an accountant: public (the token is the credential),
  // never indexed, without analytics, chat or the install banner; and its PDF.
  entry('/financial-statements/shared/:token', {
    analytics: false,
    chat: false,
    banner: false,
    screen: 'routes/shared-financial-statement.route.tsx',
    namespaces: ['financial'],
  }),
  entry('/financial-statements/shared/:token/pdf', {
    analytics: false,
    chat: false,
    banner: false,
    screen: 'routes/shared-financial-statement-pdf.route.tsx',
  }),
  // Accommodation vouchers with the nights left, lottery entries, and the voucher products (decision 0050).
  entry('/mypage/vouchers', {
    access: 'private',
    screen: 'routes/mypage-vouchers.route.tsx',
    namespaces: ['voucher'],
  }),
  entry('/mypage/vouchers/shop', {
    access: 'private',
    screen: 'routes/mypage-vouchers-shop.route.tsx',
    namespaces: ['voucher', 'wallet'],
  }),
  // The parts of split billings the user is to pay (decision 0047).
  entry('/mypage/split-billings', {
    access: 'private',
    screen: 'routes/mypage-split-billings.route.tsx',
    namespaces: ['booking', 'payment'],
  }),
  entry('/mypage/wallet', {
    access: 'private',
    screen: 'routes/mypage-wallet.route.tsx',
    namespaces: ['wallet', 'key-token'],
  }),
  // Key tokens (THE KEY, MASTER KEY) of the wallets linked on the wallet page, and booking with them (decision 0051).
  entry('/mypage/key-tokens', {
    access: 'private',
    screen: 'routes/mypage-key-tokens.route.tsx',
    namespaces: ['key-token'],
  }),
  // The user's DAO accommodation slots and booking on them (decision 0051).
  entry('/mypage/dao-slots', {
    access: 'private',
    screen: 'routes/mypage-dao-slots.route.tsx',
    namespaces: ['key-token'],
  }),
  // The guest's driver licences (needed to rent a car), and their photographs (a resource route, as invoices are; staff use it too).
  entry('/mypage/driver-license', {
    access: 'private',
    screen: 'routes/mypage-driver-license.route.tsx',
    namespaces: ['license'],
  }),
  entry('/mypage/driver-license/images/:imageFile', {
    access: 'private',
    analytics: false,
    chat: false,
    banner: false,
    screen: 'routes/driver-license-image.route.tsx',
  }),
  // In-app notifications with their read state (features/notification).
  entry('/mypage/notifications', {
    access: 'private',
    screen: 'routes/mypage-notifications.route.tsx',
    namespaces: ['notification'],
  }),
  // Account settings: the user's profile, contacts, notifications and deletion.
  entry('/mypage/settings', {
    access: 'private',
    screen: 'routes/mypage-settings.route.tsx',
    namespaces: ['settings'],
  }),
  entry('/mypage/settings/profile', {
    access: 'private',
    screen: 'routes/mypage-settings-profile.route.tsx',
    namespaces: ['settings'],
  }),
  entry('/mypage/settings/verification', {
    access: 'private',
    screen: 'routes/mypage-settings-verification.route.tsx',
    namespaces: ['settings'],
  }),
  entry('/mypage/settings/notifications', {
    access: 'private',
    screen: 'routes/mypage-settings-notifications.route.tsx',
    namespaces: ['settings'],
  }),
  entry('/mypage/settings/delete-account', {
    access: 'private',
    screen: 'routes/mypage-settings-delete-account.route.tsx',
    namespaces: ['settings'],
  }),
  entry('/mypage/bookings/new/:houseGroupId', {
    access: 'private',
    screen: 'routes/booking-new.route.tsx',
    namespaces: ['booking', 'questionnaire'],
  }),
  // A TIME house group booked by the hour (decision 0027).
  entry('/mypage/bookings/hours/:houseGroupId', {
    access: 'private',
    screen: 'routes/booking-hours.route.tsx',
    namespaces: ['booking'],
  }),
  entry('/mypage/bookings/:bookingId', {
    access: 'private',
    screen: 'routes/mypage-booking.route.tsx',
    // An owner stay shows its slots, fees and debt option in the owner area's words; a stay its car rentals.
    namespaces: ['booking', 'payment', 'owner', 'rental', 'stay', 'chat', 'questionnaire', 'stay-pass'],
  }),
  entry('/mypage/bookings/:bookingId/payment', {
    access: 'private',
    screen: 'routes/mypage-booking-payment.route.tsx',
    namespaces: ['booking', 'payment', 'points'],
  }),
  // Renting a car of the stay's place (vehicle rental), and one rental.
  entry('/mypage/bookings/:bookingId/vehicles', {
    access: 'private',
    screen: 'routes/mypage-booking-vehicles.route.tsx',
    namespaces: ['booking', 'rental'],
  }),
  entry('/mypage/vehicle-rentals/:vehicleRentalId', {
    access: 'private',
    screen: 'routes/mypage-vehicle-rental.route.tsx',
    namespaces: ['booking', 'rental', 'chat'],
  }),
  // Questionnaires after check-out: the guest's list and one stay's questionnaire.
  entry('/mypage/questionnaires', {
    access: 'private',
    screen: 'routes/mypage-questionnaires.route.tsx',
    namespaces: ['booking', 'questionnaire'],
  }),
  entry('/mypage/bookings/:bookingId/questionnaire', {
    access: 'private',
    screen: 'routes/mypage-booking-questionnaire.route.tsx',
    namespaces: ['booking', 'questionnaire'],
  }),
  // The invoice PDF (a resource route: no page, so nothing to mount around it).
  entry('/mypage/bookings/:bookingId/invoices/:invoiceFile', {
    access: 'private',
    analytics: false,
    chat: false,
    banner: false,
    screen: 'routes/mypage-booking-invoice.route.tsx',
  }),
  entry('/404', { screen: 'routes/not-found.route.tsx' }),
  // The owner area: dark (spec, section 2), owners only (others go to /mypage: features/owner/owner-loader.server.ts).
  owner('/owner', 'routes/owner-home.route.tsx'),
  owner('/owner/houses', 'routes/owner-houses.route.tsx'),
  owner('/owner/revenue', 'routes/owner-revenue.route.tsx'),
  // Owner statements: the list, one statement, and its PDF (a resource route, as invoices are; staff use it too).
  { ...owner('/owner/statements', 'routes/owner-statements.route.tsx'), namespaces: ['owner', 'statement'] },
  {
    ...owner('/owner/statements/:ownerStatementId', 'routes/owner-statement.route.tsx'),
    namespaces: ['owner', 'statement'],
  },
  entry('/owner/statements/:ownerStatementId/pdf', {
    access: 'private',
    analytics: false,
    chat: false,
    banner: false,
    screen: 'routes/owner-statement-pdf.route.tsx',
  }),
  owner('/owner/family', 'routes/owner-family.route.tsx'),
  entry('/owner/high-season', {
    access: 'private',
    colorMode: 'dark',
    banner: false,
    screen: 'routes/owner-high-season.route.tsx',
    namespaces: ['owner', 'allocation'],
  }),
  owner('/owner/bookings/new/:houseGroupId', 'routes/owner-booking-new.route.tsx'),
  { ...owner('/owner/consents', 'routes/owner-consents.route.tsx'), namespaces: ['owner', 'consent'] },
  // Gifts: the owner's gifts with their links and QR codes, and the form that gives nights.
  { ...owner('/owner/gifts', 'routes/owner-gifts.route.tsx'), namespaces: ['owner', 'gift'] },
  { ...owner('/owner/gifts/new', 'routes/owner-gift-new.route.tsx'), namespaces: ['owner', 'gift'] },
  entry('/owner/*', { access: 'private', colorMode: 'dark' }),
  // The renter's remote for a rented car (spec, section 2): dark, no analytics tag, no chat container.
  entry('/vehicle-controller/:vehicleRentalId', {
    access: 'private',
    colorMode: 'dark',
    analytics: false,
    chat: false,
    screen: 'routes/vehicle-controller.route.tsx',
    namespaces: ['rental'],
  }),
  // After buying a voucher (decision 0050): dark (spec, section 2), confirms the voucher now held.
  entry('/dao/lending/accommodation-voucher/complete/:houseGroupId', {
    access: 'private',
    colorMode: 'dark',
    screen: 'routes/voucher-complete.route.tsx',
    namespaces: ['voucher'],
  }),
  entry('/coupons/:couponType/:couponCode', {
    access: 'private',
    banner: false,
    screen: 'routes/coupon.route.tsx',
    namespaces: ['coupon', 'catalogue'],
  }),
  entry('/coupons/:couponType/:couponCode/places/:placeId', {
    access: 'private',
    banner: false,
    screen: 'routes/coupon-place.route.tsx',
    namespaces: ['coupon', 'catalogue'],
  }),
  entry('/coupons/:couponType/:couponCode/house-groups/:houseGroupId', {
    access: 'private',
    banner: false,
    screen: 'routes/coupon-house-group.route.tsx',
    namespaces: ['coupon', 'catalogue'],
  }),
  // Lending (decision 0049): the products of both reward types, one product and its application form.
  entry('/dao/lending', { access: 'private', screen: 'routes/dao-lending.route.tsx', namespaces: ['lending'] }),
  entry('/dao/lending/products/:productId', {
    access: 'private',
    screen: 'routes/dao-lending-product.route.tsx',
    namespaces: ['lending'],
  }),
  // Staff confirm that a lending application's NAC arrived: staff accounts only (others get the 404 page).
  {
    ...staff('/dao/nac-transfer/staff-confirmation', 'routes/dao-nac-transfer-staff-confirmation.route.tsx'),
    namespaces: ['staff', 'lending'],
  },
  // Paying a lending application: from the balance, or with NAC sent from the exchange (its redirect comes back here).
  entry('/dao/nac-transfer/remote', {
    access: 'private',
    banner: false,
    screen: 'routes/dao-nac-transfer-remote.route.tsx',
    namespaces: ['lending', 'wallet'],
  }),
  // The staff console: staff accounts only (others get the 404 page), no analytics, chat or banner.
  {
    ...staff('/staff', 'routes/staff-dashboard.route.tsx'),
    namespaces: ['staff', 'catalogue', 'questionnaire', 'lending'],
  },
  {
    ...staff('/staff/lending-products/new', 'routes/staff-lending-product-new.route.tsx'),
    namespaces: ['staff', 'lending'],
  },
  staff('/staff/places', 'routes/staff-places.route.tsx'),
  staff('/staff/places/new', 'routes/staff-place-new.route.tsx'),
  staff('/staff/places/:placeId', 'routes/staff-place-edit.route.tsx'),
  staff('/staff/house-groups', 'routes/staff-house-groups.route.tsx'),
  staff('/staff/house-groups/new', 'routes/staff-house-group-new.route.tsx'),
  staff('/staff/house-groups/:houseGroupId', 'routes/staff-house-group-edit.route.tsx'),
  staff('/staff/house-groups/:houseGroupId/calendar', 'routes/staff-season-calendar.route.tsx'),
  staff('/staff/coupons', 'routes/staff-coupons.route.tsx'),
  staff('/staff/coupons/new', 'routes/staff-coupon-new.route.tsx'),
  staff('/staff/coupons/:couponId', 'routes/staff-coupon-edit.route.tsx'),
  // The front desk's bookings show their status labels from the guest side's strings.
  { ...staff('/staff/bookings', 'routes/staff-bookings.route.tsx'), namespaces: ['staff', 'booking', 'stay'] },
  // A guest's ledger names its reasons in the guest side's words.
  { ...staff('/staff/points', 'routes/staff-points.route.tsx'), namespaces: ['staff', 'points'] },
  staff('/staff/shares', 'routes/staff-shares.route.tsx'),
  { ...staff('/staff/consents', 'routes/staff-consents.route.tsx'), namespaces: ['staff', 'consent'] },
  { ...staff('/staff/statements', 'routes/staff-statements.route.tsx'), namespaces: ['staff', 'statement'] },
  { ...staff('/staff/driver-licenses', 'routes/staff-driver-licenses.route.tsx'), namespaces: ['staff', 'license'] },
  { ...staff('/staff/vehicles', 'routes/staff-vehicles.route.tsx'), namespaces: ['staff', 'license'] },
  // The cleaning schedule (departures, stay-overs, do-not-disturb) and the houses' door settings (decision 0041).
  { ...staff('/staff/housekeeping', 'routes/staff-housekeeping.route.tsx'), namespaces: ['staff', 'stay'] },
  { ...staff('/staff/doors', 'routes/staff-house-access.route.tsx'), namespaces: ['staff', 'stay'] },
  // The guests' conversations with the house, answered live (the console's own chat; no launcher here).
  { ...staff('/staff/chat', 'routes/staff-chat.route.tsx'), namespaces: ['staff', 'chat'] },
  // Questionnaires after check-out, and what each stay style suggests.
  {
    ...staff('/staff/questionnaires', 'routes/staff-questionnaires.route.tsx'),
    namespaces: ['staff', 'questionnaire'],
  },
  {
    ...staff('/staff/questionnaires/new', 'routes/staff-questionnaire-new.route.tsx'),
    namespaces: ['staff', 'questionnaire'],
  },
  {
    ...staff('/staff/questionnaires/:questionnaireId', 'routes/staff-questionnaire-edit.route.tsx'),
    namespaces: ['staff', 'questionnaire'],
  },
  {
    ...staff('/staff/stay-style-suggestions', 'routes/staff-stay-style-suggestions.route.tsx'),
    namespaces: ['staff', 'questionnaire'],
  },
  entry('/staff/high-season', {
    access: 'private',
    analytics: false,
    chat: false,
    banner: false,
    screen: 'routes/staff-high-season.route.tsx',
    namespaces: ['staff', 'allocation'],
  }),
];

/** Unknown addresses: the 404 page, light, never indexed. */
export const FALLBACK_POLICY: RoutePolicy = entry('*');

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** Whether an English path matches a table pattern. */
export function matchesPattern(pattern: string, path: string): boolean {
  const want = segments(pattern);
  const got = segments(path);
  const rest = want[want.length - 1] === '*';
  const fixed = rest ? want.slice(0, -1) : want;
  if (rest ? got.length < fixed.length : got.length !== fixed.length) return false;
  return fixed.every((part, i) => {
    const value = got[i] ?? '';
    return part.startsWith(':') ? value.length > 0 : part === value;
  });
}

/** The shell's behaviour for a pathname, with or without the `/ja` prefix. */
export function routePolicyFor(pathname: string): RoutePolicy {
  const bare = stripLanguage(pathname);
  return ROUTE_TABLE.find((row) => matchesPattern(row.pattern, bare)) ?? FALLBACK_POLICY;
}

export function isIndexable(pathname: string): boolean {
  return routePolicyFor(pathname).indexable;
}

/**
 * The fixed public pages that have a screen, for the sitemap. Pages with
 * parameters (places, house groups) are listed by their own issues; the test
 * sign-in is left out because production answers it with 404.
 */
export function staticPublicPaths(): string[] {
  return ROUTE_TABLE.filter(
    (row) => row.indexable && row.screen && !row.pattern.includes(':') && !row.pattern.includes('*'),
  )
    .map((row) => row.pattern)
    .filter((pattern) => pattern !== '/e2e/login');
}

/**
 * Path prefixes of the private areas, for robots.txt: the fixed part of each
 * private pattern up to its first parameter.
 */
export function privatePathPrefixes(): string[] {
  const prefixes = ROUTE_TABLE.filter((row) => row.access === 'private').map((row) => {
    const parts = segments(row.pattern);
    const firstVariable = parts.findIndex((p) => p.startsWith(':') || p === '*');
    const fixed = firstVariable === -1 ? parts : parts.slice(0, firstVariable);
    const hasMore = fixed.length < parts.length;
    return `/${fixed.join('/')}${hasMore ? '/' : ''}`;
  });
  // `/owner` already covers `/owner/`; keep the shortest of overlapping prefixes.
  const unique = [...new Set(prefixes)].sort();
  return unique.filter((p) => !unique.some((other) => other !== p && p.startsWith(other)));
}
