import type { Language } from '@yado/contract/headers';

type InvitationMail = { ownerName: string; link: string; days: number };

/** The invitation mail, in the inviting owner's language. */
export const FAMILY_TEXTS: Record<
  Language,
  { invitationSubject: (ownerName: string) => string; invitationBody: (m: InvitationMail) => string }
> = {
  en: {
    invitationSubject: (ownerName) => `${ownerName} invites you to share their yado stays`,
    invitationBody: ({ ownerName, link, days }) =>
      [
        `${ownerName} owns a share of a yado house and invites you as a family member.`,
        'Once you accept, you can book stays on their nights.',
        '',
        `Open this link within ${days} days, sign in (or create an account) and accept:`,
        link,
        '',
        'If you do not know this person, you can ignore this email.',
      ].join('\n'),
  },
  ja: {
    invitationSubject: (ownerName) => `【yado】${ownerName}様からご家族としての招待が届いています`,
    invitationBody: ({ ownerName, link, days }) =>
      [
        `yadoのオーナーである${ownerName}様から、ご家族として招待されました。`,
        '招待を承認すると、オーナー様の宿泊枠でご予約いただけます。',
        '',
        `${days}日以内に次のリンクを開き、ログイン（またはアカウント作成）のうえ承認してください。`,
        link,
        '',
        'お心当たりのない場合は、このメールを破棄してください。',
      ].join('\n'),
  },
};
