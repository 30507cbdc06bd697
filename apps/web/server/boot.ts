import { createApi, type Api } from '@yado/api/api-app';
import { openDatabase, type Database } from '@yado/api/database';
import { systemClock } from '@yado/api/platform/clock';
import { loadEnv, type Env } from '@yado/api/platform/env';
import { createLogger, type Logger } from '@yado/api/platform/logger';
import { renderDemoImage } from '@yado/api/seed/catalogue-images';
import { DEMO_ACCOUNTS, seedDemoData } from '@yado/api/seed/demo-seed.service';

export type Booted = { env: Env; log: Logger; db: Database; api: Api };

/**
 * Settings, database (migrated), demo data on the first start of an empty
 * embedded database, and the API. Shared by the production and the
 * development server.
 */
export async function boot(): Promise<Booted> {
  const env = loadEnv();
  const log = createLogger(env.LOG_LEVEL);
  const db = await openDatabase(env, log);
  try {
    const deps = { db: db.pool, clock: systemClock, env, log };
    // The API first: creating it registers the payment provider, which the demo bookings pay through.
    const api = await createApi(deps, { renderMissingImage: renderDemoImage });
    const shouldSeed = env.SEED_DEMO_DATA === 'always' || (env.SEED_DEMO_DATA === 'auto' && db.embedded);
    if (shouldSeed) {
      await seedDemoData(deps);
      log.info('demo data present; sign in with these accounts', {
        accounts: DEMO_ACCOUNTS.map((a) => `${a.role}: ${a.email} / ${a.password}`),
      });
    }
    return { env, log, db, api };
  } catch (err) {
    await db.close().catch(() => undefined);
    throw err;
  }
}
