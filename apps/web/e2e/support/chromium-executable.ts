import { execFileSync } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress } from 'node:zlib';

/**
 * Which Chromium the browser tests and the browser benches drive, and the environment it needs
 * (docs/decisions/0058-a-browser-from-npm.md). In order:
 *   1. `CHROMIUM_PATH`, when it is set;
 *   2. a system Chromium (Debian's /usr/bin/chromium, or `chromium` on the PATH) that starts;
 *   3. the Chromium that `npm ci` installed inside `@sparticuz/chromium`, unpacked once per user and
 *      version into the temporary folder.
 * Every choice gets a fontconfig file that adds Noto Sans JP from npm to the system's fonts, so
 * Japanese pages render with real glyphs even on a machine without a Japanese font (or any font).
 */
export type ChromiumChoice = {
  executablePath: string;
  /** Environment to start it with: the caller's, plus FONTCONFIG_PATH. */
  env: Record<string, string>;
  source: 'CHROMIUM_PATH' | 'system' | 'npm';
};

/** Headless, no sandbox (CI runs as root), and none of the background calls the closed network refuses. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-dev-shm-usage',
];

const require = createRequire(import.meta.url);
const SYSTEM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', 'chromium', 'chromium-browser'];

let chosen: Promise<ChromiumChoice> | undefined;

/** The browser to launch; resolved once per process. */
export function chromiumExecutable(): Promise<ChromiumChoice> {
  chosen ??= choose();
  return chosen;
}

async function choose(): Promise<ChromiumChoice> {
  const fromEnv = process.env['CHROMIUM_PATH'];
  const env = { ...processEnv(), FONTCONFIG_PATH: await fontConfigFolder() };
  if (fromEnv) return { executablePath: fromEnv, env, source: 'CHROMIUM_PATH' };
  const system = SYSTEM_CANDIDATES.find(starts);
  if (system) return { executablePath: system, env, source: 'system' };
  return { executablePath: await unpackNpmChromium(), env, source: 'npm' };
}

/** A path or name that does not start a browser (a removed package, a script that exits with an error) is passed over. */
function starts(candidate: string): boolean {
  if (candidate.startsWith('/') && !existsSync(candidate)) return false;
  try {
    execFileSync(candidate, ['--version'], { stdio: 'ignore', timeout: 15_000 });
    return true;
  } catch {
    return false;
  }
}

function processEnv(): Record<string, string> {
  return Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
}

/** The installed package's folder (these packages export no package.json, so it is looked up). */
function packageFolder(name: string): string {
  const folder = (require.resolve.paths(name) ?? [])
    .map((modules) => path.join(modules, name))
    .find((candidate) => existsSync(path.join(candidate, 'package.json')));
  if (!folder) throw new Error(`${name} is not installed: run npm ci`);
  return folder;
}

function cacheRoot(): string {
  const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
  return path.join(os.tmpdir(), `yado-chromium-${uid}`);
}

/**
 * The package carries Chromium and its SwiftShader libraries as brotli files; they are unpacked
 * into a folder of their own and renamed into place whole, so parallel test workers that race
 * here never start a half-written binary.
 */
async function unpackNpmChromium(): Promise<string> {
  const pkg = packageFolder('@sparticuz/chromium');
  const version = (JSON.parse(readFileSync(path.join(pkg, 'package.json'), 'utf8')) as { version: string }).version;
  const target = path.join(cacheRoot(), version);
  const binary = path.join(target, 'chromium');
  if (existsSync(binary)) return binary;
  await mkdir(cacheRoot(), { recursive: true, mode: 0o700 });
  const staging = await mkdtemp(path.join(cacheRoot(), 'unpack-'));
  try {
    await pipeline(
      createReadStream(path.join(pkg, 'bin', 'chromium.br')),
      createBrotliDecompress(),
      createWriteStream(path.join(staging, 'chromium')),
    );
    await chmod(path.join(staging, 'chromium'), 0o755);
    await untarBrotli(path.join(pkg, 'bin', 'swiftshader.tar.br'), staging);
    await rename(staging, target);
  } catch (e) {
    await rm(staging, { recursive: true, force: true });
    if (!existsSync(binary)) throw e;
  }
  return binary;
}

async function untarBrotli(file: string, into: string): Promise<void> {
  // tar-fs comes with the Chromium package (its own dependency), so it is required from there.
  const fromPackage = createRequire(path.join(packageFolder('@sparticuz/chromium'), 'package.json'));
  const tar = fromPackage('tar-fs') as { extract: (dir: string) => NodeJS.WritableStream };
  await pipeline(createReadStream(file), createBrotliDecompress(), tar.extract(into));
}

/**
 * A fontconfig folder whose fonts.conf keeps the system's configuration (when there is one) and adds
 * Noto Sans JP, regular and bold, from the npm package.
 */
async function fontConfigFolder(): Promise<string> {
  const noto = packageFolder('@expo-google-fonts/noto-sans-jp');
  const folder = path.join(cacheRoot(), 'fontconfig');
  await mkdir(path.join(folder, 'cache'), { recursive: true });
  const conf = `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <dir>${path.join(noto, '400Regular')}</dir>
  <dir>${path.join(noto, '700Bold')}</dir>
  <cachedir>${path.join(folder, 'cache')}</cachedir>
</fontconfig>
`;
  // Written to a new name and renamed, so a browser starting in another worker never reads half a file.
  const file = path.join(folder, 'fonts.conf');
  const part = `${file}.${process.pid}`;
  await writeFile(part, conf);
  await rename(part, file);
  return folder;
}
