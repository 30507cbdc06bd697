import type { Language } from '@yado/contract/headers';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { getTranslator, TranslationProvider } from '../../../lib/i18n';
import { OwnerSettingsForm } from './owner-settings-form.component';

const settings = {
  houseGroupId: 'hg-test',
  ownUseFee: 8000,
  mutualUseExtraChargePerDay: 6000,
  allowHighSubstitute: false,
  inOwnerNetwork: true,
  managementFeePerMonth: 120000,
  statementCycle: 'MONTHLY' as const,
};

function render(language: Language): string {
  const Part = () => <OwnerSettingsForm settings={settings} onSaved={() => {}} />;
  const TestRouter = createRoutesStub([{ path: '/:lang?/staff/house-groups/hg-test', Component: Part }]);
  return renderToStaticMarkup(
    <TranslationProvider translator={getTranslator(language)}>
      <TestRouter initialEntries={[`${language === 'ja' ? '/ja' : ''}/staff/house-groups/hg-test`]} />
    </TranslationProvider>,
  );
}

describe('OwnerSettingsForm', () => {
  it('shows the saved charges in yen and the two switches as they are', () => {
    const html = render('en');
    expect(html).toMatch(/id="owner-settings-ownUseFee"[^>]*value="8000"/);
    expect(html).toMatch(/id="owner-settings-mutualUseExtraChargePerDay"[^>]*value="6000"/);
    expect(html).not.toMatch(/id="owner-settings-allowHighSubstitute"[^>]*checked/);
    expect(html).toMatch(/id="owner-settings-inOwnerNetwork"[^>]*checked/);
  });

  it('explains each switch under it and says the charges are before tax, in both languages', () => {
    const en = render('en');
    expect(en).toMatch(/aria-describedby="owner-settings-allowHighSubstitute-help"/);
    expect(en).toContain('Yen before consumption tax');
    expect(en).toContain('a standard slot may pay for a HIGH night');
    const ja = render('ja');
    expect(ja).toContain('オーナー設定');
    expect(ja).toContain('税抜');
    expect(ja).toContain('相互利用');
  });
});
