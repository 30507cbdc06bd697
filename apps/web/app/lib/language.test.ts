import { describe, expect, it } from 'vitest';
import { languageFromPath, localizePath, stripLanguage } from './language';

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
