import { createApiKey } from "@tender/db";
import { seedTender, useTestDatabase } from "@tender/testing";
import { XMLParser } from "fast-xml-parser";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./create-app.js";
import { awaitFreshMinute } from "./testing/fresh-minute.js";
import { insertMatch } from "./testing/insert-match.js";
import { postJson, readJson, send } from "./testing/requests.js";
import { testDeps } from "./testing/test-deps.js";

const fixture = useTestDatabase();
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

  it("counts each read in the allowance of the key that owns it", async () => {
    const owner = await createApiKey(fixture.db, { name: "small", limitPerMinute: 3 });
    await awaitFreshMinute(fixture.db);
    const saved = await saveSearch(owner.key);
    const first = await send(app, saved.feed_url);
    expect(first.status).toBe(200);
    expect(first.headers.get("x-ratelimit-remaining")).toBe("1");
    expect((await send(app, saved.feed_url)).status).toBe(200);
    const refused = await send(app, saved.feed_url);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).not.toBeNull();
  });
});
