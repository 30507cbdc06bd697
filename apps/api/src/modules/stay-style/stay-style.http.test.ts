import { randomBytes } from 'node:crypto';
import { createGuestUseTentativeBooking, getBooking } from '@yado/contract/booking.contract';
import { listStayStyleSuggestions, staffSetStayStyleSuggestions } from '@yado/contract/stay-style.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { bookableHouseGroup, guestWithCard, stayRequest } from '../booking/booking.test-factory.js';
import { stayStylesOf } from './stay-style.test-factory.js';
import { signInStaff } from '../staff-catalogue/staff-catalogue.test-factory.js';

let t: TestApi;

beforeAll(async () => {
  t = await createTestApi();
});

/** A house group with two stay styles, a dinner and an extra bed. */
async function groupWithMenu() {
  const group = await bookableHouseGroup(t, { houses: 2 });
  const styles = await stayStylesOf(t, group.houseGroupId);
  const suffix = randomBytes(4).toString('hex');
  const mealId = `meal-${suffix}`;
  const optionId = `option-${suffix}`;
  await t.pool.query(
    `INSERT INTO meals (id, house_group_id, type, name_en, name_ja, adult_price, child_price, providing_time)
     VALUES ($1, $2, 'DINNER', 'Hot pot', '鍋', 5000, 2500, '18:30')`,
    [mealId, group.houseGroupId],
  );
  await t.pool.query(
    `INSERT INTO extra_options (id, house_group_id, type, caption_en, caption_ja, unit_amount, max_quantity)
     VALUES ($1, $2, 'AMENITY', 'Sauna tent', 'サウナテント', 8000, 1)`,
    [optionId, group.houseGroupId],
  );
  return { ...group, styles, mealId, optionId };
}

describe('stay style suggestions', () => {
  it("lists a group's styles with empty suggestions until staff set them, then in staff's order", async () => {
    const g = await groupWithMenu();
    const before = await t.call(listStayStyleSuggestions, { houseGroupId: g.houseGroupId }, { language: 'ja' });
    expect(before.status).toBe(200);
    expect(before.body.suggestions).toEqual([
      { stayStyleId: g.styles[0], stayStyleName: 'スタイル1', mealIds: [], extraOptionIds: [] },
      { stayStyleId: g.styles[1], stayStyleName: 'スタイル2', mealIds: [], extraOptionIds: [] },
    ]);
    const staff = await signInStaff(t);
    const set = await t.call(
      staffSetStayStyleSuggestions,
      { houseGroupId: g.houseGroupId, stayStyleId: g.styles[1]!, mealIds: [g.mealId], extraOptionIds: [g.optionId] },
      { token: staff.idToken },
    );
    expect(set.status).toBe(200);
    expect(set.body.suggestion).toMatchObject({ mealIds: [g.mealId], extraOptionIds: [g.optionId] });
    const after = await t.call(listStayStyleSuggestions, { houseGroupId: g.houseGroupId });
    expect(after.body.suggestions[1]).toMatchObject({ stayStyleName: 'Style 2', mealIds: [g.mealId] });
    expect(after.body.suggestions[0]).toMatchObject({ mealIds: [] });
  });

  it("refuses a style the group does not offer, another group's meal and an unknown group, changing nothing", async () => {
    const g = await groupWithMenu();
    const other = await groupWithMenu();
    const staff = await signInStaff(t);
    const style = await t.call(
      staffSetStayStyleSuggestions,
      { houseGroupId: g.houseGroupId, stayStyleId: other.styles[0]!, mealIds: [], extraOptionIds: [] },
      { token: staff.idToken },
    );
    expect(style.status).toBe(400);
    expect(style.error.errorInfo.reason).toBe('CodeStayStyleNotOffered');
    const meal = await t.call(
      staffSetStayStyleSuggestions,
      { houseGroupId: g.houseGroupId, stayStyleId: g.styles[0]!, mealIds: [other.mealId], extraOptionIds: [] },
      { token: staff.idToken },
    );
    expect(meal.status).toBe(400);
    expect(meal.error.errorInfo.fields?.[0]?.field).toBe('mealIds.0');
    const option = await t.call(
      staffSetStayStyleSuggestions,
      {
        houseGroupId: g.houseGroupId,
        stayStyleId: g.styles[0]!,
        mealIds: [],
        extraOptionIds: [g.optionId, other.optionId],
      },
      { token: staff.idToken },
    );
    expect(option.error.errorInfo.fields?.[0]?.field).toBe('extraOptionIds.1');
    const rows = await t.pool.query('SELECT 1 FROM stay_style_suggestions WHERE house_group_id = $1', [g.houseGroupId]);
    expect(rows.rowCount).toBe(0);
    expect((await t.call(listStayStyleSuggestions, { houseGroupId: 'hg-nowhere' })).status).toBe(404);
    const guest = await guestWithCard(t);
    const denied = await t.call(
      staffSetStayStyleSuggestions,
      { houseGroupId: g.houseGroupId, stayStyleId: g.styles[0]!, mealIds: [], extraOptionIds: [] },
      { token: guest.token },
    );
    expect(denied.status).toBe(403);
  });
});

describe('a stay style on a booking', () => {
  it('is stored with the booking and shown in its detail in the reader’s language', async () => {
    const g = await groupWithMenu();
    const guest = await guestWithCard(t);
    const res = await t.call(
      createGuestUseTentativeBooking,
      stayRequest(g.houseGroupId, g.today, 5, 2, { stayStyleId: g.styles[1] }),
      { token: guest.token },
    );
    expect(res.status).toBe(200);
    const detail = await t.call(getBooking, { bookingId: res.body.bookingId }, { token: guest.token, language: 'ja' });
    expect(detail.body.booking).toMatchObject({ stayStyleId: g.styles[1], stayStyleName: 'スタイル2' });
    const stored = await t.pool.query('SELECT stay_style_id FROM bookings WHERE id = $1', [res.body.bookingId]);
    expect(stored.rows[0].stay_style_id).toBe(g.styles[1]);
  });

  it('is null without one', async () => {
    const g = await groupWithMenu();
    const guest = await guestWithCard(t);
    const res = await t.call(createGuestUseTentativeBooking, stayRequest(g.houseGroupId, g.today, 5), {
      token: guest.token,
    });
    const detail = await t.call(getBooking, { bookingId: res.body.bookingId }, { token: guest.token });
    expect(detail.body.booking).toMatchObject({ stayStyleId: null, stayStyleName: null });
  });

  it('refuses a style the house group does not offer, holding nothing', async () => {
    const g = await groupWithMenu();
    const other = await groupWithMenu();
    const guest = await guestWithCard(t);
    const res = await t.call(
      createGuestUseTentativeBooking,
      stayRequest(g.houseGroupId, g.today, 5, 2, { stayStyleId: other.styles[0] }),
      { token: guest.token, language: 'ja' },
    );
    expect(res.status).toBe(400);
    expect(res.error.errorInfo.reason).toBe('CodeStayStyleNotOffered');
    expect(res.error.localizedMessage).toContain('ステイスタイル');
    const held = await t.pool.query('SELECT 1 FROM bookings WHERE house_group_id = $1', [g.houseGroupId]);
    expect(held.rowCount).toBe(0);
    const stays = await t.pool.query('SELECT 1 FROM stays WHERE house_group_id = $1', [g.houseGroupId]);
    expect(stays.rowCount).toBe(0);
  });
});
