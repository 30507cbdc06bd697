/**
 * Reads the development outbox (every email and SMS the server recorded) until the newest message
 * to an address matches, and returns the match. Mail is written while the request that sends it
 * runs, so a test may look before it is there; it waits up to 15 s.
 */
export async function fromNewestMessage(baseUrl: string, recipient: string, pattern: RegExp): Promise<RegExpExecArray> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const response = await fetch(`${baseUrl}/dev/outbox.json?recipient=${encodeURIComponent(recipient)}`);
    if (response.ok) {
      const { messages } = (await response.json()) as {
        messages: { recipient: string; body: string; createdAt: string }[];
      };
      const newest = messages
        .filter((m) => m.recipient === recipient)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
      const match = newest ? pattern.exec(newest.body) : null;
      if (match) return match;
    }
    if (Date.now() > deadline) throw new Error(`no message matching ${pattern} reached ${recipient}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
