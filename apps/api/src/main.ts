// The API alone (no web pages), for nodes that scale apart from the web servers behind a load balancer.
import { serve } from '@hono/node-server';
import { createApi } from './api-app.js';
import { openDatabase } from './database.js';
import { systemClock } from './platform/clock.js';
import { loadEnv } from './platform/env.js';
import { createLogger } from './platform/logger.js';
import { renderDemoImage } from './seed/catalogue-images.js';

const env = loadEnv();
const log = createLogger(env.LOG_LEVEL);
const db = await openDatabase(env, log);
const api = await createApi({ db: db.pool, clock: systemClock, env, log }, { renderMissingImage: renderDemoImage });
const server = serve({ fetch: api.app.fetch, port: env.PORT, hostname: env.HOST }, (info) =>
  log.info('yado API is ready', { port: info.port }),
);
api.startBackgroundWork();
const shutdown = () =>
  server.close(async () => {
    await api.stopBackgroundWork();
    await db.close();
    process.exit(0);
  });
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
