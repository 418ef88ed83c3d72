import { EventEmitter, once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { busNames } from "@tender/bus";
import { inSpan } from "@tender/observability";
import { testNatsUrl, uniqueBusToken, useTestBus, useTestDatabase } from "@tender/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openWorkerProcess } from "./open-worker-process.js";

const testDb = useTestDatabase();
// Deletes the streams each worker ensured, after the file.
const t = useTestBus("worker-tracing-test");

/** A stand-in OTLP/HTTP collector keeping each request's path and body. */
let collector: Server;
let received: { path: string; body: string }[];
let endpoint: string;

beforeEach(async () => {
  received = [];
  collector = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ path: req.url ?? "", body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  collector.listen(0, "127.0.0.1");
  await once(collector, "listening");
  endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
});

afterEach(async () => {
  collector.close();
  await once(collector, "close");
});

function open(tracing: { OTEL_EXPORTER_OTLP_ENDPOINT?: string; OTEL_SERVICE_NAME?: string }) {
  const prefix = `t${uniqueBusToken()}`;
  t.removeAfterAll(busNames(prefix));
  return openWorkerProcess({
    name: "worker-tracing-test",
    env: {
      LOG_LEVEL: "silent",
      DATABASE_URL: testDb.url,
      DATABASE_POOL_MAX: 2,
      DATABASE_STATEMENT_TIMEOUT_MS: 10_000,
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: 10_000,
      NATS_URL: testNatsUrl(),
      NATS_STREAM_REPLICAS: 1,
      BUS_PREFIX: prefix,
      ...tracing,
    },
    stoppingMessage: "Stopping",
    signals: new EventEmitter(),
  });
}

describe("a worker process's traces", () => {
  it("go to OTEL_EXPORTER_OTLP_ENDPOINT under the worker's name, the last ones sent on close", async () => {
    const worker = await open({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint });
    expect(worker.tracing.enabled).toBe(true);
    await inSpan("worker-tracing-work", {}, async () => {});
    await worker.close("Stopped");
    expect(received.map((r) => r.path)).toEqual(["/v1/traces"]);
    expect(received[0]?.body).toContain("worker-tracing-work");
    expect(received[0]?.body).toContain("worker-tracing-test");
  });

  it("take OTEL_SERVICE_NAME as the service name", async () => {
    const worker = await open({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME: "renamed-worker" });
    await inSpan("worker-tracing-work", {}, async () => {});
    await worker.close("Stopped");
    expect(received[0]?.body).toContain("renamed-worker");
    expect(received[0]?.body).not.toContain("worker-tracing-test");
  });

  it("are not recorded or sent without an endpoint", async () => {
    const worker = await open({});
    expect(worker.tracing.enabled).toBe(false);
    expect(await inSpan("worker-tracing-work", {}, async (span) => span.isRecording())).toBe(false);
    await worker.close("Stopped");
    expect(received).toEqual([]);
  });
});
