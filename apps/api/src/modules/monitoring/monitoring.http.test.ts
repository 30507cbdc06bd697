import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { countEvents } from './monitoring.repo.js';
import { envelopeMatchesProject } from './monitoring.service.js';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});

const encode = (s: string) => new TextEncoder().encode(s);

function envelope(dsn: string | undefined): string {
  const header = JSON.stringify({
    event_id: 'a'.repeat(32),
    sent_at: new Date().toISOString(),
    ...(dsn ? { dsn } : {}),
  });
  const item = JSON.stringify({ type: 'event' });
  return `${header}\n${item}\n${JSON.stringify({ message: 'boom' })}\n`;
}

describe('POST /monitoring', () => {
  it('stores an envelope whose DSN names the project of the query', async () => {
    const before = await countEvents(t.pool);
    const res = await t.raw('/monitoring?o=12&p=34', {
      method: 'POST',
      body: envelope('https://public@o12.ingest.yado.invalid/34'),
    });
    expect(res.status).toBe(200);
    expect(await countEvents(t.pool)).toBe(before + 1);
  });

  it('refuses an envelope for another project, a header that is not JSON, and bad ids', async () => {
    const before = await countEvents(t.pool);
    const other = await t.raw('/monitoring?o=12&p=34', {
      method: 'POST',
      body: envelope('https://public@o12.ingest.yado.invalid/99'),
    });
    expect(other.status).toBe(400);
    expect((await t.raw('/monitoring?o=12&p=34', { method: 'POST', body: 'not json\n{}' })).status).toBe(400);
    expect((await t.raw('/monitoring?o=x&p=34', { method: 'POST', body: envelope(undefined) })).status).toBe(400);
    expect(await countEvents(t.pool)).toBe(before);
  });
});

describe('envelopeMatchesProject', () => {
  it('reads the DSN of the first line only', () => {
    expect(envelopeMatchesProject(encode(envelope('https://k@o1.ingest.example/7')), '7')).toBe(true);
    expect(envelopeMatchesProject(encode(envelope('https://k@o1.ingest.example/7')), '8')).toBe(false);
    expect(envelopeMatchesProject(encode(envelope(undefined)), '8')).toBe(true);
    expect(envelopeMatchesProject(encode('[1,2]\n{}'), '8')).toBe(false);
    expect(envelopeMatchesProject(encode('{"dsn":"not a url"}'), '8')).toBe(false);
  });
});
