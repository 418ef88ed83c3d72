import { createWireValidator } from "@tender/contracts";
import { createApiKey, ensureSource, lockProcedure, openWebhookSecret, setTenderProcedure } from "@tender/db";
import { insertMatch, seedTender, useTestDatabase } from "@tender/testing";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./create-app.js";
import { hashFeedToken } from "./saved-searches/feed-token.js";
import { awaitFreshMinute } from "./testing/fresh-minute.js";
import { postJson, readJson, send } from "./testing/requests.js";
import { testConfig, testDeps } from "./testing/test-deps.js";

const validateCreated = createWireValidator("saved-search-created");
const validateOne = createWireValidator("saved-search");
const validateList = createWireValidator("saved-search-list");
const validateMatches = createWireValidator("saved-search-match-list");
const validateError = createWireValidator("error-response");
const fixture = useTestDatabase();
let key: string;
let otherKey: string;
let deps: ReturnType<typeof testDeps>;
let app: ReturnType<typeof createApp>;

const BASE = "/api/v1/saved-searches";
const request = (path: string, method: string, apiKey = key) =>
  send(app, path, { method, headers: { "x-api-key": apiKey } });
const create = (body: unknown, apiKey = key, target = app) => postJson(target, BASE, body, apiKey);

beforeAll(async () => {
  key = (await createApiKey(fixture.db, { name: "alerts", limitPerMinute: 1_000_000 })).key;
  otherKey = (await createApiKey(fixture.db, { name: "other", limitPerMinute: 1_000_000 })).key;
  deps = testDeps(fixture.db);
  app = createApp(deps);
});

describe("saving a search", () => {
  it("stores the query with its vector and model, and answers 201 with a feed address", async () => {
    const response = await create({
      name: "  Roads  ",
      query: "road repair",
      filters: { countries: ["EE"] },
    });
    expect(response.status).toBe(201);
    const body = await readJson(response);
    expect(validateCreated(body)).toMatchObject({ ok: true });
    expect(body).toMatchObject({ name: "Roads", query: "road repair", min_score: 0.2, webhook_url: null });
    expect(body.filters).toEqual({ countries: ["EE"] });
    expect(body.feed_url).toMatch(/^\/api\/v1\/feeds\/[A-Za-z0-9_-]{43}$/);
    expect(body).not.toHaveProperty("webhook_secret");
    const { rows } = await sql<{ dims: number; embedding_model: string; feed_token_hash: string }>`
      SELECT vector_dims(query_embedding) AS dims, embedding_model, feed_token_hash
      FROM saved_searches WHERE id = ${body.id}`.execute(fixture.db);
    expect(rows[0]).toMatchObject({ dims: 1024, embedding_model: deps.ai.embedModel });
    expect(rows[0]?.feed_token_hash).not.toContain(body.feed_url.split("/").at(-1));
  });

  it("shows the webhook secret once and stores it sealed, bound to the saved search", async () => {
    const response = await create({
      name: "Hook",
      query: "bridges",
      webhook_url: "https://hooks.example.org/in",
      min_score: 0.5,
    });
    expect(response.status).toBe(201);
    const body = await readJson(response);
    expect(body.webhook_secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const { rows } = await sql<{ webhook_secret: string }>`
      SELECT webhook_secret FROM saved_searches WHERE id = ${body.id}`.execute(fixture.db);
    const stored = rows[0]?.webhook_secret ?? "";
    expect(stored).not.toContain(body.webhook_secret.slice(6));
    const sealKey = deps.config.savedSearches.webhookSecretKey as Buffer;
    expect(openWebhookSecret(sealKey, body.id, stored)).toBe(body.webhook_secret);
    const again = await readJson(await request(`${BASE}/${body.id}`, "GET"));
    expect(validateOne(again)).toMatchObject({ ok: true });
    expect(again).not.toHaveProperty("webhook_secret");
    expect(again).toMatchObject({
      webhook_url: "https://hooks.example.org/in",
      min_score: 0.5,
      feed_url: body.feed_url,
    });
  });

  it("refuses an http webhook unless the operator allows it, and any webhook without a sealing key", async () => {
    const refused = await create({
      name: "Plain",
      query: "bridges",
      webhook_url: "http://hooks.example.org/in",
    });
    expect(refused.status).toBe(422);
    const error = await readJson(refused);
    expect(validateError(error)).toMatchObject({ ok: true });
    expect(error.error.details).toEqual([{ path: "/webhook_url", message: "Must be an https URL" }]);
    const withCredentials = await create({
      name: "C",
      query: "bridges",
      webhook_url: "https://u:p@hooks.example.org/",
    });
    expect((await readJson(withCredentials)).error.details[0].path).toBe("/webhook_url");

    const lenient = createApp(
      testDeps(fixture.db, {
        config: testConfig({
          savedSearches: {
            perKey: 50,
            allowHttpWebhooks: true,
            webhookSecretKey: deps.config.savedSearches.webhookSecretKey,
          },
        }),
      }),
    );
    expect(
      (
        await create(
          { name: "Plain", query: "bridges", webhook_url: "http://hooks.example.org/in" },
          key,
          lenient,
        )
      ).status,
    ).toBe(201);

    const keyless = createApp(
      testDeps(fixture.db, {
        config: testConfig({
          savedSearches: { perKey: 50, allowHttpWebhooks: false, webhookSecretKey: undefined },
        }),
      }),
    );
    const off = await create(
      { name: "Hook", query: "bridges", webhook_url: "https://hooks.example.org/in" },
      key,
      keyless,
    );
    expect(off.status).toBe(422);
    expect((await readJson(off)).error.details[0].message).toBe("Webhooks are not enabled on this server");
    expect((await create({ name: "No hook", query: "bridges" }, key, keyless)).status).toBe(201);
  });

  it("refuses invalid bodies, every problem named, without counting them", async () => {
    await awaitFreshMinute(fixture.db);
    const counted = (await create({ name: "Count", query: "roads" })).headers.get("x-ratelimit-remaining");
    for (const body of [
      { name: "x".repeat(101), query: "roads" },
      { name: "a\u0000b", query: "roads" },
      { name: "ok", query: "ro\u0000ads" },
      { name: "ok", query: "roads", min_score: 1.5 },
      {
        name: "ok",
        query: "roads",
        filters: { published_from: "2026-02-01T00:00:00Z", published_to: "2026-01-01T00:00:00Z" },
      },
      { name: "ok", query: "roads", webhook_url: "ftp://x.example.org/" },
      { name: "ok", query: "roads", extra: 1 },
    ]) {
      const response = await create(body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.headers.get("x-ratelimit-remaining")).toBeNull();
    }
    const after = (await create({ name: "Count", query: "roads" })).headers.get("x-ratelimit-remaining");
    expect(Number(after)).toBe(Number(counted) - 1);
  });
});

describe("a key's saved searches", () => {
  it("are listed newest first, only its own; another key's id is not found", async () => {
    const mine = await readJson(await create({ name: "Mine", query: "school meals" }));
    const theirs = await readJson(await create({ name: "Theirs", query: "school meals" }, otherKey));
    const list = await readJson(await request(BASE, "GET"));
    expect(validateList(list)).toMatchObject({ ok: true });
    const ids = list.items.map((item: { id: string }) => item.id);
    expect(ids[0]).toBe(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(list.items[0].feed_url).toBe(mine.feed_url);

    for (const [path, method] of [
      [`${BASE}/${theirs.id}`, "GET"],
      [`${BASE}/${theirs.id}`, "DELETE"],
      [`${BASE}/${theirs.id}/matches`, "GET"],
      [`${BASE}/${theirs.id}/feed-token`, "POST"],
    ] as const) {
      const response = await request(path, method);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect((await readJson(response)).error.code).toBe("not_found");
    }
    expect((await request(`${BASE}/${theirs.id}`, "GET", otherKey)).status).toBe(200);
    expect((await request(`${BASE}/not-a-uuid`, "GET")).status).toBe(422);
  });

  it("are deleted with their matches", async () => {
    const saved = await readJson(await create({ name: "Gone", query: "school meals" }));
    const tender = await seedTender(fixture.db);
    await insertMatch(fixture.db, saved.id, tender.id, { matchedAt: "2026-01-01T00:00:00Z" });
    const deleted = await request(`${BASE}/${saved.id}`, "DELETE");
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe("");
    expect((await request(`${BASE}/${saved.id}`, "GET")).status).toBe(404);
    const { rows } =
      await sql`SELECT 1 FROM saved_search_matches WHERE saved_search_id = ${saved.id}`.execute(fixture.db);
    expect(rows).toHaveLength(0);
  });

  it("are at most SAVED_SEARCHES_PER_KEY, even when requests race for the last place", async () => {
    const limited = createApp(
      testDeps(fixture.db, {
        config: testConfig({
          savedSearches: { perKey: 3, allowHttpWebhooks: false, webhookSecretKey: undefined },
        }),
      }),
    );
    const fresh = (await createApiKey(fixture.db, { name: "limited", limitPerMinute: 1_000_000 })).key;
    const statuses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        create({ name: `S${i}`, query: "roads" }, fresh, limited).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 422)).toHaveLength(3);
    const refused = await readJson(await create({ name: "S", query: "roads" }, fresh, limited));
    expect(refused.error).toMatchObject({
      code: "validation_error",
      details: [{ path: "/", message: "An API key can keep at most 3 saved searches" }],
    });
    expect((await create({ name: "Other key", query: "roads" }, otherKey, limited)).status).toBe(201);
  });

  it("count in the key's allowance", async () => {
    const small = (await createApiKey(fixture.db, { name: "small", limitPerMinute: 2 })).key;
    await awaitFreshMinute(fixture.db);
    expect((await create({ name: "A", query: "roads" }, small)).status).toBe(201);
    expect((await request(BASE, "GET", small)).status).toBe(200);
    const third = await request(BASE, "GET", small);
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).not.toBeNull();
  });
});

describe("the feed address", () => {
  const feedOf = async (id: string, target = app) =>
    (await readJson(await send(target, `${BASE}/${id}`, { headers: { "x-api-key": key } }))).feed_url;

  it("is shown again in every answer, stored sealed beside its hash; a new one replaces it everywhere", async () => {
    const made = await readJson(await create({ name: "Feed", query: "street lighting" }));
    const token = made.feed_url.split("/").at(-1);
    expect(await feedOf(made.id)).toBe(made.feed_url);
    const listed = (await readJson(await request(BASE, "GET"))).items.find(
      (item: { id: string }) => item.id === made.id,
    );
    expect(listed.feed_url).toBe(made.feed_url);
    const { rows } = await sql<{ feed_token_sealed: string; feed_token_hash: string }>`
      SELECT feed_token_sealed, feed_token_hash FROM saved_searches WHERE id = ${made.id}`.execute(
      fixture.db,
    );
    expect(rows[0]?.feed_token_sealed).toMatch(/^v1\./);
    expect(rows[0]?.feed_token_sealed).not.toContain(token);
    expect(rows[0]?.feed_token_hash).toBe(hashFeedToken(token));

    const rotated = await readJson(await request(`${BASE}/${made.id}/feed-token`, "POST"));
    expect(rotated.feed_url).not.toBe(made.feed_url);
    expect(await feedOf(made.id)).toBe(rotated.feed_url);
    expect((await send(app, made.feed_url)).status).toBe(404);
    expect((await send(app, rotated.feed_url)).status).toBe(200);
  });

  it("is shown only when made if the server has no key, and null under a changed key until replaced", async () => {
    const keyless = createApp(
      testDeps(fixture.db, {
        config: testConfig({
          savedSearches: { perKey: 50, allowHttpWebhooks: false, webhookSecretKey: undefined },
        }),
      }),
    );
    const made = await readJson(await create({ name: "No key", query: "street lighting" }, key, keyless));
    expect(made.feed_url).toMatch(/^\/api\/v1\/feeds\/[A-Za-z0-9_-]{43}$/);
    expect(await feedOf(made.id, keyless)).toBeNull();
    expect((await send(keyless, made.feed_url)).status).toBe(200);

    const sealed = await readJson(await create({ name: "Sealed", query: "street lighting" }));
    const rekeyed = createApp(testDeps(fixture.db));
    expect(await feedOf(sealed.id, rekeyed)).toBeNull();
    const replaced = await readJson(
      await send(rekeyed, `${BASE}/${sealed.id}/feed-token`, {
        method: "POST",
        headers: { "x-api-key": key },
      }),
    );
    expect(await feedOf(sealed.id, rekeyed)).toBe(replaced.feed_url);
  });
});

describe("matches", () => {
  it("are empty before anything matched, then walked newest first, each once, in signed pages", async () => {
    const saved = await readJson(await create({ name: "Walk", query: "roads" }));
    const empty = await readJson(await request(`${BASE}/${saved.id}/matches`, "GET"));
    expect(empty).toEqual({ items: [], next_cursor: null });

    const tender = await seedTender(fixture.db, { title: "Bridge works", countries: ["EE"] });
    const attachment = await seedTender(fixture.db, { attachments: ["spec.pdf"] });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(
        await insertMatch(fixture.db, saved.id, i % 2 ? tender.id : attachment.id, {
          // Two share an instant: the id breaks the tie.
          matchedAt: `2026-01-0${Math.min(i + 1, 4)}T00:00:00.000001Z`,
          contentHash: String(i).repeat(64),
          score: 0.3 + i / 10,
        }),
      );
    }
    const attachmentId = attachment.attachmentIds.get("spec.pdf") as string;
    await sql`UPDATE saved_search_matches SET attachment_id = ${attachmentId}, attachment_filename = 'spec.pdf'
              WHERE tender_id = ${attachment.id}`.execute(fixture.db);

    const seen: { alert_id: string; matched_at: string }[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 10; page++) {
      const response = await request(
        `${BASE}/${saved.id}/matches?limit=2${cursor ? `&cursor=${cursor}` : ""}`,
        "GET",
      );
      expect(response.status).toBe(200);
      const body = await readJson(response);
      expect(validateMatches(body)).toMatchObject({ ok: true });
      seen.push(...body.items);
      cursor = body.next_cursor;
      if (!cursor) break;
    }
    expect(seen.map((m) => m.alert_id).sort()).toEqual([...ids].sort());
    const order = [...seen].map((m) => m.matched_at);
    expect(order).toEqual([...order].sort().reverse());
    const first = seen[0] as unknown as Record<string, unknown>;
    expect(first).toMatchObject({ matched_at: "2026-01-04T00:00:00.000Z" });
    const withFile = seen.find(
      (m) => (m as unknown as { tender: { id: string } }).tender.id === attachment.id,
    );
    expect(withFile).toMatchObject({ attachment: { id: attachmentId, filename: "spec.pdf" } });
    const bridge = seen.find((m) => (m as unknown as { tender: { id: string } }).tender.id === tender.id);
    expect(bridge).toMatchObject({ tender: { title: "Bridge works", countries: ["EE"], source: "ted" } });
  });

  it("show follow-ups with their reason, procedure and changes, and in the feed as such", async () => {
    const saved = await readJson(await create({ name: "Follow", query: "roads" }));
    const original = await seedTender(fixture.db, { title: "Road works" });
    const change = await seedTender(fixture.db, { title: "Road works" });
    const procedureId = await lockProcedure(
      fixture.db,
      (await ensureSource(fixture.db, "ted")).id,
      "P-follow",
    );
    for (const [tender, kind] of [
      [original, "competition"],
      [change, "change"],
    ] as const) {
      await setTenderProcedure(fixture.db, tender.id, { procedureId, kind, supersedesExternalId: null });
    }
    const changes = [
      { field: "deadline" as const, from: "2026-10-29T10:00:00.000Z", to: "2026-11-04T10:00:00.000Z" },
    ];
    await insertMatch(fixture.db, saved.id, original.id, { matchedAt: "2026-03-01T00:00:00Z" });
    await insertMatch(fixture.db, saved.id, change.id, {
      matchedAt: "2026-03-02T00:00:00Z",
      followUp: { reason: "changed", changes },
    });
    const body = await readJson(await request(`${BASE}/${saved.id}/matches`, "GET"));
    expect(validateMatches(body)).toMatchObject({ ok: true });
    expect(body.items.map((m: Record<string, unknown>) => [m.reason, m.procedure_id, m.changes])).toEqual([
      ["changed", procedureId, changes],
      ["match", null, null],
    ]);
    const feed = await (await send(app, saved.feed_url)).text();
    expect(feed).toContain("<title>Changed: Road works</title>");
    expect(feed).toContain("<summary>deadline 29 Oct 2026 → 4 Nov 2026\n\n");
    expect(feed).toContain("<title>Road works</title>");
  });

  it("refuse a cursor this server did not issue for this saved search, and unknown parameters", async () => {
    const a = await readJson(await create({ name: "A", query: "roads" }));
    const b = await readJson(await create({ name: "B", query: "roads" }));
    const tender = await seedTender(fixture.db);
    for (let i = 0; i < 2; i++) {
      await insertMatch(fixture.db, a.id, tender.id, {
        matchedAt: `2026-02-0${i + 1}T00:00:00Z`,
        contentHash: String(i).repeat(64),
      });
    }
    const page = await readJson(await request(`${BASE}/${a.id}/matches?limit=1`, "GET"));
    expect(page.next_cursor).toEqual(expect.any(String));
    for (const query of [
      `cursor=${page.next_cursor}x`,
      "cursor=abc.def",
      "limit=0",
      "limit=101",
      "sort=published_desc",
      "limit=1&limit=2",
    ]) {
      expect((await request(`${BASE}/${a.id}/matches?${query}`, "GET")).status, query).toBe(422);
    }
    const elsewhere = await request(`${BASE}/${b.id}/matches?cursor=${page.next_cursor}`, "GET");
    expect(elsewhere.status).toBe(422);
    expect((await readJson(elsewhere)).error.details[0].path).toBe("/cursor");
  });
});
