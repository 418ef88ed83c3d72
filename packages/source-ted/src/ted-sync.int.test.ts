import { readFileSync } from "node:fs";
import { type Bus, busNames, busTopology, connectBus, ensureTopology, relayOutboxOnce } from "@tender/bus";
import {
  createPoliteHttpClient,
  HostNotAllowedError,
  InvalidResponseError,
  runSyncPass,
  type SourceAdapter,
} from "@tender/ingest";
import { type ReplayHandler, type ReplayServer, startReplayServer } from "@tender/ingest/testing";
import { emptyTables, testNatsUrl, uniqueBusToken, useTestDatabase } from "@tender/testing";
import { outboxStore } from "@tender/worker";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTedAdapter } from "./ted-adapter.js";
import { DEFAULT_TED_FIELDS } from "./ted-search-body.js";

type Notice = Record<string, unknown>;
interface TedPage {
  notices: Notice[];
  totalNoticeCount: number;
  iterationNextToken: string | null;
  timedOut: boolean;
}

const load = (name: string): TedPage =>
  JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), "utf8"));
const digital = load("ted_v3_search_digital_competition_2026-05-30.json");
const sweden = load("ted_v3_search_it_software_sweden_2026-07-01.json");
// Two recorded pages chained into one iteration, as TED would serve them.
const TOKEN = "FGluY2x1ZGVfY29udGV4dF91dWlkDnF1ZXJ5VGhlbkZldGNoBRRlSmxLZ1pBQg==";

function chained(first: TedPage = digital, second: TedPage = sweden): TedPage[] {
  const total = first.notices.length + second.notices.length;
  return [
    { ...structuredClone(first), totalNoticeCount: total, iterationNextToken: TOKEN },
    { ...structuredClone(second), totalNoticeCount: total, iterationNextToken: null },
  ];
}

/** Serves `pages` by iteration token: no token → page 0, TOKEN → page 1. */
function tedServer(pages: TedPage[]): ReplayHandler {
  return (req) => {
    if (req.method !== "POST" || req.url.pathname !== "/v3/notices/search") return { status: 404, body: {} };
    const token = (JSON.parse(req.body) as { iterationNextToken?: string }).iterationNextToken;
    return { body: token === undefined ? pages[0] : token === TOKEN ? pages[1] : { notices: [] } };
  };
}

const testDb = useTestDatabase();
let server: ReplayServer;
let bus: Bus;
const names = busNames(`t${uniqueBusToken()}`);
const subject = names.subject;
const logger = { debug() {}, info() {}, warn() {}, error() {} };

function adapter(options: { maxAttempts?: number; allowedHosts?: string[] } = {}): SourceAdapter {
  const http = createPoliteHttpClient({
    allowedHosts: options.allowedHosts ?? [server.host],
    timeoutMs: 10_000,
    maxResponseBytes: 1024 * 1024,
    backoff: { initialMs: 10, maxMs: 50 },
    ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
  });
  return createTedAdapter({
    http,
    baseUrl: server.baseUrl,
    query: "publication-date>=today(-2)",
    fields: DEFAULT_TED_FIELDS,
    pageSize: 10,
    timedOutBackoff: { initialMs: 10, maxMs: 50 },
  });
}

const sync = (a = adapter(), maxPages?: number) =>
  runSyncPass({ db: testDb.db, adapter: a, logger, subject, ...(maxPages ? { maxPages } : {}) });

async function outboxTenderIds(): Promise<string[]> {
  const rows = await testDb.db
    .selectFrom("outbox")
    .select("payload")
    .where("subject", "=", subject)
    .orderBy("id")
    .execute();
  return rows.map((r) => r.payload.tender_id as string);
}

const source = () =>
  testDb.db.selectFrom("sources").selectAll().where("code", "=", "ted").executeTakeFirstOrThrow();

beforeAll(async () => {
  server = await startReplayServer(tedServer(chained()));
  bus = await connectBus({ servers: testNatsUrl(), name: "ted-sync-test" });
  await ensureTopology(bus.jsm, busTopology({ names }));
});

afterAll(async () => {
  await bus.jsm.streams.delete(names.stream).catch(() => {});
  await bus.jsm.streams.delete(names.dlqStream).catch(() => {});
  await bus.close();
  await server.close();
});

beforeEach(async () => {
  await emptyTables(testDb.db, ["sources", "outbox", "quarantined_records"]);
  server.setHandler(tedServer(chained()));
  server.requests.length = 0;
});

describe("TED sync over HTTP", () => {
  it("stores every tender of a two-page iteration once, with one event per new tender", async () => {
    const report = await sync();
    expect(report).toMatchObject({
      pages: 2,
      created: 15,
      changed: 0,
      unchanged: 0,
      quarantined: 0,
      events: 15,
    });
    expect(report.stop).toBe("end");

    const tenders = await testDb.db
      .selectFrom("tenders")
      .select(["id", "external_id", "index_status"])
      .execute();
    expect(tenders).toHaveLength(15);
    expect(new Set(tenders.map((t) => t.external_id)).size).toBe(15);
    expect(tenders.every((t) => t.index_status === "pending")).toBe(true);
    const events = await outboxTenderIds();
    expect(events.sort()).toEqual(tenders.map((t) => t.id).sort());

    // The second request sent TED's token back exactly as given.
    const bodies = server.requests.map((r) => JSON.parse(r.body) as Record<string, unknown>);
    expect(bodies[0]).not.toHaveProperty("iterationNextToken");
    expect(bodies[1]).toMatchObject({ iterationNextToken: TOKEN, paginationMode: "ITERATION", limit: 10 });
    // The notice PDFs are registered for the downloader.
    const pdfs = await testDb.db.selectFrom("attachments").select(["filename", "download_status"]).execute();
    expect(pdfs).toHaveLength(10);
    expect(pdfs.every((a) => a.download_status === "pending" && a.filename.endsWith("-en.pdf"))).toBe(true);
    // End of data: the cursor is cleared, last_sync_at set.
    const row = await source();
    expect(row.cursor).toBeNull();
    expect(row.last_sync_at).toBeInstanceOf(Date);

    // The relay publishes exactly these events to JetStream.
    expect(await relayOutboxOnce({ outbox: outboxStore(testDb.db), js: bus.js, logger })).toBe(15);
    const info = await bus.jsm.streams.info(names.stream);
    expect(info.state.messages).toBe(15);
    const last = await bus.jsm.streams.getMessage(names.stream, { seq: info.state.last_seq });
    expect(events).toContain((last?.json() as { tender_id: string } | undefined)?.tender_id);
  });

  it("advances the stored cursor page by page", async () => {
    const first = await sync(adapter(), 1);
    expect(first).toMatchObject({ pages: 1, created: 10, stop: "max_pages", cursor: TOKEN });
    expect((await source()).cursor).toBe(TOKEN);
    const rest = await sync();
    expect(rest).toMatchObject({ pages: 1, created: 5, stop: "end", cursor: null });
    expect(
      server.requests.map((r) => (JSON.parse(r.body) as { iterationNextToken?: string }).iterationNextToken),
    ).toEqual([undefined, TOKEN]);
  });

  it("emits nothing when the same data is synced again", async () => {
    await sync();
    const before = await outboxTenderIds();
    const again = await sync();
    expect(again).toMatchObject({ created: 0, changed: 0, unchanged: 15, events: 0 });
    expect(await outboxTenderIds()).toEqual(before);
  });

  it("emits one event for a changed title and moves the tender back to pending", async () => {
    await sync();
    await testDb.db.updateTable("tenders").set({ index_status: "ready" }).execute();
    const pages = chained();
    const changed = pages[1]?.notices[2] as Notice;
    (changed["notice-title"] as Record<string, string>).eng = "Sweden – IT services – A new title";
    server.setHandler(tedServer(pages));
    const before = (await outboxTenderIds()).length;

    const report = await sync();
    expect(report).toMatchObject({ created: 0, changed: 1, unchanged: 14, events: 1 });
    const tender = await testDb.db
      .selectFrom("tenders")
      .select(["id", "title", "index_status"])
      .where("external_id", "=", changed["publication-number"] as string)
      .executeTakeFirstOrThrow();
    expect(tender).toMatchObject({ title: "Sweden – IT services – A new title", index_status: "pending" });
    const events = await outboxTenderIds();
    expect(events.slice(before)).toEqual([tender.id]);
    const others = await testDb.db
      .selectFrom("tenders")
      .select("index_status")
      .where("id", "<>", tender.id)
      .execute();
    expect(others.every((t) => t.index_status === "ready")).toBe(true);
  });

  it("waits out a 429 with Retry-After and then syncs", async () => {
    let calls = 0;
    const replay = tedServer(chained());
    server.setHandler((req) => {
      calls += 1;
      return calls === 1 ? { status: 429, headers: { "retry-after": "1" }, body: {} } : replay(req);
    });
    const report = await sync();
    expect(report).toMatchObject({ pages: 2, created: 15 });
    const [limited, retried] = server.requests;
    expect(server.requests).toHaveLength(3);
    // Not a speed check: the client must not have come back before the second it was asked to wait.
    expect((retried?.at ?? 0) - (limited?.at ?? 0)).toBeGreaterThanOrEqual(950);
  });

  it("quarantines a malformed notice while the rest of its page commits", async () => {
    const pages = chained();
    const broken = pages[0]?.notices[4] as Notice;
    delete broken["buyer-name"];
    server.setHandler(tedServer(pages));

    const report = await sync();
    expect(report).toMatchObject({ pages: 2, created: 14, quarantined: 1, events: 14 });
    const quarantined = await testDb.db.selectFrom("quarantined_records").selectAll().execute();
    expect(quarantined).toHaveLength(1);
    expect(quarantined[0]).toMatchObject({
      source: "ted",
      external_id: broken["publication-number"],
      reason: "buyer_name: missing in buyer-name (no language present)",
      raw_payload: broken,
    });
    // The same bad notice seen again is not quarantined twice.
    await sync();
    expect(await testDb.db.selectFrom("quarantined_records").selectAll().execute()).toHaveLength(1);
  });

  it("stops instead of looping when TED repeats a token", async () => {
    const page = { ...structuredClone(digital), iterationNextToken: TOKEN };
    server.setHandler(() => ({ body: page }));
    const report = await sync();
    expect(report).toMatchObject({
      pages: 2,
      created: 10,
      unchanged: 10,
      stop: "repeated_cursor",
      cursor: null,
    });
    expect(server.requests).toHaveLength(2);
    expect((await source()).cursor).toBeNull();
  });

  it("refuses a redirect to a host outside the allowlist and commits nothing", async () => {
    const elsewhere = await startReplayServer(tedServer(chained()), "localhost");
    try {
      server.setHandler(() => ({
        status: 307,
        headers: { location: `${elsewhere.baseUrl}/v3/notices/search` },
      }));
      await expect(sync()).rejects.toBeInstanceOf(HostNotAllowedError);
      expect(elsewhere.requests).toHaveLength(0);
      expect(await testDb.db.selectFrom("tenders").select("id").execute()).toHaveLength(0);
      // The same redirect is followed once the target host is allowed.
      const report = await sync(adapter({ allowedHosts: [server.host, elsewhere.host] }));
      expect(report.created).toBe(15);
    } finally {
      await elsewhere.close();
    }
  });

  it("keeps committed pages and the cursor when a later page fails", async () => {
    const replay = tedServer(chained());
    server.setHandler((req) => (req.body.includes(TOKEN) ? { status: 500, body: {} } : replay(req)));
    await expect(sync(adapter({ maxAttempts: 2 }))).rejects.toThrow("HTTP 500");
    expect(await testDb.db.selectFrom("tenders").select("id").execute()).toHaveLength(10);
    expect((await source()).cursor).toBe(TOKEN);

    server.setHandler(replay);
    const resumed = await sync();
    expect(resumed).toMatchObject({ pages: 1, created: 5, events: 5 });
    expect(await outboxTenderIds()).toHaveLength(15);
  });
  it("starts afresh when TED answers a token stored by an earlier pass with 500", async () => {
    await sync(adapter(), 1);
    // After a long downtime the stored token is unknown to TED, which answers such a token with 500.
    await testDb.db.updateTable("sources").set({ cursor: "token-of-last-week" }).execute();
    const replay = tedServer(chained());
    server.setHandler((req) =>
      req.body.includes("token-of-last-week") ? { status: 500, body: { message: "error" } } : replay(req),
    );
    server.requests.length = 0;
    const report = await sync(adapter({ maxAttempts: 2 }));
    expect(report).toMatchObject({ pages: 2, created: 5, unchanged: 10, stop: "end", cursor: null });
    const tokens = server.requests.map(
      (r) => (JSON.parse(r.body) as { iterationNextToken?: string }).iterationNextToken,
    );
    expect(tokens).toEqual(["token-of-last-week", "token-of-last-week", undefined, TOKEN]);
  });

  it("asks again for a page TED answers with timedOut: true, committing no partial results", async () => {
    const pages = chained();
    const complete = pages[1] as TedPage;
    const partial: TedPage = { ...complete, notices: complete.notices.slice(0, 2), timedOut: true };
    const replay = tedServer(pages);
    let timeouts = 0;
    server.setHandler((req) =>
      req.body.includes(TOKEN) && timeouts++ < 2 ? { body: partial } : replay(req),
    );
    const report = await sync();
    expect(report).toMatchObject({ pages: 2, created: 15, events: 15, stop: "end" });
    expect(server.requests).toHaveLength(4);

    // A page that keeps timing out fails the pass: nothing of it is committed, the token is kept.
    await testDb.db.deleteFrom("sources").execute();
    server.setHandler((req) => (req.body.includes(TOKEN) ? { body: partial } : replay(req)));
    await expect(sync()).rejects.toThrow("TED search timed out 3 times");
    expect((await source()).cursor).toBe(TOKEN);
  });

  it("fails the pass on an HTML error page or cut-off JSON, keeping what was committed", async () => {
    const replay = tedServer(chained());
    const text = JSON.stringify(chained()[1]);
    for (const broken of [
      {
        body: "<html><body><h1>502 Bad Gateway</h1></body></html>",
        headers: { "content-type": "text/html" },
      },
      { body: text.slice(0, text.length / 2) },
    ]) {
      await testDb.db.deleteFrom("sources").execute();
      server.setHandler((req) => (req.body.includes(TOKEN) ? broken : replay(req)));
      await expect(sync()).rejects.toBeInstanceOf(InvalidResponseError);
      expect((await source()).cursor).toBe(TOKEN);
    }
    expect(await testDb.db.selectFrom("tenders").select("id").execute()).toHaveLength(10);

    server.setHandler(replay);
    expect(await sync()).toMatchObject({ pages: 1, created: 5, stop: "end" });
  });

  it("quarantines a notice holding a NUL character instead of failing its page", async () => {
    const pages = chained();
    const notice = pages[0]?.notices[1] as Notice;
    notice["description-lot"] = { eng: ["Lot one\u0000 with a NUL"] };
    server.setHandler(tedServer(pages));
    const report = await sync();
    expect(report).toMatchObject({ pages: 2, created: 14, quarantined: 1, stop: "end" });
    const quarantined = await testDb.db
      .selectFrom("quarantined_records")
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(quarantined).toMatchObject({
      external_id: notice["publication-number"],
      reason: "description: contains a NUL character (U+0000), which the database cannot store",
      raw_payload: { ...notice, "description-lot": { eng: ["Lot one\uFFFD with a NUL"] } },
    });
  });
});
