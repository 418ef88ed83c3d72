import { connect, createServer, type Server, type Socket } from "node:net";

export interface TcpProxy {
  /** `host:port` clients connect to. */
  readonly address: string;
  readonly port: number;
  /** Cuts every open connection and refuses new ones, like a server that went away. */
  cut(): Promise<void>;
  /** Accepts connections again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP proxy on 127.0.0.1 in front of a real service (e.g. NATS), so tests can take the
 * network away and bring it back while the real server keeps running.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        const remote = connect(target.port, target.host, () => client.pipe(remote).pipe(client));
        sockets.add(client).add(remote);
        const drop = () => {
          client.destroy();
          remote.destroy();
          sockets.delete(client);
          sockets.delete(remote);
        };
        client.on("error", drop).on("close", drop);
        remote.on("error", drop).on("close", drop);
      });
      s.once("error", reject);
      s.listen(port, "127.0.0.1", () => {
        const a = s.address();
        if (a && typeof a === "object") port = a.port;
        server = s;
        resolve();
      });
    });

  const cut = async () => {
    const s = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };

  await listen();
  return {
    get address() {
      return `127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    cut,
    restore: listen,
    close: cut,
  };
}
