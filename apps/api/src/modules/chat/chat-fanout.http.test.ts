import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_PREFIX } from '@yado/contract/headers';
import { CHAT_EVENTS_PATH, sendMessage } from '@yado/contract/chat.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-support/test-api.js';
import { signInStaff } from '../staff-catalogue/staff-catalogue.test-factory.js';
import { chatGuest } from './chat.test-factory.js';
import { isMessage, messageText, readEvents } from './chat.test-support.js';

// Two real API processes (apps/api/src/main.ts) on the test's database: nothing of the chat is shared
// between them but PostgreSQL, as between app nodes behind a load balancer without sticky sessions.
const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

async function startApiProcess(databaseUrl: string): Promise<{ baseUrl: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: '/nonexistent',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the API process exited while starting');
    if (Date.now() > deadline) throw new Error('the API process did not start in time');
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { baseUrl, child };
    await new Promise((r) => setTimeout(r, 100));
  }
}

let t: TestApi;
let processes: { baseUrl: string; child: ChildProcess }[] = [];
beforeAll(async () => {
  t = await createTestApi({ LOG_LEVEL: 'error' });
  processes = await Promise.all([startApiProcess(t.url), startApiProcess(t.url)]);
}, 90_000);
afterAll(async () => {
  await Promise.all(
    processes.map(
      (p) =>
        new Promise<void>((resolve) => {
          if (p.child.exitCode !== null) return resolve();
          p.child.once('exit', () => resolve());
          p.child.kill('SIGTERM');
        }),
    ),
  );
});

const openStream = async (baseUrl: string, token: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${baseUrl}${CHAT_EVENTS_PATH}`, {
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
  expect(res.status).toBe(200);
  const events = readEvents(res);
  // Subscribed (listening and caught up) once the unread count arrives.
  await events.next((e) => e.event === 'unread', 10_000);
  return events;
};

const sendThrough = async (baseUrl: string, token: string, conversationId: string, text: string) => {
  const res = await fetch(`${baseUrl}${API_PREFIX}/${sendMessage.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ conversationId, text }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { message: { messageId: number } }).message.messageId;
};

describe('chat across two app processes', () => {
  it('delivers a message sent through one process live to a stream on the other, and resumes on either', async () => {
    const a = processes[0]!;
    const b = processes[1]!;
    const g = await chatGuest(t);
    const staff = await signInStaff(t);
    const staffOnB = await openStream(b.baseUrl, staff.idToken);
    const guestOnA = await openStream(a.baseUrl, g.token);

    const asked = await sendThrough(a.baseUrl, g.token, g.conversationId, 'Sent through A');
    const heard = await staffOnB.next(isMessage);
    expect(heard.id).toBe(String(asked));
    expect(messageText(heard)).toBe('Sent through A');
    expect(messageText(await guestOnA.next(isMessage))).toBe('Sent through A');

    // An answer through B reaches the guest's stream on A.
    await sendThrough(b.baseUrl, staff.idToken, g.conversationId, 'Answered through B');
    expect(messageText(await guestOnA.next(isMessage))).toBe('Answered through B');

    // The guest's connection drops; three messages are sent while away, through both processes. The
    // reconnect lands on the other process with the last id seen: exactly the three, in order, once.
    const lastSeen = (await guestOnA.events.filter(isMessage).at(-1))!.id!;
    await guestOnA.close();
    await sendThrough(a.baseUrl, staff.idToken, g.conversationId, 'Missed 1');
    await sendThrough(b.baseUrl, staff.idToken, g.conversationId, 'Missed 2');
    await sendThrough(a.baseUrl, staff.idToken, g.conversationId, 'Missed 3');
    const guestOnB = await fetch(`${b.baseUrl}${CHAT_EVENTS_PATH}`, {
      headers: { authorization: `Bearer ${g.token}`, 'last-event-id': lastSeen },
    }).then(readEvents);
    const again = [];
    for (let i = 0; i < 3; i++) again.push(messageText(await guestOnB.next(isMessage)));
    expect(again).toEqual(['Missed 1', 'Missed 2', 'Missed 3']);
    await sendThrough(a.baseUrl, g.token, g.conversationId, 'Back again');
    expect(messageText(await guestOnB.next(isMessage))).toBe('Back again');
    await guestOnB.none(isMessage, 300);
    expect(guestOnB.events.filter(isMessage).map(messageText)).toEqual([...again, 'Back again']);

    // Staff on B heard all of it live, each once.
    for (const text of ['Answered through B', 'Missed 1', 'Missed 2', 'Missed 3', 'Back again']) {
      expect(messageText(await staffOnB.next(isMessage))).toBe(text);
    }
    await staffOnB.none(isMessage, 200);
    await staffOnB.close();
    await guestOnB.close();
  }, 60_000);
});
