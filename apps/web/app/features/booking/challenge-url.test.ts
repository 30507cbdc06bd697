import { describe, expect, it } from 'vitest';
import { challengeUrlFor } from './challenge-url';

describe('challengeUrlFor', () => {
  it('adds lang=ja to the challenge page of a Japanese page', () => {
    expect(challengeUrlFor('/payment-provider/challenges/p1', 'ja')).toBe('/payment-provider/challenges/p1?lang=ja');
  });

  it('keeps the query and fragment of the address and replaces a lang already there', () => {
    expect(challengeUrlFor('https://acs.example/c?id=7&lang=en#top', 'ja')).toBe(
      'https://acs.example/c?id=7&lang=ja#top',
    );
  });

  it('leaves the address alone on an English page', () => {
    expect(challengeUrlFor('/payment-provider/challenges/p1', 'en')).toBe('/payment-provider/challenges/p1');
  });
});
