import { afterEach, describe, expect, it } from "vitest";
import { type HealthServer, startHealthServer } from "./start-health-server.js";

describe("startHealthServer", () => {
  let server: HealthServer | undefined;
  afterEach(async () => server?.close());

  it("answers live, and ready only when every check passes", async () => {
    let natsUp = true;
    server = await startHealthServer({
      port: 0,
      host: "127.0.0.1",
      checks: { database: async () => true, nats: async () => natsUp },
    });
    const base = `http://127.0.0.1:${server.port}`;
    const live = await fetch(`${base}/health/live`);
    expect([live.status, await live.json()]).toEqual([200, { status: "ok" }]);
    const ready = await fetch(`${base}/health/ready`);
    expect([ready.status, await ready.json()]).toEqual([
      200,
      { status: "ready", checks: { database: "ok", nats: "ok" } },
    ]);
    natsUp = false;
    const down = await fetch(`${base}/health/ready`);
    expect([down.status, await down.json()]).toEqual([
      503,
      { status: "unavailable", checks: { database: "ok", nats: "error" } },
    ]);
  });

  it("treats a throwing or hanging check as failing", async () => {
    server = await startHealthServer({
      port: 0,
      host: "127.0.0.1",
      timeoutMs: 50,
      checks: { boom: async () => Promise.reject(new Error("x")), slow: () => new Promise(() => {}) },
    });
    const res = await fetch(`http://127.0.0.1:${server.port}/health/ready`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: "unavailable", checks: { boom: "error", slow: "error" } });
    expect((await fetch(`http://127.0.0.1:${server.port}/nope`)).status).toBe(404);
  });
});
