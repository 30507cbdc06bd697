import type { Language } from '@yado/contract/headers';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { getTranslator, TranslationProvider } from '../../../lib/i18n';
import { useHouseGroupFields } from '../hooks/use-house-group-fields.hook';
import { HouseGroupBasics, HouseGroupLocation } from './house-group-form-sections.component';
import { HouseGroupForm } from './house-group-form.component';
import { HouseGroupPolicies } from './house-group-policies.component';

function render(part: () => ReactNode, language: Language = 'en'): string {
  const TestRouter = createRoutesStub([{ path: '/:lang?/staff/house-groups/new', Component: part }]);
  return renderToStaticMarkup(
    <TranslationProvider translator={getTranslator(language)}>
      <TestRouter initialEntries={[`${language === 'ja' ? '/ja' : ''}/staff/house-groups/new`]} />
    </TranslationProvider>,
  );
}

const places = [
  { id: 'pl-hakone', name: 'Hakone' },
  { id: 'pl-nikko', name: 'Nikko' },
];
const stayStyles = [{ id: 'st-dogs', name: 'With dogs' }];

/** A section as the form renders it, with the form's own fields of a new house group. */
function Section({ of }: { of: 'basics' | 'policies' | 'location' }) {
  const f = useHouseGroupFields(null, 'pl-nikko');
  if (of === 'basics') return <HouseGroupBasics f={f} isNew places={places} stayStyles={stayStyles} />;
  if (of === 'policies') return <HouseGroupPolicies f={f} />;
  return <HouseGroupLocation f={f} />;
}

describe('HouseGroupForm', () => {
  it('puts its seven sections in order and offers Create for a new house group', () => {
    const html = render(() => <HouseGroupForm houseGroup={null} places={places} stayStyles={stayStyles} />);
    const legends = [...html.matchAll(/<legend class="fieldset__legend">([^<]*)<\/legend>/g)].map((m) => m[1]);
    expect(legends).toEqual([
      'Basics',
      'Guests, rooms and pets',
      'Prices',
      'Times, charges and cancellation',
      'Address and location',
      'Concept',
      'Operation and booking',
    ]);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>.*Create/);
  });

  it('asks a new house group for its id and starts on the first place given', () => {
    const html = render(() => <Section of="basics" />);
    expect(html).toContain('id="hg-id"');
    expect(html).toMatch(/<option value="pl-nikko" selected="">Nikko<\/option>/);
    expect(html).toContain('id="hg-style-st-dogs"');
  });

  it('shows the default cancellation tiers as rows, the check-in time and no tax bands yet', () => {
    const html = render(() => <Section of="policies" />);
    expect(html).toMatch(/id="hg-checkinTime"[^>]*value="15:00"/);
    expect(html).toContain('id="hg-tier-0-days"');
    expect(html).not.toContain('id="hg-band-0-min"');
    expect(html).toContain('Add a fee step');
  });

  it('names the address fields by their dotted keys and keeps the country code to two letters', () => {
    const html = render(() => <Section of="location" />);
    expect(html).toContain('id="hg-addressEn-city"');
    expect(html).toMatch(/id="hg-countryCode"[^>]*maxLength="2"|maxLength="2"[^>]*id="hg-countryCode"/);
    expect(html).toMatch(/id="hg-timezone"[^>]*value="Asia\/Tokyo"/);
  });
});
