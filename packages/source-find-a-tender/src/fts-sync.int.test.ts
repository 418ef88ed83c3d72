import { readFileSync } from "node:fs";
import { createPoliteHttpClient, parseJsonLenient, runSyncPass, type SourceAdapter } from "@tender/ingest";
import {
  hostileOcdsReleaseArb,
  ocdsReleaseCandidate,
  type ReplayHandler,
  type ReplayServer,
  startReplayServer,
} from "@tender/ingest/testing";
import { emptyTables, uniqueBusToken, useTestDatabase } from "@tender/testing";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FTS_FIXTURES, ftsFixturePath } from "./fts-fixtures.js";
import { createFtsAdapter } from "./index.js";

const PATH = "/api/1.0/ocdsReleasePackages";
const LIVE = "https://www.find-tender.service.gov.uk";
// The recorded pages as served, text for text (they hold bare Infinity literals).
const tenderPage = readFileSync(ftsFixturePath(FTS_FIXTURES.tenderPage), "utf8");
const lifecyclePage = readFileSync(ftsFixturePath(FTS_FIXTURES.lifecyclePage), "utf8");
const releaseIdsOf = (page: string) =>
  (parseJsonLenient(page) as { releases: { id: string }[] }).releases.map((r) => r.id);

const testDb = useTestDatabase();
let server: ReplayServer;
const subject = `t${uniqueBusToken().toLowerCase()}.tender.changed.v1`;
const logger = { debug() {}, info() {}, warn() {}, error() {} };

/** A recorded page pointing at the replay server: its own links.next, or none for the last page. */
function served(page: string, next: string | null): string {
  return page.replace(/"links"\s*:\s*\{[^}]*\}/, `"links":${JSON.stringify(next === null ? {} : { next })}`);
}

/** The recorded tender page's links.next, on the replay server. */
const recordedNext = () => (/"next"\s*:\s*"([^"]+)"/.exec(tenderPage)?.[1] ?? "").replace(LIVE, "");

/** Serves `pages` in order: the first at the first page's URL, each next one at the previous links.next. */
function ftsServer(pages: readonly string[]): ReplayHandler {
  const bodies = pages.map((page, i) =>
    served(
      page,
      i < pages.length - 1
        ? `${server.baseUrl}${i === 0 ? recordedNext() : `${PATH}?cursor=p${i + 1}`}`
        : null,
    ),
  );
  return (req) => {
    if (req.url.pathname !== PATH) return { status: 404, body: {} };
    const cursor = req.url.searchParams.get("cursor");
    if (cursor === null) return { body: bodies[0] };
    const index = cursor.startsWith("p") ? Number(cursor.slice(1)) - 1 : 1;
    return bodies[index] === undefined
      ? { status: 400, body: { error: "unknown cursor" } }
      : { body: bodies[index] };
  };
}

function adapter(minIntervalMs = 0): SourceAdapter {
  const http = createPoliteHttpClient({
    allowedHosts: [server.host],
    timeoutMs: 20_000,
    maxResponseBytes: 256 << 20,
    concurrency: 1,
    minIntervalMs,
    backoff: { initialMs: 10, maxMs: 50 },
  });
  return createFtsAdapter({
    http,
    baseUrl: server.baseUrl,
    stages: "tender",
    pageSize: 20,
    updatedFrom: "2026-05-23T20:19:46",
  });
}

const sync = (a = adapter(), maxPages?: number) =>
  runSyncPass({ db: testDb.db, adapter: a, logger, subject, ...(maxPages ? { maxPages } : {}) });
const cursorOf = async () =>
  (
    await testDb.db
      .selectFrom("sources")
      .select("cursor")
      .where("code", "=", "find_a_tender")
      .executeTakeFirstOrThrow()
  ).cursor;
const storedIds = async () =>
  new Set((await testDb.db.selectFrom("tenders").select("external_id").execute()).map((t) => t.external_id));
const quarantined = () =>
  testDb.db.selectFrom("quarantined_records").select(["source", "external_id", "reason"]).execute();

beforeAll(async () => {
  server = await startReplayServer(() => ({ status: 503, body: {} }));
});

afterAll(async () => {
  await server.close();
});

beforeEach(async () => {
  await emptyTables(testDb.db, ["sources", "outbox", "quarantined_records"]);
  server.requests.length = 0;
  server.setHandler(ftsServer([tenderPage, lifecyclePage]));
});

describe("Find a Tender sync over HTTP, replaying the recorded pages", () => {
  it("asks for the updatedFrom..updatedTo window, follows links.next and stores every release once", async () => {
    const report = await sync();
    expect(report).toMatchObject({
      pages: 2,
      created: 25,
      quarantined: 0,
      events: 25,
      stop: "end",
      cursor: null,
    });
    expect([...(await storedIds())].sort()).toEqual(
      [...releaseIdsOf(tenderPage), ...releaseIdsOf(lifecyclePage)].sort(),
    );
    const [first, second] = server.requests;
    expect(first?.url.pathname).toBe(PATH);
    expect(first?.url.searchParams.get("updatedFrom")).toBe("2026-05-23T20:19:46");
    expect(first?.url.searchParams.get("updatedTo")).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    expect(Object.fromEntries(first?.url.searchParams ?? [])).toMatchObject({
      stages: "tender",
      limit: "20",
    });
    // The recorded links.next, cursor and all, requested as given.
    expect(`${second?.url.pathname}${second?.url.search}`).toBe(recordedNext());
    // One notice per release, each in the procedure of its ocid (written out from the lifecycle
    // page's tags; the tender page's twenty are calls for competition).
    const lifecycle = await testDb.db
      .selectFrom("tenders as t")
      .innerJoin("procedures as p", "p.id", "t.procedure_id")
      .select(["t.external_id", "t.kind", "p.procedure_key"])
      .where("t.external_id", "in", releaseIdsOf(lifecyclePage))
      .orderBy("t.external_id")
      .execute();
    expect(lifecycle).toEqual([
      { external_id: "083608-2026", kind: "result", procedure_key: "ocds-h6vhtk-06f19e" },
      { external_id: "083655-2026", kind: "planning", procedure_key: "ocds-h6vhtk-06f1ad" },
      { external_id: "083662-2026", kind: "competition", procedure_key: "ocds-h6vhtk-06f1b2" },
      { external_id: "083664-2026", kind: "planning", procedure_key: "ocds-h6vhtk-06f1b4" },
      { external_id: "083674-2026", kind: "modification", procedure_key: "ocds-h6vhtk-065444" },
    ]);
    expect(await testDb.db.selectFrom("procedures").select("id").execute()).toHaveLength(25);
    const sourceUrls = await testDb.db.selectFrom("tenders").select("source_url").execute();
    expect(
      sourceUrls.every((t) =>
        /^https:\/\/www\.find-tender\.service\.gov\.uk\/Notice\/\d{6}-\d{4}$/.test(t.source_url),
      ),
    ).toBe(true);
  });

  it("stores links.next as the cursor exactly as given and resumes from it", async () => {
    expect(await sync(adapter(), 1)).toMatchObject({ pages: 1, created: 20, stop: "max_pages" });
    expect(await cursorOf()).toBe(`${server.baseUrl}${recordedNext()}`);
    expect(await sync()).toMatchObject({ pages: 1, created: 5, stop: "end" });
    expect(await cursorOf()).toBeNull();
  });

  it("waits out a 429's Retry-After and carries on", async () => {
    const replay = ftsServer([tenderPage]);
    let calls = 0;
    server.setHandler((req) =>
      ++calls === 1 ? { status: 429, headers: { "retry-after": "1" }, body: {} } : replay(req),
    );
    expect(await sync()).toMatchObject({ created: 20 });
    const [refused, retried] = server.requests;
    expect((retried?.at ?? 0) - (refused?.at ?? 0)).toBeGreaterThanOrEqual(950);
  });

  it("keeps its request rate: requests start at least the interval apart", async () => {
    await sync(adapter(300));
    const [first, second] = server.requests;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(280);
  });
});

/** A release package (as text) of the given releases' JSON texts. */
const packageOf = (releases: readonly string[]) =>
  `{"uri":"${LIVE}${PATH}","publishedDate":"2026-05-30T20:19:46+01:00","releases":[${releases.join(",")}],"links":{}}`;

describe("Find a Tender sync of hostile pages", () => {
  it("stores or quarantines every generated release with its reason, never blocking the page", async () => {
    const hostile = fc.sample(
      fc.integer({ min: 0, max: 999_999 }).chain((n) => {
        const id = String(n).padStart(6, "0");
        return hostileOcdsReleaseArb(`ocds-h6vhtk-h${id}`, `${id}-2026`);
      }),
      { numRuns: 120, seed: 24 },
    );
    const valid = Array.from({ length: 30 }, (_, i) =>
      JSON.stringify(ocdsReleaseCandidate(`ocds-h6vhtk-v${i}`, `${String(i).padStart(6, "0")}-2026`)),
    );
    const releases = [...hostile.map((h) => h.json), ...valid];
    server.setHandler(() => ({ body: packageOf(releases) }));
    const report = await sync();
    expect(report).toMatchObject({ pages: 1, stop: "end", cursor: null });
    expect(report.created + report.changed + report.unchanged + report.quarantined).toBe(releases.length);
    const stored = await storedIds();
    for (let i = 0; i < 30; i += 1) expect(stored.has(`${String(i).padStart(6, "0")}-2026`)).toBe(true);
    const rows = await quarantined();
    expect(rows.every((r) => r.source === "find_a_tender" && r.reason.length > 0)).toBe(true);
    const quarantinedIds = new Set(rows.map((r) => r.external_id));
    // Each release is a notice named by its release id, stored or quarantined under it.
    for (const { kind, json } of hostile) {
      const id = /"id":"(\d{6}-2026)"/.exec(json)?.[1];
      if (id === undefined || kind.includes(" id ") || kind.endsWith(" id")) continue;
      expect(stored.has(id) || quarantinedIds.has(id), `${kind}: ${id}`).toBe(true);
    }
  });
});
