import type { FamilyInvitation } from '@yado/contract/family.contract';
import type { Language } from '@yado/contract/headers';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { getTranslator, TranslationProvider } from '../../../lib/i18n';
import { FamilyInvitationPage, type FamilyInvitationPageData } from './family-invitation-page.component';

const when = { year: 2026, month: 12, day: 10, hours: 9, minutes: 0, seconds: 0, nanos: 0 };

function invitation(overrides: Partial<FamilyInvitation> = {}): FamilyInvitationPageData {
  return {
    state: 'invitation',
    token: 't0ken',
    here: '/family/invitation/t0ken',
    invitation: {
      ownerName: 'Kenji Tanaka',
      emailAddress: 'misaki@example.com',
      status: 'PENDING',
      expiresAt: when,
      acceptedAt: null,
      acceptedByMe: false,
      isOwnInvitation: false,
      ...overrides,
    },
  };
}

function render(data: FamilyInvitationPageData, language: Language = 'en'): string {
  const prefix = language === 'ja' ? '/ja' : '';
  const TestRouter = createRoutesStub([
    { path: '/:lang?/family/invitation/:token', Component: () => <FamilyInvitationPage data={data} /> },
  ]);
  return renderToStaticMarkup(
    <TranslationProvider translator={getTranslator(language)}>
      <TestRouter initialEntries={[`${prefix}/family/invitation/t0ken`]} />
    </TranslationProvider>,
  );
}

const heading = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

describe('FamilyInvitationPage', () => {
  it('asks a signed-out visitor to log in, with the way back to this page', () => {
    const html = render(
      { state: 'signed-out', loginUrl: '/ja/login?redirectUrl=%2Fja%2Ffamily%2Finvitation%2Ft0ken' },
      'ja',
    );
    expect(heading(html)).toBe('オーナー様の宿泊枠のシェアに招待されています');
    expect(html).toContain('href="/ja/login?redirectUrl=%2Fja%2Ffamily%2Finvitation%2Ft0ken"');
  });

  it('shows a pending invitation with who invites, where it went, until when, and the Accept button', () => {
    const html = render(invitation());
    expect(heading(html)).toBe('Kenji Tanaka invites you to family sharing');
    expect(html).toContain('misaki@example.com');
    expect(html).toContain('Dec 10, 2026');
    expect(html).toContain('data-testid="family-invitation-accept"');
  });

  it('answers the owner’s own, an accepted and a taken invitation without an Accept button', () => {
    const own = render(invitation({ isOwnInvitation: true }), 'ja');
    expect(heading(own)).toBe('ご自身が送った招待です');
    expect(own).toContain('href="/ja/owner/family"');

    const mine = render(invitation({ status: 'ACCEPTED', acceptedByMe: true, acceptedAt: when }));
    expect(heading(mine)).toBe('You are now part of Kenji Tanaka&#x27;s family sharing');
    expect(mine).toContain('Accepted on Dec 10, 2026');

    const taken = render(invitation({ status: 'ACCEPTED', acceptedAt: when }));
    expect(heading(taken)).toBe('This invitation has already been accepted');
    for (const html of [own, mine, taken]) expect(html).not.toContain('data-testid="family-invitation-accept"');
  });

  it('says when a link is unknown or expired, in both languages', () => {
    expect(heading(render({ state: 'not-found' }))).toBe('This invitation is not available');
    expect(heading(render({ state: 'expired' }, 'ja'))).toBe('この招待は有効期限が切れています');
  });
});
