import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import { ConfigError } from '@yado/api/platform/env';
import { DataDirInUseError } from '@yado/api/platform/db/embedded';
import { EmbeddedServerError } from '@yado/api/platform/db/embedded-placement';
import type { ServerBuild } from 'react-router';
import { boot } from './boot.js';
import { WEB_ROOT, createWebApp } from './web-app.js';

/**
 * `npm start`: the whole product in one process on PORT. On SIGTERM or SIGINT
 * it stops accepting connections, lets requests in flight finish, stops
 * background work, closes the pool and shuts the embedded database down.
 */
async function main(): Promise<void> {
  const started = Date.now();
  const serverBuildPath = path.join(WEB_ROOT, 'build/server/index.js');
  if (!existsSync(serverBuildPath)) throw new Error('The web app is not built; run `npm run build` first.');
  const build = (await import(pathToFileURL(serverBuildPath).href)) as ServerBuild;

  const { env, log, db, api } = await boot();
  const app = createWebApp({ api, getBuild: async () => build, mode: 'production', serveAssets: true });
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    log.info('yado is ready', {
      url: `http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${info.port}`,
      database: db.embedded ? `embedded (${env.dataDir})` : 'DATABASE_URL',
      startupMs: Date.now() - started,
    });
  });
  api.startBackgroundWork();

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info('shutting down', { signal });
    const force = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 25_000);
    force.unref();
    // close() stops new connections and resolves once requests in flight are answered.
    server.close(async () => {
      await api.stopBackgroundWork();
      await db.close();
      log.info('stopped cleanly');
      process.exit(0);
    });
    // Idle keep-alive sockets would otherwise hold close() open.
    (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirInUseError || err instanceof EmbeddedServerError) {
    process.stderr.write(`\n${err.message}\n\n`);
  } else {
    process.stderr.write(
      `\nyado could not start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
  }
  process.exit(1);
});
