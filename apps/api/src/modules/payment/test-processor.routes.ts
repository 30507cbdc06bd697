import { fixedPagePolicy } from '../../platform/http/content-security-policy.js';
import type { Context, Hono } from 'hono';
import { isStorableText } from '../../platform/http/storable-text.js';
import { PROVIDER_PAGES_PREFIX, type TestProcessor } from './test-processor.service.js';
import { TEST_CARDS, TEST_CHALLENGE_CODE, type CardEntryProblem } from './test-processor.rules.js';

// The test-mode processor's own pages. They are plain HTML forms served by the
// processor, not the product's web app: in real life they live on the
// processor's site, and the card number typed here never reaches the product.

type Lang = 'en' | 'ja';

const TEXT = {
  en: {
    cardTitle: 'Add a card',
    testMode: 'TEST MODE: no real card is charged. Use a test card below.',
    number: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'Security code',
    name: 'Name on card',
    save: 'Save card',
    cancel: 'Cancel',
    orWallet: 'Or use a wallet',
    applePay: 'Apple Pay (test)',
    googlePay: 'Google Pay (test)',
    testCards: 'Test cards (any future expiry, any 3 digits; 4 for American Express)',
    done: 'This card entry is finished.',
    back: 'Back to the site',
    notFound: 'This page has expired or does not exist.',
    challengeTitle: '3-D Secure: confirm it is you',
    challengeIntro: 'Your card issuer asks you to confirm this payment.',
    amount: 'Amount',
    card: 'Card',
    code: 'One-time code',
    codeHint: `Test mode: enter ${TEST_CHALLENGE_CODE}`,
    submit: 'Submit',
    wrongCode: 'That code is not right. Attempts left:',
    problems: {
      NUMBER_INVALID: 'This card number is not valid.',
      BRAND_NOT_ACCEPTED: 'This card brand is not accepted (Visa, Mastercard, JCB, American Express, Diners Club).',
      EXPIRY_INVALID: 'Enter the expiry as MM/YY.',
      CARD_EXPIRED: 'This card has expired.',
      CVC_INVALID: 'The security code is not valid.',
    } satisfies Record<CardEntryProblem, string>,
  },
  ja: {
    cardTitle: 'カードを追加',
    testMode: 'テストモード：実際のカードには請求されません。下のテストカードをご利用ください。',
    number: 'カード番号',
    expiry: '有効期限（MM/YY）',
    cvc: 'セキュリティコード',
    name: 'カード名義',
    save: 'カードを保存',
    cancel: 'キャンセル',
    orWallet: 'ウォレットを使う',
    applePay: 'Apple Pay（テスト）',
    googlePay: 'Google Pay（テスト）',
    testCards: 'テストカード（有効期限は未来の任意の月、セキュリティコードは任意の3桁、American Expressは4桁）',
    done: 'このカード登録は完了しています。',
    back: 'サイトに戻る',
    notFound: 'このページは期限切れか、存在しません。',
    challengeTitle: '3Dセキュア：ご本人確認',
    challengeIntro: 'カード会社がこのお支払いの確認を求めています。',
    amount: '金額',
    card: 'カード',
    code: 'ワンタイムコード',
    codeHint: `テストモード：${TEST_CHALLENGE_CODE} を入力してください`,
    submit: '送信',
    wrongCode: 'コードが正しくありません。残りの回数：',
    problems: {
      NUMBER_INVALID: 'カード番号が正しくありません。',
      BRAND_NOT_ACCEPTED:
        'このカードブランドはご利用いただけません（Visa、Mastercard、JCB、American Express、Diners Club）。',
      EXPIRY_INVALID: '有効期限をMM/YYの形式で入力してください。',
      CARD_EXPIRED: 'このカードは有効期限が切れています。',
      CVC_INVALID: 'セキュリティコードが正しくありません。',
    } satisfies Record<CardEntryProblem, string>,
  },
} as const;

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const langOf = (c: Context): Lang => (c.req.query('lang') === 'ja' ? 'ja' : 'en');

const PAGE_STYLE = `
body{font-family:system-ui,sans-serif;background:#f4f5f7;margin:0;padding:24px;color:#1d2433}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 12px #0001}
h1{font-size:1.3rem;margin-top:0}.brand{color:#5b6475;font-size:.8rem;letter-spacing:.08em;text-transform:uppercase}
.test{background:#fff4d6;border:1px solid #f0c36d;border-radius:8px;padding:8px 12px;font-size:.9rem}
label{display:block;margin:12px 0 4px;font-weight:600}input{width:100%;box-sizing:border-box;padding:10px;font-size:1rem;border:1px solid #c5cad3;border-radius:8px}
.row{display:flex;gap:12px}.row>div{flex:1}button{margin-top:16px;width:100%;padding:12px;font-size:1rem;border-radius:8px;border:0;background:#2a4d8f;color:#fff;cursor:pointer}
button.secondary{background:#e4e7ec;color:#1d2433}button.wallet{background:#111}.error{color:#b3261e;font-weight:600}
table{font-size:.85rem;border-collapse:collapse;width:100%}td{padding:3px 4px;border-top:1px solid #eee}code{font-size:.9rem;white-space:nowrap}
h2{font-size:1rem}
`;
// No script; the one style block by its hash; the forms post back to these pages.
const PAGE_CSP = fixedPagePolicy({ styles: [PAGE_STYLE], formAction: "'self'" });

function page(c: Context, lang: Lang, title: string, body: string, status: 200 | 404 | 422 = 200) {
  const html = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escape(title)} · Test Payments</title>
<style>${PAGE_STYLE}</style></head><body><main><div class="brand">Test Payments</div>${body}</main></body></html>`;
  c.header('Cache-Control', 'no-store');
  c.header('Content-Security-Policy', PAGE_CSP);
  return c.html(html, status);
}

const grouped = (n: string) => n.replace(/(\d{4})(?=\d)/g, '$1 ');

function cardForm(
  setupId: string,
  lang: Lang,
  problem: CardEntryProblem | null,
  values: { number?: string; expiry?: string; name?: string } = {},
) {
  const t = TEXT[lang];
  const action = `${PROVIDER_PAGES_PREFIX}/card-setups/${setupId}?lang=${lang}`;
  const hints = TEST_CARDS.map(
    (card) => `<tr><td><code>${grouped(card.number)}</code></td><td>${escape(card[lang])}</td></tr>`,
  ).join('');
  return `<h1>${t.cardTitle}</h1><p class="test">${t.testMode}</p>
${problem ? `<p class="error" role="alert">${t.problems[problem]}</p>` : ''}
<form method="post" action="${action}">
<input type="hidden" name="action" value="card">
<label for="number">${t.number}</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required value="${escape(values.number ?? '')}">
<div class="row"><div><label for="expiry">${t.expiry}</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="MM/YY" required value="${escape(values.expiry ?? '')}"></div>
<div><label for="cvc">${t.cvc}</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required></div></div>
<label for="name">${t.name}</label><input id="name" name="name" autocomplete="cc-name" value="${escape(values.name ?? '')}">
<button type="submit">${t.save}</button></form>
<p>${t.orWallet}</p>
<form method="post" action="${action}"><input type="hidden" name="action" value="apple_pay"><button class="wallet" type="submit">${t.applePay}</button></form>
<form method="post" action="${action}"><input type="hidden" name="action" value="google_pay"><button class="wallet" type="submit">${t.googlePay}</button></form>
<form method="post" action="${action}"><input type="hidden" name="action" value="cancel"><button class="secondary" type="submit">${t.cancel}</button></form>
<h2>${t.testCards}</h2><table>${hints}</table>`;
}

const field = (form: Record<string, string | File | (string | File)[]>, name: string): string => {
  const v = form[name];
  return typeof v === 'string' ? v : '';
};

/** GET/POST /payment-provider/card-setups/:id and /payment-provider/challenges/:id. */
export function mountTestProcessorPages(app: Hono, processor: TestProcessor): void {
  // An id the database cannot store (a NUL from `%00`) names no setup or payment: not found, without asking it.
  app.use(`${PROVIDER_PAGES_PREFIX}/:kind/:id`, async (c, next) => {
    if (isStorableText(c.req.param('id'))) return next();
    const lang = langOf(c);
    return page(c, lang, TEXT[lang].notFound, `<p>${TEXT[lang].notFound}</p>`, 404);
  });

  app.get(`${PROVIDER_PAGES_PREFIX}/card-setups/:id`, async (c) => {
    const lang = langOf(c);
    const setup = await processor.setupPage(c.req.param('id'));
    if (!setup) return page(c, lang, TEXT[lang].notFound, `<p>${TEXT[lang].notFound}</p>`, 404);
    if (setup.status !== 'OPEN') {
      return page(
        c,
        lang,
        TEXT[lang].done,
        `<p>${TEXT[lang].done}</p><p><a href="${escape(setup.returnUrl)}">${TEXT[lang].back}</a></p>`,
      );
    }
    return page(c, lang, TEXT[lang].cardTitle, cardForm(setup.setupId, lang, null));
  });

  app.post(`${PROVIDER_PAGES_PREFIX}/card-setups/:id`, async (c) => {
    const lang = langOf(c);
    const id = c.req.param('id');
    const form = await c.req.parseBody();
    const action = field(form, 'action');
    const result =
      action === 'cancel'
        ? await processor.cancelSetup(id)
        : action === 'apple_pay' || action === 'google_pay'
          ? await processor.useWallet(id, action === 'apple_pay' ? 'APPLE_PAY' : 'GOOGLE_PAY')
          : await processor.submitCard(id, {
              number: field(form, 'number'),
              expiry: field(form, 'expiry'),
              cvc: field(form, 'cvc'),
              name: field(form, 'name'),
            });
    if (!result) return page(c, lang, TEXT[lang].notFound, `<p>${TEXT[lang].notFound}</p>`, 404);
    if ('problem' in result) {
      const values = { number: field(form, 'number'), expiry: field(form, 'expiry'), name: field(form, 'name') };
      return page(c, lang, TEXT[lang].cardTitle, cardForm(id, lang, result.problem, values), 422);
    }
    return c.redirect(result.redirect, 303);
  });

  const challengeForm = (
    id: string,
    lang: Lang,
    view: { amount: number; last4: string; brand: string; attemptsLeft: number },
    wrong: boolean,
  ) => {
    const t = TEXT[lang];
    const action = `${PROVIDER_PAGES_PREFIX}/challenges/${id}?lang=${lang}`;
    return `<h1>${t.challengeTitle}</h1><p class="test">${t.testMode}</p><p>${t.challengeIntro}</p>
<p>${t.amount}: <strong>¥${view.amount.toLocaleString('en-US')}</strong><br>${t.card}: ${escape(view.brand)} •••• ${escape(view.last4)}</p>
${wrong ? `<p class="error" role="alert">${t.wrongCode} ${view.attemptsLeft}</p>` : ''}
<form method="post" action="${action}"><input type="hidden" name="action" value="submit">
<label for="code">${t.code}</label><input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" required>
<p class="test">${t.codeHint}</p><button type="submit">${t.submit}</button></form>
<form method="post" action="${action}"><input type="hidden" name="action" value="cancel"><button class="secondary" type="submit">${t.cancel}</button></form>`;
  };

  app.get(`${PROVIDER_PAGES_PREFIX}/challenges/:id`, async (c) => {
    const lang = langOf(c);
    const view = await processor.challengePage(c.req.param('id'));
    if (!view) return page(c, lang, TEXT[lang].notFound, `<p>${TEXT[lang].notFound}</p>`, 404);
    // A finished challenge (reload, back button) just returns to the site.
    if (view.status !== 'REQUIRES_ACTION') return c.redirect(view.returnUrl, 303);
    return page(c, lang, TEXT[lang].challengeTitle, challengeForm(view.paymentId, lang, view, false));
  });

  app.post(`${PROVIDER_PAGES_PREFIX}/challenges/:id`, async (c) => {
    const lang = langOf(c);
    const id = c.req.param('id');
    const form = await c.req.parseBody();
    const result =
      field(form, 'action') === 'cancel'
        ? await processor.cancelChallenge(id)
        : await processor.submitChallenge(id, field(form, 'code'));
    if (!result) return page(c, lang, TEXT[lang].notFound, `<p>${TEXT[lang].notFound}</p>`, 404);
    if ('wrongCode' in result) {
      const view = (await processor.challengePage(id))!;
      return page(c, lang, TEXT[lang].challengeTitle, challengeForm(id, lang, view, true), 422);
    }
    return c.redirect(result.redirect, 303);
  });
}
