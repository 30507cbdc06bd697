import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { HELD_PRELOAD_REL, HELD_SCRIPT_TYPE } from './paint-first';
import { holdModuleScripts } from './paint-first.server';

async function through(chunks: string[]): Promise<string> {
  const out: Buffer[] = [];
  const held = Readable.from(chunks.map((c) => Buffer.from(c))).pipe(holdModuleScripts());
  for await (const chunk of held) out.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(out).toString('utf8');
}

const PAGE =
  '<html><head><link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js"/>' +
  '<style>p{}</style></head><body><p>宿 yado ¥42,000</p>' +
  '<script>window.__ctx={}</script><script type="module" async="">import "/assets/a.js";</script></body></html>';
const HELD = PAGE.replaceAll('<link rel="modulepreload"', `<link rel="${HELD_PRELOAD_REL}"`).replace(
  '<script type="module" async="">',
  `<script type="${HELD_SCRIPT_TYPE}" async="">`,
);

describe('holdModuleScripts', () => {
  it('renames the module script and every module preload, leaving the rest as it was', async () => {
    expect(await through([PAGE])).toBe(HELD);
  });

  it('finds markers cut between chunks, and keeps characters cut between their bytes whole', async () => {
    const bytes = Buffer.from(PAGE);
    // Every cut position: markers and the multi-byte characters are split at each of their bytes.
    for (let cut = 1; cut < bytes.length; cut += 1) {
      const out: Buffer[] = [];
      const held = Readable.from([bytes.subarray(0, cut), bytes.subarray(cut)]).pipe(holdModuleScripts());
      for await (const chunk of held) out.push(Buffer.from(chunk as Buffer));
      expect(Buffer.concat(out).toString('utf8')).toBe(HELD);
    }
  });

  it('holds a module script that carries the page nonce before its type', async () => {
    const nonced = '<script nonce="n0nce" type="module" async="">import "/assets/a.js";</script>';
    expect(await through([nonced])).toBe(nonced.replace('type="module"', `type="${HELD_SCRIPT_TYPE}"`));
  });

  it('passes a page without scripts through untouched', async () => {
    expect(await through(['<p>no ', 'scripts</p>'])).toBe('<p>no scripts</p>');
  });
});
