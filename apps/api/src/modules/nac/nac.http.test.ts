import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { dateFromDateTime } from '@yado/contract/date-time';
import {
  createNacDeposit,
  createNacWithdrawal,
  getCryptoBalance,
  getExchangeLink,
  getNacRateQuote,
  listNacLedgerEntries,
  listNacTransfers,
} from '@yado/contract/nac.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/app-error.js';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { registeredUser } from '../../test-support/user-factory.js';
import { NAC_EXCHANGE_WEBHOOK_PATH, mountNacRoutes } from './nac.routes.js';
import * as nac from './nac.service.js';
import { signWebhook } from '../../platform/http/webhook-signature.js';
import { EXCHANGE_SIGNATURE_HEADER, rateAt } from './test-exchange.rules.js';

let t: TestApi;

beforeAll(async () => {
  t = await createTestApi();
});

type Guest = { token: string; accountId: string };

async function guest(api: TestApi = t): Promise<Guest> {
  const tokens = await api.signUp();
  const principal = await api.api.verifyIdToken(tokens.idToken);
  return { token: tokens.idToken, accountId: principal.accountId };
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
}

const balanceOf = async (g: Guest, api: TestApi = t) =>
  (await api.call(getCryptoBalance, {}, { token: g.token })).body.balance;

const transfersOf = async (g: Guest, api: TestApi = t) =>
  (await api.call(listNacTransfers, { pageSize: 50, pageToken: '' }, { token: g.token })).body.transfers;

async function settledDeposit(g: Guest, nacAmount: string, api: TestApi = t) {
  const res = await api.call(
    createNacDeposit,
    { nacAmount },
    { token: g.token, headers: { 'idempotency-key': randomUUID() } },
  );
  expect(res.status).toBe(200);
  const id = res.body.transfer.nacTransferId;
  const all = await until(
    () => transfersOf(g, api),
    (ts) => ts.some((x) => x.nacTransferId === id && x.status !== 'PENDING'),
  );
  return all.find((x) => x.nacTransferId === id)!;
}

const ledgerRows = async (api: TestApi, accountId: string) =>
  (
    await api.pool.query<{ amount: string; kind: string }>(
      'SELECT amount::text, kind FROM nac_ledger WHERE account_id = $1 ORDER BY id',
      [accountId],
    )
  ).rows;

describe('get_crypto_balance', () => {
  it('answers a new user zero NAC at the exchange rate of the minute', async () => {
    const g = await guest();
    const res = await t.call(getCryptoBalance, {}, { token: g.token });
    expect(res.status).toBe(200);
    const expected = rateAt(t.env.NAC_EXCHANGE_SEED, t.clock.now());
    expect(res.body).toMatchObject({ cryptoAssetType: 'NAC', balance: '0', yenBalance: 0 });
    expect(Number(res.body.conversionYenRate)).toBe(Number(expected.rate));
    expect(dateFromDateTime(res.body.conversionYenRateAt)).toEqual(expected.at);
  });

  it('is refused without a sign-in', async () => {
    const res = await t.call(getCryptoBalance, {});
    expect(res.status).toBe(401);
  });
});

describe('deposits', () => {
  it('credits a completed deposit once, and values the balance in whole yen rounded down', async () => {
    const g = await guest();
    const started = await t.call(createNacDeposit, { nacAmount: '12.50' }, { token: g.token });
    expect(started.status).toBe(200);
    expect(started.body.transfer).toMatchObject({ direction: 'DEPOSIT', amount: '12.5', status: 'PENDING' });
    const done = await until(
      () => transfersOf(g),
      (ts) => ts[0]?.status === 'COMPLETED',
    );
    expect(done[0]).toMatchObject({ nacTransferId: started.body.transfer.nacTransferId, status: 'COMPLETED' });
    const balance = (await t.call(getCryptoBalance, {}, { token: g.token })).body;
    expect(balance.balance).toBe('12.5');
    expect(balance.yenBalance).toBe(Math.floor(12.5 * Number(balance.conversionYenRate)));
    const ledger = await t.call(listNacLedgerEntries, { pageSize: 10, pageToken: '' }, { token: g.token });
    expect(ledger.body.entries).toEqual([
      expect.objectContaining({ amount: '12.5', kind: 'DEPOSIT', nacTransferId: started.body.transfer.nacTransferId }),
    ]);
    expect(ledger.body.nextPageToken).toBe('');
  });

  it('tells a registered user when their transfer settles, once', async () => {
    const r = await registeredUser(t);
    const g = { token: r.token, accountId: (await t.api.verifyIdToken(r.token)).accountId };
    const transfer = await settledDeposit(g, '2');
    const rows = await t.pool.query<{ kind: string; params: Record<string, string>; link: string }>(
      'SELECT kind, params, link FROM notifications WHERE user_id = $1',
      [r.user.id],
    );
    expect(rows.rows).toEqual([
      {
        kind: 'NAC_TRANSFER_SETTLED',
        params: { direction: 'DEPOSIT', status: 'COMPLETED', amount: '2' },
        link: '/mypage/wallet',
      },
    ]);
    expect(transfer.status).toBe('COMPLETED');
  });

  it("refuses zero, negative, too precise and malformed amounts in the user's language, changing nothing", async () => {
    const g = await guest();
    for (const nacAmount of ['0', '-1', '0.000000001', '1.123456789']) {
      const res = await t.call(createNacDeposit, { nacAmount }, { token: g.token, language: 'ja' });
      expect(res.status).toBe(400);
      expect(res.error.errorInfo.reason).toBe('CodeNacAmountInvalid');
      expect(res.error.errorInfo.fields?.[0]?.field).toBe('nacAmount');
      expect(res.error.localizedMessage).toContain('NAC');
    }
    for (const nacAmount of ['abc', '1e5', '', '1,5']) {
      const res = await t.callRaw(createNacDeposit, { nacAmount }, { token: g.token });
      expect(res.status).toBe(400);
      expect(res.error.errorInfo.reason).toBe('CodeInvalidArgument');
    }
    expect(await transfersOf(g)).toEqual([]);
  });

  it('fails a deposit the exchange account cannot cover, or above the transfer limit, crediting nothing', async () => {
    const g = await guest();
    // Every test-mode exchange account starts with 1000 NAC.
    expect((await settledDeposit(g, '1000.00000001')).failureReason).toBe('INSUFFICIENT_FUNDS');
    expect((await settledDeposit(g, '10000.5')).failureReason).toBe('TRANSFER_LIMIT');
    expect(await balanceOf(g)).toBe('0');
    expect(await ledgerRows(t, g.accountId)).toEqual([]);
    expect((await settledDeposit(g, '1000')).status).toBe('COMPLETED');
    expect(await balanceOf(g)).toBe('1000');
  });

  it('replays a retried request with the same Idempotency-Key: one transfer, one credit', async () => {
    const g = await guest();
    const key = randomUUID();
    const opts = { token: g.token, headers: { 'idempotency-key': key } };
    const [a, b] = await Promise.all([
      t.call(createNacDeposit, { nacAmount: '3' }, opts),
      t.call(createNacDeposit, { nacAmount: '3' }, opts),
    ]);
    expect(a.body.transfer.nacTransferId).toBe(b.body.transfer.nacTransferId);
    await until(
      () => transfersOf(g),
      (ts) => ts[0]?.status === 'COMPLETED',
    );
    expect(await transfersOf(g)).toHaveLength(1);
    expect(await balanceOf(g)).toBe('3');
  });
});

describe('withdrawals', () => {
  it('takes the NAC at once, refuses an overdraft, and the exchange account receives it', async () => {
    const g = await guest();
    await settledDeposit(g, '100');
    t.clock.advance(1_000);
    const res = await t.call(createNacWithdrawal, { nacAmount: '30.25' }, { token: g.token });
    expect(res.status).toBe(200);
    expect(res.body.balance).toBe('69.75');
    const over = await t.call(createNacWithdrawal, { nacAmount: '69.75000001' }, { token: g.token });
    expect(over.status).toBe(409);
    expect(over.error.errorInfo.reason).toBe('CodeNacInsufficientBalance');
    const all = await until(
      () => transfersOf(g),
      (ts) => ts.every((x) => x.status === 'COMPLETED'),
    );
    expect(all.map((x) => x.direction)).toEqual(['WITHDRAWAL', 'DEPOSIT']);
    expect(await balanceOf(g)).toBe('69.75');
    // 1000 - 100 + 30.25 at the exchange.
    const link = await t.call(getExchangeLink, { returnPath: '/mypage/wallet' }, { token: g.token });
    const page = await (await t.raw(link.body.url)).text();
    expect(page).toContain('930.25 NAC');
  });

  it('returns the NAC of a withdrawal the exchange fails, once', async () => {
    // An exchange that never settles by itself, so the test tells the product what it reports.
    const api = await createTestApi({ NAC_EXCHANGE_SETTLE_MS: '600000' });
    const g = await guest(api);
    // A deposit the exchange reports completed (the product's own record, the exchange's snapshot).
    const dep = await api.call(createNacDeposit, { nacAmount: '5' }, { token: g.token });
    const snap = {
      exchangeTransferId: 'xfr_test_dep',
      merchantTransferId: dep.body.transfer.nacTransferId,
      customerRef: g.accountId,
      direction: 'DEPOSIT' as const,
      amount: '5',
      status: 'COMPLETED' as const,
      failureReason: null,
      version: 9,
      updatedAt: new Date().toISOString(),
    };
    await nac.applyExchangeTransfer(api.api.deps, snap);
    const w = await api.call(createNacWithdrawal, { nacAmount: '2' }, { token: g.token });
    expect(w.body.balance).toBe('3');
    const failed = {
      ...snap,
      exchangeTransferId: 'xfr_test_wd',
      merchantTransferId: w.body.transfer.nacTransferId,
      direction: 'WITHDRAWAL' as const,
      amount: '2',
      status: 'FAILED' as const,
      failureReason: 'TRANSFER_LIMIT' as const,
    };
    await Promise.all([
      nac.applyExchangeTransfer(api.api.deps, failed),
      nac.applyExchangeTransfer(api.api.deps, failed),
    ]);
    expect(await balanceOf(g, api)).toBe('5');
    expect((await ledgerRows(api, g.accountId)).map((r) => r.kind)).toEqual([
      'DEPOSIT',
      'WITHDRAWAL',
      'WITHDRAWAL_RETURNED',
    ]);
    // A snapshot naming another amount under the transfer's id changes nothing.
    await nac.applyExchangeTransfer(api.api.deps, { ...snap, amount: '500', version: 20 });
    expect(await balanceOf(g, api)).toBe('5');
  });
});

describe('the ledger in the database', () => {
  it('refuses updates, deletes and an entry that would overdraw a balance', async () => {
    const g = await guest();
    await settledDeposit(g, '1');
    await expect(
      t.pool.query('UPDATE nac_ledger SET amount = 100 WHERE account_id = $1', [g.accountId]),
    ).rejects.toThrow(/append-only/);
    await expect(t.pool.query('DELETE FROM nac_ledger WHERE account_id = $1', [g.accountId])).rejects.toThrow(
      /append-only/,
    );
    const transfer = (await transfersOf(g))[0]!;
    await expect(
      t.pool.query(
        "INSERT INTO nac_ledger (account_id, amount, kind, transfer_id, logged_at) VALUES ($1, -1.00000001, 'WITHDRAWAL', $2, now())",
        [g.accountId, transfer.nacTransferId],
      ),
    ).rejects.toMatchObject({ constraint: 'nac_ledger_balance' });
    expect(await balanceOf(g)).toBe('1');
  });
});

describe('exchange notifications', () => {
  const post = (api: TestApi, body: string, signature: string | null) =>
    api.raw(NAC_EXCHANGE_WEBHOOK_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature ? { [EXCHANGE_SIGNATURE_HEADER]: signature } : {}) },
      body,
    });

  /** An app whose exchange notifications are recorded, and delivered only while `open` says so. */
  async function recordingApp(env: Record<string, string> = {}) {
    const api = await createTestApi(env);
    const sent: string[] = [];
    const gate = { open: true };
    const app = new Hono();
    // A second composition on the same database: its exchange notifies through this gate.
    const exchange = mountNacRoutes(app, api.api.deps, {
      deliver: async (request) => {
        const body = await request.clone().text();
        sent.push(body);
        // A crash of the product between the exchange and the ledger: the notification is lost.
        if (!gate.open) return new Response('down', { status: 503 });
        return api.api.app.fetch(request);
      },
    });
    return { api, sent, gate, exchange };
  }

  it('refuses a bad, missing or stale signature and credits nothing', async () => {
    const g = await guest();
    // A deposit "started on the exchange's page" that never happened.
    const forged = JSON.stringify({
      id: 'evt_forged',
      type: 'transfer.updated',
      created: 0,
      data: {
        exchangeTransferId: `xfr_forged_${randomUUID()}`,
        merchantTransferId: null,
        customerRef: g.accountId,
        direction: 'DEPOSIT',
        amount: '7',
        status: 'COMPLETED',
        failureReason: null,
        version: 2,
        updatedAt: new Date().toISOString(),
      },
    });
    const secret = t.env.NAC_EXCHANGE_WEBHOOK_SECRET;
    expect((await post(t, forged, signWebhook('whsec_not_the_secret_at_all', forged, t.clock.now()))).status).toBe(400);
    expect((await post(t, forged, null)).status).toBe(400);
    const old = new Date(t.clock.now().getTime() - 6 * 60_000);
    expect((await post(t, forged, signWebhook(secret, forged, old))).status).toBe(400);
    expect((await post(t, 'not json', signWebhook(secret, 'not json', t.clock.now()))).status).toBe(400);
    // Signed, but not a transfer the exchange could have sent.
    const odd = JSON.stringify({ id: 'evt_odd', type: 'transfer.updated', data: { amount: 7 } });
    expect((await post(t, odd, signWebhook(secret, odd, t.clock.now()))).status).toBe(400);
    expect(await balanceOf(g)).toBe('0');
    expect(await transfersOf(g)).toEqual([]);
    // The same body signed with the exchange's secret is what the exchange itself sends: accepted.
    expect((await post(t, forged, signWebhook(secret, forged, t.clock.now()))).status).toBe(200);
    expect(await balanceOf(g)).toBe('7');
  });

  it('credits a deposit once when its notification is replayed or arrives twice at once', async () => {
    const { api, sent } = await recordingApp();
    const g = await guest(api);
    await settledDeposit(g, '4.2', api);
    expect(await balanceOf(g, api)).toBe('4.2');
    const body = sent.find((b) => b.includes('"COMPLETED"'))!;
    const sign = () => signWebhook(api.env.NAC_EXCHANGE_WEBHOOK_SECRET, body, api.clock.now());
    const answers = await Promise.all([post(api, body, sign()), post(api, body, sign()), post(api, body, sign())]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await balanceOf(g, api)).toBe('4.2');
    expect(await ledgerRows(api, g.accountId)).toEqual([{ amount: '4.20000000', kind: 'DEPOSIT' }]);
  });

  it('repairs a deposit lost between the exchange and the ledger by reconciliation, once', async () => {
    const { api, sent, gate, exchange } = await recordingApp();
    const g = await guest(api);
    gate.open = false;
    const res = await api.call(createNacDeposit, { nacAmount: '25' }, { token: g.token });
    const id = res.body.transfer.nacTransferId;
    // The exchange settled it and tried to tell the product, which was down.
    await until(
      async () => sent.length,
      (n) => n > 0,
    );
    expect((await transfersOf(g, api))[0]).toMatchObject({ nacTransferId: id, status: 'PENDING' });
    expect(await balanceOf(g, api)).toBe('0');
    // The reconciliation asks the exchange for what changed, and credits it.
    await nac.reconcileTransfers(api.api.deps);
    expect(await balanceOf(g, api)).toBe('25');
    // It remembers how far it read, so the next run starts there (less a few minutes' overlap).
    const cursor = await api.pool.query<{ changed_since: Date }>('SELECT changed_since FROM nac_reconcile_cursor');
    expect(cursor.rows[0]!.changed_since.getTime()).toBe(api.clock.now().getTime());
    // Run again, and once the transfer is old enough to be asked about by its id: nothing more.
    api.clock.advance((api.env.NAC_RECONCILE_AFTER_SECONDS + 1) * 1000);
    await nac.reconcileTransfers(api.api.deps);
    // The product is back: the exchange's retry arrives, and changes nothing.
    gate.open = true;
    api.clock.advance(60_000);
    await exchange.sweep();
    expect(sent.length).toBeGreaterThan(1);
    expect(await balanceOf(g, api)).toBe('25');
    expect(await ledgerRows(api, g.accountId)).toEqual([{ amount: '25.00000000', kind: 'DEPOSIT' }]);
    expect((await transfersOf(g, api))[0]).toMatchObject({ nacTransferId: id, status: 'COMPLETED' });
  });

  it('finds by its id a deposit whose answer never came and whose notification was lost', async () => {
    const { api, gate } = await recordingApp({ NAC_EXCHANGE_DELAY_MS: '600', NAC_EXCHANGE_TIMEOUT_MS: '100' });
    gate.open = false;
    const g = await guest(api);
    const res = await api.call(createNacDeposit, { nacAmount: '8' }, { token: g.token });
    expect(res.status).toBe(200);
    expect(res.body.transfer.status).toBe('PENDING');
    // The exchange received it after the product stopped waiting, and settled it.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await ledgerRows(api, g.accountId)).toEqual([]);
    api.clock.advance((api.env.NAC_RECONCILE_AFTER_SECONDS + 1) * 1000);
    // A reconciliation that waits long enough for this slow exchange.
    const patient = { ...api.api.deps, env: { ...api.api.deps.env, NAC_EXCHANGE_TIMEOUT_MS: 5_000 } };
    await nac.reconcileTransfers(patient);
    await nac.reconcileTransfers(patient);
    expect(await ledgerRows(api, g.accountId)).toEqual([{ amount: '8.00000000', kind: 'DEPOSIT' }]);
    expect((await transfersOf(g, api))[0]).toMatchObject({ status: 'COMPLETED' });
  });
});

describe('get_exchange_link and the exchange account page', () => {
  it("opens the user's account at the exchange, where a deposit to yado can be started", async () => {
    const g = await guest();
    const link = await t.call(getExchangeLink, { returnPath: '/ja/mypage/wallet' }, { token: g.token, language: 'ja' });
    expect(link.status).toBe(200);
    expect(link.body.url).toMatch(/^\/nac-exchange\/accounts\/acctlink_[0-9a-f]{24}\?lang=ja$/);
    const page = await t.raw(link.body.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'none'");
    const html = await page.text();
    expect(html).toContain('1000 NAC');
    expect(html).toContain('href="/ja/mypage/wallet"');
    const form = (amount: string) => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ amount }).toString(),
    });
    expect((await t.raw(link.body.url, form('0'))).status).toBe(422);
    const sent = await t.raw(link.body.url, form('9.5'));
    expect(sent.status).toBe(303);
    await until(
      () => balanceOf(g),
      (b) => b === '9.5',
    );
    expect((await transfersOf(g))[0]).toMatchObject({ direction: 'DEPOSIT', amount: '9.5', status: 'COMPLETED' });
    // The link lapses after a few minutes.
    t.clock.advance(6 * 60_000);
    expect((await t.raw(link.body.url)).status).toBe(404);
    t.clock.advance(-6 * 60_000);
  });

  it('sends the customer back with the error of a cancel or of a transfer over the limit (spec, section 8)', async () => {
    const g = await guest();
    const link = await t.call(
      getExchangeLink,
      { returnPath: '/dao/nac-transfer/remote?lendingApplicationId=la_1' },
      { token: g.token },
    );
    const [pagePath, query] = link.body.url.split('?');
    const cancelled = await t.raw(`${pagePath}/cancel?${query}`, { method: 'POST' });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(
      '/dao/nac-transfer/remote?lendingApplicationId=la_1&error=access_denied&error_description=user+cancelled',
    );
    const over = await t.raw(link.body.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'amount=10000.00000001',
    });
    expect(over.status).toBe(303);
    expect(over.headers.get('location')).toBe(
      '/dao/nac-transfer/remote?lendingApplicationId=la_1&error=invalid_request&error_description=transfer+limit',
    );
    // Nothing was started.
    expect(await transfersOf(g)).toEqual([]);
    expect((await t.raw('/nac-exchange/accounts/a%00b/cancel', { method: 'POST' })).status).toBe(404);
  });

  it('answers an unknown or unstorable link as not found', async () => {
    for (const path of ['/nac-exchange/accounts/acctlink_unknown', '/nac-exchange/accounts/a%00b']) {
      const res = await t.raw(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    const post = await t.raw('/nac-exchange/accounts/acctlink_unknown', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'amount=1',
    });
    expect(post.status).toBe(404);
  });

  it('refuses a return path that leaves the site', async () => {
    const g = await guest();
    for (const returnPath of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)']) {
      const res = await t.callRaw(getExchangeLink, { returnPath }, { token: g.token });
      expect(res.status).toBe(400);
    }
  });
});

describe('get_nac_rate_quote', () => {
  it('quotes a yen amount in the NAC that covers it, signed for the user, and verifies it', async () => {
    const g = await guest();
    const res = await t.call(getNacRateQuote, { amountInJpy: 10_000 }, { token: g.token });
    expect(res.status).toBe(200);
    const q = res.body;
    expect(q.amountInJpy).toBe(10_000);
    expect(Number(q.nacToJpyRate)).toBe(Number(rateAt(t.env.NAC_EXCHANGE_SEED, t.clock.now()).rate));
    // Rounded up: the NAC is worth at least the yen.
    expect(Number(q.nacAmount) * Number(q.nacToJpyRate)).toBeGreaterThanOrEqual(10_000);
    expect(dateFromDateTime(q.expiresAt).getTime() - t.clock.now().getTime()).toBe(120_000);
    const quote = { accountId: g.accountId, ...q };
    expect(nac.verifyNacRateQuote(t.api.deps, quote)).toMatchObject({ amountInJpy: 10_000 });
  });

  it('quotes a NAC amount in whole yen rounded down', async () => {
    const g = await guest();
    const q = (await t.call(getNacRateQuote, { nacAmount: '1.5' }, { token: g.token })).body;
    expect(q.nacAmount).toBe('1.5');
    expect(q.amountInJpy).toBe(Math.floor(1.5 * Number(q.nacToJpyRate)));
  });

  it('refuses a stale, altered or borrowed quote', async () => {
    const g = await guest();
    const other = await guest();
    const q = (await t.call(getNacRateQuote, { amountInJpy: 5_000 }, { token: g.token })).body;
    const quote = { accountId: g.accountId, ...q };
    const reason = (f: () => unknown) => {
      try {
        f();
        return 'OK';
      } catch (e) {
        return e instanceof AppError ? e.reason : String(e);
      }
    };
    expect(reason(() => nac.verifyNacRateQuote(t.api.deps, { ...quote, accountId: other.accountId }))).toBe(
      'CodeRateQuoteInvalid',
    );
    expect(reason(() => nac.verifyNacRateQuote(t.api.deps, { ...quote, amountInJpy: 4_999 }))).toBe(
      'CodeRateQuoteInvalid',
    );
    expect(reason(() => nac.verifyNacRateQuote(t.api.deps, { ...quote, nacToJpyRate: '1' }))).toBe(
      'CodeRateQuoteInvalid',
    );
    expect(reason(() => nac.verifyNacRateQuote(t.api.deps, { ...quote, nacAmount: 'x' }))).toBe('CodeRateQuoteInvalid');
    expect(reason(() => nac.verifyNacRateQuote(t.api.deps, { ...quote, nacToJpyRateHash: 'forged' }))).toBe(
      'CodeRateQuoteInvalid',
    );
    t.clock.advance(120_000);
    try {
      expect(reason(() => nac.verifyNacRateQuote(t.api.deps, quote))).toBe('CodeRateQuoteExpired');
    } finally {
      t.clock.advance(-120_000);
    }
    expect(reason(() => nac.verifyNacRateQuote(t.api.deps, quote))).toBe('OK');
  });

  it('refuses both amounts, neither, and a NAC amount that is not positive', async () => {
    const g = await guest();
    expect((await t.callRaw(getNacRateQuote, {}, { token: g.token })).status).toBe(400);
    expect((await t.callRaw(getNacRateQuote, { amountInJpy: 100, nacAmount: '1' }, { token: g.token })).status).toBe(
      400,
    );
    expect((await t.callRaw(getNacRateQuote, { amountInJpy: 0 }, { token: g.token })).status).toBe(400);
    const zero = await t.call(getNacRateQuote, { nacAmount: '0' }, { token: g.token });
    expect(zero.error.errorInfo.reason).toBe('CodeNacAmountInvalid');
  });
});

describe('when the exchange does not answer', () => {
  it("shows the last rate seen within the hour, refuses quotes, and says so in the user's language", async () => {
    const api = await createTestApi({ NAC_EXCHANGE_DELAY_MS: '2000', NAC_EXCHANGE_TIMEOUT_MS: '100' });
    const g = await guest(api);
    const none = await api.call(getCryptoBalance, {}, { token: g.token, language: 'ja' });
    expect(none.status).toBe(503);
    expect(none.error.errorInfo.reason).toBe('CodeNacExchangeUnavailable');
    expect(none.error.localizedMessage).toContain('取引所');
    const seenAt = new Date(Math.floor(api.clock.now().getTime() / 60_000) * 60_000 - 10 * 60_000);
    await api.pool.query('INSERT INTO nac_rates (rate_at, rate) VALUES ($1, 151.25)', [seenAt]);
    const shown = await api.call(getCryptoBalance, {}, { token: g.token });
    expect(shown.status).toBe(200);
    expect(shown.body.conversionYenRate).toBe('151.25');
    expect(dateFromDateTime(shown.body.conversionYenRateAt)).toEqual(seenAt);
    const quote = await api.call(getNacRateQuote, { amountInJpy: 100 }, { token: g.token });
    expect(quote.status).toBe(503);
    const link = await api.call(getExchangeLink, { returnPath: '/mypage/wallet' }, { token: g.token });
    expect(link.status).toBe(503);
  });
});
