import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { firstFreePort, freePort } from "./free-port.js";

describe("freePort", () => {
  it("never hands out the same port twice in one process, though the OS offers closed ports again", async () => {
    // Without the memory of handed-out ports, 500 asks got a repeat every time on Linux.
    const ports = [];
    for (let i = 0; i < 500; i++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(ports.length);
  });

  it("gives a port a server can listen on", async () => {
    const port = await freePort();
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    await new Promise((resolve) => server.close(resolve));
  });
});

describe("firstFreePort", () => {
  it("skips a taken port, and is null when the whole range is taken", async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    const taken = typeof address === "object" && address ? address.port : 0;
    try {
      expect(await firstFreePort(taken, taken)).toBeNull();
      expect(await firstFreePort(taken, taken + 1)).not.toBe(taken);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
