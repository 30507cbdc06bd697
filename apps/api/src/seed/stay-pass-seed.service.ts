import type { Deps } from '../platform/deps.js';
import { getHouseGroup } from '../modules/catalogue/catalogue.service.js';
import { staffGetStayPassSettings, staffUpdateStayPassSettings } from '../modules/stay-pass/stay-pass.service.js';
import { DEMO_HOUSE_GROUP_IDS } from './catalogue-seed.service.js';

const ACTOR = 'system:demo-seed';

const RULES_EN = [
  'Check-in from 15:00, check-out by 11:00.',
  'No smoking anywhere in the house or on the terrace.',
  'Quiet hours from 22:00 to 7:00: the neighbours live close by.',
  'Sort rubbish into burnable, plastic and bottles/cans; the bins are by the entrance.',
  'Please switch off the heating and lock every window when you go out.',
].join('\n');
const RULES_JA = [
  'チェックインは15:00から、チェックアウトは11:00までです。',
  '館内・テラスを含め全面禁煙です。',
  '22:00〜7:00はお静かにお過ごしください（近隣に住宅があります）。',
  'ごみは可燃・プラスチック・びん／缶に分けて、玄関横の箱へお願いします。',
  '外出時は暖房を切り、すべての窓の施錠をお願いします。',
].join('\n');

const KEY_TEXT = {
  SMARTHOME: {
    en: 'The front door has a smart lock that opens for your stay from the check-in time. If it does not open, call the number below.',
    ja: '玄関はスマートロックで、チェックイン時刻からご宿泊のお客様向けに解錠できます。開かない場合は下記の番号へお電話ください。',
  },
  MANUAL: {
    en: 'The key is in the grey key box left of the front door. Turn the dials to the code, pull the lever, and put the key back in the box when you leave.',
    ja: '鍵は玄関左側のグレーのキーボックスに入っています。暗証番号に合わせてレバーを引いてください。ご出発時は鍵をボックスにお戻しください。',
  },
  TEMAIRAZU_PARTNER: {
    en: 'Collect your key at the partner inn’s front desk (open 15:00–21:00) with your booking number. For a later arrival, call the number below before 21:00.',
    ja: '提携旅館のフロント（15:00〜21:00）で予約番号をお伝えのうえ、鍵をお受け取りください。21:00以降のご到着は、21:00までに下記の番号へご連絡ください。',
  },
} as const;

/**
 * The stay-pass details of every demo house group: its Wi-Fi, house rules and how to get in. The
 * phone is left to each place's own number. Groups that already have details keep them.
 */
export async function seedDemoStayPassDetails(deps: Deps): Promise<void> {
  for (const [i, houseGroupId] of DEMO_HOUSE_GROUP_IDS.entries()) {
    const { settings } = await staffGetStayPassSettings(deps, houseGroupId);
    if (settings.updatedAt !== null) continue;
    const { houseGroup } = await getHouseGroup(deps, 'en', houseGroupId);
    const type = houseGroup.unlockOperationType === 'UNSPECIFIED' ? 'SMARTHOME' : houseGroup.unlockOperationType;
    await staffUpdateStayPassSettings(deps, ACTOR, {
      houseGroupId,
      wifiNetworkName: `yado-${houseGroupId.replace(/^hg-/, '')}`,
      wifiPassword: `stay-${String(4821 + i * 137).padStart(4, '0')}-${houseGroupId.length}${i}`,
      houseRulesEn: RULES_EN,
      houseRulesJa: RULES_JA,
      contactPhone: null,
      keyBoxCode: type === 'MANUAL' ? String(2604 + i * 311).slice(-4) : '',
      keyInstructionsEn: KEY_TEXT[type].en,
      keyInstructionsJa: KEY_TEXT[type].ja,
    });
  }
}
