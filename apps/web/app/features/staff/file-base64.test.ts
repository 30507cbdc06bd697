import { describe, expect, it } from 'vitest';
import { bytesToBase64, fileToBase64 } from './file-base64';

describe('file to base64', () => {
  it('encodes bytes without a data-URL prefix', () => {
    expect(bytesToBase64(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('/9j/4A==');
    expect(bytesToBase64(new Uint8Array([]))).toBe('');
  });

  it('encodes large files in chunks, the same as Node does', () => {
    const bytes = new Uint8Array(200_001).map((_, i) => (i * 31) % 256);
    expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
  });

  it('reads a Blob', async () => {
    await expect(fileToBase64(new Blob([new Uint8Array([1, 2, 3])]))).resolves.toBe('AQID');
  });
});
