// Writes .br and .gz beside every compressible file of the web build, so the server sends
// compressed assets without compressing them again on each request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '../apps/web/build/client');
const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
let count = 0;

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full);
    else if (compressible.test(name) && statSync(full).size >= 1024) {
      const data = readFileSync(full);
      writeFileSync(`${full}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${full}.gz`, gzipSync(data, { level: 9 }));
      count++;
    }
  }
}

walk(root);
console.log(`precompressed ${count} files of the web build`);
