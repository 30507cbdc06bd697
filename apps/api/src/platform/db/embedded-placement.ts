import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import {
  chmod,
  cp,
  lstat,
  mkdir,
  readdir,
  readFile,
  readlink,
  realpath,
  rename,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from '../logger.js';

/**
 * A reason the embedded server cannot start, told in one sentence that names the cause and the fix.
 * The message is the whole story, so the stack is left out: printed anywhere, it would only bury it.
 */
export class EmbeddedServerError extends Error {
  override name = 'EmbeddedServerError';
  constructor(message: string) {
    super(message);
    this.stack = `${this.name}: ${message}`;
  }
}

/** The user PostgreSQL runs as: null for "ourselves", or the `postgres` user when we are root. */
export type RunAs = { uid: number; gid: number } | null;

/**
 * Where a run as root puts what the `postgres` user must reach when the checkout or DATA_DIR sits in
 * a folder it may not pass through: root-owned, and open for passing through
 * (docs/decisions/0018-embedded-server-as-root.md).
 */
export const ROOT_RUN_HOME = '/var/lib/yado';

export type Distribution = { dir: string; initdb: string; postgres: string };

function binaries(dir: string): Distribution {
  return { dir, initdb: path.join(dir, 'bin', 'initdb'), postgres: path.join(dir, 'bin', 'postgres') };
}

function id(flag: '-u' | '-g'): number {
  return Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
}

/**
 * PostgreSQL refuses to run as root, so a root run starts it as the `postgres` user, created as a
 * system user when the machine has none.
 */
export function postgresUser(): RunAs {
  if (process.getuid?.() !== 0) return null;
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    // No such user yet.
  }
  try {
    const groupExists = spawnSync('getent', ['group', 'postgres'], { stdio: 'ignore' }).status === 0;
    if (!groupExists) execFileSync('groupadd', ['--system', 'postgres'], { stdio: 'ignore' });
    execFileSync(
      'useradd',
      ['--system', '-g', 'postgres', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'],
      {
        stdio: 'ignore',
      },
    );
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new EmbeddedServerError(
      'PostgreSQL cannot run as root and the `postgres` user it runs as instead could not be created; ' +
        'create it with `useradd --system postgres`, or start yado as a normal user.',
    );
  }
}

/**
 * Whether the `postgres` user may pass through every folder down to `target` (and, with `-x`, enter
 * or execute it). Asked of the system itself, as that user, so that ACLs and groups count exactly
 * as they will for the server.
 */
export function postgresMayReach(runAs: NonNullable<RunAs>, target: string): boolean {
  const r = spawnSync('test', ['-x', target], { uid: runAs.uid, gid: runAs.gid, cwd: '/', stdio: 'ignore' });
  return r.status === 0;
}

async function loosenModes(dir: string): Promise<void> {
  await chmod(dir, 0o755);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) await loosenModes(p);
    else if (entry.isFile()) {
      // npm may have unpacked with a private umask; the postgres user must read libraries and run programs.
      const executable = ((await lstat(p)).mode & 0o100) !== 0;
      await chmod(p, executable ? 0o755 : 0o644);
    }
  }
}

async function ensureRootRunHome(sub: string, mode: number): Promise<string> {
  const dir = path.join(ROOT_RUN_HOME, sub);
  try {
    await mkdir(dir, { recursive: true });
    await chmod(ROOT_RUN_HOME, 0o755);
    await chmod(dir, mode);
  } catch (err) {
    throw new EmbeddedServerError(
      `yado runs as root from a folder the \`postgres\` user may not pass through, and could not prepare ${dir} ` +
        `for it (${(err as NodeJS.ErrnoException).code ?? String(err)}); make ${ROOT_RUN_HOME} writable, ` +
        'or clone yado into a folder others may pass through, or start it as a normal user.',
    );
  }
  return dir;
}

/**
 * The PostgreSQL programs of the platform package at `packageDir`: used where they are when the server
 * can reach them, else copied once to a root-owned folder named after the package's content (its
 * package.json names the exact build) and reused by every later start.
 */
export async function reachableDistribution(packageDir: string, runAs: RunAs, log: Logger): Promise<Distribution> {
  const inPlace = binaries(path.join(packageDir, 'native'));
  if (!existsSync(inPlace.postgres) || !existsSync(inPlace.initdb)) {
    throw new EmbeddedServerError(
      `The embedded PostgreSQL programs are missing from ${inPlace.dir}; run \`npm ci\` to install them again, ` +
        'or set DATABASE_URL to a PostgreSQL 15+ server.',
    );
  }
  if (!runAs || postgresMayReach(runAs, inPlace.postgres)) return inPlace;

  const manifest = await readFile(path.join(packageDir, 'package.json'), 'utf8');
  const { version } = JSON.parse(manifest) as { version: string };
  const hash = createHash('sha256').update(manifest).update(`${os.platform()}-${os.arch()}`).digest('hex').slice(0, 12);
  const home = await ensureRootRunHome('postgresql', 0o755);
  const copy = binaries(path.join(home, `${version}-${hash}`));
  if (!existsSync(copy.postgres)) {
    // Copied aside and renamed into place, so that a start never finds half a copy.
    const partial = `${copy.dir}.partial-${process.pid}-${randomBytes(4).toString('hex')}`;
    try {
      await cp(inPlace.dir, partial, { recursive: true, verbatimSymlinks: true });
      await loosenModes(partial);
      await rename(partial, copy.dir).catch(async (err: NodeJS.ErrnoException) => {
        // Another start renamed its copy first; theirs is as good as ours.
        if (!existsSync(copy.postgres)) throw err;
      });
    } catch (err) {
      throw new EmbeddedServerError(
        `The PostgreSQL programs could not be copied to ${copy.dir}, where the \`postgres\` user could reach them ` +
          `(${(err as NodeJS.ErrnoException).code ?? String(err)}); free space there, or clone yado into a folder ` +
          'others may pass through.',
      );
    } finally {
      await rm(partial, { recursive: true, force: true });
    }
  }
  if (!postgresMayReach(runAs, copy.postgres)) {
    throw new EmbeddedServerError(
      `The \`postgres\` user may not run ${copy.postgres}; let it pass through every folder above it (chmod o+x), ` +
        'or start yado as a normal user.',
    );
  }
  log.info('the postgres user cannot reach the PostgreSQL programs in this checkout; running a copy of them', {
    programs: copy.dir,
  });
  return copy;
}

export type ClusterPlace = { clusterDir: string; relocated: boolean };

/**
 * The cluster's folder: DATA_DIR/pg, unless we run as root and the `postgres` user may not pass
 * through DATA_DIR. Then the cluster lives in a root-run folder named after DATA_DIR's real path, and
 * DATA_DIR/pg is a link to it, so that the folder stays tied to its data folder, survives the data
 * folder being moved (the link moves with it), and shows where it is to anyone listing DATA_DIR.
 */
export async function clusterPlace(dataDir: string, runAs: RunAs): Promise<ClusterPlace> {
  const link = path.join(dataDir, 'pg');
  const current = await lstat(link).catch(() => null);
  if (current?.isSymbolicLink()) return { clusterDir: path.resolve(dataDir, await readlink(link)), relocated: true };
  if (!runAs || postgresMayReach(runAs, dataDir)) return { clusterDir: link, relocated: false };

  if (current && existsSync(path.join(link, 'PG_VERSION'))) {
    throw new EmbeddedServerError(
      `The PostgreSQL cluster in ${link} sits in a folder the \`postgres\` user, which runs PostgreSQL when yado ` +
        'runs as root, may not pass through; let it pass (chmod o+x on each folder above), or start yado as the ' +
        'user who created the cluster.',
    );
  }
  const key = createHash('sha256')
    .update(await realpath(dataDir))
    .digest('hex')
    .slice(0, 16);
  const clusters = await ensureRootRunHome('clusters', 0o711);
  const clusterDir = path.join(clusters, key);
  // A label for whoever finds the folder later: which data folder it belongs to.
  await writeFile(`${clusterDir}.data-dir`, `${await realpath(dataDir)}\n`, { mode: 0o600 });
  // Left from an interrupted first start: nothing in it yet.
  if (current) await rm(link, { recursive: true, force: true });
  await symlink(clusterDir, link);
  return { clusterDir, relocated: true };
}
