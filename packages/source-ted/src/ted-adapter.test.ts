import { readFileSync } from "node:fs";
import { loadConfig } from "@tender/config";
import {
  CursorRejectedError,
  HttpStatusError,
  InvalidResponseError,
  type PoliteHttpClient,
} from "@tender/ingest";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { createTedSource } from "./create-ted-source.js";
import { createTedAdapter } from "./ted-adapter.js";
import { DEFAULT_TED_FIELDS } from "./ted-search-body.js";
import { TedSyncEnv } from "./ted-source-env.js";

const page = JSON.parse(
  readFileSync(
    new URL("../fixtures/ted_v3_search_digital_competition_2026-05-30.json", import.meta.url),
    "utf8",
  ),
) as { notices: unknown[]; timedOut: boolean; iterationNextToken: string | null };
const signal = new AbortController().signal;
const BASE = "https://api.ted.europa.eu";

/** A client answering the n-th request with `replies[n]` (an Error is thrown); records the bodies. */
function fakeHttp(replies: unknown[]): PoliteHttpClient & { bodies: Array<Record<string, unknown>> } {
  const bodies: Array<Record<string, unknown>> = [];
  return {
    bodies,
    isAllowed: () => true,
    async requestText() {
      throw new Error("this test fetches no documents");
    },
    async requestJson(request, schema) {
      bodies.push(request.body as Record<string, unknown>);
      const reply = replies[bodies.length - 1];
      if (reply instanceof Error) throw reply;
      return v.parse(schema, reply);
    },
  };
}

function adapter(replies: unknown[]) {
  const http = fakeHttp(replies);
  const sleeps: number[] = [];
  const ted = createTedAdapter({
    http,
    baseUrl: BASE,
    query: "publication-date>=today(-2)",
    fields: DEFAULT_TED_FIELDS,
    pageSize: 10,
    sleep: async (ms) => void sleeps.push(ms),
    random: () => 0.5,
  });
  return { ted, http, sleeps };
}

describe("TED adapter", () => {
  it("asks for a page again while TED answers timedOut: true, and never hands on partial results", async () => {
    const partial = { ...page, notices: page.notices.slice(0, 3), timedOut: true, iterationNextToken: "t2" };
    const complete = { ...page, iterationNextToken: "t2" };
    const { ted, http, sleeps } = adapter([partial, partial, complete]);
    const result = await ted.fetchPage({ cursor: "t1", lastSyncAt: null, signal });
    expect(result.items).toHaveLength(10);
    expect(result.nextCursor).toBe("t2");
    // The same token asked three times; 2 s then 4 s steps with equal jitter at random 0.5.
    expect(http.bodies.map((b) => b.iterationNextToken)).toEqual(["t1", "t1", "t1"]);
    expect(sleeps).toEqual([1_500, 3_000]);
  });

  it("fails the page when every try timed out, even an empty one (not the end of the data)", async () => {
    const empty = { notices: [], totalNoticeCount: 0, iterationNextToken: null, timedOut: true };
    const { ted, http } = adapter([empty, empty, empty, page]);
    const failure = await ted.fetchPage({ cursor: null, lastSyncAt: null, signal }).catch((e: Error) => e);
    expect(failure).toBeInstanceOf(InvalidResponseError);
    expect((failure as Error).message).toBe(
      `Unexpected response from ${BASE}/v3/notices/search: TED search timed out 3 times ` +
        "(timedOut: true, partial results); the page is not committed",
    );
    expect(http.bodies).toHaveLength(3);
  });

  it("reads a 500 for a token stored by an earlier pass as a refused token", async () => {
    const error = new HttpStatusError(`${BASE}/v3/notices/search`, 500);
    const resumed = adapter([error]).ted.fetchPage({
      cursor: "old",
      resumed: true,
      lastSyncAt: null,
      signal,
    });
    await expect(resumed).rejects.toBeInstanceOf(CursorRejectedError);
    // A token of this pass, or no token: a 500 is a server failure, not a refusal.
    const fresh = adapter([error]).ted.fetchPage({ cursor: "new", lastSyncAt: null, signal });
    await expect(fresh).rejects.toBe(error);
    const first = adapter([error]).ted.fetchPage({ cursor: null, resumed: true, lastSyncAt: null, signal });
    await expect(first).rejects.toBe(error);
  });

  it("reads 400, 404 and 410 for any token as a refused token", async () => {
    for (const status of [400, 404, 410]) {
      const error = new HttpStatusError(`${BASE}/v3/notices/search`, status);
      await expect(
        adapter([error]).ted.fetchPage({ cursor: "t", lastSyncAt: null, signal }),
      ).rejects.toBeInstanceOf(CursorRejectedError);
    }
  });

  it("sends the iteration request TED expects, the token exactly as given", async () => {
    const { ted, http } = adapter([page, page]);
    await ted.fetchPage({ cursor: null, lastSyncAt: null, signal });
    await ted.fetchPage({ cursor: "FGluY2x1ZGU=", lastSyncAt: null, signal });
    expect(http.bodies[0]).toEqual({
      query: "publication-date>=today(-2)",
      fields: [...DEFAULT_TED_FIELDS],
      limit: 10,
      scope: "ALL",
      paginationMode: "ITERATION",
      checkQuerySyntax: false,
    });
    expect(http.bodies[1]).toMatchObject({ iterationNextToken: "FGluY2x1ZGU=", paginationMode: "ITERATION" });
  });

  it("bounds a fresh pass by the last committed page, with the same query on the pages after it", async () => {
    const http = fakeHttp([page, page, page, page]);
    const ted = createTedAdapter({
      http,
      baseUrl: BASE,
      query: "buyer-country=SWE",
      lookbackDays: 7,
      fields: DEFAULT_TED_FIELDS,
      pageSize: 10,
      now: () => new Date("2026-07-08T09:30:00Z"),
    });
    await ted.fetchPage({ cursor: null, lastSyncAt: null, signal });
    const lastSyncAt = new Date("2026-06-28T09:30:00Z");
    const first = await ted.fetchPage({ cursor: null, lastSyncAt, signal });
    expect(first.adapterState).toEqual({ windowStart: "2026-06-26T00:00:00.000Z" });
    // A later page of the pass (or its restart) reuses the stored window, not the newer last sync.
    const later = new Date("2026-07-08T09:00:00Z");
    await ted.fetchPage({ cursor: "t2", lastSyncAt: later, adapterState: first.adapterState, signal });
    await ted.fetchPage({ cursor: null, lastSyncAt: later, adapterState: first.adapterState, signal });
    expect(http.bodies.map((b) => b.query)).toEqual([
      "(buyer-country=SWE) AND publication-date>=20260701",
      "(buyer-country=SWE) AND publication-date>=20260626",
      "(buyer-country=SWE) AND publication-date>=20260626",
      "(buyer-country=SWE) AND publication-date>=20260626",
    ]);
  });

  it("starts a fresh window, with a warning, when the stored state is not one it wrote", async () => {
    const http = fakeHttp([page]);
    const warnings: string[] = [];
    const ted = createTedAdapter({
      http,
      baseUrl: BASE,
      query: "buyer-country=SWE",
      fields: DEFAULT_TED_FIELDS,
      pageSize: 10,
      logger: { warn: (_: unknown, msg: string) => void warnings.push(msg) },
      now: () => new Date("2026-07-08T09:30:00Z"),
    });
    const lastSyncAt = new Date("2026-06-28T09:30:00Z");
    const result = await ted.fetchPage({ cursor: null, lastSyncAt, adapterState: { from: 1 }, signal });
    expect(http.bodies[0]?.query).toBe("(buyer-country=SWE) AND publication-date>=20260626");
    expect(result.adapterState).toEqual({ windowStart: "2026-06-26T00:00:00.000Z" });
    expect(warnings).toEqual([
      "Stored TED pass state is not understood; the pass starts a new publication-date window",
    ]);
  });

  it("warns when TED_QUERY bounds publication-date itself", async () => {
    const warnings: string[] = [];
    const logger = { warn: (_: unknown, msg: string) => void warnings.push(msg) };
    const own = loadConfig(TedSyncEnv, {
      TED_QUERY: "notice-type=cn-standard AND publication-date>=today(-2)",
    });
    createTedSource(own, logger);
    expect(warnings).toEqual([
      "TED_QUERY has its own publication-date clause and is sent as is: notices published during a downtime longer than its window are missed",
    ]);
    createTedSource(loadConfig(TedSyncEnv, {}), logger);
    expect(warnings).toHaveLength(1);
  });
});
