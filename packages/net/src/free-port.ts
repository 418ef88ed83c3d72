import { createServer } from "node:net";

function tryListen(port: number, host: string): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(null));
    server.listen({ port, host, exclusive: true }, () => {
      const address = server.address();
      const bound = typeof address === "object" && address ? address.port : null;
      server.close(() => resolve(bound));
    });
  });
}

// Ports this process has handed out: the OS may offer a just-closed port again at once, and the
// gateway's PORT and METRICS_PORT once got the same one in CI.
const handedOut = new Set<number>();

/** A port that is free right now on `host` (the OS picks it), never one this process got before. */
export async function freePort(host = "127.0.0.1"): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = await tryListen(0, host);
    if (port === null) throw new Error(`no free port on ${host}`);
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`no free port on ${host} that was not handed out already`);
}

/** The first port from `from` to `to` (inclusive) that is free on `host`, or null. */
export async function firstFreePort(from: number, to: number, host = "127.0.0.1"): Promise<number | null> {
  for (let port = from; port <= to; port++) {
    if ((await tryListen(port, host)) !== null) return port;
  }
  return null;
}
