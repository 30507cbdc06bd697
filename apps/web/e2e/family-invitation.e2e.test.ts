import {
  getFamilyInvitation,
  inviteFamilyMember,
  listFamilyMembers,
  listFamilySharing,
} from '@yado/contract/family.contract';
import { createUser } from '@yado/contract/user.contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './support/call-api';
import { newContext, post, screenshotAtWidths, signInByApi, type Language } from './support/guest-steps';
import { fromNewestMessage } from './support/outbox';
import { launchBrowser, startTestServer } from './support/test-server';

/**
 * The demo owner invites a new person by email; the person opens the mail's link signed out, is
 * asked to log in, comes back to the invitation, sees who invites and accepts; the owner's list
 * then shows them as ACCEPTED and they share the owner's house groups. With YADO_SCREENSHOTS=<folder>
 * each state is saved at 375 and 1280 px in both languages.
 */
const DEMO_OWNER = { email: 'owner@yado.example', password: 'yado-owner-share-2026' };
const OWNER_NAME = { en: 'Kenji Tanaka', ja: '田中 健二' } as const;
const TEXTS = {
  en: {
    loginPrompt: 'Log in to continue',
    email: 'Email address',
    password: 'Password',
    submit: 'Log in',
    heading: `${OWNER_NAME.en} invites you to family sharing`,
    accept: 'Accept invitation',
    accepted: `You are now part of ${OWNER_NAME.en}'s family sharing`,
    notFound: 'This invitation is not available',
  },
  ja: {
    loginPrompt: 'ログインして続ける',
    email: 'メールアドレス',
    password: 'パスワード',
    submit: 'ログイン',
    heading: `${OWNER_NAME.ja}様からファミリーシェアの招待が届いています`,
    accept: '招待を承認する',
    accepted: `${OWNER_NAME.ja}様のファミリーシェアに参加しました`,
    notFound: 'この招待はご利用いただけません',
  },
} as const;

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let ownerToken: string;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  ownerToken = (await signInByApi(server.baseUrl, DEMO_OWNER)).idToken;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const inJapanese = (token: string) => ({ authorization: `Bearer ${token}`, 'accept-language': 'ja' });

/** A new password account with its user registered, as the invited relative would have. */
async function relative(language: Language) {
  const account = { email: `relative-${language}-${Date.now()}@example.com`, password: 'correct horse battery' };
  const { idToken } = await post<{ idToken: string }>(`${server.baseUrl}/identity/v1/sign_up`, account);
  await callApi(
    server.baseUrl,
    createUser,
    {
      firstName: '美咲',
      lastName: '田中',
      romanizedFirstName: 'Misaki',
      romanizedLastName: 'Tanaka',
      nationalityCountryCode: 'JP',
    },
    idToken,
  );
  return { ...account, token: idToken };
}

describe.each(['en', 'ja'] as Language[])('accepting a family invitation (%s)', (language) => {
  const texts = TEXTS[language];

  it('opens the mailed link, logs in, sees who invites and accepts', async () => {
    const person = await relative(language);
    const invited = `family-${language}-${Date.now()}@example.com`;
    await callApi(
      server.baseUrl,
      inviteFamilyMember,
      { emailAddress: invited, relationship: 'CHILD' },
      { authorization: `Bearer ${ownerToken}`, 'accept-language': language },
    );
    // The mail goes to the invited address in the owner's language; the person accepts with their own account.
    const [, link] = await fromNewestMessage(
      server.baseUrl,
      invited,
      /https?:\/\/[^/\s]+(\/\S*family\/invitation\/\S+)/,
    );
    expect(link!.startsWith(language === 'ja' ? '/ja/family/invitation/' : '/family/invitation/')).toBe(true);

    const context = await newContext(browser, language, 375);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}${link}`, { waitUntil: 'networkidle' });
    const login = page.getByRole('link', { name: texts.loginPrompt });
    await login.waitFor();
    await screenshotAtWidths(page, `family-invitation-signed-out-${language}`);

    await login.click();
    await page.waitForURL((url) => url.pathname.endsWith('/login') && url.searchParams.get('redirectUrl') === link);
    await page.getByLabel(texts.email).fill(person.email);
    await page.getByLabel(texts.password).fill(person.password);
    await page.getByRole('button', { name: texts.submit, exact: true }).click();
    await page.waitForURL(`${server.baseUrl}${link}`);
    await page.getByRole('heading', { name: texts.heading }).waitFor();
    expect(await page.getByTestId('family-invitation').innerText()).toContain(invited);
    await screenshotAtWidths(page, `family-invitation-pending-${language}`);

    await page.getByRole('button', { name: texts.accept }).click();
    await page.getByTestId('family-invitation-accepted').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(texts.accepted);
    await screenshotAtWidths(page, `family-invitation-accepted-${language}`);

    // The answer was stored: the reloaded page, the owner's list and the member's sharing agree.
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByTestId('family-invitation-accepted').waitFor();
    const token = decodeURIComponent(link!.split('/').pop()!);
    const seen = await callApi(server.baseUrl, getFamilyInvitation, { token }, person.token);
    expect(seen.invitation).toMatchObject({ status: 'ACCEPTED', acceptedByMe: true });
    const { members } = await callApi(server.baseUrl, listFamilyMembers, {}, inJapanese(ownerToken));
    expect(members.find((m) => m.emailAddress === invited)).toMatchObject({
      status: 'ACCEPTED',
      relationship: 'CHILD',
      memberName: '田中 美咲',
    });
    const { sharings } = await callApi(server.baseUrl, listFamilySharing, {}, inJapanese(person.token));
    expect(sharings.map((s) => s.ownerName)).toContain('田中 健二');
    expect(sharings.find((s) => s.ownerName === '田中 健二')!.shares.length).toBeGreaterThan(0);

    // A link that matches no invitation says so, in place of the 404 page.
    await page.goto(`${server.baseUrl}${language === 'ja' ? '/ja' : ''}/family/invitation/not-a-real-token`, {
      waitUntil: 'networkidle',
    });
    await page.getByRole('heading', { name: texts.notFound }).waitFor();
    await screenshotAtWidths(page, `family-invitation-not-found-${language}`);
    await context.close();
  });
});
