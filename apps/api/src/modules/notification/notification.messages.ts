import type { Language } from '@yado/contract/headers';
import type { NotificationKind } from '@yado/contract/notification.contract';

/**
 * The words of every notification kind in both languages, built from the values stored with it.
 * The same text is the in-app list's, the mail's and the push's, so a user reads one message
 * wherever it reaches them. Texts are plain: the web page escapes them as any text, mail is
 * text/plain and a push shows its fields as text, so a value can never become markup.
 */

export type Params = Record<string, string | number>;
export type RenderedNotification = { title: string; body: string };

/** Values longer than this are cut: a chat preview or a name must not turn a notice into a letter. */
const MAX_VALUE_LENGTH = 120;

function value(params: Params, name: string): string {
  const v = params[name];
  if (v === undefined || v === null) return '';
  // Control characters (a line break in a name) would break a mail's header or a push's one line.
  const text = Array.from(String(v), (ch) => {
    const code = ch.charCodeAt(0);
    return code < 0x20 || code === 0x7f ? ' ' : ch;
  })
    .join('')
    .replace(/ {2,}/g, ' ')
    .trim();
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A civil date ('2026-12-01') as each language writes it; anything else is left as it is. */
export function civilDateText(iso: string, language: Language): string {
  const m = ISO_DATE.exec(iso);
  if (!m) return iso;
  const [, y, mo, d] = m;
  return language === 'ja'
    ? `${y}年${Number(mo)}月${Number(d)}日`
    : `${Number(d)} ${EN_MONTHS[Number(mo) - 1] ?? mo} ${y}`;
}

function dates(params: Params, language: Language, from = 'checkinDate', to = 'checkoutDate'): string {
  const a = value(params, from);
  const b = value(params, to);
  if (!a) return '';
  const sep = language === 'ja' ? '〜' : ' – ';
  return b ? `${civilDateText(a, language)}${sep}${civilDateText(b, language)}` : civilDateText(a, language);
}

/** " (No. B-123)" / "（予約番号 B-123）" when the value is there, else nothing. */
function numbered(params: Params, name: string, language: Language, en: string, ja: string): string {
  const v = value(params, name);
  if (!v) return '';
  return language === 'ja' ? `（${ja} ${v}）` : ` (${en} ${v})`;
}

type Texts = Record<Language, (p: Params) => RenderedNotification>;

const TEXTS: Record<NotificationKind, Texts> = {
  BOOKING_CONFIRMED: {
    en: (p) => ({
      title: 'Your booking is confirmed',
      body: `Your stay ${dates(p, 'en')}${numbered(p, 'bookingNumber', 'en', 'booking no.', '')} is booked. The details are on the booking page.`,
    }),
    ja: (p) => ({
      title: 'ご予約が確定しました',
      body: `${dates(p, 'ja')}のご滞在${numbered(p, 'bookingNumber', 'ja', '', '予約番号')}のご予約が確定しました。詳しくは予約ページをご覧ください。`,
    }),
  },
  PAYMENT_FAILED: {
    en: (p) => ({
      title: 'A payment did not go through',
      body: `The card payment for your booking${numbered(p, 'bookingNumber', 'en', 'no.', '')} was refused. Please pay with another card before the hold ends.`,
    }),
    ja: (p) => ({
      title: 'お支払いが完了しませんでした',
      body: `ご予約${numbered(p, 'bookingNumber', 'ja', '', '予約番号')}のカード決済ができませんでした。仮予約の期限までに別のカードでお支払いください。`,
    }),
  },
  KEY_READY: {
    en: (p) => ({
      title: 'Your key is ready',
      body: `The key to your stay ${dates(p, 'en')} is ready. It opens the door from check-in to check-out.`,
    }),
    ja: (p) => ({
      title: '鍵の準備ができました',
      body: `${dates(p, 'ja')}のご滞在の鍵をご用意しました。チェックインからチェックアウトまでご利用いただけます。`,
    }),
  },
  KEY_SHARED: {
    en: (p) => ({
      title: 'A key was shared with you',
      body: `${value(p, 'sharedByName') || 'A guest'} shared the key to the stay ${dates(p, 'en')} with you.`,
    }),
    ja: (p) => ({
      title: '鍵が共有されました',
      body: `${value(p, 'sharedByName') || '同行者'}様から${dates(p, 'ja')}のご滞在の鍵が共有されました。`,
    }),
  },
  CHAT_MESSAGE: {
    en: (p) => ({
      title: `New message${value(p, 'senderName') ? ` from ${value(p, 'senderName')}` : ''}`,
      body: value(p, 'preview') || 'You have a new message.',
    }),
    ja: (p) => ({
      title: `${value(p, 'senderName') ? `${value(p, 'senderName')}様から` : ''}新しいメッセージ`,
      body: value(p, 'preview') || '新しいメッセージが届きました。',
    }),
  },
  GIFT_RECEIVED: {
    en: (p) => ({
      title: 'Your gift was received',
      body: `The nights you gave${dates(p, 'en') ? ` (${dates(p, 'en')})` : ''} were accepted and are now booked in the recipient's name.`,
    }),
    ja: (p) => ({
      title: 'ギフトが受け取られました',
      body: `贈られた宿泊${dates(p, 'ja') ? `（${dates(p, 'ja')}）` : ''}が受け取られ、受け取った方のお名前でご予約されました。`,
    }),
  },
  STATEMENT_ISSUED: {
    en: (p) => ({
      title: 'A new owner statement',
      body: `Your statement for ${dates(p, 'en', 'periodFrom', 'periodTo')}${numbered(p, 'statementNumber', 'en', 'no.', '')} has been issued.`,
    }),
    ja: (p) => ({
      title: 'オーナー明細書を発行しました',
      body: `${dates(p, 'ja', 'periodFrom', 'periodTo')}の明細書${numbered(p, 'statementNumber', 'ja', '', '番号')}を発行しました。`,
    }),
  },
  LENDING_STATUS_CHANGED: {
    en: (p) => ({
      title: 'Your lending application was updated',
      body: value(p, 'status')
        ? `Its status is now ${value(p, 'status')}.`
        : 'Its status has changed. The details are in the owner area.',
    }),
    ja: (p) => ({
      title: '貸し出し申請の状況が変わりました',
      body: value(p, 'status')
        ? `現在の状況: ${value(p, 'status')}`
        : '申請の状況が変わりました。詳しくはオーナーページをご覧ください。',
    }),
  },
  WAITLIST_DATES_FREED: {
    en: (p) => ({
      title: 'Dates you waited for are free',
      body: `${value(p, 'houseGroupName') ? `${value(p, 'houseGroupName')}: ` : ''}${dates(p, 'en') || 'the dates you asked for'} can be booked now, first come first served.`,
    }),
    ja: (p) => ({
      title: 'キャンセル待ちの日程に空きが出ました',
      body: `${value(p, 'houseGroupName') ? `${value(p, 'houseGroupName')}の` : ''}${dates(p, 'ja') || 'ご希望の日程'}がご予約いただけるようになりました（先着順）。`,
    }),
  },
  QUESTIONNAIRE_AVAILABLE: {
    en: (p) => ({
      title: 'How was your stay?',
      body: `Please tell us about your stay ${dates(p, 'en')} in a short questionnaire.`,
    }),
    ja: (p) => ({
      title: 'ご滞在はいかがでしたか',
      body: `${dates(p, 'ja')}のご滞在について、アンケートへのご協力をお願いします。`,
    }),
  },
  VOUCHER_LOTTERY_DRAWN: {
    en: (p) =>
      value(p, 'result') === 'WON'
        ? {
            title: 'You won a voucher lottery',
            body: `Entry no. ${value(p, 'lotteryNumber')} won a stay voucher for ${value(p, 'houseGroupName')}. The voucher is in My vouchers.`,
          }
        : {
            title: 'Voucher lottery result',
            body: `Entry no. ${value(p, 'lotteryNumber')} for ${value(p, 'houseGroupName')} was not drawn this time.`,
          },
    ja: (p) =>
      value(p, 'result') === 'WON'
        ? {
            title: '宿泊券の抽選に当選しました',
            body: `抽選番号${value(p, 'lotteryNumber')}で${value(p, 'houseGroupName')}の宿泊券が当選しました。マイ宿泊券からご確認いただけます。`,
          }
        : {
            title: '宿泊券の抽選結果',
            body: `${value(p, 'houseGroupName')}の抽選番号${value(p, 'lotteryNumber')}は、今回は落選となりました。`,
          },
  },
  NAC_TRANSFER_SETTLED: {
    en: (p) => {
      const deposit = value(p, 'direction') === 'DEPOSIT';
      const amount = value(p, 'amount');
      if (value(p, 'status') === 'COMPLETED') {
        return deposit
          ? { title: 'NAC received', body: `${amount} NAC from the exchange is now in your wallet.` }
          : { title: 'NAC sent', body: `${amount} NAC was sent from your wallet to the exchange.` };
      }
      return {
        title: deposit ? 'A NAC deposit failed' : 'A NAC withdrawal failed',
        body: `The transfer of ${amount} NAC did not go through; your wallet shows the reason.`,
      };
    },
    ja: (p) => {
      const deposit = value(p, 'direction') === 'DEPOSIT';
      const amount = value(p, 'amount');
      if (value(p, 'status') === 'COMPLETED') {
        return deposit
          ? { title: 'NACを受け取りました', body: `取引所からの${amount} NACがウォレットに入金されました。` }
          : { title: 'NACを送金しました', body: `ウォレットから取引所へ${amount} NACを送金しました。` };
      }
      return {
        title: deposit ? 'NACの入金ができませんでした' : 'NACの出金ができませんでした',
        body: `${amount} NACの送金は完了しませんでした。理由はウォレットでご確認いただけます。`,
      };
    },
  },
  SPLIT_BILLING_REQUESTED: {
    en: (p) => ({
      title: 'A share of a bill to pay',
      body: `${value(p, 'bookerName') || 'A guest'} split bill no. ${value(p, 'billingNumber')} and asked you to pay ¥${yenText(p, 'amount', 'en')}. Pay it in Bills to pay on My page.`,
    }),
    ja: (p) => ({
      title: 'お支払いの依頼が届きました',
      body: `${value(p, 'bookerName') ? `${value(p, 'bookerName')}様` : 'ご同行の方'}から請求番号${value(p, 'billingNumber')}の分担分${yenText(p, 'amount', 'ja')}円のお支払い依頼が届きました。マイページの「支払いの依頼」からお支払いください。`,
    }),
  },
};

/** Whole yen with thousands separators; anything not a number is left as it is. */
function yenText(params: Params, name: string, language: Language): string {
  const v = value(params, name);
  const n = Number(v);
  return v !== '' && Number.isSafeInteger(n) ? n.toLocaleString(language === 'ja' ? 'ja-JP' : 'en-US') : v;
}

/** A notification's title and text in one language. */
export function renderNotification(kind: NotificationKind, params: Params, language: Language): RenderedNotification {
  const r = TEXTS[kind][language](params);
  // A missing optional value leaves a doubled space or a space before punctuation behind.
  return {
    title: r.title,
    body: r.body
      .replace(/\s{2,}/g, ' ')
      .replace(/\s+([.,。、])/g, '$1')
      .trim(),
  };
}

/** The mail of a notification: its text, the page it opens, and where the user can turn such mails off. */
export function notificationMail(
  kind: NotificationKind,
  params: Params,
  language: Language,
  links: { open: string | null; settings: string },
): { subject: string; body: string } {
  const r = renderNotification(kind, params, language);
  const lines =
    language === 'ja'
      ? [
          r.body,
          ...(links.open ? ['', '詳しくはこちら:', links.open] : []),
          '',
          '---',
          'このメールは yado からお送りしています。通知の設定はこちらで変更できます:',
          links.settings,
        ]
      : [
          r.body,
          ...(links.open ? ['', 'Open it here:', links.open] : []),
          '',
          '---',
          'This mail was sent by yado. You can change which notices you receive here:',
          links.settings,
        ];
  return { subject: language === 'ja' ? `【yado】${r.title}` : `[yado] ${r.title}`, body: lines.join('\n') };
}

/** A path of the web app in a language: Japanese pages live under /ja. */
export function localisedPath(path: string, language: Language): string {
  return language === 'ja' ? `/ja${path === '/' ? '' : path}` : path;
}
