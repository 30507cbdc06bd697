import { addDays, todayIn } from '@yado/contract/civil-date';
import {
  confirmBooking,
  createGuestUseTentativeBooking,
  staffCheckinBooking,
  staffCheckoutBooking,
} from '@yado/contract/booking.contract';
import type { MethodInput } from '@yado/contract/method';
import type { staffCreateQuestionnaire } from '@yado/contract/questionnaire.contract';
import type { TestApi } from '../../test-support/test-api.js';
import { bookableHouseGroup, freshToken, guestWithCard, stayRequest } from '../booking/booking.test-factory.js';
import { signInStaff } from '../staff-catalogue/staff-catalogue.test-factory.js';

type Guest = Awaited<ReturnType<typeof guestWithCard>>;

const ok = async <T>(res: Promise<{ status: number; body: T }>): Promise<T> => {
  const r = await res;
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  return r.body;
};

/** A questionnaire as staff_create_questionnaire takes it: a required rating, a required choice, an optional text. */
export function questionnaireInput(
  overrides: Partial<MethodInput<typeof staffCreateQuestionnaire>> = {},
): MethodInput<typeof staffCreateQuestionnaire> {
  return {
    titleEn: 'How was your stay?',
    titleJa: 'ご滞在はいかがでしたか',
    descriptionEn: 'Tell us in two minutes.',
    descriptionJa: '2分ほどでお答えいただけます。',
    questions: [
      { type: 'RATING', required: true, textEn: 'Overall', textJa: '総合評価' },
      {
        type: 'SINGLE_CHOICE',
        required: true,
        textEn: 'Would you come back?',
        textJa: 'また利用したいですか',
        choices: [
          { labelEn: 'Yes', labelJa: 'はい' },
          { labelEn: 'No', labelJa: 'いいえ' },
        ],
      },
      { type: 'FREE_TEXT', required: false, textEn: 'Anything else?', textJa: 'その他ご意見' },
    ],
    ...overrides,
  };
}

/**
 * A guest's stay taken (at the given house group, else a new one) through its whole life: booked and paid for tomorrow, then (with the clock on
 * the check-in day) checked in and out by staff. The clock stays there; the guest's token is renewed.
 */
export async function checkedOutStay(t: TestApi, o: { guest?: Guest; houseGroupId?: string; today?: string } = {}) {
  const group = o.houseGroupId
    ? { houseGroupId: o.houseGroupId, today: o.today ?? todayIn('Asia/Tokyo', t.clock.now()) }
    : await bookableHouseGroup(t, { houses: 3 });
  const guest = o.guest ?? (await guestWithCard(t));
  const { bookingId } = await ok(
    t.call(createGuestUseTentativeBooking, stayRequest(group.houseGroupId, group.today, 1, 1), { token: guest.token }),
  );
  await ok(
    t.call(
      confirmBooking,
      { bookingId, paymentMethodId: guest.paymentMethodId, pointPaymentAmount: 0, returnPath: '/en/mypage' },
      { token: guest.token },
    ),
  );
  const checkin = addDays(group.today, 1);
  const at = new Date(`${checkin}T16:00:00+09:00`);
  if (t.clock.now() < at) t.clock.set(at);
  const staff = await signInStaff(t);
  await ok(t.call(staffCheckinBooking, { bookingId }, { token: staff.idToken }));
  await ok(t.call(staffCheckoutBooking, { bookingId }, { token: staff.idToken }));
  await freshToken(t, guest);
  return { guest, bookingId, houseGroupId: group.houseGroupId, staffToken: staff.idToken };
}
