import { StringDecoder } from 'node:string_decoder';
import { Transform } from 'node:stream';
import { HELD_PRELOAD_REL, HELD_SCRIPT_TYPE } from './paint-first';

// Exactly what React renders for React Router's <Scripts />: page content never holds a raw
// "<script" or "<link" (React escapes text, and the router's inline JSON escapes "<"). The module
// script's attributes are matched without the tag's start, as its nonce comes first.
const REPLACEMENTS: [string, string][] = [
  [' type="module" async="">', ` type="${HELD_SCRIPT_TYPE}" async="">`],
  ['<link rel="modulepreload"', `<link rel="${HELD_PRELOAD_REL}"`],
];
const KEEP = Math.max(...REPLACEMENTS.map(([from]) => from.length)) - 1;

function replaceAll(text: string): string {
  let out = text;
  for (const [from, to] of REPLACEMENTS) out = out.split(from).join(to);
  return out;
}

/**
 * The server's half of paint-first.ts: holds the page's module script and module preloads back by
 * renaming them as the HTML streams out. A marker may be cut between two chunks, so the last few
 * characters wait for the next chunk.
 */
export function holdModuleScripts(): Transform {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      pending += typeof chunk === 'string' ? chunk : decoder.write(chunk);
      const text = replaceAll(pending);
      // A marker that starts in the last KEEP characters may still be incomplete.
      const cut = Math.max(0, text.length - KEEP);
      pending = text.slice(cut);
      callback(null, text.slice(0, cut));
    },
    flush(callback) {
      callback(null, replaceAll(pending + decoder.end()));
    },
  });
}
