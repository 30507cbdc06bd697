import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Starts `npm start`'s server process and resolves with the seconds until /readyz answers. */
export async function startServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; seconds: number; baseUrl: string; stop: () => Promise<void> }> {
  // Another server on the port would answer /readyz and be measured instead of this build.
  const inUse = await fetch(`http://127.0.0.1:${env['PORT']}/healthz`).then(
    () => true,
    () => false,
  );
  if (inUse) throw new Error(`port ${env['PORT']} is already in use; stop what listens there first`);
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/web/server/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${env['PORT']}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited while starting');
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const seconds = (performance.now() - t0) / 1000;
  return {
    child,
    seconds,
    baseUrl,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
