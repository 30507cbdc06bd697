import type { Language } from '@yado/contract/headers';

/** The texts of verification messages, in every language of the product. */
export const VERIFICATION_TEXTS: Record<
  Language,
  {
    emailSubject: string;
    emailBody: (code: string, minutes: number) => string;
    sms: (code: string, minutes: number) => string;
  }
> = {
  en: {
    emailSubject: 'Your yado verification code',
    emailBody: (code, minutes) =>
      [
        `Your yado verification code is ${code}.`,
        '',
        `Enter it within ${minutes} minutes to confirm your email address.`,
        'If you did not ask for this code, you can ignore this email.',
      ].join('\n'),
    sms: (code, minutes) => `yado: your verification code is ${code}. It is valid for ${minutes} minutes.`,
  },
  ja: {
    emailSubject: '【yado】認証コードのお知らせ',
    emailBody: (code, minutes) =>
      [
        `yadoの認証コードは ${code} です。`,
        '',
        `${minutes}分以内に入力して、メールアドレスの確認を完了してください。`,
        'お心当たりのない場合は、このメールを破棄してください。',
      ].join('\n'),
    sms: (code, minutes) => `yado: 認証コードは ${code} です。有効期限は${minutes}分です。`,
  },
};
