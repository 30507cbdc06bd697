// `npm run db:seed`: loads the demo data into the configured database (once; later runs change nothing).
import { openDatabase } from '../src/database.js';
import { systemClock } from '../src/platform/clock.js';
import { loadEnv } from '../src/platform/env.js';
import { createLogger } from '../src/platform/logger.js';
import { DEMO_ACCOUNTS, seedDemoData } from '../src/seed/demo-seed.service.js';

const env = loadEnv();
const log = createLogger(env.LOG_LEVEL);
const db = await openDatabase(env, log);
try {
  const seeded = await seedDemoData({ db: db.pool, clock: systemClock, env, log });
  log.info(seeded ? 'demo data loaded' : 'demo data was already present', {
    accounts: DEMO_ACCOUNTS.map((a) => `${a.role}: ${a.email} / ${a.password}`),
  });
} finally {
  await db.close();
}
