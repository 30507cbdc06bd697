import net from 'node:net';

/**
 * A TCP relay in front of the test server whose connection can be cut, as a
 * visitor's network drops. Chromium's own offline emulation reaches a service
 * worker only once Playwright has attached to it, and a worker restarted
 * under load can fetch before that, so offline tests go through this instead:
 * when cut, every open connection is reset and new ones are refused, for the
 * page and the worker alike.
 */
export async function startNetworkSwitch(targetPort: number): Promise<{
  baseUrl: string;
  setOnline: (online: boolean) => void;
  close: () => Promise<void>;
}> {
  let online = true;
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    if (!online) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(targetPort, '127.0.0.1');
    sockets.add(client);
    sockets.add(upstream);
    const drop = () => {
      sockets.delete(client);
      sockets.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const { port } = relay.address() as net.AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    setOnline(next) {
      online = next;
      if (!next) for (const socket of sockets) socket.resetAndDestroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        relay.close(() => resolve());
      }),
  };
}
