import http from 'node:http';

export type LoadResult = { requests: number; errors: number; seconds: number; rps: number; p50: number; p99: number };

/**
 * A closed-loop load generator: `connections` keep-alive clients each send
 * the next request as soon as the previous answer arrives, for `seconds`.
 * Latencies are in milliseconds.
 */
export async function load(opts: {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
}): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const u = new URL(opts.url);
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + opts.seconds * 1000;
  const one = () =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const req = http.request(
        {
          agent,
          host: u.hostname,
          port: u.port,
          path: u.pathname + u.search,
          method: opts.method ?? 'GET',
          headers: opts.headers,
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode !== 200) errors++;
            latencies.push(performance.now() - t0);
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      if (opts.body) req.write(opts.body);
      req.end();
    });
  const start = performance.now();
  await Promise.all(
    Array.from({ length: opts.connections }, async () => {
      while (performance.now() < until) await one();
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ?? 0;
  return { requests: latencies.length, errors, seconds, rps: latencies.length / seconds, p50: pct(50), p99: pct(99) };
}
