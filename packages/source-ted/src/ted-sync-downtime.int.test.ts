import { readFileSync } from "node:fs";
import { busNames } from "@tender/bus";
import { createPoliteHttpClient, runSyncPass } from "@tender/ingest";
import { type ReplayHandler, type ReplayServer, startReplayServer } from "@tender/ingest/testing";
import { emptyTables, uniqueBusToken, useTestDatabase } from "@tender/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTedAdapter } from "./ted-adapter.js";
import { DEFAULT_TED_FIELDS, DEFAULT_TED_QUERY } from "./ted-search-body.js";

// A fake TED that honours the publication-date bound of the query (an absolute YYYYMMDD, or
// today(-n) against the test's clock) and pages what matches with its own iteration tokens.
// Recorded notices: 10 published 2026-05-29, 5 published 2026-07-01.

type Notice = { "publication-date": string };
const load = (name: string): Notice[] =>
  (JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), "utf8")) as { notices: Notice[] })
    .notices;
const NOTICES = [
  ...load("ted_v3_search_digital_competition_2026-05-30.json"),
  ...load("ted_v3_search_it_software_sweden_2026-07-01.json"),
];
const DAY_MS = 86_400_000;
const NOW = new Date("2026-07-08T09:30:00Z");
const subject = busNames(`t${uniqueBusToken()}`).subject;
const logger = { debug() {}, info() {}, warn() {}, error() {} };

interface SearchBody {
  query: string;
  limit: number;
  iterationNextToken?: string;
}

/** `YYYYMMDD` of the query's `publication-date>=` clause; `null` when it has none. */
function lowerBound(query: string): string | null {
  const absolute = /publication-date>=(\d{8})/.exec(query);
  if (absolute) return absolute[1] ?? null;
  const relative = /publication-date>=today\((-?\d+)\)/.exec(query);
  if (!relative) return null;
  return new Date(NOW.getTime() + Number(relative[1]) * DAY_MS)
    .toISOString()
    .slice(0, 10)
    .replaceAll("-", "");
}

const fakeTed: ReplayHandler = (req) => {
  const body = JSON.parse(req.body) as SearchBody;
  const from = lowerBound(body.query);
  const matching = NOTICES.filter(
    (n) => from === null || n["publication-date"].slice(0, 10).replaceAll("-", "") >= from,
  );
  const start = Number(/page-(\d+)$/.exec(body.iterationNextToken ?? "")?.[1] ?? 0);
  const notices = matching.slice(start, start + body.limit);
  const end = start + body.limit >= matching.length;
  return {
    body: {
      notices,
      totalNoticeCount: matching.length,
      iterationNextToken: end ? null : `page-${start + body.limit}`,
      timedOut: false,
    },
  };
};

const testDb = useTestDatabase();
let server: ReplayServer;

function sync(
  options: { query?: string; lookbackDays?: number; pageSize?: number; stopAfterOnePage?: boolean } = {},
) {
  const adapter = createTedAdapter({
    http: createPoliteHttpClient({
      allowedHosts: [server.host],
      timeoutMs: 10_000,
      maxResponseBytes: 1024 * 1024,
    }),
    baseUrl: server.baseUrl,
    query: options.query ?? DEFAULT_TED_QUERY,
    lookbackDays: options.lookbackDays ?? 2,
    fields: DEFAULT_TED_FIELDS,
    pageSize: options.pageSize ?? 10,
    now: () => NOW,
  });
  // A shutdown after the first committed page.
  const controller = new AbortController();
  const onPageCommitted = () => options.stopAfterOnePage && controller.abort();
  return runSyncPass({
    db: testDb.db,
    adapter,
    logger,
    subject,
    now: () => NOW,
    signal: controller.signal,
    onPageCommitted,
  });
}

/** The queries sent since the last call, and the tokens they carried. */
function sent(): Array<{ query: string; token: string | undefined }> {
  const bodies = server.requests.splice(0).map((r) => JSON.parse(r.body) as SearchBody);
  return bodies.map((b) => ({ query: b.query, token: b.iterationNextToken }));
}

const setLastSyncAt = (at: Date) => testDb.db.updateTable("sources").set({ last_sync_at: at }).execute();
const storedPublishedAt = async () =>
  (await testDb.db.selectFrom("tenders").select("published_at").execute()).map((t) =>
    t.published_at.toISOString(),
  );

beforeAll(async () => {
  server = await startReplayServer(fakeTed);
});

afterAll(async () => {
  await server.close();
});

beforeEach(async () => {
  await emptyTables(testDb.db, ["sources", "outbox"]);
  server.requests.length = 0;
  server.setHandler(fakeTed);
});

describe("TED sync after a downtime", () => {
  it("fetches on its next fresh pass the notices published during ten days of downtime", async () => {
    // The very first pass looks back two days: nothing was published since 2026-07-06.
    expect(await sync()).toMatchObject({ pages: 1, created: 0, stop: "end" });
    expect(sent()).toEqual([
      { query: `(${DEFAULT_TED_QUERY}) AND publication-date>=20260706`, token: undefined },
    ]);

    // The service was down for ten days: its last committed page is from 2026-06-28.
    await setLastSyncAt(new Date(NOW.getTime() - 10 * DAY_MS));
    const report = await sync();
    expect(report).toMatchObject({ pages: 1, created: 5, events: 5, stop: "end" });
    expect(sent()).toEqual([
      { query: `(${DEFAULT_TED_QUERY}) AND publication-date>=20260626`, token: undefined },
    ]);
    // The gap's notices (published 2026-07-01+02:00, before today(-2)) are stored.
    expect(await storedPublishedAt()).toEqual(Array(5).fill("2026-06-30T22:00:00.000Z"));

    // Caught up: the next pass is back to the last two days.
    const source = await testDb.db.selectFrom("sources").selectAll().executeTakeFirstOrThrow();
    expect(source).toMatchObject({ cursor: null, last_sync_at: NOW });
    expect(await sync()).toMatchObject({ created: 0, unchanged: 0 });
    expect(sent()[0]?.query).toBe(`(${DEFAULT_TED_QUERY}) AND publication-date>=20260706`);
  });

  it("sends the same bounded query with every page of a long catch-up", async () => {
    await sync();
    sent();
    await setLastSyncAt(new Date("2026-05-20T12:00:00Z"));
    const report = await sync();
    expect(report).toMatchObject({ pages: 2, created: 15, stop: "end" });
    const query = `(${DEFAULT_TED_QUERY}) AND publication-date>=20260518`;
    expect(sent()).toEqual([
      { query, token: undefined },
      { query, token: "page-10" },
    ]);
  });

  it("restarts a catch-up whose token TED refuses over the window it started with", async () => {
    await sync();
    await setLastSyncAt(new Date(NOW.getTime() - 10 * DAY_MS));
    sent();
    // The catch-up pass stops (shutdown) after its first page: 2 of the gap's 5 notices.
    const first = await sync({ pageSize: 2, stopAfterOnePage: true });
    expect(first).toMatchObject({ pages: 1, created: 2, stop: "aborted", cursor: "page-2" });
    const query = `(${DEFAULT_TED_QUERY}) AND publication-date>=20260626`;
    expect(sent()).toEqual([{ query, token: undefined }]);
    const interrupted = await testDb.db.selectFrom("sources").selectAll().executeTakeFirstOrThrow();
    // last_sync_at moved on to today; the window of the pass in progress did not.
    expect(interrupted).toMatchObject({
      cursor: "page-2",
      last_sync_at: NOW,
      adapter_state: { windowStart: "2026-06-26T00:00:00.000Z" },
    });

    // Meanwhile TED forgot the token: the next pass starts afresh, over the same window.
    // Its new iteration hands out new tokens.
    server.setHandler(async (req) => {
      if ((JSON.parse(req.body) as SearchBody).iterationNextToken === "page-2") {
        return { status: 400, body: { message: "invalid iteration token" } };
      }
      const reply = await fakeTed(req);
      const body = reply.body as { iterationNextToken: string | null };
      const token = body.iterationNextToken === null ? null : `new-${body.iterationNextToken}`;
      return { body: { ...body, iterationNextToken: token } };
    });
    const restarted = await sync({ pageSize: 2 });
    expect(restarted).toMatchObject({ pages: 3, created: 3, unchanged: 2, stop: "end", cursor: null });
    expect(sent()).toEqual([
      { query, token: "page-2" },
      { query, token: undefined },
      { query, token: "new-page-2" },
      { query, token: "new-page-4" },
    ]);
    expect(await storedPublishedAt()).toEqual(Array(5).fill("2026-06-30T22:00:00.000Z"));
    const done = await testDb.db.selectFrom("sources").selectAll().executeTakeFirstOrThrow();
    expect(done).toMatchObject({ cursor: null, adapter_state: null });
  });

  it("looks back TED_LOOKBACK_DAYS on the very first pass", async () => {
    const report = await sync({ lookbackDays: 45 });
    expect(report).toMatchObject({ pages: 2, created: 15, stop: "end" });
    expect(sent()[0]?.query).toBe(`(${DEFAULT_TED_QUERY}) AND publication-date>=20260524`);
  });

  it("sends a TED_QUERY with its own publication-date clause as it is, so its window bounds the catch-up", async () => {
    const query = `${DEFAULT_TED_QUERY} AND publication-date>=today(-2)`;
    await sync({ query });
    await setLastSyncAt(new Date(NOW.getTime() - 10 * DAY_MS));
    expect(await sync({ query })).toMatchObject({ created: 0 });
    expect(sent().map((r) => r.query)).toEqual([query, query]);
  });
});
