import pg from 'pg';
import type { Browser } from 'playwright-core';
import { getHouseGroup, getSeasonPriceType, searchHouseGroups } from '@yado/contract/catalogue.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './support/call-api';
import { expectNoSeriousA11yViolations } from './support/axe';
import { addDays, civilFromIso as civil } from '@yado/contract/civil-date';
import { DEMO_GUEST, screenshotAtWidths, todayInTokyo, yen } from './support/guest-steps';
import { launchBrowser, startTestServer } from './support/test-server';

/**
 * The public catalogue pages against the real server and demo data: a search
 * with dates and guests leads to a house group whose calendar and guest
 * choice show the API's total; the pages carry their SEO in the HTML itself
 * (fetched without JavaScript); axe; the sitemap; the LIST_ONLY home list.
 *
 * With YADO_SCREENSHOTS=<folder> it also saves each page at 375 px and
 * 1280 px, in English and Japanese.
 */
const PLACE = 'place-kazahana';
const GROUP = 'hg-kazahana-villa';

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let base: string;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  base = server.baseUrl;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function setFlag(key: string, value: unknown): Promise<void> {
  if (!server.databaseUrl) throw new Error('the test server did not name its database');
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO feature_flags (key, value, updated_at) VALUES ($1, $2, now())
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
      [key, JSON.stringify(value)],
    );
  } finally {
    await client.end();
  }
}

describe('search → house group → total', () => {
  it('searches with dates and guests, opens a house group, picks dates and guests, and shows the API total', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    const page = await context.newPage();
    const checkin = addDays(todayInTokyo(), 40);
    const checkout = addDays(checkin, 2);

    // `/` goes to the full search with the default flag (SEARCH).
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    expect(new URL(page.url()).pathname).toBe('/search');
    await page.getByLabel('Check-in').fill(checkin);
    await page.getByLabel('Check-out').fill(checkout);
    await page.getByLabel('Adults').selectOption('2');
    await page.getByLabel('Children').selectOption('1');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(
      (url) => url.searchParams.get('checkin') === checkin && url.searchParams.get('children') === '1',
    );
    await expectNoSeriousA11yViolations(page, '/search with dates');
    await screenshotAtWidths(page, 'search-en');

    // The first card's total is the API's search total for the same query.
    const card = page.locator('.hg-card').first();
    const cardTotal = yen(await card.locator('.hg-card__price strong').textContent());
    const searched = await callApi(base, searchHouseGroups, {
      checkinDate: civil(checkin),
      checkoutDate: civil(checkout),
      adults: 2,
      children: 1,
      pageSize: 12,
    });
    expect(cardTotal).toBe(searched.results[0]?.totalPrice);
    const groupId = searched.results[0]!.houseGroup.id;

    await card.getByRole('link').click();
    await page.waitForURL((url) => url.pathname === `/house-groups/${groupId}`);
    // The dates and guests came along, and so did the total.
    expect(yen(await page.getByTestId('stay-total').textContent())).toBe(cardTotal);

    // Pick other dates on the calendar: a later free night, then three nights on.
    const { houseGroup } = await callApi(base, getHouseGroup, { houseGroupId: groupId });
    const newCheckin = await page
      .locator('a.calendar__day[data-date]')
      .evaluateAll(
        (links, after) => links.map((l) => l.getAttribute('data-date')!).find((d) => d > after),
        addDays(checkout, 3),
      );
    expect(newCheckin).toBeTruthy();
    await page.locator(`a.calendar__day[data-date="${newCheckin}"]`).click();
    await page.waitForURL((url) => url.searchParams.get('checkin') === newCheckin && !url.searchParams.has('checkout'));
    await page.locator('.calendar__hint', { hasText: 'check-out' }).waitFor();
    let nights = 3;
    while (
      nights > 1 &&
      (await page.locator(`a.calendar__day[data-date="${addDays(newCheckin!, nights)}"]`).count()) === 0
    ) {
      nights--;
    }
    const newCheckout = addDays(newCheckin!, nights);
    await page.locator(`a.calendar__day[data-date="${newCheckout}"]`).click();
    await page.waitForURL((url) => url.searchParams.get('checkout') === newCheckout);
    await page.locator(`a.calendar__day--checkout[data-date="${newCheckout}"]`).waitFor();
    // The hint now names the stay chosen instead of asking for a check-in date.
    await page.locator('.calendar__hint', { hasText: `${nights} night${nights === 1 ? '' : 's'}.` }).waitFor();

    // Guests above the base capacity, so the extra-guest charge is part of the total.
    const adults = Math.min(houseGroup.baseCapacity + 1, houseGroup.maxCapacity - 1);
    await page.getByLabel('Adults').selectOption(String(adults));
    await page.waitForURL((url) => url.searchParams.get('adults') === String(adults));
    await page.getByText(`${adults} adults`, { exact: false }).first().waitFor();
    await page.getByTestId('stay-total').waitFor();
    const shown = yen(await page.getByTestId('stay-total').textContent());

    // The API's rule, worked out from its own nightly prices: each night at its price type's price,
    // plus the extra charge for guests (adults and children) above baseCapacity.
    const season = await callApi(base, getSeasonPriceType, {
      houseGroupId: groupId,
      startDate: civil(newCheckin!),
      endDate: civil(addDays(newCheckout, -1)),
    });
    expect(season.days).toHaveLength(nights);
    const extra = Math.max(0, adults + 1 - houseGroup.baseCapacity) * houseGroup.extraChargePerGuestPerNight * nights;
    const expected = season.days.reduce((sum, d) => sum + d.price, 0) + extra;
    expect(shown).toBe(expected);
    await expectNoSeriousA11yViolations(page, '/house-groups with a stay chosen');
    await screenshotAtWidths(page, 'house-group-en');

    // Booking starts with sign-in, which comes back to the same dates and guests.
    const book = page.getByRole('link', { name: 'Sign in to book' });
    const href = (await book.getAttribute('href'))!;
    expect(href.startsWith('/login?redirectUrl=')).toBe(true);
    await book.click();
    await page.getByLabel('Email address').fill(DEMO_GUEST.email);
    await page.getByLabel('Password').fill(DEMO_GUEST.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(
      (url) => url.pathname === `/house-groups/${groupId}` && url.searchParams.get('checkout') === newCheckout,
    );
    expect(yen(await page.getByTestId('stay-total').textContent())).toBe(expected);
    await expect(page.getByRole('link', { name: 'Book these dates' }).count()).resolves.toBe(1);
    await context.close();
  });

  it('moves between months and by keyboard on the calendar', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'ja-JP' });
    const page = await context.newPage();
    await page.goto(`${base}/ja/house-groups/${GROUP}`, { waitUntil: 'networkidle' });
    await expect(page.getByRole('link', { name: '前の月' }).count()).resolves.toBe(0);
    const caption = await page.locator('.calendar__caption').first().textContent();
    await page.getByRole('link', { name: '次の月' }).click();
    await page.waitForURL((url) => url.searchParams.has('month'));
    await page.waitForFunction(
      (before) => document.querySelector('.calendar__caption')?.textContent !== before,
      caption,
    );

    const first = page.locator('a.calendar__day').first();
    const firstDate = (await first.getAttribute('data-date'))!;
    await first.focus();
    await page.keyboard.press('ArrowRight');
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-date'));
    expect(focused! > firstDate).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('checkin') === focused);
    await page.locator('.calendar__hint', { hasText: 'チェックアウト' }).waitFor();
    await expectNoSeriousA11yViolations(page, '/ja/house-groups calendar');
    await screenshotAtWidths(page, 'house-group-ja');
    await context.close();
  });
});

describe('server-rendered HTML without JavaScript', () => {
  const jsonLd = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!.replace(/\\u003c/g, '<')) as Record<string, unknown>,
    );
  const metaContent = (html: string, attr: string, name: string) =>
    new RegExp(`<meta ${attr}="${name}" content="([^"]*)"`).exec(html)?.[1] ?? null;

  it.each([
    [`/places/${PLACE}`, 'Kazahana Hills', 'Place'],
    [`/ja/places/${PLACE}`, '風花の丘', 'Place'],
    [`/house-groups/${GROUP}`, 'Kazahana Villa', 'LodgingBusiness'],
    [`/ja/house-groups/${GROUP}`, '風花ヴィラ', 'LodgingBusiness'],
    ['/search', 'Search houses', 'SearchResultsPage'],
    ['/ja/search', '宿を探す', 'SearchResultsPage'],
  ])('%s holds its title, description, canonical link, OpenGraph tags and JSON-LD', async (route, title, type) => {
    const res = await fetch(`${base}${route}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toContain(title);
    expect(metaContent(html, 'name', 'description')?.length).toBeGreaterThan(20);
    expect(html).toContain(`<link rel="canonical" href="${base}${route}"/>`);
    expect(html).toMatch(/<link rel="alternate" hrefLang="ja" href="[^"]+"\/>/);
    expect(metaContent(html, 'property', 'og:title')).toContain(title);
    expect(metaContent(html, 'property', 'og:url')).toBe(`${base}${route}`);
    expect(metaContent(html, 'property', 'og:type')).toBe('website');
    expect(metaContent(html, 'property', 'og:image')).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/media\/catalogue\/[a-z0-9-]+-1600\.jpg$/,
    );
    const docs = jsonLd(html);
    const main = docs.find((d) => d['@type'] === type);
    expect(main).toBeDefined();
    if (type === 'LodgingBusiness') {
      expect(main).toMatchObject({
        name: title,
        address: { '@type': 'PostalAddress', addressCountry: 'JP' },
        geo: { '@type': 'GeoCoordinates' },
      });
      expect(typeof main!['priceRange']).toBe('string');
      expect((main!['image'] as string[])[0]).toMatch(/-1600\.jpg$/);
      // The calendar and the summary are in the HTML too.
      expect(html).toContain('class="calendar__month');
    }
    if (type === 'Place') expect(docs.some((d) => d['@type'] === 'ItemList')).toBe(true);
  });

  it('renders the total for dates and guests in the address', async () => {
    const checkin = addDays(todayInTokyo(), 60);
    const checkout = addDays(checkin, 2);
    const html = await (
      await fetch(`${base}/house-groups/${GROUP}?checkin=${checkin}&checkout=${checkout}&adults=5`)
    ).text();
    const searched = await callApi(base, searchHouseGroups, {
      checkinDate: civil(checkin),
      checkoutDate: civil(checkout),
      adults: 5,
      pageSize: 100,
      sort: 'NAME',
    });
    const hit = searched.results.find((r) => r.houseGroup.id === GROUP);
    const total = /data-testid="stay-total">([^<]+)</.exec(html)?.[1] ?? null;
    if (hit) expect(yen(total)).toBe(hit.totalPrice);
    else expect(total).toBeNull();
  });

  it('answers an unknown place or house group with the 404 page', async () => {
    expect((await fetch(`${base}/places/no-such-place`)).status).toBe(404);
    expect((await fetch(`${base}/house-groups/no-such-group`)).status).toBe(404);
  });

  it('lists every place and house group in sitemap.xml, in both languages', async () => {
    const xml = await (await fetch(`${base}/sitemap.xml`)).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs.filter((l) => /\/places\//.test(l!))).toHaveLength(8 * 2);
    expect(locs.filter((l) => /\/house-groups\//.test(l!))).toHaveLength(24 * 2);
    expect(locs).toContain(`${base}/ja/house-groups/${GROUP}`);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="ja" href="${base}/ja/places/${PLACE}"/>`);
  });
});

describe('pages in the browser', () => {
  it('shows a place with its house groups, in both languages, without serious axe findings', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    for (const [route, name] of [
      [`/places/${PLACE}`, 'place-en'],
      [`/ja/places/${PLACE}`, 'place-ja'],
      ['/ja/search', 'search-ja'],
    ] as const) {
      await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
      await expectNoSeriousA11yViolations(page, route);
      await screenshotAtWidths(page, name);
    }
    await page.goto(`${base}/places/${PLACE}`, { waitUntil: 'networkidle' });
    const cards = page.locator('.hg-card');
    expect(await cards.count()).toBeGreaterThan(0);
    await cards.first().getByRole('link').click();
    await page.waitForURL((url) => url.pathname.startsWith('/house-groups/'));
    await context.close();
  });

  it('has no horizontal scrolling on a 375 px phone', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    for (const route of [`/places/${PLACE}`, `/house-groups/${GROUP}`, '/search', '/ja/search']) {
      await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, route).toBeLessThanOrEqual(0);
    }
    await context.close();
  });

  it('shows the plain list on the home page with the flag at LIST_ONLY', async () => {
    await setFlag('searchHouseGroupsType', 'LIST_ONLY');
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${base}/search?checkin=2030-01-01`, { waitUntil: 'networkidle' });
      expect(new URL(page.url()).pathname).toBe('/');
      await expect(page.getByRole('heading', { name: 'Our houses' }).count()).resolves.toBe(1);
      expect(await page.locator('.hg-card').count()).toBe(12);
      await expect(page.getByLabel('Check-in').count()).resolves.toBe(0);
      await page.getByRole('link', { name: 'Show more houses' }).click();
      await page.waitForURL((url) => url.searchParams.has('page'));
      expect(await page.locator('.hg-card').count()).toBe(12);
      await expectNoSeriousA11yViolations(page, '/ at LIST_ONLY');
      await context.close();
    } finally {
      await setFlag('searchHouseGroupsType', 'SEARCH');
    }
  });
});
