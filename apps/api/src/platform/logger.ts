/** One-line JSON logs on stdout; structured so a log shipper can index them. */
type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export type Logger = Record<Level, (msg: string, fields?: Record<string, unknown>) => void>;

export function createLogger(level: Level | 'silent' = 'info'): Logger {
  const make =
    (l: Level) =>
    (msg: string, fields?: Record<string, unknown>): void => {
      if (order[l] < order[level]) return;
      const line = JSON.stringify({ time: new Date().toISOString(), level: l, msg, ...fields });
      (l === 'error' || l === 'warn' ? process.stderr : process.stdout).write(line + '\n');
    };
  return { debug: make('debug'), info: make('info'), warn: make('warn'), error: make('error') };
}
