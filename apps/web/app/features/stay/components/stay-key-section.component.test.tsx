import type { Language } from '@yado/contract/headers';
import type { Key } from '@yado/contract/stay.contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { getTranslator, TranslationProvider } from '../../../lib/i18n';
import { KeyCard } from './stay-key-section.component';

const at = (day: number, hours: number) => ({
  year: 2026,
  month: 12,
  day,
  hours,
  minutes: 0,
  seconds: 0,
  nanos: 0,
  utcOffset: '+00:00',
});

function key(o: Partial<Key> = {}): Key {
  return {
    keyId: 'key_1',
    stay: {
      bookingId: 'b1',
      bookingNumber: 'B1000001',
      houseGroupId: 'hg',
      houseGroupName: 'Kazahana Villa',
      houseName: 'House A',
      checkinDate: { year: 2026, month: 12, day: 1 },
      checkoutDate: { year: 2026, month: 12, day: 3 },
      timezone: 'Asia/Tokyo',
    },
    // 15:00 and 11:00 in Japan.
    validFrom: at(1, 6),
    validUntil: at(3, 2),
    status: 'VALID',
    unlockOperationType: 'SMARTHOME',
    holder: 'BOOKER',
    keyBoxCode: null,
    instructions: null,
    issuedAt: at(1, 0),
    ...o,
  };
}

function render(k: Key, language: Language = 'en'): string {
  const Part = () => <KeyCard stayKey={k} refresh={() => {}} />;
  const TestRouter = createRoutesStub([{ path: '/:lang?/mypage/bookings/b1', Component: Part }]);
  return renderToStaticMarkup(
    <TranslationProvider translator={getTranslator(language)}>
      <TestRouter initialEntries={[`${language === 'ja' ? '/ja' : ''}/mypage/bookings/b1`]} />
    </TranslationProvider>,
  );
}

describe('a key on the stay’s page', () => {
  it('writes its validity in the house group’s zone, check-in 15:00 to check-out 11:00', () => {
    const html = render(key());
    expect(html).toContain('Dec 1, 2026 15:00');
    expect(html).toContain('Dec 3, 2026 11:00');
    expect(html).toContain('Valid now');
    // A valid smart-lock key shows the door's controls.
    expect(html).toContain('data-testid="door-unlock"');
  });

  it('shows a MANUAL house’s key-box code when the API sends it, and says when it will otherwise', () => {
    expect(render(key({ unlockOperationType: 'MANUAL', keyBoxCode: '4821' }))).toContain(
      'data-testid="stay-key-box-code">4821<',
    );
    const early = render(key({ unlockOperationType: 'MANUAL', status: 'NOT_YET_VALID' }), 'ja');
    expect(early).toContain('暗証番号はチェックイン時刻からチェックアウトまでここに表示されます。');
    expect(early).not.toContain('stay-key-box-code');
  });

  it('shows a partner house’s instructions, and no door controls', () => {
    const html = render(key({ unlockOperationType: 'TEMAIRAZU_PARTNER', instructions: 'Hakuba Inn <desk>' }));
    expect(html).toContain('Hakuba Inn &lt;desk&gt;');
    expect(html).not.toContain('door-unlock');
  });

  it('offers no door to an expired or cancelled key, and no sharing to a companion', () => {
    expect(render(key({ status: 'EXPIRED' }))).toContain('This key expired at check-out.');
    expect(render(key({ status: 'CANCELLED' }))).not.toContain('door-unlock');
    const companion = render(key({ holder: 'SHARE' }));
    expect(companion).toContain('Shared with you');
    expect(companion).not.toContain('share-submit');
    expect(render(key())).toContain('share-submit');
  });
});
