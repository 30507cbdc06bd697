import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { MethodDef } from '@yado/contract/method';
import {
  createUser,
  getUser,
  isUserDeleteRequested,
  listNotificationSettings,
  requestDeleteUser,
  sendPhoneNumberVerificationCode,
  updateNotificationSettings,
  updateProfilePhoto,
  updateUser,
  verifyPhoneNumber,
} from '@yado/contract/user.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './support/call-api';
import { DEMO_GUEST, newContext, post, screenshotAtWidths, signIn } from './support/guest-steps';
import { fromNewestMessage } from './support/outbox';
import { launchBrowser, startTestServer } from './support/test-server';

/**
 * The account settings pages end to end, in Debian's Chromium against the real
 * server on a fresh database, as a newly registered guest: the profile is
 * edited (and an address another account holds is refused), a 3000×2000 PNG
 * becomes a 1024 px JPEG, the phone is verified with the SMS code from the
 * development outbox, push notifications are switched off and deletion of
 * the account is requested.
 *
 * With YADO_SCREENSHOTS=<folder> it saves every settings page at 375 px and
 * 1280 px, in English and Japanese.
 */
let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let tmp: string;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  tmp = await mkdtemp(path.join(os.tmpdir(), 'yado-settings-'));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

// ---------------------------------------------------------------- pictures

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A truecolour PNG with a diagonal gradient, written by hand so the test needs no image library. */
function gradientPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  const row = 1 + width * 3;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) {
    raw[y * row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const i = y * row + 1 + x * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = 128;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Width and height from a JPEG's start-of-frame segment; throws for anything that is not a JPEG. */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new Error('not a JPEG');
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) throw new Error(`no marker at ${at}`);
    const marker = bytes[at + 1]!;
    const length = bytes.readUInt16BE(at + 2);
    // SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  throw new Error('no frame header');
}

// ---------------------------------------------------------------- helpers

type Account = { email: string; password: string };

/** A new password account with its user registered through the API (no phone, email not verified). */
async function registeredGuest(): Promise<Account & { token: string }> {
  const account = { email: `settings-${Date.now()}@example.com`, password: 'correct horse battery' };
  const { idToken } = await post<{ idToken: string }>(`${server.baseUrl}/identity/v1/sign_up`, account);
  await callApi(
    server.baseUrl,
    createUser,
    {
      firstName: '太郎',
      lastName: '山田',
      romanizedFirstName: 'Taro',
      romanizedLastName: 'Yamada',
      nationalityCountryCode: 'JP',
    },
    idToken,
  );
  return { ...account, token: idToken };
}

/** The page's own request to a method, once answered. */
const answered = (page: Page, def: MethodDef) =>
  page.waitForResponse((r) => r.url().endsWith(`/app/v1/${def.path}`) && r.request().method() === 'POST');

async function open(page: Page, pathname: string): Promise<void> {
  await page.goto(`${server.baseUrl}${pathname}`, { waitUntil: 'networkidle' });
}

const SETTINGS_PAGES = ['', '/profile', '/verification', '/notifications', '/delete-account'] as const;

async function screenshotEveryPage(page: Page, language: 'en' | 'ja', suffix = ''): Promise<void> {
  if (!process.env['YADO_SCREENSHOTS']) return;
  const prefix = language === 'ja' ? '/ja' : '';
  for (const sub of SETTINGS_PAGES) {
    await open(page, `${prefix}/mypage/settings${sub}`);
    await screenshotAtWidths(page, `settings${sub.replace('/', '-') || '-menu'}-${language}${suffix}`);
  }
}

// ---------------------------------------------------------------- the test

describe('account settings in the browser', () => {
  let context: BrowserContext;
  let page: Page;
  let guest: Account & { token: string };

  beforeAll(async () => {
    guest = await registeredGuest();
    context = await newContext(browser, 'en', 1280);
    page = await context.newPage();
    await signIn(page, server.baseUrl, guest);
  });

  afterAll(async () => {
    await context?.close();
  });

  it('reaches every settings page from /mypage, in both languages', async () => {
    await screenshotAtWidths(page, 'settings-mypage-en');
    await page.getByTestId('mypage-settings').click();
    await page.waitForURL(`${server.baseUrl}/mypage/settings`);
    await page.getByRole('heading', { level: 1, name: 'Account settings' }).waitFor();
    for (const [testId, heading] of [
      ['settings-profile-link', 'Profile and photo'],
      ['settings-verification-link', 'Email and phone verification'],
      ['settings-notifications-link', 'Notifications'],
      ['settings-delete-link', 'Delete account'],
    ] as const) {
      await open(page, '/mypage/settings');
      await page.getByTestId(testId).click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    }
    await open(page, '/ja/mypage/settings');
    await page.getByRole('heading', { level: 1, name: 'アカウント設定' }).waitFor();
    await screenshotEveryPage(page, 'en');
    await screenshotEveryPage(page, 'ja');
  });

  it('edits the profile, and refuses an email address another account holds', async () => {
    await open(page, '/mypage/settings/profile');
    await page.getByLabel('First name', { exact: true }).fill('次郎');
    await page.getByLabel('First name (Latin letters)').fill('Jiro');
    await page.getByLabel('Phone number').fill('090-1234-5678');
    await page.getByLabel('City').fill('Karuizawa');
    await page.getByLabel('Email address').fill(DEMO_GUEST.email);
    const refused = answered(page, updateUser);
    await page.getByTestId('profile-save').click();
    expect((await refused).status()).toBe(409);
    const emailField = page.locator('#profile-emailAddress');
    // The refusal reaches the form after the answer: wait for the field to be marked, not read it once.
    await page.locator('#profile-emailAddress[aria-invalid="true"]').waitFor();
    await expect(page.locator('.field--invalid .field__error').first().textContent()).resolves.toContain(
      'belongs to another account',
    );
    // Nothing was stored by the refused request.
    expect((await callApi(server.baseUrl, getUser, {}, guest.token)).firstName).toBe('太郎');

    await emailField.fill(guest.email);
    const saved = answered(page, updateUser);
    await page.getByTestId('profile-save').click();
    expect((await saved).status()).toBe(200);
    await page.getByRole('link', { name: 'Verify now' }).waitFor();

    const user = await callApi(server.baseUrl, getUser, {}, guest.token);
    expect(user).toMatchObject({
      firstName: '次郎',
      romanizedFirstName: 'Jiro',
      emailAddress: guest.email,
      phoneNumber: { countryCode: 81, nationalNumber: '9012345678' },
      phoneNumberVerified: false,
      postalAddress: { city: 'Karuizawa' },
    });
    // The page shows what is stored after a reload.
    await open(page, '/mypage/settings/profile');
    await expect(page.getByLabel('City').inputValue()).resolves.toBe('Karuizawa');
  });

  it('scales a 3000×2000 PNG to a 1024 px JPEG in the browser and stores it', async () => {
    const file = path.join(tmp, 'large.png');
    await writeFile(file, gradientPng(3000, 2000));
    await open(page, '/mypage/settings/profile');
    const uploaded = answered(page, updateProfilePhoto);
    await page.getByTestId('profile-photo-input').setInputFiles(file);
    const response = await uploaded;
    expect(response.status()).toBe(200);
    // What the browser sent: base64 of a JPEG, without a data-URL prefix.
    const sent = JSON.parse(response.request().postData() ?? '{}') as { photo: string };
    expect(sent.photo.startsWith('data:')).toBe(false);
    expect(jpegSize(Buffer.from(sent.photo, 'base64'))).toEqual({ width: 1024, height: 683 });

    const img = page.getByTestId('profile-photo');
    await img.waitFor();
    const src = await img.getAttribute('src');
    const { profilePhotoUrl } = await callApi(server.baseUrl, getUser, {}, guest.token);
    expect(src).toBe(profilePhotoUrl);
    const stored = await fetch(`${server.baseUrl}${profilePhotoUrl}`);
    expect(stored.headers.get('content-type')).toBe('image/jpeg');
    expect(jpegSize(Buffer.from(await stored.arrayBuffer()))).toEqual({ width: 1024, height: 683 });
  });

  it('verifies the phone number with the code sent by SMS', async () => {
    await open(page, '/mypage/settings/verification');
    const phone = page.getByTestId('verify-phone');
    await expect(phone.getByTestId('verify-phone-contact').textContent()).resolves.toBe('+81 9012345678');
    const sent = answered(page, sendPhoneNumberVerificationCode);
    await phone.getByTestId('verify-phone-send').click();
    expect((await sent).status()).toBe(200);
    const code = (await fromNewestMessage(server.baseUrl, '+819012345678', /\b(\d{6})\b/))[1]!;
    await phone.getByTestId('verify-phone-code').fill(code);
    const verified = answered(page, verifyPhoneNumber);
    await phone.getByTestId('verify-phone-submit').click();
    expect((await verified).status()).toBe(200);
    await phone.getByText('Verified', { exact: true }).waitFor();
    expect((await callApi(server.baseUrl, getUser, {}, guest.token)).phoneNumberVerified).toBe(true);
  });

  it('switches push notifications off', async () => {
    await open(page, '/mypage/settings/notifications');
    const push = page.getByTestId('channel-push');
    await expect(push.isChecked()).resolves.toBe(true);
    const saved = answered(page, updateNotificationSettings);
    await push.click();
    expect((await saved).status()).toBe(200);
    const settings = await callApi(server.baseUrl, listNotificationSettings, {}, guest.token);
    const byChannel = Object.fromEntries(settings.channels.map((c) => [c.channelType, c.items]));
    expect(byChannel['PUSH']!.every((item) => !item.enabled)).toBe(true);
    // Email is left as it was.
    expect(byChannel['EMAIL']!.find((item) => item.itemType === 'BOOKING')!.enabled).toBe(true);
    await open(page, '/mypage/settings/notifications');
    await expect(page.getByTestId('channel-push').isChecked()).resolves.toBe(false);
    await expect(page.getByTestId('channel-email').isChecked()).resolves.toBe(true);
  });

  it('requests deletion after a confirmation and then shows when it takes effect', async () => {
    await open(page, '/mypage/settings/delete-account');
    await page.getByLabel('Why are you leaving?').fill('Moving abroad');
    await page.getByTestId('delete-account').click();
    const dialog = page.getByTestId('delete-dialog');
    await dialog.waitFor();
    // Keeping the account closes the dialog and requests nothing.
    await dialog.getByRole('button', { name: 'Keep my account' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await callApi(server.baseUrl, isUserDeleteRequested, {}, guest.token)).requested).toBe(false);

    await page.getByTestId('delete-account').click();
    const requested = answered(page, requestDeleteUser);
    await page.getByTestId('confirm-delete').click();
    expect((await requested).status()).toBe(200);
    await page.getByTestId('deletion-requested').waitFor();
    const state = await callApi(server.baseUrl, isUserDeleteRequested, {}, guest.token);
    expect(state.requested).toBe(true);
    await expect(page.getByTestId('deletion-date').textContent()).resolves.toContain(
      String(state.deletionScheduledAt!.year),
    );

    // A later visit shows the same state, and the menu marks it.
    await open(page, '/mypage/settings/delete-account');
    await page.getByTestId('deletion-requested').waitFor();
    await open(page, '/mypage/settings');
    await page.getByTestId('settings-delete-link').getByText('Deletion requested').waitFor();
    await screenshotEveryPage(page, 'en', '-after');
    await screenshotEveryPage(page, 'ja', '-after');
  });
});
