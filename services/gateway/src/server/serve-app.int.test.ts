import { connect } from "node:net";
import { type AiProvider, createFakeProvider } from "@tender/ai";
import { createApiKey } from "@tender/db";
import { createTestDatabase, type TestDatabase } from "@tender/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../create-app.js";
import { postJson, readJson } from "../testing/requests.js";
import { seedTender } from "../testing/seed-tender.js";
import { testDeps } from "../testing/test-deps.js";
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

/** Sends raw bytes and returns everything the server answers until it closes. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.end(request);
    });
    let data = "";
    socket.on("data", (chunk) => {
      data += chunk;
    });
    socket.on("end", () => resolve(data));
    socket.on("error", reject);
  });
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
    const server = await serveApp(createApp(testDeps(tdb.db, { ai })), { port: 0, host: "127.0.0.1" });
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
    const server = await serveApp(createApp(testDeps(tdb.db)), { port: 0, host: "127.0.0.1" });
    try {
      const raw = await rawExchange(server.port, "GET /health/live HTTP/1.1\r\nConnection: close\r\n\r\n");
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
      const server = await serveApp(createApp(testDeps(tdb.db)), { port: 0, host: "127.0.0.1" });
      try {
        const raw = await new Promise<string>((resolve, reject) => {
          const socket = connect(server.port, "127.0.0.1", () => {
            socket.end(request);
          });
          let data = "";
          socket.on("data", (chunk) => {
            data += chunk;
          });
          socket.on("end", () => resolve(data));
          socket.on("error", reject);
        });
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

  it("cuts requests still running after the timeout", async () => {
    const ai = heldProvider();
    const server = await serveApp(createApp(testDeps(tdb.db, { ai })), { port: 0, host: "127.0.0.1" });
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
