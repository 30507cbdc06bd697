import { seedDemoVoucherProducts } from './voucher-seed.service.js';
import { seedDemoKeyTokens } from './key-token-seed.service.js';
import { AppError } from '../platform/app-error.js';
import { withTx } from '../platform/db/pool.js';
import type { Deps } from '../platform/deps.js';
import * as identity from '../modules/identity/identity.service.js';
import { findUserOfAccount, makeOwner, registerUser, type CreateUserInput } from '../modules/user/user.service.js';
import { seedCatalogue } from './catalogue-seed.service.js';
import { seedDemoBookings } from './booking-seed.service.js';
import { seedDemoCard } from './payment-seed.service.js';
import { seedDemoPoints } from './point-seed.service.js';
import * as repo from './demo-seed.repo.js';
import { seedMealsAndOptions } from './meal-seed.service.js';
import { seedDemoOwnerShares } from './ownership-seed.service.js';
import { seedDemoOwnerSettings, seedDemoOwnerStays } from './owner-stay-seed.service.js';
import { seedDemoGift } from './gift-seed.service.js';
import { seedDemoStatement } from './statement-seed.service.js';
import { seedDemoVehicles } from './vehicle-seed.service.js';
import { seedDemoDoors } from './stay-seed.service.js';
import { seedDemoConsent } from './consent-seed.service.js';
import { seedDemoStayPassDetails } from './stay-pass-seed.service.js';
import { seedDemoQuestionnaire } from './questionnaire-seed.service.js';
import { seedDemoLending } from './lending-seed.service.js';

type DemoAccount = {
  role: 'guest' | 'owner' | 'family' | 'staff';
  email: string;
  password: string;
  roles: string[];
  userType: 'USER_TYPE_GUEST' | 'USER_TYPE_OWNER';
  user: CreateUserInput;
};

const tokyoAddress = (street1: string, postalCode: string) => ({
  countryCode: 'JP',
  postalCode,
  state: 'Tokyo',
  city: 'Shibuya-ku',
  street1,
  street2: '',
});

/** The demo sign-ins, shown in the start-up log and the README. Demo data only: never use them for anything real. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    role: 'guest',
    email: 'guest@yado.example',
    password: 'yado-guest-stay-2026',
    roles: [],
    userType: 'USER_TYPE_GUEST',
    user: {
      firstName: '花子',
      lastName: '佐藤',
      romanizedFirstName: 'Hanako',
      romanizedLastName: 'Sato',
      phoneNumber: { countryCode: 81, nationalNumber: '9012345678' },
      postalAddress: tokyoAddress('1-2-3 Jingumae', '150-0001'),
      nationalityCountryCode: 'JP',
      occupationId: 1,
    },
  },
  {
    role: 'owner',
    email: 'owner@yado.example',
    password: 'yado-owner-share-2026',
    roles: [],
    userType: 'USER_TYPE_OWNER',
    user: {
      firstName: '健二',
      lastName: '田中',
      romanizedFirstName: 'Kenji',
      romanizedLastName: 'Tanaka',
      phoneNumber: { countryCode: 81, nationalNumber: '8023456789' },
      postalAddress: tokyoAddress('4-5-6 Ebisu', '150-0013'),
      nationalityCountryCode: 'JP',
      occupationId: 2,
    },
  },
  {
    // The demo owner's family member: books on the owner's slots (family sharing).
    role: 'family',
    email: 'family@yado.example',
    password: 'yado-family-share-2026',
    roles: [],
    userType: 'USER_TYPE_GUEST',
    user: {
      firstName: '優子',
      lastName: '田中',
      romanizedFirstName: 'Yuko',
      romanizedLastName: 'Tanaka',
      phoneNumber: { countryCode: 81, nationalNumber: '8034567890' },
      postalAddress: tokyoAddress('4-5-6 Ebisu', '150-0013'),
      nationalityCountryCode: 'JP',
      occupationId: 2,
    },
  },
  {
    role: 'staff',
    email: 'staff@yado.example',
    password: 'yado-staff-desk-2026',
    roles: ['staff'],
    userType: 'USER_TYPE_GUEST',
    user: {
      firstName: '結衣',
      lastName: '鈴木',
      romanizedFirstName: 'Yui',
      romanizedLastName: 'Suzuki',
      nationalityCountryCode: 'JP',
      occupationId: 1,
    },
  },
];

const DEMO_PLACES: repo.DemoPlace[] = [
  {
    id: 'place-kazahana',
    name: { en: 'Kazahana Hills', ja: '風花の丘' },
    prefecture: { en: 'Kanagawa', ja: '神奈川県' },
    city: { en: 'Hakone', ja: '箱根町' },
  },
  {
    id: 'place-komorebi',
    name: { en: 'Komorebi Forest', ja: '木漏れ日の森' },
    prefecture: { en: 'Nagano', ja: '長野県' },
    city: { en: 'Karuizawa', ja: '軽井沢町' },
  },
  {
    id: 'place-shiosai',
    name: { en: 'Shiosai Bay', ja: '潮騒の浜' },
    prefecture: { en: 'Okinawa', ja: '沖縄県' },
    city: { en: 'Onna', ja: '恩納村' },
  },
];

// A 1/12 share gives 30 nights a year (docs/domain.md, Owners).
const share = (sharePriceYen: number, sharesSold: number, open = true) => ({
  sharePriceYen,
  nightsPerShare: 30,
  totalShares: 12,
  sharesSold,
  open,
});

const DEMO_HOUSE_GROUPS: repo.DemoHouseGroup[] = [
  {
    id: 'hg-kazahana-villa',
    placeId: 'place-kazahana',
    name: { en: 'Kazahana Villa', ja: '風花ヴィラ' },
    imageUrl: '',
    offer: share(4_800_000, 3),
  },
  {
    id: 'hg-kazahana-onsen',
    placeId: 'place-kazahana',
    name: { en: 'Kazahana Hot Spring House', ja: '風花 湯の家' },
    imageUrl: '',
    offer: share(5_400_000, 7),
  },
  {
    id: 'hg-komorebi-cabin',
    placeId: 'place-komorebi',
    name: { en: 'Komorebi Cabin', ja: '木漏れ日キャビン' },
    imageUrl: '',
    offer: share(4_800_000, 0),
  },
  {
    id: 'hg-komorebi-lodge',
    placeId: 'place-komorebi',
    name: { en: 'Komorebi Lodge', ja: '木漏れ日ロッジ' },
    imageUrl: '',
    offer: share(6_200_000, 12, false),
  },
  {
    id: 'hg-shiosai-house',
    placeId: 'place-shiosai',
    name: { en: 'Shiosai Beach House', ja: '潮騒ビーチハウス' },
    imageUrl: '',
    offer: share(5_800_000, 5),
  },
];

async function ensureDemoUser(deps: Deps, account: DemoAccount): Promise<void> {
  const accountId = await identity.createAccountWithPassword(deps, {
    email: account.email,
    password: account.password,
    roles: account.roles,
    emailVerified: true,
  });
  let user = await findUserOfAccount(deps, accountId);
  if (!user) {
    try {
      user = await registerUser(deps, accountId, account.user);
    } catch (err) {
      // Another process seeding at the same moment registered it first.
      if (!(err instanceof AppError && err.reason === 'CodeUserAlreadyExists')) throw err;
      user = await findUserOfAccount(deps, accountId);
    }
  }
  if (user && account.userType === 'USER_TYPE_OWNER' && user.userType !== 'USER_TYPE_OWNER') {
    await makeOwner(deps, user.id, 'system:demo-seed');
  }
  if (account.role === 'guest' || account.role === 'owner') await seedDemoCard(deps, accountId);
  if (account.role === 'guest') await seedDemoPoints(deps, accountId);
}

/**
 * Loads the demo data: three accounts with verified emails and their users,
 * places and house groups open to ownership. Runs once per database (a
 * marker in app_settings); every step also tolerates data that is already
 * there. Returns whether anything was loaded.
 */
export async function seedDemoData(deps: Deps): Promise<boolean> {
  if (await repo.isMarked(deps.db)) return false;
  for (const account of DEMO_ACCOUNTS) await ensureDemoUser(deps, account);
  await withTx(deps.db, async (tx) => {
    // The full catalogue first: the ownership rows below then only add the offers.
    await seedCatalogue(tx, deps.clock.now());
    for (const place of DEMO_PLACES) await repo.insertPlace(tx, place);
    for (const group of DEMO_HOUSE_GROUPS) await repo.insertHouseGroupWithOffer(tx, group);
    await seedMealsAndOptions(tx);
    await repo.mark(tx, deps.clock.now());
  });
  const owner = DEMO_ACCOUNTS.find((a) => a.role === 'owner')!;
  const ownerAccountId = await identity.accountIdOfEmail(deps, owner.email);
  if (ownerAccountId) await seedDemoOwnerShares(deps, ownerAccountId);
  await seedDemoOwnerSettings(deps);
  await seedDemoBookings(deps);
  await seedDemoOwnerStays(deps);
  await seedDemoConsent(deps);
  await seedDemoGift(deps);
  await seedDemoStatement(deps);
  await seedDemoVehicles(deps);
  await seedDemoStayPassDetails(deps);
  await seedDemoDoors(deps);
  await seedDemoQuestionnaire(deps);
  await seedDemoLending(deps);
  await seedDemoVoucherProducts(deps);
  await seedDemoKeyTokens(deps);
  return true;
}
