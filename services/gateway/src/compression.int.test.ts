import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { createApiKey } from "@tender/db";
import { createTestDatabase, seedTender, type TestDatabase } from "@tender/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./create-app.js";
import { insertMatch } from "./testing/insert-match.js";
import { parseEvents } from "./testing/read-events.js";
import { postJson, send } from "./testing/requests.js";
import { testDeps } from "./testing/test-deps.js";

let tdb: TestDatabase;
let app: ReturnType<typeof createApp>;
let key: string;
let cardPath: string;
let feedUrl: string;

const decode: Record<string, (bytes: Buffer) => Buffer> = { gzip: gunzipSync, br: brotliDecompressSync };

beforeAll(async () => {
  tdb = await createTestDatabase();
  key = (await createApiKey(tdb.db, { name: "compressed", limitPerMinute: 100_000 })).key;
  const tender = await seedTender(tdb.db, {
    title: "Road repair in Leeds",
    // Text with every kind of escape, and a surrogate pair split by the card's 64 Ki slices.
    description: `${'Asphalt \u0001 "quoted" \\ é 🚧 '.repeat(40_000)}end`,
    attachments: ["spec.pdf", "drawings.zip"],
    chunks: ["Road repair works in Leeds, asphalt resurfacing."],
  });
  cardPath = `/api/v1/tenders/${tender.id}`;
  // Enough tenders that Search and a page of browsing pass the 1 KiB below which nothing is compressed.
  for (let i = 0; i < 10; i++) {
    await seedTender(tdb.db, { title: `Road repair lot ${i}`, chunks: [`Road repair works, lot ${i}.`] });
  }
  app = createApp(testDeps(tdb.db));
  for (let i = 0; i < 5; i++) {
    const saved = await postJson(
      app,
      "/api/v1/saved-searches",
      { name: `Roads ${i}`, query: "road repair" },
      key,
    );
    const { id, feed_url } = await saved.json();
    feedUrl = feed_url;
    if (i === 4) {
      for (let m = 0; m < 10; m++) {
        const matchedAt = new Date(Date.UTC(2026, 0, 1, 0, m)).toISOString();
        await insertMatch(tdb.db, id, tender.id, {
          matchedAt,
          contentHash: m.toString(16).padStart(64, "0"),
        });
      }
    }
  }
});
afterAll(() => tdb.destroy());

/** The routes answering JSON (and the Atom feed), as a request of each. */
const requests = (): [string, () => RequestInit & { path: string }][] => [
  ["tender card", () => ({ path: cardPath, headers: { "x-api-key": key } })],
  [
    "Search",
    () => ({
      path: "/api/v1/search",
      method: "POST",
      headers: { "x-api-key": key, "content-type": "application/json" },
      body: JSON.stringify({ query: "road repair", limit: 10 }),
    }),
  ],
  ["browsing", () => ({ path: "/api/v1/tenders?limit=100", headers: { "x-api-key": key } })],
  ["OpenAPI document", () => ({ path: "/openapi.json" })],
  ["saved searches", () => ({ path: "/api/v1/saved-searches", headers: { "x-api-key": key } })],
];

async function fetchWith(init: RequestInit & { path: string }, acceptEncoding?: string) {
  const { path, ...rest } = init;
  const headers = { ...(rest.headers as Record<string, string>) };
  if (acceptEncoding !== undefined) headers["accept-encoding"] = acceptEncoding;
  const response = await send(app, path, { ...rest, headers });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe("compressed answers", () => {
  for (const [name, request] of requests()) {
    it(`${name}: gzip and br decode to the same JSON as the plain answer`, async () => {
      const plain = await fetchWith(request());
      expect(plain.response.status).toBe(200);
      expect(plain.response.headers.get("content-encoding")).toBeNull();
      const expected = JSON.parse(plain.bytes.toString("utf8"));
      for (const encoding of ["gzip", "br"]) {
        const { response, bytes } = await fetchWith(request(), `${encoding}, identity;q=0.5`);
        expect(response.status).toBe(200);
        expect(response.headers.get("content-encoding")).toBe(encoding);
        expect(response.headers.get("content-length")).toBeNull();
        expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
        expect(response.headers.get("content-type")).toBe(plain.response.headers.get("content-type"));
        expect(JSON.parse((decode[encoding] as (b: Buffer) => Buffer)(bytes).toString("utf8"))).toEqual(
          expected,
        );
      }
    });
  }

  it("the card shrinks: its compressed answer is a fraction of the plain one", async () => {
    const plain = await fetchWith({ path: cardPath, headers: { "x-api-key": key } });
    for (const encoding of ["gzip", "br"]) {
      const packed = await fetchWith({ path: cardPath, headers: { "x-api-key": key } }, encoding);
      expect(packed.bytes.length).toBeLessThan(plain.bytes.length / 10);
    }
  });

  it("the Atom feed is compressed too", async () => {
    const plain = await (await send(app, feedUrl)).text();
    const response = await send(app, feedUrl, { headers: { "accept-encoding": "br" } });
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString("utf8")).toBe(plain);
  });

  it("respects q=0, identity and unknown codings, and leaves tiny answers plain", async () => {
    const card = { path: cardPath, headers: { "x-api-key": key } };
    for (const [accept, chosen] of [
      ["gzip;q=0, br", "br"],
      ["br;q=0, gzip", "gzip"],
      ["br;q=0.2, gzip;q=0.8", "gzip"],
      ["identity", null],
      ["gzip;q=0, br;q=0", null],
      ["*;q=0", null],
      ["compress, zstd-nope", null],
      ["*", "br"],
      ["GZIP", "gzip"],
    ] as const) {
      const { response } = await fetchWith(card, accept);
      expect(response.headers.get("content-encoding"), accept).toBe(chosen);
    }
    const missing = await fetchWith({ path: "/api/v1/nothing-here" }, "gzip, br");
    expect(missing.response.status).toBe(404);
    expect(missing.response.headers.get("content-encoding")).toBeNull();
    expect(JSON.parse(missing.bytes.toString("utf8")).error.code).toBe("not_found");
  });

  it("never compresses Ask's event stream, whose events must arrive one by one", async () => {
    const response = await postJson(app, "/api/v1/ask", { query: "road repair" }, key, {
      accept: "text/event-stream",
      "accept-encoding": "gzip, br",
    });
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("content-encoding")).toBeNull();
    const events = parseEvents(await response.text());
    expect(events.at(-1)?.event).toBe("done");
  });

  it("a compressed card holds its place until its body is read or dropped", async () => {
    const open = () => send(app, cardPath, { headers: { "x-api-key": key, "accept-encoding": "gzip" } });
    const held = await Promise.all([1, 2, 3, 4].map(open));
    expect(held.map((r) => r.headers.get("content-encoding"))).toEqual(["gzip", "gzip", "gzip", "gzip"]);
    expect((await open()).status).toBe(429);
    await held[0]?.arrayBuffer();
    await held[1]?.body?.cancel();
    const two = await Promise.all([open(), open()]);
    expect(two.map((r) => r.status)).toEqual([200, 200]);
    expect((await open()).status).toBe(429);
    for (const response of [...held.slice(2), ...two]) await response.body?.cancel();
    expect((await open()).status).toBe(200);
  });
});
