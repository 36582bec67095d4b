import net, { type AddressInfo } from 'node:net';

export type DatabaseProxy = {
  /** A connection string to the `postgres` database through the proxy. */
  url: string;
  /** Cuts every connection at once, as a killed server or a broken network does, without a word. */
  cut(): void;
  /** Stops taking connections and cuts those open: the database is down. */
  stop(): Promise<void>;
  /** Takes connections again on the same port: the database is back. */
  start(): Promise<void>;
  close(): Promise<void>;
};

/**
 * A TCP proxy to the test PostgreSQL at 127.0.0.1:5432, so a test can take a real database away
 * (and bring it back) without stopping the server the other tests share.
 */
export async function startDatabaseProxy(): Promise<DatabaseProxy> {
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(5432, '127.0.0.1');
    track(client);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const { port } = server.address() as AddressInfo;
  const cut = () => {
    for (const socket of sockets) socket.destroy();
  };
  const stop = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    cut();
    await closed;
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    cut,
    stop,
    start: () => listen(port),
    close: async () => {
      if (server.listening) await stop();
    },
  };
}
