import { type IncomingMessage, request } from "node:http";
import { createApiKey } from "@tender/db";
import { createTestDatabase, seedTender, type TestDatabase } from "@tender/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./create-app.js";
import { type ServedApp, serveApp } from "./server/serve-app.js";
import { TEST_SERVER_TIMEOUTS, testDeps } from "./testing/test-deps.js";

// The tender card is outside the per-minute allowance, but one key gets at most
// CARD_CONCURRENCY_PER_KEY (4 here) cards at once, held until each body is sent or dropped.
let tdb: TestDatabase;
let served: ServedApp;
let tenderId: string;
let keyA: string;
let keyB: string;

beforeAll(async () => {
  tdb = await createTestDatabase();
  // 1,000,000 control characters: about 6 MB of JSON, more than the sockets buffer.
  tenderId = (await seedTender(tdb.db, { description: "\u0001".repeat(1_000_000) })).id;
  keyA = (await createApiKey(tdb.db, { name: "reader", limitPerMinute: 1 })).key;
  keyB = (await createApiKey(tdb.db, { name: "other", limitPerMinute: 1 })).key;
  served = await serveApp(createApp(testDeps(tdb.db)), {
    port: 0,
    host: "127.0.0.1",
    timeouts: TEST_SERVER_TIMEOUTS,
  });
});
afterAll(async () => {
  await served?.close(1_000);
  await tdb?.destroy();
});

/** A card request on its own connection, answered up to its headers; its body is not read yet. */
function openCard(
  key: string,
  path = `/api/v1/tenders/${tenderId}`,
  method = "GET",
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: "127.0.0.1",
      port: served.port,
      path,
      method,
      agent: false,
      headers: { "x-api-key": key },
    });
    req.on("response", (res) => {
      res.pause();
      resolve(res);
    });
    req.on("error", reject);
    req.end();
  });
}

/** Reads the rest of a body. */
async function readAll(res: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Status of a card request read to its end. */
async function cardStatus(key: string): Promise<number> {
  const res = await openCard(key);
  await readAll(res);
  return res.statusCode ?? 0;
}

describe("concurrent tender cards per key", () => {
  it("refuse a fifth card at once with 429 and Retry-After, serve another key, and serve again once bodies are sent", async () => {
    const slow = await Promise.all([1, 2, 3, 4].map(() => openCard(keyA)));
    expect(slow.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);

    const fifth = await openCard(keyA);
    expect(fifth.statusCode).toBe(429);
    expect(Number(fifth.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    // Not the per-minute allowance: none of its headers.
    expect(fifth.headers["x-ratelimit-limit"]).toBeUndefined();
    const refused = JSON.parse(await readAll(fifth));
    expect(refused.error.code).toBe("rate_limit_exceeded");
    expect(refused.error.message).toMatch(/4 tender cards at once/);
    expect(refused.error.message).toMatch(/not the per-minute allowance/);

    const other = await openCard(keyB);
    expect(other.statusCode).toBe(200);
    expect(JSON.parse(await readAll(other)).description).toHaveLength(1_000_000);

    const bodies = await Promise.all(slow.map(readAll));
    for (const body of bodies) expect(JSON.parse(body).id).toBe(tenderId);
    expect(await cardStatus(keyA)).toBe(200);
  });

  it("free a card's place when its client goes away before the end", async () => {
    const slow = await Promise.all([1, 2, 3, 4].map(() => openCard(keyA)));
    expect(slow.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await cardStatus(keyA)).toBe(429);
    for (const res of slow) res.destroy();
    await expect.poll(() => cardStatus(keyA), { timeout: 5_000, interval: 50 }).toBe(200);
  });

  it("hold no place for an unknown tender, a malformed id, or a HEAD request", async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) {
      answers.push((await openCard(keyA, "/api/v1/tenders/3b82f611-1be5-433b-9c5e-1e2d5e6b0c11")).statusCode);
      answers.push((await openCard(keyA, "/api/v1/tenders/not-a-uuid")).statusCode);
      const head = await openCard(keyA, `/api/v1/tenders/${tenderId}`, "HEAD");
      answers.push(head.statusCode);
      head.resume();
    }
    expect(new Set(answers)).toEqual(new Set([404, 422, 200]));
    expect(await cardStatus(keyA)).toBe(200);
  });
});
