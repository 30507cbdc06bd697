// Seconds from starting the server to ready (/readyz): on an empty data folder, then a restart on it.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startServer } from './support/server-process.js';

const dir = await mkdtemp(path.join(os.tmpdir(), 'yado-bench-startup-'));
const env = { DATA_DIR: dir, PORT: '3917' };
try {
  const first = await startServer(env);
  await first.stop();
  const restarts: number[] = [];
  for (let i = 0; i < 3; i++) {
    const again = await startServer(env);
    restarts.push(again.seconds);
    await again.stop();
  }
  console.log(`first start on an empty folder: ${first.seconds.toFixed(2)} s`);
  console.log(`restart (3 runs): ${restarts.map((s) => s.toFixed(2)).join(' s, ')} s`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
