import { createApiKey } from "@tender/db";
import { seedTender, useTestDatabase } from "@tender/testing";
import { XMLParser } from "fast-xml-parser";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./create-app.js";
import { awaitFreshMinute } from "./testing/fresh-minute.js";
import { insertMatch } from "./testing/insert-match.js";
import { postJson, readJson, send } from "./testing/requests.js";
import { testConfig, testDeps } from "./testing/test-deps.js";

const fixture = useTestDatabase();
// The gateway's default FEED_READS_PER_MINUTE.
const DEFAULT_FEED_READS = 30;
let key: string;
let app: ReturnType<typeof createApp>;
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  isArray: (name) => name === "entry" || name === "link",
});

async function saveSearch(apiKey = key): Promise<{ id: string; feed_url: string }> {
  return readJson(
    await postJson(app, "/api/v1/saved-searches", { name: "Roads & <bridges>", query: "roads" }, apiKey),
  );
}

beforeAll(async () => {
  key = (await createApiKey(fixture.db, { name: "feeds", limitPerMinute: 1_000_000 })).key;
  app = createApp(testDeps(fixture.db));
});

describe("the Atom feed of a saved search", () => {
  it("is valid Atom 1.0 with the latest 50 matches, newest first, read without an API key", async () => {
    const saved = await saveSearch();
    const tender = await seedTender(fixture.db, { title: "Bridge <repair> & paint" });
    for (let i = 0; i < 55; i++) {
      const at = new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
      await insertMatch(fixture.db, saved.id, tender.id, {
        matchedAt: at,
        contentHash: i.toString(16).padStart(64, "0"),
      });
    }
    const response = await send(app, saved.feed_url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
    const { feed } = parser.parse(xml);
    expect(feed["@xmlns"]).toBe("http://www.w3.org/2005/Atom");
    // RFC 4287 4.1.1: id, title, updated; author (entries have none); a self link.
    expect(feed.id).toBe(`urn:uuid:${saved.id}`);
    expect(feed.title).toBe("Roads & <bridges>");
    expect(feed.updated).toBe("2026-01-01T00:54:00.000Z");
    expect(feed.author.name).toBe("Tender search");
    expect(feed.link[0]["@rel"]).toBe("self");
    expect(feed.link[0]["@href"]).toMatch(new RegExp(`${saved.feed_url}$`));
    expect(feed.entry).toHaveLength(50);
    const updated = feed.entry.map((e: { updated: string }) => e.updated);
    expect(updated[0]).toBe("2026-01-01T00:54:00.000Z");
    expect(updated).toEqual([...updated].sort().reverse());
    for (const entry of feed.entry) {
      expect(entry.id).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
      expect(entry.title).toBe("Bridge <repair> & paint");
      expect(entry.link[0]["@href"]).toBe(tender.sourceUrl);
      expect(entry.summary).toBe("Repair of asphalt roads.");
      expect(Number.isNaN(Date.parse(entry.updated))).toBe(false);
    }
    expect(new Set(feed.entry.map((e: { id: string }) => e.id)).size).toBe(50);
  });

  it("with no match yet is still a valid feed, updated when the search was saved", async () => {
    const saved = await saveSearch();
    const { feed } = parser.parse(await (await send(app, saved.feed_url)).text());
    expect(feed.entry).toBeUndefined();
    const { rows } = await sql<{
      created_at: Date;
    }>`SELECT created_at FROM saved_searches WHERE id = ${saved.id}`.execute(fixture.db);
    expect(feed.updated).toBe(rows[0]?.created_at.toISOString());
  });

  it("moves to a new address when the token is replaced; the old one is not found", async () => {
    const saved = await saveSearch();
    const rotated = await postJson(app, `/api/v1/saved-searches/${saved.id}/feed-token`, {}, key);
    expect(rotated.status).toBe(200);
    const body = await readJson(rotated);
    expect(body.id).toBe(saved.id);
    expect(body.feed_url).not.toBe(saved.feed_url);
    expect((await send(app, saved.feed_url)).status).toBe(404);
    expect((await send(app, body.feed_url)).status).toBe(200);
  });

  it("is not found for a token never issued, a malformed one, or one whose key is disabled", async () => {
    for (const token of ["A".repeat(43), "short", "A".repeat(44), "%00", "..%2f..%2fetc"]) {
      const response = await send(app, `/api/v1/feeds/${token}`);
      expect(response.status, token).toBe(404);
      expect((await readJson(response)).error.code).toBe("not_found");
    }
    const owner = await createApiKey(fixture.db, { name: "disabled later", limitPerMinute: 100 });
    const saved = await saveSearch(owner.key);
    expect((await send(app, saved.feed_url)).status).toBe(200);
    await sql`UPDATE api_keys SET enabled = false WHERE id = ${owner.id}`.execute(fixture.db);
    expect((await send(app, saved.feed_url)).status).toBe(404);
  });

  it("does not spend its owner's allowance: the owner's Search still answers 200", async () => {
    const owner = await createApiKey(fixture.db, { name: "small", limitPerMinute: 3 });
    await awaitFreshMinute(fixture.db);
    const saved = await saveSearch(owner.key);
    const reads = [];
    for (let i = 0; i < 6; i++) reads.push(await send(app, saved.feed_url));
    const search = await postJson(app, "/api/v1/search", { query: "roads" }, owner.key);
    expect(search.status).toBe(200);
    expect(search.headers.get("x-ratelimit-remaining")).toBe("1");
    expect(reads.map((read) => read.status)).toEqual([200, 200, 200, 200, 200, 200]);
    // The feed's own bound, not the key's allowance.
    expect(reads[0]?.headers.get("x-ratelimit-limit")).toBe(String(DEFAULT_FEED_READS));
  });

  it("answers 429 with Retry-After beyond FEED_READS_PER_MINUTE for one feed, not for another", async () => {
    const limited = createApp(testDeps(fixture.db, { config: testConfig({ feedReadsPerMinute: 2 }) }));
    const [one, other] = [await saveSearch(), await saveSearch()];
    await awaitFreshMinute(fixture.db);
    expect((await send(limited, one.feed_url)).status).toBe(200);
    expect((await send(limited, one.feed_url)).status).toBe(200);
    const refused = await send(limited, one.feed_url);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const body = await readJson(refused);
    expect(body.error.code).toBe("rate_limit_exceeded");
    expect(body.error.message).toMatch(/feed/i);
    expect((await send(limited, other.feed_url)).status).toBe(200);
  });
});

describe("the feed's self link", () => {
  const hostile = "evil.example";

  it("uses PUBLIC_BASE_URL, never the request's Host header, when it is set", async () => {
    const configured = createApp(
      testDeps(fixture.db, { config: testConfig({ publicBaseUrl: "https://tenders.example.org/search/" }) }),
    );
    const saved = await saveSearch();
    const response = await send(configured, `http://${hostile}${saved.feed_url}`, {
      headers: { host: hostile, "x-forwarded-host": hostile },
    });
    expect(response.status).toBe(200);
    const xml = await response.text();
    expect(xml).not.toContain(hostile);
    const { feed } = parser.parse(xml);
    expect(feed.link[0]["@href"]).toBe(`https://tenders.example.org/search${saved.feed_url}`);
  });

  it("falls back to the request's address when PUBLIC_BASE_URL is unset", async () => {
    const saved = await saveSearch();
    const { feed } = parser.parse(
      await (await send(app, `http://gateway.local:8080${saved.feed_url}`)).text(),
    );
    expect(feed.link[0]["@href"]).toBe(`http://gateway.local:8080${saved.feed_url}`);
  });
});
