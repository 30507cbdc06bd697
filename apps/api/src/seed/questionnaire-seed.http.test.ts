import { IDENTITY_ROUTES } from '@yado/contract/identity.contract';
import { listQuestionnaires, staffListQuestionnaires } from '@yado/contract/questionnaire.contract';
import { listStayStyleSuggestions } from '@yado/contract/stay-style.contract';
import { describe, expect, it } from 'vitest';
import { createTestApi } from '../test-support/test-api.js';
import { signInStaff } from '../modules/staff-catalogue/staff-catalogue.test-factory.js';
import { DEMO_ACCOUNTS, seedDemoData } from './demo-seed.service.js';
import { DEMO_QUESTIONNAIRE_TITLE } from './questionnaire-seed.service.js';

describe('demo questionnaire and stay style suggestions', () => {
  it("the demo guest's past stay has the questionnaire to answer; seeding again adds no second one", async () => {
    const t = await createTestApi();
    await seedDemoData(t.api.deps);
    await t.pool.query("DELETE FROM app_settings WHERE key = 'demo_seeded'");
    await seedDemoData(t.api.deps);
    const staff = await signInStaff(t);
    const all = await t.call(staffListQuestionnaires, {}, { token: staff.idToken });
    expect(all.body.questionnaires.filter((q) => q.titleEn === DEMO_QUESTIONNAIRE_TITLE)).toHaveLength(1);

    const guest = DEMO_ACCOUNTS.find((a) => a.role === 'guest')!;
    const signedIn = await t.identityPost(IDENTITY_ROUTES.signInWithPassword, {
      email: guest.email,
      password: guest.password,
    });
    const mine = await t.call(listQuestionnaires, {}, { token: signedIn.body.idToken as string, language: 'ja' });
    expect(mine.body.questionnaires).toEqual([
      expect.objectContaining({ title: 'ご滞在はいかがでしたか', answered: false }),
    ]);

    const styles = await t.call(listStayStyleSuggestions, { houseGroupId: 'hg-kazahana-villa' });
    expect(styles.body.suggestions.find((s) => s.stayStyleId === 'onsen')).toMatchObject({
      mealIds: ['hg-kazahana-villa-meal-kaiseki'],
      extraOptionIds: ['hg-kazahana-villa-option-bath-salts'],
    });
  });
});
