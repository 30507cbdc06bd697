import { describe, expect, it } from 'vitest';
import {
  FALLBACK_POLICY,
  isIndexable,
  matchesPattern,
  NO_INDEX,
  privatePathPrefixes,
  ROUTE_TABLE,
  routePolicyFor,
  staticPublicPaths,
} from './route-policy';

type Row = [
  path: string,
  pattern: string,
  access: string,
  colorMode: string,
  analytics: boolean,
  chat: boolean,
  banner: boolean,
  indexable: boolean,
];

// One sample address per pattern of the spec (section 2) and of our own pages.
const ROWS: Row[] = [
  ['/', '/', 'public', 'light', true, true, true, true],
  ['/search', '/search', 'public', 'light', true, true, true, true],
  ['/places/pl_1', '/places/:placeId', 'public', 'light', true, true, true, true],
  ['/house-groups/hg_1', '/house-groups/:houseGroupId', 'public', 'light', true, true, true, true],
  ['/login', '/login', 'public', 'light', true, true, true, true],
  ['/login/callback', '/login/callback', 'public', 'light', true, true, true, false],
  ['/forgot-password', '/forgot-password', 'public', 'light', true, true, true, false],
  ['/reset-password', '/reset-password', 'public', 'light', false, true, true, false],
  ['/family/invitation/abc', '/family/invitation/:token', 'public', 'light', false, true, false, false],
  ['/gift/abc', '/gift/:token', 'public', 'light', false, true, false, false],
  ['/e2e/login', '/e2e/login', 'public', 'light', true, true, true, true],
  ['/register', '/register', 'public', 'light', true, true, true, false],
  ['/mypage', '/mypage', 'private', 'light', true, true, true, false],
  ['/mypage/stay-pass', '/mypage/stay-pass', 'private', 'light', true, false, true, false],
  ['/mypage/points', '/mypage/points', 'private', 'light', true, true, true, false],
  ['/mypage/waitlist', '/mypage/waitlist', 'private', 'light', true, true, true, false],
  ['/mypage/notifications', '/mypage/notifications', 'private', 'light', true, true, true, false],
  ['/mypage/wallet', '/mypage/wallet', 'private', 'light', true, true, true, false],
  ['/mypage/split-billings', '/mypage/split-billings', 'private', 'light', true, true, true, false],
  ['/mypage/financial-statements', '/mypage/financial-statements', 'private', 'light', true, true, true, false],
  [
    '/mypage/financial-statements/QUARTER-2026-07-01',
    '/mypage/financial-statements/:period',
    'private',
    'light',
    true,
    true,
    true,
    false,
  ],
  [
    '/mypage/financial-statements/QUARTER-2026-07-01/pdf',
    '/mypage/financial-statements/:period/pdf',
    'private',
    'light',
    false,
    false,
    false,
    false,
  ],
  [
    '/financial-statements/shared/abc',
    '/financial-statements/shared/:token',
    'public',
    'light',
    false,
    false,
    false,
    false,
  ],
  [
    '/financial-statements/shared/abc/pdf',
    '/financial-statements/shared/:token/pdf',
    'public',
    'light',
    false,
    false,
    false,
    false,
  ],
  ['/mypage/vouchers', '/mypage/vouchers', 'private', 'light', true, true, true, false],
  ['/mypage/vouchers/shop', '/mypage/vouchers/shop', 'private', 'light', true, true, true, false],
  ['/mypage/key-tokens', '/mypage/key-tokens', 'private', 'light', true, true, true, false],
  ['/mypage/dao-slots', '/mypage/dao-slots', 'private', 'light', true, true, true, false],
  ['/mypage/driver-license', '/mypage/driver-license', 'private', 'light', true, true, true, false],
  ['/mypage/keys', '/mypage/keys', 'private', 'light', true, true, true, false],
  [
    '/mypage/driver-license/images/0123456789abcdef0123456789abcdef.jpg',
    '/mypage/driver-license/images/:imageFile',
    'private',
    'light',
    false,
    false,
    false,
    false,
  ],
  ['/mypage/settings', '/mypage/settings', 'private', 'light', true, true, true, false],
  ['/mypage/settings/profile', '/mypage/settings/profile', 'private', 'light', true, true, true, false],
  ['/mypage/settings/verification', '/mypage/settings/verification', 'private', 'light', true, true, true, false],
  ['/mypage/settings/notifications', '/mypage/settings/notifications', 'private', 'light', true, true, true, false],
  ['/mypage/settings/delete-account', '/mypage/settings/delete-account', 'private', 'light', true, true, true, false],
  ['/mypage/bookings/new/hg_1', '/mypage/bookings/new/:houseGroupId', 'private', 'light', true, true, true, false],
  ['/mypage/bookings/hours/hg_1', '/mypage/bookings/hours/:houseGroupId', 'private', 'light', true, true, true, false],
  ['/mypage/bookings/bk_1', '/mypage/bookings/:bookingId', 'private', 'light', true, true, true, false],
  ['/mypage/bookings/bk_1/payment', '/mypage/bookings/:bookingId/payment', 'private', 'light', true, true, true, false],
  [
    '/mypage/bookings/bk_1/vehicles',
    '/mypage/bookings/:bookingId/vehicles',
    'private',
    'light',
    true,
    true,
    true,
    false,
  ],
  ['/mypage/questionnaires', '/mypage/questionnaires', 'private', 'light', true, true, true, false],
  [
    '/mypage/bookings/bk_1/questionnaire',
    '/mypage/bookings/:bookingId/questionnaire',
    'private',
    'light',
    true,
    true,
    true,
    false,
  ],
  [
    '/mypage/vehicle-rentals/vr_1',
    '/mypage/vehicle-rentals/:vehicleRentalId',
    'private',
    'light',
    true,
    true,
    true,
    false,
  ],
  [
    '/mypage/bookings/bk_1/invoices/bl_1.pdf',
    '/mypage/bookings/:bookingId/invoices/:invoiceFile',
    'private',
    'light',
    false,
    false,
    false,
    false,
  ],
  ['/404', '/404', 'public', 'light', true, true, true, false],
  ['/owner', '/owner', 'private', 'dark', true, true, false, false],
  ['/owner/houses', '/owner/houses', 'private', 'dark', true, true, false, false],
  ['/owner/revenue', '/owner/revenue', 'private', 'dark', true, true, false, false],
  ['/owner/statements', '/owner/statements', 'private', 'dark', true, true, false, false],
  ['/owner/statements/os_1', '/owner/statements/:ownerStatementId', 'private', 'dark', true, true, false, false],
  [
    '/owner/statements/os_1/pdf',
    '/owner/statements/:ownerStatementId/pdf',
    'private',
    'light',
    false,
    false,
    false,
    false,
  ],
  ['/owner/family', '/owner/family', 'private', 'dark', true, true, false, false],
  ['/owner/high-season', '/owner/high-season', 'private', 'dark', true, true, false, false],
  ['/owner/bookings/new/hg_1', '/owner/bookings/new/:houseGroupId', 'private', 'dark', true, true, false, false],
  ['/owner/consents', '/owner/consents', 'private', 'dark', true, true, false, false],
  ['/owner/gifts', '/owner/gifts', 'private', 'dark', true, true, false, false],
  ['/owner/gifts/new', '/owner/gifts/new', 'private', 'dark', true, true, false, false],
  ['/owner/sales/2026', '/owner/*', 'private', 'dark', true, true, true, false],
  ['/vehicle-controller/vr_1', '/vehicle-controller/:vehicleRentalId', 'private', 'dark', false, false, true, false],
  [
    '/dao/lending/accommodation-voucher/complete/hg_1',
    '/dao/lending/accommodation-voucher/complete/:houseGroupId',
    'private',
    'dark',
    true,
    true,
    true,
    false,
  ],
  ['/coupons/GIFT/ABC123', '/coupons/:couponType/:couponCode', 'private', 'light', true, true, false, false],
  [
    '/coupons/GIFT/ABC123/places/pl_1',
    '/coupons/:couponType/:couponCode/places/:placeId',
    'private',
    'light',
    true,
    true,
    false,
    false,
  ],
  [
    '/coupons/GIFT/ABC123/house-groups/hg_1',
    '/coupons/:couponType/:couponCode/house-groups/:houseGroupId',
    'private',
    'light',
    true,
    true,
    false,
    false,
  ],
  [
    '/dao/nac-transfer/staff-confirmation',
    '/dao/nac-transfer/staff-confirmation',
    'private',
    'light',
    false,
    false,
    false,
    false,
  ],
  ['/dao/lending', '/dao/lending', 'private', 'light', true, true, true, false],
  ['/dao/lending/products/lp_1', '/dao/lending/products/:productId', 'private', 'light', true, true, true, false],
  ['/mypage/lending', '/mypage/lending', 'private', 'light', true, true, true, false],
  ['/mypage/lending/la_1', '/mypage/lending/:lendingApplicationId', 'private', 'light', true, true, true, false],
  ['/staff/lending-products/new', '/staff/lending-products/new', 'private', 'light', false, false, false, false],
  ['/dao/nac-transfer/remote', '/dao/nac-transfer/remote', 'private', 'light', true, true, false, false],
  ['/staff', '/staff', 'private', 'light', false, false, false, false],
  ['/staff/places', '/staff/places', 'private', 'light', false, false, false, false],
  ['/staff/places/new', '/staff/places/new', 'private', 'light', false, false, false, false],
  ['/staff/places/pl_1', '/staff/places/:placeId', 'private', 'light', false, false, false, false],
  ['/staff/house-groups', '/staff/house-groups', 'private', 'light', false, false, false, false],
  ['/staff/house-groups/new', '/staff/house-groups/new', 'private', 'light', false, false, false, false],
  ['/staff/house-groups/hg_1', '/staff/house-groups/:houseGroupId', 'private', 'light', false, false, false, false],
  [
    '/staff/house-groups/hg_1/calendar',
    '/staff/house-groups/:houseGroupId/calendar',
    'private',
    'light',
    false,
    false,
    false,
    false,
  ],
  ['/staff/coupons', '/staff/coupons', 'private', 'light', false, false, false, false],
  ['/staff/coupons/new', '/staff/coupons/new', 'private', 'light', false, false, false, false],
  ['/staff/coupons/c_1', '/staff/coupons/:couponId', 'private', 'light', false, false, false, false],
  ['/staff/bookings', '/staff/bookings', 'private', 'light', false, false, false, false],
  ['/staff/points', '/staff/points', 'private', 'light', false, false, false, false],
  ['/staff/shares', '/staff/shares', 'private', 'light', false, false, false, false],
  ['/staff/statements', '/staff/statements', 'private', 'light', false, false, false, false],
  ['/staff/consents', '/staff/consents', 'private', 'light', false, false, false, false],
  ['/staff/driver-licenses', '/staff/driver-licenses', 'private', 'light', false, false, false, false],
  ['/staff/vehicles', '/staff/vehicles', 'private', 'light', false, false, false, false],
  ['/staff/housekeeping', '/staff/housekeeping', 'private', 'light', false, false, false, false],
  ['/staff/doors', '/staff/doors', 'private', 'light', false, false, false, false],
  ['/staff/chat', '/staff/chat', 'private', 'light', false, false, false, false],
  ['/staff/questionnaires', '/staff/questionnaires', 'private', 'light', false, false, false, false],
  ['/staff/questionnaires/new', '/staff/questionnaires/new', 'private', 'light', false, false, false, false],
  [
    '/staff/questionnaires/q_1',
    '/staff/questionnaires/:questionnaireId',
    'private',
    'light',
    false,
    false,
    false,
    false,
  ],
  ['/staff/stay-style-suggestions', '/staff/stay-style-suggestions', 'private', 'light', false, false, false, false],
  ['/staff/high-season', '/staff/high-season', 'private', 'light', false, false, false, false],
];

describe('the route table', () => {
  it('has a row for every sample and a sample for every row', () => {
    expect(ROWS.map((r) => r[1]).sort()).toEqual(ROUTE_TABLE.map((r) => r.pattern).sort());
  });

  describe.each(ROWS)('%s', (path, pattern, access, colorMode, analytics, chat, banner, indexable) => {
    it.each([path, path === '/' ? '/ja' : `/ja${path}`, `${path}/`.replace('//', '/')])('applies to %s', (p) => {
      expect(routePolicyFor(p)).toMatchObject({ pattern, access, colorMode, analytics, chat, banner, indexable });
    });
  });

  it('treats unknown addresses as light, public, never indexed, banner and chat on', () => {
    for (const path of [
      '/no-such-page',
      '/ja/no-such-page',
      '/places',
      '/places/a/b',
      '/owners',
      '/vehicle-controller',
    ]) {
      expect(routePolicyFor(path)).toBe(FALLBACK_POLICY);
    }
    expect(FALLBACK_POLICY).toMatchObject({ colorMode: 'light', indexable: false, banner: true, chat: true });
  });

  it('uses dark only for the owner area, the vehicle controller and the voucher completion', () => {
    const dark = ROUTE_TABLE.filter((r) => r.colorMode === 'dark').map((r) => r.pattern);
    expect(dark).toEqual([
      '/owner',
      '/owner/houses',
      '/owner/revenue',
      '/owner/statements',
      '/owner/statements/:ownerStatementId',
      '/owner/family',
      '/owner/high-season',
      '/owner/bookings/new/:houseGroupId',
      '/owner/consents',
      '/owner/gifts',
      '/owner/gifts/new',
      '/owner/*',
      '/vehicle-controller/:vehicleRentalId',
      '/dao/lending/accommodation-voucher/complete/:houseGroupId',
    ]);
  });

  // A namespace missing here is fetched by the browser after the page has loaded, so the section
  // hydrates without its words; each feature on these pages added its own, and none may drop another's.
  it('sends My page and a booking’s page the words of every section they show', () => {
    expect(routePolicyFor('/mypage').namespaces).toEqual(
      expect.arrayContaining(['booking', 'points', 'gift', 'rental', 'waitlist', 'stay', 'questionnaire', 'stay-pass']),
    );
    expect(routePolicyFor('/mypage/bookings/b_1').namespaces).toEqual(
      expect.arrayContaining(['booking', 'payment', 'owner', 'rental', 'stay', 'chat', 'questionnaire', 'stay-pass']),
    );
  });

  it('names screen modules only as route files', () => {
    for (const row of ROUTE_TABLE) if (row.screen) expect(row.screen).toMatch(/^routes\/[a-z0-9-]+\.route\.tsx$/);
  });
});

describe('matchesPattern', () => {
  it('needs a value for every parameter', () => {
    expect(matchesPattern('/places/:placeId', '/places/')).toBe(false);
    expect(matchesPattern('/places/:placeId', '/places/x')).toBe(true);
  });

  it('lets a trailing * match the rest, but not the bare prefix', () => {
    expect(matchesPattern('/owner/*', '/owner/a/b/c')).toBe(true);
    expect(matchesPattern('/owner/*', '/owner')).toBe(true);
    expect(matchesPattern('/owner/*', '/ownerx')).toBe(false);
  });
});

describe('robots', () => {
  it.each(['/', '/ja', '/login', '/ja/login', '/e2e/login', '/login/', '/places/x', '/ja/house-groups/y'])(
    'lets robots index %s',
    (path) => expect(isIndexable(path)).toBe(true),
  );

  it.each(['/mypage', '/register', '/login/callback', '/404', '/ja/mypage', '/no-such-page', '/owner'])(
    'keeps robots away from %s',
    (path) => expect(isIndexable(path)).toBe(false),
  );

  it('spells the no-index directive as the spec does', () => {
    expect(NO_INDEX).toBe('noindex, nofollow, noarchive');
  });

  it('lists the fixed public pages that have a screen for the sitemap', () => {
    expect(staticPublicPaths()).toEqual(['/', '/search', '/login']);
  });

  it('lists the private areas by their fixed prefix', () => {
    expect(privatePathPrefixes()).toEqual([
      '/coupons/',
      // The lending pages are private, so their prefix covers the voucher completion page below it.
      '/dao/lending',
      '/dao/nac-transfer/remote',
      '/dao/nac-transfer/staff-confirmation',
      '/mypage',
      '/owner',
      '/staff',
      '/vehicle-controller/',
    ]);
  });
});
