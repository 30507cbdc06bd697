import type { BookingDetail } from '@yado/contract/booking.contract';
import type { Language } from '@yado/contract/headers';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { getTranslator, TranslationProvider } from '../../../lib/i18n';
import { isOwnerStay, OwnerStayPanel } from './owner-stay-panel.component';

function render(part: ReactNode, language: Language = 'en'): string {
  const TestRouter = createRoutesStub([{ path: '/:lang?/mypage/bookings/b1', Component: () => part }]);
  return renderToStaticMarkup(
    <TranslationProvider translator={getTranslator(language)}>
      <TestRouter initialEntries={[`${language === 'ja' ? '/ja' : ''}/mypage/bookings/b1`]} />
    </TranslationProvider>,
  );
}

const ownUse = (debtOption: 'DEFAULT' | 'NO_DEBT', canUpdateDebtOption: boolean) => ({
  consumption: {
    houseGroup: { id: 'hg1', name: 'Yukimi Chalet' },
    house: { id: 'h1', name: 'House A' },
    slotStandard: 0,
    slotHigh: 1,
    slotHighSubstitute: 1,
  },
  totalOwnUseFee: 5_500,
  debtOptionUi: {
    debtOption,
    canUpdateDebtOption,
    targets: ['TARGET_OWN_USE_FEE', 'TARGET_CANCELLATION_FEE'],
  },
});

function booking(parts: Partial<Record<keyof BookingDetail, unknown>>): BookingDetail {
  return {
    bookingId: 'b1',
    bookingType: 'OWN_USE',
    bookingStatus: 'BOOKED',
    houseGroup: { name: 'Yukimi Chalet', timezone: 'Asia/Tokyo' },
    user: { firstName: 'Ichiro', lastName: 'Suzuki' },
    isBookedByFamilySharedUser: false,
    ownUse: ownUse('DEFAULT', true),
    mutualUse: null,
    tentative: null,
    actions: { canConfirm: false },
    underFreeCancellationPeriod: true,
    freeCancellationLimitDate: { year: 2027, month: 3, day: 29 },
    ...parts,
  } as unknown as BookingDetail;
}

const noop = () => {};

describe('an owner stay on its booking page', () => {
  it('shows the slots by tier, the fee and the debt option that may still change', () => {
    const html = render(<OwnerStayPanel booking={booking({})} refresh={noop} />);
    expect(html).toContain('Own use');
    expect(html).toMatch(/data-testid="owner-stay-high"[^>]*>1</);
    expect(html).toMatch(/data-testid="owner-stay-high-substitute"[^>]*>1</);
    expect(html).toContain('¥5,500');
    expect(html).toContain('Applies to: own-use fee, cancellation fee.');
    expect(html).not.toMatch(/<fieldset[^>]*disabled/);
    expect(html).toMatch(/<input[^>]*value="DEFAULT"[^>]*checked=""|<input[^>]*checked=""[^>]*value="DEFAULT"/);
    expect(html).toContain('Cancel free of charge until Mar 29, 2027: your slots come back.');
  });

  it('locks the debt option once it cannot change, and says who of the family booked', () => {
    const html = render(
      <OwnerStayPanel
        booking={booking({ ownUse: ownUse('NO_DEBT', false), isBookedByFamilySharedUser: true })}
        refresh={noop}
      />,
      'ja',
    );
    expect(html).toMatch(/<fieldset[^>]*disabled/);
    expect(html).toMatch(/<input[^>]*checked=""[^>]*value="NO_DEBT"|<input[^>]*value="NO_DEBT"[^>]*checked=""/);
    expect(html).toContain('この設定はもう変更できません。');
    expect(html).toContain('ご家族のSuzuki Ichiro様');
  });

  it('is only for own and mutual use', () => {
    expect(isOwnerStay(booking({}))).toBe(true);
    expect(isOwnerStay(booking({ bookingType: 'GUEST_USE', ownUse: null }))).toBe(false);
    expect(render(<OwnerStayPanel booking={booking({ ownUse: null })} refresh={noop} />)).not.toContain('owner-stay');
  });
});
