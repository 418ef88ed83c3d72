import { type AiProvider, createFakeProvider } from "@tender/ai";
import { createApiKey } from "@tender/db";
import { createTestDatabase, seedTender, type TestDatabase } from "@tender/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../create-app.js";
import { parseRawResponses, rawExchange } from "../testing/raw-http.js";
import { postJson, readJson } from "../testing/requests.js";
import { TEST_SERVER_TIMEOUTS, testDeps } from "../testing/test-deps.js";
import { serveApp } from "./serve-app.js";

let tdb: TestDatabase;
let key: string;

/** A provider whose embed waits until the test releases it. */
function heldProvider(): AiProvider & { release(): void; entered: Promise<void> } {
  const fake = createFakeProvider();
  let release = () => {};
  let enter = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const entered = new Promise<void>((resolve) => {
    enter = resolve;
  });
  return {
    ...fake,
    entered,
    release,
    async embed(texts, opts) {
      enter();
      await gate;
      return fake.embed(texts, opts);
    },
  };
}

/** Sends raw bytes, half-closes, and returns everything the server answers until it closes. */
async function rawText(port: number, request: string): Promise<string> {
  return (await rawExchange(port, [request], { endAfterSend: true, waitMs: 5_000 })).bytes.toString("latin1");
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  key = (await createApiKey(tdb.db, { name: "shutdown", limitPerMinute: 1_000 })).key;
  await seedTender(tdb.db, { chunks: ["Road repair works."] });
});
afterAll(() => tdb.destroy());

describe("serveApp", () => {
  it("stops accepting, lets the in-flight request finish, then resolves", async () => {
    const ai = heldProvider();
    const server = await serveApp(createApp(testDeps(tdb.db, { ai })), {
      port: 0,
      host: "127.0.0.1",
      timeouts: TEST_SERVER_TIMEOUTS,
    });
    const url = `http://127.0.0.1:${server.port}`;
    expect((await fetch(`${url}/health/live`)).status).toBe(200); // leaves an idle keep-alive connection

    const inFlight = postJson(url, "/api/v1/search", { query: "road repair" }, key);
    await ai.entered;
    let closed = false;
    const closing = server.close(10_000).then(() => {
      closed = true;
    });
    await expect(fetch(`${url}/health/live`, { headers: { connection: "close" } })).rejects.toThrow();
    expect(closed).toBe(false);

    ai.release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect((await readJson(response)).items).toHaveLength(1);
    await closing;
    expect(closed).toBe(true);
  });

  it("serves a request without Host as addressed to the listening host", async () => {
    const server = await serveApp(createApp(testDeps(tdb.db)), {
      port: 0,
      host: "127.0.0.1",
      timeouts: TEST_SERVER_TIMEOUTS,
    });
    try {
      const raw = await rawText(server.port, "GET /health/live HTTP/1.1\r\nConnection: close\r\n\r\n");
      expect(raw.startsWith("HTTP/1.1 200 ")).toBe(true);
      expect(raw).toMatch(/x-request-id: [0-9a-f-]{36}/i);
    } finally {
      await server.close(1_000);
    }
  });

  it.each([
    ["a bad Host header", "GET /health/live HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n", 422],
    ["bytes that are not HTTP", "HELLO\u0001 there\r\n\r\n", 422],
    ["oversized headers", `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`, 413],
  ])(
    "answers a request the adapter or Node cannot take (%s) with the envelope",
    async (_name, request, status) => {
      const server = await serveApp(createApp(testDeps(tdb.db)), {
        port: 0,
        host: "127.0.0.1",
        timeouts: TEST_SERVER_TIMEOUTS,
      });
      try {
        const raw = await rawText(server.port, request);
        const [head = "", body = ""] = raw.split("\r\n\r\n");
        expect(head.startsWith(`HTTP/1.1 ${status} `)).toBe(true);
        const requestId = /x-request-id: (\S+)/i.exec(head)?.[1];
        expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
        const json = JSON.parse(
          body.includes("{") ? body.slice(body.indexOf("{"), body.lastIndexOf("}") + 1) : "{}",
        );
        expect(json.error).toMatchObject({
          code: status === 413 ? "payload_too_large" : "validation_error",
          request_id: requestId,
          details: null,
        });
      } finally {
        await server.close(1_000);
      }
    },
  );

  it("answers slow senders 408 in the envelope and closes within the timeouts", async () => {
    const timeouts = { headersMs: 200, requestMs: 400, keepAliveMs: 200 };
    const server = await serveApp(createApp(testDeps(tdb.db)), { port: 0, host: "127.0.0.1", timeouts });
    const search = `POST /api/v1/search HTTP/1.1\r\nHost: x\r\nX-API-Key: ${key}\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n`;
    try {
      const cases = await Promise.all([
        rawExchange(server.port, [], { waitMs: 5_000 }),
        rawExchange(server.port, ["GET /health/live HTTP/1.1\r\n", "Host: x\r\n", "X-A: 1\r\n", "\r\n"], {
          pauseMs: 150,
          waitMs: 5_000,
        }),
        rawExchange(server.port, [search, '{"query"', ': "road', ' repair"', "}"], {
          pauseMs: 150,
          waitMs: 5_000,
        }),
      ]);
      for (const { bytes, ending, elapsedMs } of cases) {
        expect(ending).toBe("end");
        // The request timeout, Node's check interval (a quarter of the headers timeout) and slack.
        expect(elapsedMs).toBeLessThan(timeouts.requestMs + 1_000);
        const [response, ...more] = parseRawResponses(bytes);
        expect(more).toEqual([]);
        expect(response?.status).toBe(408);
        expect(response?.headers.connection).toBe("close");
        const json = JSON.parse(response?.body.toString() ?? "");
        expect(json.error).toMatchObject({
          code: "request_timeout",
          request_id: response?.headers["x-request-id"],
        });
      }
    } finally {
      await server.close(500);
    }
  });

  it("answers CONNECT 405 and an unknown Expect 417, in the envelope with the client's request id", async () => {
    const server = await serveApp(createApp(testDeps(tdb.db)), {
      port: 0,
      host: "127.0.0.1",
      timeouts: TEST_SERVER_TIMEOUTS,
    });
    try {
      const [connectTunnel, expectOther] = await Promise.all(
        [
          "CONNECT example.org:443 HTTP/1.1\r\nHost: example.org:443\r\nX-Request-ID: tunnel-1\r\n\r\n",
          "POST /api/v1/search HTTP/1.1\r\nHost: x\r\nX-Request-ID: expect-1\r\nExpect: 200-ok\r\nContent-Length: 2\r\n\r\n{}",
        ].map((request) => rawExchange(server.port, [request], { waitMs: 5_000 })),
      );
      const [tunnel] = parseRawResponses(connectTunnel?.bytes ?? Buffer.alloc(0));
      expect(tunnel?.status).toBe(405);
      expect(tunnel?.headers).toMatchObject({ allow: "", connection: "close", "x-request-id": "tunnel-1" });
      expect(JSON.parse(tunnel?.body.toString() ?? "").error).toMatchObject({
        code: "method_not_allowed",
        request_id: "tunnel-1",
      });
      expect(connectTunnel?.ending).toBe("end");
      const [refused] = parseRawResponses(expectOther?.bytes ?? Buffer.alloc(0));
      expect(refused?.status).toBe(417);
      expect(refused?.headers).toMatchObject({ connection: "close", "x-request-id": "expect-1" });
      expect(JSON.parse(refused?.body.toString() ?? "").error).toMatchObject({
        code: "expectation_failed",
        request_id: "expect-1",
      });
      expect(expectOther?.ending).toBe("end");
    } finally {
      await server.close(500);
    }
  });

  it("closes an idle keep-alive connection after the keep-alive timeout", async () => {
    const timeouts = { headersMs: 5_000, requestMs: 10_000, keepAliveMs: 200 };
    const server = await serveApp(createApp(testDeps(tdb.db)), { port: 0, host: "127.0.0.1", timeouts });
    try {
      const idle = await rawExchange(server.port, ["GET /health/live HTTP/1.1\r\nHost: x\r\n\r\n"], {
        waitMs: 5_000,
      });
      expect(parseRawResponses(idle.bytes).map((r) => r.status)).toEqual([200]);
      expect(idle.ending).toBe("end");
      // Node keeps the socket 1 s past the advertised keep-alive timeout, then closes it.
      expect(idle.elapsedMs).toBeLessThan(timeouts.keepAliveMs + 1_000 + 1_000);
    } finally {
      await server.close(500);
    }
  });

  it("cuts requests still running after the timeout", async () => {
    const ai = heldProvider();
    const server = await serveApp(createApp(testDeps(tdb.db, { ai })), {
      port: 0,
      host: "127.0.0.1",
      timeouts: TEST_SERVER_TIMEOUTS,
    });
    const inFlight = postJson(
      `http://127.0.0.1:${server.port}`,
      "/api/v1/search",
      { query: "road" },
      key,
    ).then(
      () => "answered",
      () => "cut",
    );
    await ai.entered;
    await server.close(200);
    expect(await inFlight).toBe("cut");
    ai.release();
  });
});
