import { NotificationKind } from '@yado/contract/notification.contract';
import { describe, expect, it } from 'vitest';
import { civilDateText, localisedPath, notificationMail, renderNotification } from './notification.messages.js';

const FULL = {
  bookingNumber: 'B1000001',
  checkinDate: '2026-12-24',
  checkoutDate: '2026-12-26',
  periodFrom: '2026-10-01',
  periodTo: '2026-10-31',
  statementNumber: 'M202610-000001',
  senderName: 'Front desk',
  preview: 'Welcome',
  sharedByName: 'Hanako',
  houseGroupName: 'Snow Chalet',
  status: 'APPROVED',
};

describe('notification texts', () => {
  it('write every kind in both languages, with its values or without any, never leaving a placeholder', () => {
    for (const kind of NotificationKind.options) {
      for (const language of ['en', 'ja'] as const) {
        for (const params of [FULL, {}]) {
          const r = renderNotification(kind, params, language);
          expect(r.title.length, `${kind} ${language}`).toBeGreaterThan(0);
          expect(r.body.length, `${kind} ${language}`).toBeGreaterThan(0);
          expect(`${r.title} ${r.body}`).not.toMatch(/undefined|null|\{\{|\s{2}|\s[.,。、]/);
          if (language === 'ja') expect(r.title).toMatch(/[ぁ-んァ-ン一-龯]/);
        }
      }
    }
  });

  it('writes dates as each language does', () => {
    expect(civilDateText('2026-12-01', 'en')).toBe('1 Dec 2026');
    expect(civilDateText('2026-12-01', 'ja')).toBe('2026年12月1日');
    expect(civilDateText('not a date', 'en')).toBe('not a date');
  });

  it('mails the text with the page it opens and the settings page, in the language’s paths', () => {
    const ja = notificationMail('BOOKING_CONFIRMED', FULL, 'ja', {
      open: `https://yado.example${localisedPath('/mypage/bookings/b1', 'ja')}`,
      settings: 'https://yado.example/ja/mypage/settings/notifications',
    });
    expect(ja.subject).toBe('【yado】ご予約が確定しました');
    expect(ja.body).toContain('https://yado.example/ja/mypage/bookings/b1');
    expect(ja.body).toContain('https://yado.example/ja/mypage/settings/notifications');
    const en = notificationMail('CHAT_MESSAGE', { senderName: 'A\r\nBcc: x@evil.example' }, 'en', {
      open: null,
      settings: 'https://yado.example/mypage/settings/notifications',
    });
    // A line break in a value cannot start a new header line of the mail.
    expect(en.subject).toBe('[yado] New message from A Bcc: x@evil.example');
    expect(en.body).not.toContain('Open it here');
  });
});
