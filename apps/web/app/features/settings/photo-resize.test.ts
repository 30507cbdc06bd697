import { describe, expect, it } from 'vitest';
import { base64FromBytes, fitWithin } from './photo-resize';

describe('fitWithin', () => {
  it('scales the longer side down to 1024 px and keeps the proportions', () => {
    expect(fitWithin({ width: 3000, height: 2000 })).toEqual({ width: 1024, height: 683 });
    expect(fitWithin({ width: 2000, height: 3000 })).toEqual({ width: 683, height: 1024 });
    expect(fitWithin({ width: 4096, height: 4096 })).toEqual({ width: 1024, height: 1024 });
  });

  it('never enlarges a picture already within the limit', () => {
    expect(fitWithin({ width: 1024, height: 300 })).toEqual({ width: 1024, height: 300 });
    expect(fitWithin({ width: 40, height: 30 })).toEqual({ width: 40, height: 30 });
  });

  it('keeps a very thin picture at least one pixel wide', () => {
    expect(fitWithin({ width: 10_000, height: 3 })).toEqual({ width: 1024, height: 1 });
  });
});

describe('base64FromBytes', () => {
  it('encodes without a data-URL prefix, as Node does', () => {
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]);
    expect(base64FromBytes(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    expect(base64FromBytes(bytes)).not.toContain('data:');
  });

  it('encodes a photo-sized buffer in one piece', () => {
    const bytes = new Uint8Array(300_001).map((_, i) => (i * 31) % 256);
    expect(base64FromBytes(bytes)).toBe(Buffer.from(bytes).toString('base64'));
  });
});
