import { describe, expect, it } from 'vitest';
import {
  languageCookie,
  languageFromPath,
  localizePath,
  preferredLanguageRedirect,
  stripLanguage,
  languageChoiceOf,
  languageSwitchHref,
} from './language';

describe('language paths', () => {
  it('reads Japanese only from the /ja prefix', () => {
    expect(languageFromPath('/ja')).toBe('ja');
    expect(languageFromPath('/ja/login')).toBe('ja');
    expect(languageFromPath('/login')).toBe('en');
    expect(languageFromPath('/japan')).toBe('en');
  });

  it('maps paths between the languages', () => {
    expect(stripLanguage('/ja/mypage')).toBe('/mypage');
    expect(stripLanguage('/ja')).toBe('/');
    expect(localizePath('/mypage', 'ja')).toBe('/ja/mypage');
    expect(localizePath('/', 'ja')).toBe('/ja');
    expect(localizePath('/ja/mypage', 'en')).toBe('/mypage');
  });
});

describe('the remembered language', () => {
  it('is a year-long cookie named lang', () => {
    expect(languageCookie('ja')).toBe('lang=ja; Path=/; Max-Age=31536000; SameSite=Lax');
  });

  it('sends an unprefixed address to its /ja equivalent when Japanese was picked', () => {
    expect(preferredLanguageRedirect('/login', '?redirectUrl=%2Fmypage', 'ja')).toBe('/ja/login?redirectUrl=%2Fmypage');
    expect(preferredLanguageRedirect('/', '', 'ja')).toBe('/ja');
  });

  it('leaves /ja addresses, English choosers and visitors without a choice alone', () => {
    expect(preferredLanguageRedirect('/ja/login', '', 'ja')).toBeNull();
    expect(preferredLanguageRedirect('/ja/login', '', 'en')).toBeNull();
    expect(preferredLanguageRedirect('/login', '', 'en')).toBeNull();
    expect(preferredLanguageRedirect('/login', '', undefined)).toBeNull();
    expect(preferredLanguageRedirect('/login', '', 'fr')).toBeNull();
  });
});

describe('the language switch’s address', () => {
  it('is the page in the other language, query kept, marked with the choice', () => {
    expect(languageSwitchHref('/login', '?redirectUrl=%2Fmypage', 'ja')).toBe(
      '/ja/login?redirectUrl=%2Fmypage&lang-choice=ja',
    );
    expect(languageSwitchHref('/ja', '', 'en')).toBe('/?lang-choice=en');
    expect(languageSwitchHref('/ja/mypage', '?lang-choice=ja', 'en')).toBe('/mypage?lang-choice=en');
  });

  it('is read back as the choice and the address without it', () => {
    expect(languageChoiceOf('/ja/login', '?redirectUrl=%2Fmypage&lang-choice=ja')).toEqual({
      language: 'ja',
      location: '/ja/login?redirectUrl=%2Fmypage',
    });
    expect(languageChoiceOf('/', '?lang-choice=en')).toEqual({ language: 'en', location: '/' });
    expect(languageChoiceOf('/login', '?lang-choice=fr')).toBeNull();
    expect(languageChoiceOf('/login', '?redirectUrl=%2F')).toBeNull();
  });
});
