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

/** A port that is free right now on `host` (the OS picks it). */
export async function freePort(host = "0.0.0.0"): Promise<number> {
  const port = await tryListen(0, host);
  if (port === null) throw new Error(`no free port on ${host}`);
  return port;
}

/** The first port from `from` to `to` (inclusive) that is free on `host`, or null. */
export async function firstFreePort(from: number, to: number, host = "0.0.0.0"): Promise<number | null> {
  for (let port = from; port <= to; port++) {
    if ((await tryListen(port, host)) !== null) return port;
  }
  return null;
}
