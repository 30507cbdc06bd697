// `npm run db:migrate`: applies pending migrations to the configured database and exits.
import { openDatabase } from '../src/database.js';
import { loadEnv } from '../src/platform/env.js';
import { createLogger } from '../src/platform/logger.js';

const env = loadEnv();
const log = createLogger(env.LOG_LEVEL);
const db = await openDatabase(env, log);
log.info('database is up to date');
await db.close();
