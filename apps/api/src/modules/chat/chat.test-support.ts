/** One event of a chat stream as a client reads it. */
export type StreamEvent = { event: string; id: string | null; data: unknown };

/**
 * Reads a Server-Sent Events answer as a browser would: events split on blank lines, comments
 * skipped, and `next` waits for the next event that matches (or fails after a timeout).
 */
export function readEvents(res: Response): {
  events: StreamEvent[];
  next: (match?: (e: StreamEvent) => boolean, timeoutMs?: number) => Promise<StreamEvent>;
  none: (match: (e: StreamEvent) => boolean, forMs: number) => Promise<void>;
  close: () => Promise<void>;
} {
  if (!res.body) throw new Error('no stream body');
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const events: StreamEvent[] = [];
  let taken = 0;
  let buffer = '';
  let waiters: (() => void)[] = [];
  let done = false;
  void (async () => {
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        buffer += decoder.decode(chunk.value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let event = 'message';
          let id: string | null = null;
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('id: ')) id = line.slice(4);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length) events.push({ event, id, data: JSON.parse(data.join('\n')) });
        }
        for (const w of waiters) w();
        waiters = [];
      }
    } catch {
      // Cancelled by close().
    }
    done = true;
    for (const w of waiters) w();
  })();
  const next = async (match: (e: StreamEvent) => boolean = () => true, timeoutMs = 5_000): Promise<StreamEvent> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (taken < events.length) {
        const e = events[taken++]!;
        if (match(e)) return e;
      }
      if (done) throw new Error('the stream ended');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no matching event in time');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };
  const none = async (match: (e: StreamEvent) => boolean, forMs: number) => {
    await new Promise((r) => setTimeout(r, forMs));
    const seen = events.slice(taken).find(match);
    if (seen) throw new Error(`unexpected event ${JSON.stringify(seen)}`);
  };
  return { events, next, none, close: () => reader.cancel().catch(() => undefined) };
}

export const isMessage = (e: StreamEvent) => e.event === 'message';
export const messageText = (e: StreamEvent) => (e.data as { text: string }).text;
