import type { Context, Hono } from 'hono';
import { fixedPagePolicy } from '../../platform/http/content-security-policy.js';
import { isStorableText } from '../../platform/http/storable-text.js';
import type { ExchangeTransfer } from './exchange.adapter.js';
import { EXCHANGE_PAGES_PREFIX, type TestExchange } from './test-exchange.adapter.js';
import { NAC_UNIT, parseNacAmount } from './nac-amount.rules.js';
import { STARTING_BALANCE_NAC, TRANSFER_LIMIT_NAC } from './test-exchange.rules.js';

// The test-mode exchange's own account page: plain HTML served by the exchange, not the product's web
// app. In real life it lives on the exchange's site; the product only links to it.

type Lang = 'en' | 'ja';

const TEXT = {
  en: {
    title: 'Your NAC account',
    testMode: `TEST MODE: no real NAC moves. Every new account starts with ${STARTING_BALANCE_NAC} test NAC.`,
    balance: 'NAC held at the exchange',
    rate: 'NAC/JPY rate',
    at: 'published',
    send: 'Send NAC to yado',
    amount: 'Amount (NAC)',
    sendButton: 'Send',
    limit: `At most ${TRANSFER_LIMIT_NAC.toString()} NAC per transfer; a larger one is refused. Transfers take a few seconds.`,
    history: 'Transfers with yado',
    none: 'No transfers yet.',
    back: 'Back to yado',
    cancel: 'Cancel and return to yado',
    notFound: 'This link has expired or does not exist. Open the exchange again from yado.',
    badAmount: 'Enter an amount greater than zero with at most 8 decimal places.',
    sent: 'Transfer started. It settles in a few seconds.',
    direction: { DEPOSIT: 'To yado', WITHDRAWAL: 'From yado' },
    status: { PENDING: 'In progress', COMPLETED: 'Completed', FAILED: 'Failed' },
  },
  ja: {
    title: 'NACアカウント',
    testMode: `テストモード：実際のNACは移動しません。新しいアカウントには${STARTING_BALANCE_NAC}テストNACが入っています。`,
    balance: '取引所のNAC残高',
    rate: 'NAC/JPYレート',
    at: '配信時刻',
    send: 'yadoへNACを送る',
    amount: '数量（NAC）',
    sendButton: '送る',
    limit: `1回の送付は${TRANSFER_LIMIT_NAC.toString()} NACまでです（超える送付はお断りします）。送付には数秒かかります。`,
    history: 'yadoとの送付履歴',
    none: '送付履歴はまだありません。',
    back: 'yadoに戻る',
    cancel: 'キャンセルしてyadoに戻る',
    notFound: 'このリンクは期限切れか、存在しません。yadoから取引所をもう一度開いてください。',
    badAmount: '0より大きく、小数点以下8桁までの数量を入力してください。',
    sent: '送付を開始しました。数秒で完了します。',
    direction: { DEPOSIT: 'yadoへ', WITHDRAWAL: 'yadoから' },
    status: { PENDING: '処理中', COMPLETED: '完了', FAILED: '失敗' },
  },
} as const;

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const langOf = (c: Context): Lang => (c.req.query('lang') === 'ja' ? 'ja' : 'en');

const PAGE_STYLE = `
body{font-family:system-ui,sans-serif;background:#eef2f0;margin:0;padding:24px;color:#17261f}
main{max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 12px #0001}
h1{font-size:1.3rem;margin-top:0}h2{font-size:1rem;margin-top:24px}.brand{color:#3f6b57;font-size:.8rem;letter-spacing:.08em;text-transform:uppercase}
.test{background:#fff4d6;border:1px solid #f0c36d;border-radius:8px;padding:8px 12px;font-size:.9rem}
.figure{font-size:1.6rem;font-weight:700;margin:4px 0}.muted{color:#5b6b63;font-size:.85rem}
label{display:block;margin:12px 0 4px;font-weight:600}input{width:100%;box-sizing:border-box;padding:10px;font-size:1rem;border:1px solid #b9c6bf;border-radius:8px}
button{margin-top:12px;width:100%;padding:12px;font-size:1rem;border-radius:8px;border:0;background:#1f6b4a;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1f6b4a;border:1px solid #1f6b4a;margin-top:24px}
.error{color:#b3261e;font-weight:600}.ok{color:#1f6b4a;font-weight:600}
table{font-size:.85rem;border-collapse:collapse;width:100%}td{padding:6px 4px;border-top:1px solid #e3e8e5;vertical-align:top}.nowrap{white-space:nowrap;text-align:right}
a.back{display:inline-block;margin-top:20px}
`;
const PAGE_CSP = fixedPagePolicy({ styles: [PAGE_STYLE], formAction: "'self'" });

function page(c: Context, lang: Lang, title: string, body: string, status: 200 | 404 | 422 = 200) {
  const html = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escape(title)} · Test NAC Exchange</title>
<style>${PAGE_STYLE}</style></head><body><main><div class="brand">Test NAC Exchange</div>${body}</main></body></html>`;
  c.header('Cache-Control', 'no-store');
  c.header('Content-Security-Policy', PAGE_CSP);
  return c.html(html, status);
}

function transferRows(lang: Lang, transfers: ExchangeTransfer[]): string {
  const t = TEXT[lang];
  if (transfers.length === 0) return `<p class="muted">${t.none}</p>`;
  const rows = transfers
    .map(
      (x) =>
        `<tr><td>${t.direction[x.direction]}<br><span class="muted">${escape(x.updatedAt.slice(0, 16).replace('T', ' '))} UTC</span></td><td class="nowrap">${escape(x.amount)} NAC</td><td class="nowrap">${t.status[x.status]}${x.failureReason ? `<br><span class="muted">${escape(x.failureReason)}</span>` : ''}</td></tr>`,
    )
    .join('');
  return `<table>${rows}</table>`;
}

/** GET/POST /nac-exchange/accounts/:linkId: the customer's account at the exchange. */
export function mountTestExchangePages(app: Hono, exchange: TestExchange): void {
  const path = `${EXCHANGE_PAGES_PREFIX}/accounts/:id`;
  const notFound = (c: Context, lang: Lang) => page(c, lang, TEXT[lang].notFound, `<p>${TEXT[lang].notFound}</p>`, 404);

  const render = async (c: Context, lang: Lang, id: string, note: 'SENT' | 'BAD_AMOUNT' | null, amount = '') => {
    const view = await exchange.accountPage(id);
    if (!view) return notFound(c, lang);
    const t = TEXT[lang];
    const action = `${EXCHANGE_PAGES_PREFIX}/accounts/${encodeURIComponent(id)}?lang=${lang}`;
    const body = `<h1>${t.title}</h1><p class="test">${t.testMode}</p>
<p class="muted">${t.balance}</p><p class="figure" data-testid="exchange-balance">${escape(view.balance)} NAC</p>
<p class="muted">${t.rate}: <strong>¥${escape(view.rate.rate)}</strong> (${t.at} ${view.rate.at.toISOString().slice(11, 16)} UTC)</p>
<h2>${t.send}</h2>
${note === 'SENT' ? `<p class="ok" role="status">${t.sent}</p>` : ''}
${note === 'BAD_AMOUNT' ? `<p class="error" role="alert">${t.badAmount}</p>` : ''}
<form method="post" action="${action}">
<label for="amount">${t.amount}</label><input id="amount" name="amount" inputmode="decimal" required value="${escape(amount)}">
<p class="muted">${t.limit}</p><button type="submit">${t.sendButton}</button></form>
<h2>${t.history}</h2>${transferRows(lang, view.transfers)}
<form method="post" action="${EXCHANGE_PAGES_PREFIX}/accounts/${encodeURIComponent(id)}/cancel?lang=${lang}"><button type="submit" class="secondary">${t.cancel}</button></form>
<a class="back" href="${escape(view.returnUrl)}">${t.back}</a>`;
    return page(c, lang, t.title, body, note === 'BAD_AMOUNT' ? 422 : 200);
  };

  // An id the database cannot store (a NUL from `%00`) names no link: not found, without asking it.
  for (const p of [path, `${path}/cancel`]) {
    app.use(p, async (c, next) => (isStorableText(c.req.param('id') ?? '') ? next() : notFound(c, langOf(c))));
  }

  app.get(path, (c) => render(c, langOf(c), c.req.param('id'), c.req.query('sent') === '1' ? 'SENT' : null));

  /**
   * Sends the customer back to the product with an error, as a real exchange's authorisation and
   * transfer redirects do (spec, section 8): `error` and `error_description` on the return address.
   */
  const backWithError = async (c: Context, id: string, error: string, description: string) => {
    const view = await exchange.accountPage(id);
    if (!view) return notFound(c, langOf(c));
    const url = new URL(view.returnUrl, 'http://return.invalid');
    url.searchParams.set('error', error);
    url.searchParams.set('error_description', description);
    return c.redirect(`${url.pathname}${url.search}`, 303);
  };

  // The customer gives up on the exchange's page.
  app.post(`${path}/cancel`, (c) => backWithError(c, c.req.param('id'), 'access_denied', 'user cancelled'));

  app.post(path, async (c) => {
    const lang = langOf(c);
    const id = c.req.param('id');
    const form = await c.req.parseBody();
    const amount = typeof form['amount'] === 'string' ? form['amount'].slice(0, 60) : '';
    // The page refuses a transfer over the limit at once and sends the customer back with the reason.
    const parsed = parseNacAmount(amount);
    if (parsed.ok && parsed.units > TRANSFER_LIMIT_NAC * NAC_UNIT) {
      return backWithError(c, id, 'invalid_request', 'transfer limit');
    }
    const result = await exchange.sendFromPage(id, amount);
    if (!result) return notFound(c, lang);
    if ('problem' in result) return render(c, lang, id, 'BAD_AMOUNT', amount);
    return c.redirect(`${EXCHANGE_PAGES_PREFIX}/accounts/${encodeURIComponent(id)}?lang=${lang}&sent=1`, 303);
  });
}
