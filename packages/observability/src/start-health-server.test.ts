import { Counter } from "prom-client";
import { afterEach, describe, expect, it } from "vitest";
import { createMetricsRegistry } from "./metrics-registry.js";
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

  it("serves the registry at /metrics next to the probes, and only /metrics without checks", async () => {
    const registry = createMetricsRegistry();
    new Counter({ name: "tender_test_total", help: "test", registers: [registry] }).inc(3);
    server = await startHealthServer({ port: 0, host: "127.0.0.1", checks: {}, metrics: registry });
    const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0.0.4/);
    const text = await res.text();
    expect(text).toContain("tender_test_total 3");
    expect(text).toContain("# TYPE tender_process_cpu_user_seconds_total counter");
    await server.close();

    server = await startHealthServer({ port: 0, host: "127.0.0.1", metrics: registry });
    expect((await fetch(`http://127.0.0.1:${server.port}/metrics`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${server.port}/health/live`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${server.port}/health/ready`)).status).toBe(404);
  });
});
