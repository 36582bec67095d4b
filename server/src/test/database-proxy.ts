import net, { type AddressInfo } from 'node:net';

export type DatabaseProxy = {
  /** The connection string it was made for, through the proxy. */
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
 * A TCP proxy to the PostgreSQL of `databaseUrl`, so a test can take a real database away (and bring
 * it back) without stopping the server the other tests share.
 */
export async function startDatabaseProxy(databaseUrl: string): Promise<DatabaseProxy> {
  const target = new URL(databaseUrl);
  const port = Number(target.port || 5432);
  // A `host` parameter names the directory of a Unix socket, as the embedded server's URL does.
  const socketDir = target.searchParams.get('host');
  const connectUpstream = () =>
    socketDir ? net.connect(`${socketDir}/.s.PGSQL.${port}`) : net.connect(port, target.hostname);
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  };
  const server = net.createServer((client) => {
    const upstream = connectUpstream();
    track(client);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const proxyPort = (server.address() as AddressInfo).port;
  const proxied = new URL(databaseUrl);
  proxied.searchParams.delete('host');
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxyPort);
  const cut = () => {
    for (const socket of sockets) socket.destroy();
  };
  const stop = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    cut();
    await closed;
  };
  return {
    url: proxied.toString(),
    cut,
    stop,
    start: () => listen(proxyPort),
    close: async () => {
      if (server.listening) await stop();
    },
  };
}
