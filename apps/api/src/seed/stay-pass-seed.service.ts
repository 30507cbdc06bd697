import type { Deps } from '../platform/deps.js';
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

/**
 * The stay-pass details of every demo house group: its Wi-Fi and house rules. The phone is left to
 * each place's own number, and how to get in to the door settings (stay-seed). Groups that already
 * have details keep them.
 */
export async function seedDemoStayPassDetails(deps: Deps): Promise<void> {
  for (const [i, houseGroupId] of DEMO_HOUSE_GROUP_IDS.entries()) {
    const { settings } = await staffGetStayPassSettings(deps, houseGroupId);
    if (settings.updatedAt !== null) continue;
    await staffUpdateStayPassSettings(deps, ACTOR, {
      houseGroupId,
      wifiNetworkName: `yado-${houseGroupId.replace(/^hg-/, '')}`,
      wifiPassword: `stay-${String(4821 + i * 137).padStart(4, '0')}-${houseGroupId.length}${i}`,
      houseRulesEn: RULES_EN,
      houseRulesJa: RULES_JA,
      contactPhone: null,
    });
  }
}
