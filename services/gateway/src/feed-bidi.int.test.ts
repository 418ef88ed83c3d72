import { createApiKey } from "@tender/db";
import { seedTender, useTestDatabase } from "@tender/testing";
import { XMLParser } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./create-app.js";
import { insertMatch } from "./testing/insert-match.js";
import { postJson, readJson, send } from "./testing/requests.js";
import { testDeps } from "./testing/test-deps.js";

const fixture = useTestDatabase();
let key: string;
let app: ReturnType<typeof createApp>;
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

beforeAll(async () => {
  key = (await createApiKey(fixture.db, { name: "bidi", limitPerMinute: 1_000_000 })).key;
  app = createApp(testDeps(fixture.db));
});

describe("bidirectional controls in source and user text", () => {
  it("reach the API as sent, and the feed as visible markers", async () => {
    const saved = await readJson<{ id: string; feed_url: string }>(
      await postJson(app, "/api/v1/saved-searches", { name: "Roads \u2067gnp\u2069", query: "roads" }, key),
    );
    const tender = await seedTender(fixture.db, {
      title: "Invoice\u202Efdp.exe",
      buyer_name: "City \u202Eexe.gnp",
    });
    await insertMatch(fixture.db, saved.id, tender.id, {
      matchedAt: "2026-01-01T00:00:00.000Z",
      snippet: "lot\u200F 2\u061C",
    });

    const card = await readJson<{ title: string; buyer_name: string }>(
      await send(app, `/api/v1/tenders/${tender.id}`, { headers: { "x-api-key": key } }),
    );
    expect([card.title, card.buyer_name]).toEqual(["Invoice\u202Efdp.exe", "City \u202Eexe.gnp"]);

    const xml = await (await send(app, saved.feed_url)).text();
    expect(xml).not.toMatch(BIDI);
    const { feed } = new XMLParser().parse(xml);
    expect(feed.title).toBe("Roads ⟨U+2067⟩gnp⟨U+2069⟩");
    expect(feed.entry.title).toBe("Invoice⟨U+202E⟩fdp.exe");
    expect(feed.entry.summary).toBe("lot⟨U+200F⟩ 2⟨U+061C⟩");
  });
});
