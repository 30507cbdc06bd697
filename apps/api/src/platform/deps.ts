import type { Clock } from './clock.js';
import type { Pool } from './db/pool.js';
import type { Env } from './env.js';
import type { Logger } from './logger.js';

/** What every service function receives: the database, the clock, settings and the log. */
export type Deps = { db: Pool; clock: Clock; env: Env; log: Logger };
