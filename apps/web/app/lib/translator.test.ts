import { describe, expect, it } from 'vitest';
import { Translator } from './translator';

const en = () => {
  const t = new Translator('en', 'common', null);
  t.add({
    common: {
      title: 'Hello',
      nested: { deep: 'Deep {{name}}' },
      nights_one: '{{count}} night',
      nights_other: '{{count}} nights',
      guests_zero: 'No guests',
      guests_one: 'One guest',
      guests_other: '{{count}} guests',
      greeting: 'Hi',
      greeting_formal: 'Good day',
    },
    catalogue: { price: 'From {{price}}' },
  });
  return t;
};

describe('the translator', () => {
  it('reads nested keys, namespace prefixes and the ns option', () => {
    const t = en();
    expect(t.t('title')).toBe('Hello');
    expect(t.t('nested.deep', { name: 'Hakone' })).toBe('Deep Hakone');
    expect(t.t('catalogue:price', { price: '¥10,000' })).toBe('From ¥10,000');
    expect(t.t('price', { ns: 'catalogue', price: '¥1' })).toBe('From ¥1');
    expect(t.fixed('catalogue')('price', { price: '¥2' })).toBe('From ¥2');
    expect(t.fixed('catalogue')('common:title')).toBe('Hello');
  });

  it('picks plural forms by the language’s rules, _zero when present', () => {
    const t = en();
    expect(t.t('nights', { count: 1 })).toBe('1 night');
    expect(t.t('nights', { count: 3 })).toBe('3 nights');
    expect(t.t('nights', { count: 0 })).toBe('0 nights');
    expect(t.t('guests', { count: 0 })).toBe('No guests');
    const ja = new Translator('ja', 'common', null);
    ja.add({ common: { nights_other: '{{count}}泊' } });
    expect(ja.t('nights', { count: 1 })).toBe('1泊');
  });

  it('prefers a context variant and falls back to the plain key', () => {
    const t = en();
    expect(t.t('greeting', { context: 'formal' })).toBe('Good day');
    expect(t.t('greeting', { context: 'casual' })).toBe('Hi');
  });

  it('answers the key itself for a missing key, and fetches a missing namespace once', async () => {
    const asked: string[] = [];
    const t = new Translator('ja', 'common', async (lng, ns) => {
      asked.push(`${lng}/${ns}`);
      return { hello: 'こんにちは' };
    });
    let notified = 0;
    t.subscribe(() => (notified += 1));
    expect(t.t('booking:hello')).toBe('hello');
    expect(t.t('booking:hello')).toBe('hello');
    await t.load(['booking']);
    expect(asked).toEqual(['ja/booking']);
    expect(t.t('booking:hello')).toBe('こんにちは');
    expect(notified).toBe(1);
    // Adding a namespace already present changes nothing and tells no one.
    t.add({ booking: { hello: 'other' } });
    expect(t.t('booking:hello')).toBe('こんにちは');
    expect(notified).toBe(1);
  });
});
