import { SpanKind, SpanStatusCode } from "@opentelemetry/api";
import type { ReadableSpan } from "@opentelemetry/sdk-trace";
import { createFakeProvider, observeAiProvider } from "@tender/ai";
import { createApiKey } from "@tender/db";
import { seedTender, useTestDatabase, useTestTracing } from "@tender/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./create-app.js";
import { postJson, send } from "./testing/requests.js";
import { testDeps } from "./testing/test-deps.js";

const tracing = useTestTracing("gateway-test");
const testDb = useTestDatabase();
let key: string;

beforeAll(async () => {
  key = (await createApiKey(testDb.db, { name: "tracing", limitPerMinute: 10_000 })).key;
  await seedTender(testDb.db, { title: "Bridge works", chunks: ["Repair of the road bridge in Leeds."] });
});

const app = () =>
  createApp(
    testDeps(testDb.db, {
      ai: observeAiProvider(createFakeProvider(), () => {}),
    }),
  );

/** Every attribute value of every span, as text: none may quote a query, a question or a key. */
const attributeText = (spans: ReadableSpan[]) =>
  JSON.stringify(spans.map((s) => [s.name, s.attributes, s.status]));

describe("gateway spans", () => {
  it("gives a Search an HTTP server span by route with the embedding and the scan as its children", async () => {
    const query = "secret-ish road bridge query";
    const response = await postJson(app(), "/api/v1/search", { query, limit: 3 }, key, {
      // A caller's trace context is not continued: the gateway is the public edge.
      traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
    });
    expect(response.status).toBe(200);
    await response.text();

    const http = await tracing.span("POST /api/v1/search");
    const embed = await tracing.span("embed");
    const scan = await tracing.span("search chunks");
    expect(http.kind).toBe(SpanKind.SERVER);
    expect(http.parentSpanContext).toBeUndefined();
    expect(http.spanContext().traceId).not.toBe("4bf92f3577b34da6a3ce929d0e0e4736");
    expect(http.attributes).toMatchObject({
      "http.request.method": "POST",
      "http.route": "/api/v1/search",
      "http.response.status_code": 200,
    });
    for (const child of [embed, scan]) {
      expect(child.parentSpanContext?.spanId, child.name).toBe(http.spanContext().spanId);
      expect(child.spanContext().traceId, child.name).toBe(http.spanContext().traceId);
    }
    expect(embed.attributes).toMatchObject({ "gen_ai.operation.name": "embeddings", "tender.ai.texts": 1 });
    expect(scan.attributes).toMatchObject({ "tender.search.limit": 3, "tender.search.results": 1 });
    const text = attributeText(await tracing.spans());
    expect(text).not.toContain("secret-ish");
    expect(text).not.toContain(key);
  });

  it("gives an Ask its generation span, and names an unknown path by method only", async () => {
    const response = await postJson(app(), "/api/v1/ask", { query: "Which bridge repair in Leeds?" }, key);
    expect(response.status).toBe(200);
    await response.text();
    const http = await tracing.span("POST /api/v1/ask");
    const generate = await tracing.span("generate");
    expect(generate.parentSpanContext?.spanId).toBe(http.spanContext().spanId);
    expect(attributeText(await tracing.spans())).not.toContain("Leeds");

    const missing = await send(app(), "/no/such/path?q=hidden");
    expect(missing.status).toBe(404);
    const unmatched = await tracing.span("GET");
    expect(unmatched.attributes["http.response.status_code"]).toBe(404);
    expect(unmatched.status.code).toBe(SpanStatusCode.UNSET);
    expect(attributeText([unmatched])).not.toContain("hidden");
  });
});
