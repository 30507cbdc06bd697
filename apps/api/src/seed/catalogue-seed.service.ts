import type { Db } from '../platform/db/pool.js';
import { addDays, todayIn } from '@yado/contract/civil-date';
import { demoImageId, imageUrl } from './catalogue-images.js';
import * as repo from './catalogue-seed.repo.js';

/** How far ahead the demo season calendars run. */
export const DEMO_CALENDAR_MONTHS = 18;

type Text = { en: string; ja: string };
const t = (en: string, ja: string): Text => ({ en, ja });
const img = (scene: string, shape: 'h' | 'v' | 's') => imageUrl(demoImageId(scene, shape));

// Municipal accommodation taxes of the demo places (per person-night, by the room charge per person).
const TOKYO_TAX = [
  { minYen: 0, maxYen: 9_999, taxPerPersonNight: 0 },
  { minYen: 10_000, maxYen: 14_999, taxPerPersonNight: 100 },
  { minYen: 15_000, maxYen: null, taxPerPersonNight: 200 },
];
const KYOTO_TAX = [
  { minYen: 0, maxYen: 19_999, taxPerPersonNight: 200 },
  { minYen: 20_000, maxYen: 49_999, taxPerPersonNight: 500 },
  { minYen: 50_000, maxYen: null, taxPerPersonNight: 1_000 },
];
const NISEKO_TAX = [
  { minYen: 0, maxYen: 4_999, taxPerPersonNight: 100 },
  { minYen: 5_000, maxYen: 19_999, taxPerPersonNight: 200 },
  { minYen: 20_000, maxYen: 49_999, taxPerPersonNight: 500 },
  { minYen: 50_000, maxYen: null, taxPerPersonNight: 2_000 },
];

type PlaceSpec = {
  id: string;
  name: Text;
  prefecture: Text;
  city: Text;
  phone: string;
  description: Text;
  scene: string;
  tax: object[];
  postalCode: string;
  lat: number;
  lng: number;
  audiences?: ('OWNER' | 'GUEST')[];
};

const PLACES: PlaceSpec[] = [
  {
    id: 'place-kazahana',
    name: t('Kazahana Hills', '風花の丘'),
    prefecture: t('Kanagawa', '神奈川県'),
    city: t('Hakone', '箱根町'),
    phone: '460000101',
    description: t(
      'Hot springs and cedar woods above a caldera lake, ninety minutes from Tokyo.',
      'カルデラ湖を見下ろす温泉と杉の森。東京から90分。',
    ),
    scene: 'dawn-lake',
    tax: [],
    postalCode: '250-0631',
    lat: 35.2324,
    lng: 139.0268,
  },
  {
    id: 'place-komorebi',
    name: t('Komorebi Forest', '木漏れ日の森'),
    prefecture: t('Nagano', '長野県'),
    city: t('Karuizawa', '軽井沢町'),
    phone: '267000202',
    description: t('Larch forest, cool summers and quiet snowy winters.', 'カラマツの森、涼しい夏と静かな雪の冬。'),
    scene: 'misty-forest',
    tax: [],
    postalCode: '389-0102',
    lat: 36.3484,
    lng: 138.5969,
  },
  {
    id: 'place-shiosai',
    name: t('Shiosai Bay', '潮騒の浜'),
    prefecture: t('Okinawa', '沖縄県'),
    city: t('Onna', '恩納村'),
    phone: '989000303',
    description: t('Coral beaches and sunsets over the East China Sea.', 'サンゴの浜と東シナ海に沈む夕日。'),
    scene: 'coral-sea',
    tax: [],
    postalCode: '904-0411',
    lat: 26.4975,
    lng: 127.8536,
  },
  {
    id: 'place-yukimi',
    name: t('Yukimi Plateau', '雪見高原'),
    prefecture: t('Hokkaido', '北海道'),
    city: t('Niseko', 'ニセコ町'),
    phone: '136000404',
    description: t(
      'Powder snow in winter, wild flowers and cycling in summer.',
      '冬はパウダースノー、夏は花畑とサイクリング。',
    ),
    scene: 'snow-peaks',
    tax: NISEKO_TAX,
    postalCode: '048-1511',
    lat: 42.8048,
    lng: 140.6874,
  },
  {
    id: 'place-tsukishiro',
    name: t('Tsukishiro Gardens', '月白の庭'),
    prefecture: t('Kyoto', '京都府'),
    city: t('Kyoto', '京都市'),
    phone: '750000505',
    description: t('Restored townhouses between temples and moss gardens.', '寺と苔庭のあいだに佇む再生町家。'),
    scene: 'autumn-hills',
    tax: KYOTO_TAX,
    postalCode: '605-0862',
    lat: 34.9949,
    lng: 135.785,
  },
  {
    id: 'place-akatsuki',
    name: t('Akatsuki Quay', '暁の埠頭'),
    prefecture: t('Tokyo', '東京都'),
    city: t('Chuo', '中央区'),
    phone: '350000606',
    description: t(
      'Waterfront rooms in the city, by the night or by the hour.',
      '街なかの水辺の部屋。一泊でも時間単位でも。',
    ),
    scene: 'harbour-city',
    tax: TOKYO_TAX,
    postalCode: '104-0052',
    lat: 35.6655,
    lng: 139.7797,
  },
  {
    id: 'place-hoshizora',
    name: t('Hoshizora Dunes', '星空の砂丘'),
    prefecture: t('Shizuoka', '静岡県'),
    city: t('Izu', '伊豆市'),
    phone: '558000707',
    description: t('Off-grid cabins under dark skies on the Izu peninsula.', '伊豆半島の満天の星の下、自立型の小屋。'),
    scene: 'sunset-dunes',
    tax: [],
    postalCode: '410-2501',
    lat: 34.9767,
    lng: 138.9466,
  },
  {
    id: 'place-kirameki',
    name: t('Kirameki Coast', 'きらめき海岸'),
    prefecture: t('Wakayama', '和歌山県'),
    city: t('Shirahama', '白浜町'),
    phone: '739000808',
    description: t(
      'White sand, hot springs by the sea and camper vans to roam.',
      '白い砂浜、海辺の温泉、旅するキャンピングカー。',
    ),
    scene: 'tea-fields',
    tax: [],
    postalCode: '649-2211',
    lat: 33.6781,
    lng: 135.3481,
    audiences: ['GUEST'],
  },
];

type GroupSpec = {
  id: string;
  place: string;
  name: Text;
  type: 'YADO' | 'EXCLUSIVE' | 'TEMAIRAZU_PARTNER' | 'EARTHBOAT' | 'MOBILITY';
  usage?: 'ACCOMMODATION' | 'TIME';
  price: number;
  base: number;
  max: number;
  pets?: number;
  houses: number;
  scene: string;
  meals?: boolean;
  styles: string[];
  concept: Text;
};

const GROUPS: GroupSpec[] = [
  // The five house groups open to ownership (demo-seed.service.ts adds their offers).
  {
    id: 'hg-kazahana-villa',
    place: 'place-kazahana',
    name: t('Kazahana Villa', '風花ヴィラ'),
    type: 'YADO',
    price: 42_000,
    base: 4,
    max: 6,
    houses: 2,
    scene: 'dawn-lake',
    meals: true,
    styles: ['family', 'onsen'],
    concept: t('A lakeside villa with a private hot-spring bath', '湖畔の貸切温泉付きヴィラ'),
  },
  {
    id: 'hg-kazahana-onsen',
    place: 'place-kazahana',
    name: t('Kazahana Hot Spring House', '風花 湯の家'),
    type: 'YADO',
    price: 48_000,
    base: 4,
    max: 8,
    houses: 3,
    scene: 'misty-forest',
    meals: true,
    styles: ['onsen', 'family'],
    concept: t('Cedar baths fed by the valley spring', '谷の源泉を引いた檜風呂'),
  },
  {
    id: 'hg-komorebi-cabin',
    place: 'place-komorebi',
    name: t('Komorebi Cabin', '木漏れ日キャビン'),
    type: 'YADO',
    price: 28_000,
    base: 2,
    max: 4,
    pets: 2,
    houses: 2,
    scene: 'green-valley',
    styles: ['pets', 'workation'],
    concept: t('A timber cabin for two, dogs welcome', '犬と泊まれる二人のための木の小屋'),
  },
  {
    id: 'hg-komorebi-lodge',
    place: 'place-komorebi',
    name: t('Komorebi Lodge', '木漏れ日ロッジ'),
    type: 'YADO',
    price: 56_000,
    base: 6,
    max: 10,
    pets: 2,
    houses: 1,
    scene: 'misty-forest',
    meals: true,
    styles: ['family', 'pets'],
    concept: t('A big lodge for friends and families', '仲間や家族で過ごす大きなロッジ'),
  },
  {
    id: 'hg-shiosai-house',
    place: 'place-shiosai',
    name: t('Shiosai Beach House', '潮騒ビーチハウス'),
    type: 'YADO',
    price: 46_000,
    base: 4,
    max: 6,
    houses: 3,
    scene: 'coral-sea',
    styles: ['ocean', 'family'],
    concept: t('Steps from the reef, open to the sea breeze', 'サンゴ礁まで数歩、海風に開かれた家'),
  },
  // The rest of the catalogue.
  {
    id: 'hg-kazahana-terrace',
    place: 'place-kazahana',
    name: t('Kazahana Terrace Suites', '風花テラススイート'),
    type: 'EXCLUSIVE',
    price: 88_000,
    base: 2,
    max: 4,
    houses: 1,
    scene: 'dawn-lake',
    meals: true,
    styles: ['onsen'],
    concept: t('One suite, the whole terrace and the lake to yourselves', 'テラスも湖も独り占めの一室'),
  },
  {
    id: 'hg-komorebi-workshed',
    place: 'place-komorebi',
    name: t('Komorebi Work Shed', '木漏れ日ワークシェッド'),
    type: 'YADO',
    price: 18_000,
    base: 1,
    max: 2,
    houses: 3,
    scene: 'green-valley',
    styles: ['workation'],
    concept: t('A desk by the window and fibre internet in the woods', '森の中、窓辺のデスクと光回線'),
  },
  {
    id: 'hg-shiosai-cottage',
    place: 'place-shiosai',
    name: t('Shiosai Reef Cottage', '潮騒リーフコテージ'),
    type: 'TEMAIRAZU_PARTNER',
    price: 32_000,
    base: 2,
    max: 4,
    houses: 2,
    scene: 'coral-sea',
    styles: ['ocean'],
    concept: t('A partner cottage with a hands-free check-in', '手間いらずでチェックインできる提携コテージ'),
  },
  {
    id: 'hg-shiosai-earthboat',
    place: 'place-shiosai',
    name: t('Shiosai Earthboat', '潮騒アースボート'),
    type: 'EARTHBOAT',
    price: 24_000,
    base: 2,
    max: 3,
    houses: 2,
    scene: 'night-bay',
    styles: ['ocean', 'workation'],
    concept: t('A boat-shaped cabin moored in the mangroves', 'マングローブに停泊する舟形の小屋'),
  },
  {
    id: 'hg-yukimi-chalet',
    place: 'place-yukimi',
    name: t('Yukimi Chalet', '雪見シャレー'),
    type: 'YADO',
    price: 52_000,
    base: 4,
    max: 8,
    houses: 3,
    scene: 'snow-peaks',
    meals: true,
    styles: ['snow', 'family'],
    concept: t('Ski-in chalets with a drying room and a wood stove', '乾燥室と薪ストーブのあるスキーシャレー'),
  },
  {
    id: 'hg-yukimi-lodge',
    place: 'place-yukimi',
    name: t('Yukimi Powder Lodge', '雪見パウダーロッジ'),
    type: 'EXCLUSIVE',
    price: 120_000,
    base: 8,
    max: 12,
    houses: 1,
    scene: 'snow-peaks',
    meals: true,
    styles: ['snow'],
    concept: t('A private lodge with its own chef in the season', 'シーズン中は専属シェフ付きの一棟貸しロッジ'),
  },
  {
    id: 'hg-yukimi-earthboat',
    place: 'place-yukimi',
    name: t('Yukimi Earthboat', '雪見アースボート'),
    type: 'EARTHBOAT',
    price: 22_000,
    base: 2,
    max: 3,
    pets: 1,
    houses: 3,
    scene: 'snow-peaks',
    styles: ['snow', 'pets'],
    concept: t('A tiny cabin under the birches, snow to the windows', '白樺の下、窓まで雪の小さな小屋'),
  },
  {
    id: 'hg-tsukishiro-machiya',
    place: 'place-tsukishiro',
    name: t('Tsukishiro Machiya', '月白町家'),
    type: 'YADO',
    price: 44_000,
    base: 2,
    max: 5,
    houses: 3,
    scene: 'autumn-hills',
    meals: true,
    styles: ['culture'],
    concept: t('A hundred-year-old townhouse with a moss courtyard', '苔の坪庭のある築百年の町家'),
  },
  {
    id: 'hg-tsukishiro-teahouse',
    place: 'place-tsukishiro',
    name: t('Tsukishiro Tea House', '月白茶寮'),
    type: 'EXCLUSIVE',
    price: 96_000,
    base: 2,
    max: 4,
    houses: 1,
    scene: 'tea-fields',
    meals: true,
    styles: ['culture'],
    concept: t('A tea master’s house, tea ceremony at dawn', '茶人の家で夜明けの一服を'),
  },
  {
    id: 'hg-tsukishiro-partner',
    place: 'place-tsukishiro',
    name: t('Tsukishiro Lantern Inn', '月白あかり宿'),
    type: 'TEMAIRAZU_PARTNER',
    price: 26_000,
    base: 2,
    max: 3,
    houses: 2,
    scene: 'autumn-hills',
    styles: ['culture'],
    concept: t('A small partner inn on a lantern-lit lane', '灯籠の小路に建つ小さな提携宿'),
  },
  {
    id: 'hg-akatsuki-loft',
    place: 'place-akatsuki',
    name: t('Akatsuki Canal Loft', '暁キャナルロフト'),
    type: 'YADO',
    price: 38_000,
    base: 2,
    max: 4,
    houses: 3,
    scene: 'harbour-city',
    styles: ['workation'],
    concept: t('A loft over the canal, ten minutes from Ginza', '銀座から10分、運河の上のロフト'),
  },
  {
    id: 'hg-akatsuki-studio',
    place: 'place-akatsuki',
    name: t('Akatsuki Day Studio', '暁デイスタジオ'),
    type: 'YADO',
    usage: 'TIME',
    price: 20_000,
    base: 4,
    max: 8,
    houses: 2,
    scene: 'harbour-city',
    styles: ['workation'],
    concept: t('A bright studio by the hour for work and gatherings', '仕事にも集まりにも、時間単位の明るいスタジオ'),
  },
  {
    id: 'hg-akatsuki-rooftop',
    place: 'place-akatsuki',
    name: t('Akatsuki Rooftop Room', '暁ルーフトップルーム'),
    type: 'EXCLUSIVE',
    usage: 'TIME',
    price: 30_000,
    base: 2,
    max: 6,
    houses: 1,
    scene: 'night-bay',
    styles: ['workation'],
    concept: t('A rooftop room with the bay at night, by the hour', '夜の湾を望む屋上の部屋を時間単位で'),
  },
  {
    id: 'hg-hoshizora-earthboat',
    place: 'place-hoshizora',
    name: t('Hoshizora Earthboat', '星空アースボート'),
    type: 'EARTHBOAT',
    price: 26_000,
    base: 2,
    max: 4,
    pets: 2,
    houses: 3,
    scene: 'sunset-dunes',
    styles: ['pets', 'ocean'],
    concept: t('Off-grid cabins with a skylight over the bed', 'ベッドの上に天窓のある自立型の小屋'),
  },
  {
    id: 'hg-hoshizora-villa',
    place: 'place-hoshizora',
    name: t('Hoshizora Ridge Villa', '星空リッジヴィラ'),
    type: 'YADO',
    price: 58_000,
    base: 4,
    max: 8,
    pets: 2,
    houses: 2,
    scene: 'sunset-dunes',
    meals: true,
    styles: ['family', 'pets', 'onsen'],
    concept: t('Sea views from a ridge-top villa with an outdoor bath', '尾根の上、露天風呂から海を望むヴィラ'),
  },
  {
    id: 'hg-hoshizora-partner',
    place: 'place-hoshizora',
    name: t('Hoshizora Surf Hut', '星空サーフハット'),
    type: 'TEMAIRAZU_PARTNER',
    price: 16_000,
    base: 1,
    max: 2,
    houses: 3,
    scene: 'dawn-lake',
    styles: ['ocean'],
    concept: t('A partner hut two minutes from the surf break', '波まで2分の提携ハット'),
  },
  {
    id: 'hg-kirameki-camper',
    place: 'place-kirameki',
    name: t('Kirameki Camper Van', 'きらめきキャンパーバン'),
    type: 'MOBILITY',
    price: 19_000,
    base: 2,
    max: 4,
    pets: 1,
    houses: 3,
    scene: 'tea-fields',
    styles: ['ocean', 'pets'],
    concept: t(
      'A camper van with beds, a kitchen and a coast to follow',
      'ベッドと台所付き、海岸線を旅するキャンピングカー',
    ),
  },
  {
    id: 'hg-kirameki-trailer',
    place: 'place-kirameki',
    name: t('Kirameki Trailer House', 'きらめきトレーラーハウス'),
    type: 'MOBILITY',
    price: 23_000,
    base: 2,
    max: 5,
    houses: 2,
    scene: 'coral-sea',
    styles: ['family', 'ocean'],
    concept: t('A trailer house parked above the white beach', '白浜を見下ろすトレーラーハウス'),
  },
  {
    id: 'hg-kirameki-seaside',
    place: 'place-kirameki',
    name: t('Kirameki Seaside House', 'きらめきシーサイドハウス'),
    type: 'YADO',
    price: 40_000,
    base: 4,
    max: 7,
    houses: 2,
    scene: 'coral-sea',
    meals: true,
    styles: ['onsen', 'ocean', 'family'],
    concept: t('A seaside house with an onsen bath facing the waves', '波に向かう温泉風呂のある海辺の家'),
  },
];

const STAY_STYLES: repo.SeedStayStyle[] = [
  {
    id: 'family',
    name: t('Family holiday', '家族旅行'),
    description: t('Room for everyone, kitchens and gardens.', 'みんなが過ごせる広さ、キッチンと庭。'),
    imageUrl: img('green-valley', 's'),
    sortOrder: 1,
  },
  {
    id: 'onsen',
    name: t('Hot-spring retreat', '温泉でくつろぐ'),
    description: t('Private baths fed by natural springs.', '源泉を引いた貸切風呂。'),
    imageUrl: img('misty-forest', 's'),
    sortOrder: 2,
  },
  {
    id: 'ocean',
    name: t('Ocean and beach', '海とビーチ'),
    description: t('Wake up to the sound of the waves.', '波の音で目覚める。'),
    imageUrl: img('coral-sea', 's'),
    sortOrder: 3,
  },
  {
    id: 'snow',
    name: t('Snow and ski', '雪とスキー'),
    description: t('Powder days and warm evenings.', 'パウダーの日と暖かな夜。'),
    imageUrl: img('snow-peaks', 's'),
    sortOrder: 4,
  },
  {
    id: 'pets',
    name: t('With your pets', 'ペットと一緒に'),
    description: t('Houses where dogs are welcome guests.', '犬も大切なゲストとして迎える家。'),
    imageUrl: img('tea-fields', 's'),
    sortOrder: 5,
  },
  {
    id: 'workation',
    name: t('Workation', 'ワーケーション'),
    description: t('Fast internet, a proper desk, a view.', '速い回線、ちゃんとした机、そして眺め。'),
    imageUrl: img('harbour-city', 's'),
    sortOrder: 6,
  },
  {
    id: 'culture',
    name: t('Culture and craft', '文化と手仕事'),
    description: t('Old townhouses, tea and temples.', '町家、茶、寺を巡る。'),
    imageUrl: img('autumn-hills', 's'),
    sortOrder: 7,
  },
];

const ALL_SCENES = [
  'dawn-lake',
  'snow-peaks',
  'green-valley',
  'coral-sea',
  'autumn-hills',
  'night-bay',
  'tea-fields',
  'sunset-dunes',
  'misty-forest',
  'harbour-city',
];
const HOUSE_LETTERS = ['A', 'B', 'C'];

function houseGroupOf(g: GroupSpec, index: number): repo.SeedHouseGroup {
  const place = PLACES.find((p) => p.id === g.place)!;
  const pets = g.pets ?? 0;
  const time = g.usage === 'TIME';
  const others = ALL_SCENES.filter((s) => s !== g.scene);
  // Prices end in hundreds of yen; HIGH season is half again the STANDARD price.
  const highPrice = Math.round((g.price * 1.5) / 100) * 100;
  // Spread the houses of a place a little around its centre.
  const offset = ((index % 5) - 2) * 0.004;
  const bookingTypes =
    g.type === 'YADO'
      ? ['OWN_USE', 'MUTUAL_USE', 'GUEST_USE', 'GIFT_USE', 'SLOTS_GIFT_USE', 'DATED_SLOTS_GIFT_USE']
      : ['GUEST_USE'];
  return {
    id: g.id,
    placeId: g.place,
    name: g.name,
    type: g.type,
    usageLabel: g.usage ?? 'ACCOMMODATION',
    area: place.city,
    beds: Math.ceil(g.max / 2),
    bathrooms: g.max > 6 ? 2 : 1,
    possibleBedSharingCapacity: Math.floor(g.max / 4),
    images: {
      vertical: img(g.scene, 'v'),
      horizontal: img(g.scene, 'h'),
      square: img(g.scene, 's'),
      carousel: [
        img(g.scene, 'h'),
        img(others[index % others.length]!, 'h'),
        img(others[(index + 3) % others.length]!, 'h'),
      ],
    },
    standardPrice: g.price,
    highPrice,
    baseCapacity: g.base,
    maxCapacity: g.max,
    minAdultCapacity: 1,
    capacityDescription: t(`${g.base} guests included, up to ${g.max}`, `基本${g.base}名、最大${g.max}名`),
    isPetAllowed: pets > 0,
    basePetCapacity: pets > 0 ? 1 : 0,
    maxPetCapacity: pets,
    ownerTimeUsePricePerHour: time ? Math.round(g.price / 10 / 100) * 100 : 0,
    membershipTimeUsePricePerHour: time ? Math.round(g.price / 8 / 100) * 100 : 0,
    unlockOperationType:
      g.type === 'TEMAIRAZU_PARTNER' ? 'TEMAIRAZU_PARTNER' : g.type === 'MOBILITY' ? 'MANUAL' : 'SMARTHOME',
    mealProvidable: g.meals ?? false,
    availableBookingTypes: time ? ['EXCLUSIVE_TIME_USE', 'GUEST_USE'] : bookingTypes,
    concept: {
      title: g.concept,
      description: t(`${g.concept.en}. ${place.description.en}`, `${g.concept.ja}。${place.description.ja}`),
    },
    postalCode: place.postalCode,
    address: {
      en: {
        state: place.prefecture.en,
        city: place.city.en,
        street1: `${100 + index}-${(index % 7) + 1}`,
        street2: '',
      },
      ja: {
        state: place.prefecture.ja,
        city: place.city.ja,
        street1: `${100 + index}-${(index % 7) + 1}`,
        street2: '',
      },
    },
    latitude: Number((place.lat + offset).toFixed(6)),
    longitude: Number((place.lng - offset).toFixed(6)),
    checkinTime: time ? '09:00' : '15:00',
    checkoutTime: time ? '22:00' : '11:00',
    serviceChargePercentage: g.type === 'EXCLUSIVE' ? 15 : 10,
    extraChargePerGuestPerNight: Math.round(g.price / 8 / 100) * 100,
    accommodationTaxBands: place.tax,
    sortOrder: index,
    houses: Array.from({ length: g.houses }, (_, i) => ({
      id: `${g.id}-${HOUSE_LETTERS[i]!.toLowerCase()}`,
      name: g.houses === 1 ? t('Main house', '母屋') : t(`House ${HOUSE_LETTERS[i]}`, `${HOUSE_LETTERS[i]}棟`),
      floor: 1,
    })),
    stayStyleIds: g.styles,
  };
}

/** The demo house groups, for tests that need to know what the demo holds. */
export const DEMO_HOUSE_GROUP_IDS = GROUPS.map((g) => g.id);
export const DEMO_PLACE_IDS = PLACES.map((p) => p.id);

/**
 * The demo catalogue: 8 places, 24 house groups of every type with 1 to 3
 * houses, 18 months of season calendars from today, a few closed days and
 * demo stays. Every insert tolerates rows already there, so an interrupted
 * seed finishes on the next run.
 */
export async function seedCatalogue(db: Db, now: Date): Promise<void> {
  const today = todayIn('Asia/Tokyo', now);
  const days = DEMO_CALENDAR_MONTHS * 31;
  for (const s of STAY_STYLES) await repo.insertStayStyle(db, s);
  for (const p of PLACES) {
    await repo.insertPlace(db, {
      id: p.id,
      name: p.name,
      prefecture: p.prefecture,
      city: p.city,
      phone: p.phone,
      description: p.description,
      verticalImageUrl: img(p.scene, 'v'),
      horizontalImageUrl: img(p.scene, 'h'),
      audiences: p.audiences ?? ['OWNER', 'GUEST'],
    });
  }
  for (const [i, g] of GROUPS.entries()) {
    const group = houseGroupOf(g, i);
    await repo.insertHouseGroup(db, group);
    // Maintenance: every third group closes two days five weeks from now.
    const closed = i % 3 === 0 ? [addDays(today, 35), addDays(today, 36)] : [];
    await repo.insertSeasonCalendar(db, {
      houseGroupId: g.id,
      from: today,
      days,
      standardPrice: group.standardPrice,
      highPrice: group.highPrice,
      closed,
    });
    for (const [h, house] of group.houses.entries()) {
      // Each house is taken for two or three nights every 8 to 12 days, staggered.
      await repo.insertDemoStays(db, {
        houseId: house.id,
        houseGroupId: g.id,
        from: addDays(today, 2 + ((i + h * 3) % 7)),
        until: addDays(today, 180),
        every: 8 + ((i + h) % 5),
      });
    }
  }
}
