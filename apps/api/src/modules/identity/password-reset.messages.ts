import type { Language } from '@yado/contract/headers';

/** The password reset email, in every language of the product. */
export const PASSWORD_RESET_TEXTS: Record<
  Language,
  { subject: string; body: (link: string, minutes: number) => string }
> = {
  en: {
    subject: 'Reset your yado password',
    body: (link, minutes) =>
      [
        'Someone, hopefully you, asked to reset the password of your yado account.',
        '',
        `Open this link within ${minutes} minutes to choose a new password:`,
        link,
        '',
        'The link works once. Setting a new password signs you out on every device.',
        'If you did not ask for this, you can ignore this email: your password stays as it is.',
      ].join('\n'),
  },
  ja: {
    subject: '【yado】パスワード再設定のご案内',
    body: (link, minutes) =>
      [
        'yadoアカウントのパスワード再設定のお申し込みを受け付けました。',
        '',
        `${minutes}分以内に次のリンクを開き、新しいパスワードを設定してください。`,
        link,
        '',
        'リンクは一度だけ使えます。新しいパスワードを設定すると、すべての端末でログアウトします。',
        'お心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。',
      ].join('\n'),
  },
};
