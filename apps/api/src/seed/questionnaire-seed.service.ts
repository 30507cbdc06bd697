import type { Deps } from '../platform/deps.js';
import { createQuestionnaire, listForStaff } from '../modules/questionnaire/questionnaire.service.js';
import { setSuggestions } from '../modules/stay-style/stay-style.service.js';

const KAZAHANA = 'hg-kazahana-villa';

/**
 * The operator's questionnaire after every stay (the demo guest's stay checked out last month can
 * answer it at once), and what Kazahana Villa suggests to a hot-spring stay: the kaiseki dinner and
 * the bath salts.
 */
export async function seedDemoQuestionnaire(deps: Deps): Promise<void> {
  // A second run of the seed finds it there and adds none.
  const { questionnaires } = await listForStaff(deps);
  if (!questionnaires.some((q) => q.titleEn === DEMO_QUESTIONNAIRE_TITLE)) await createDemoQuestionnaire(deps);
  await setSuggestions(deps, 'system:demo-seed', 'en', {
    houseGroupId: KAZAHANA,
    stayStyleId: 'onsen',
    mealIds: [`${KAZAHANA}-meal-kaiseki`],
    extraOptionIds: [`${KAZAHANA}-option-bath-salts`],
  });
}

export const DEMO_QUESTIONNAIRE_TITLE = 'How was your stay?';

async function createDemoQuestionnaire(deps: Deps): Promise<void> {
  await createQuestionnaire(deps, 'system:demo-seed', {
    titleEn: DEMO_QUESTIONNAIRE_TITLE,
    titleJa: 'ご滞在はいかがでしたか',
    descriptionEn: 'Three questions, about a minute. Your answers go to the team that runs the house.',
    descriptionJa: '3つの質問に1分ほどでお答えいただけます。回答はハウスの運営チームに届きます。',
    active: true,
    houseGroupIds: [],
    questions: [
      { type: 'RATING', required: true, textEn: 'Your stay overall', textJa: 'ご滞在の総合評価', choices: [] },
      {
        type: 'SINGLE_CHOICE',
        required: true,
        textEn: 'Would you stay with us again?',
        textJa: 'また利用したいと思いますか',
        choices: [
          { labelEn: 'Yes', labelJa: 'はい' },
          { labelEn: 'Maybe', labelJa: 'どちらともいえない' },
          { labelEn: 'No', labelJa: 'いいえ' },
        ],
      },
      {
        type: 'FREE_TEXT',
        required: false,
        textEn: 'What should we keep, and what should we change?',
        textJa: '良かった点、改善してほしい点をお聞かせください',
        choices: [],
      },
    ],
  });
}
