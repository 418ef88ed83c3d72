import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { currentTraceparent } from "./current-traceparent.js";
import { inSpan } from "./in-span.js";
import { startTracing } from "./start-tracing.js";

/** A stand-in OTLP/HTTP collector: records the path and size of every request. */
let collector: Server;
let received: { path: string; bytes: number }[];
let endpoint: string;

beforeEach(async () => {
  received = [];
  collector = createServer((req, res) => {
    let bytes = 0;
    req.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
    });
    req.on("end", () => {
      received.push({ path: req.url ?? "", bytes });
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  collector.listen(0, "127.0.0.1");
  await once(collector, "listening");
  endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}/collector`;
});

afterEach(async () => {
  collector.close();
  await once(collector, "close");
});

describe("startTracing", () => {
  it("without an endpoint records nothing and sends nothing", async () => {
    const tracing = startTracing({ serviceName: "off-test", endpoint: undefined });
    expect(tracing.enabled).toBe(false);
    const inside = await inSpan("work", {}, async (span) => ({
      recording: span.isRecording(),
      traceparent: currentTraceparent(),
    }));
    expect(inside).toEqual({ recording: false, traceparent: undefined });
    await tracing.flush();
    await tracing.shutdown();
    // flush and shutdown would have sent any batch there was.
    expect(received).toEqual([]);
  });

  it("with an endpoint sends the spans over OTLP/HTTP to <endpoint>/v1/traces", async () => {
    const tracing = startTracing({ serviceName: "on-test", endpoint });
    expect(tracing.enabled).toBe(true);
    const traceparent = await inSpan("work", {}, async (span) => {
      expect(span.isRecording()).toBe(true);
      return currentTraceparent();
    });
    expect(traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    await tracing.flush();
    await tracing.shutdown();
    expect(received.map((r) => r.path)).toEqual(["/collector/v1/traces"]);
    expect(received[0]?.bytes).toBeGreaterThan(0);
    // Stopped: spans are no-ops again.
    expect(await inSpan("after", {}, async (span) => span.isRecording())).toBe(false);
  });
});
