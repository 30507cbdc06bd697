import http from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { ServerBuild } from 'react-router';
import { createServer as createViteServer } from 'vite';
import { boot } from './boot.js';
import { WEB_ROOT, createWebApp } from './web-app.js';

/**
 * `npm run dev`: Vite serves the React app with hot reload; the server code
 * itself is restarted by `tsx watch` when it changes.
 */
async function main(): Promise<void> {
  const { env, log, db, api } = await boot();
  const vite = await createViteServer({ root: WEB_ROOT, server: { middlewareMode: true }, appType: 'custom' });
  const app = createWebApp({
    api,
    getBuild: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
    mode: 'development',
    serveAssets: false,
  });
  const listener = getRequestListener(app.fetch);
  const server = http.createServer((req, res) => vite.middlewares(req, res, () => listener(req, res)));
  server.listen(env.PORT, env.HOST, () => log.info('yado dev server ready', { url: `http://localhost:${env.PORT}` }));
  api.startBackgroundWork();
  const stop = async () => {
    server.close();
    await vite.close();
    await api.stopBackgroundWork();
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

void main();
