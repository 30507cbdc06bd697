import { addDays, civilFromIso, todayIn } from '@yado/contract/civil-date';
import type { Deps } from '../platform/deps.js';
import { createConsent } from '../modules/consent/consent.service.js';

const HOUSE_GROUP = 'hg-kazahana-villa';

/**
 * One open question to the owners of Kazahana Villa (the demo owner among them), answerable until
 * 18:00 Japan time two weeks after the seeding: the owner area's Questions page has something to
 * answer, and the console a live tally. The operator writes to owners in Japanese with an English
 * summary.
 */
export async function seedDemoConsent(deps: Deps): Promise<void> {
  const deadline = civilFromIso(addDays(todayIn('Asia/Tokyo', deps.clock.now()), 14));
  await createConsent(
    deps,
    'system:demo-seed',
    deps.env.PUBLIC_URL?.replace(/\/+$/, '') ?? 'http://localhost:3000',
    {
      houseGroupId: HOUSE_GROUP,
      title: 'サウナストーブの交換 / Replacing the sauna stove',
      contentMarkdown: [
        '## ご提案',
        '',
        '風花ヴィラのサウナストーブは設置から**12年**が経ち、点検で交換を勧められました。',
        '',
        '- 費用: 1,320,000円（税込）、修繕積立金から支出します',
        '- 工事: 2月の平日2日間（その間サウナはご利用いただけません）',
        '- 見積書: [PDF](https://example.com/yado/kazahana-villa/sauna-quote.pdf)',
        '',
        '## Proposal (English)',
        '',
        "Kazahana Villa's sauna stove is **12 years old** and the inspection recommends replacing it: ¥1,320,000 including tax, paid from the repair reserve; two weekdays of work in February, without the sauna.",
      ].join('\n'),
      choices: [{ label: '賛成 / Agree' }, { label: '反対 / Disagree' }, { label: '保留 / Abstain' }],
      answerDeadline: { ...deadline, hours: 18, minutes: 0, seconds: 0, nanos: 0, utcOffset: '+09:00' },
      quorumPercent: 50,
    },
    'ja',
  );
}
