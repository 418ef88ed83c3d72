import { readFileSync } from "node:fs";
import {
  CursorRejectedError,
  HostNotAllowedError,
  HttpStatusError,
  type PoliteHttpClient,
} from "@tender/ingest";
import { describe, expect, it } from "vitest";
import { cfFirstPageUrl, createCfAdapter, FIRST_SYNC_LOOKBACK_MS, RESYNC_OVERLAP_MS } from "./index.js";

const json = (name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), "utf8"));
const limit2 = json("cf_ocds_search_tender_limit2_2026-09-19.json");
const liveLinks: Array<{ links: { next: string } }> = json(
  "cf_live_pagination_links_summary_2026-09-30.json",
);
const BASE = "https://www.contractsfinder.service.gov.uk";
const signal = new AbortController().signal;

/** A client that answers every request with `reply(url)` and records the URLs. */
function fakeHttp(reply: (url: string) => unknown): PoliteHttpClient & { urls: string[] } {
  const urls: string[] = [];
  return {
    urls,
    isAllowed: (url) => new URL(url).host === "www.contractsfinder.service.gov.uk",
    async requestText() {
      throw new Error("this test fetches no documents");
    },
    async requestJson(request, schema) {
      urls.push(request.url);
      const body = reply(request.url);
      if (body instanceof Error) throw body;
      const { parse } = await import("valibot");
      return parse(schema, body);
    },
  };
}

const options = { baseUrl: BASE, stages: "tender", pageSize: 100 };

describe("Contracts Finder adapter", () => {
  it("keeps links.next exactly as the API gave it, as the cursor, and follows it verbatim", async () => {
    const next = liveLinks[0]?.links.next as string;
    const http = fakeHttp(() => ({ ...limit2, links: { next } }));
    const adapter = createCfAdapter({ ...options, http });
    const page = await adapter.fetchPage({ cursor: null, lastSyncAt: null, signal });
    expect(page.nextCursor).toBe(next);
    expect(page.items).toHaveLength(2);
    expect(page.map(page.items[0]).ok).toBe(true);
    await adapter.fetchPage({ cursor: next, lastSyncAt: null, signal });
    expect(http.urls[1]).toBe(next);
  });

  it("ends the data without links.next or without releases", async () => {
    const noLinks = await createCfAdapter({ ...options, http: fakeHttp(() => limit2) }).fetchPage({
      cursor: null,
      lastSyncAt: null,
      signal,
    });
    expect(noLinks.nextCursor).toBeNull();
    const empty = await createCfAdapter({
      ...options,
      http: fakeHttp(() => ({ ...limit2, releases: [], links: { next: `${BASE}/x?cursor=1` } })),
    }).fetchPage({ cursor: null, lastSyncAt: null, signal });
    expect(empty.nextCursor).toBeNull();
  });

  it("fails a page whose links.next leaves the allowlist, before it commits", async () => {
    const http = fakeHttp(() => ({ ...limit2, links: { next: "https://elsewhere.example/next" } }));
    await expect(
      createCfAdapter({ ...options, http }).fetchPage({ cursor: null, lastSyncAt: null, signal }),
    ).rejects.toBeInstanceOf(HostNotAllowedError);
  });

  it("reports a stored link the API refuses as a rejected cursor", async () => {
    const http = fakeHttp((url) => new HttpStatusError(url, 400));
    const adapter = createCfAdapter({ ...options, http });
    await expect(
      adapter.fetchPage({ cursor: `${BASE}/old`, lastSyncAt: null, signal }),
    ).rejects.toBeInstanceOf(CursorRejectedError);
    // Without a stored cursor the same refusal is a plain failure.
    await expect(adapter.fetchPage({ cursor: null, lastSyncAt: null, signal })).rejects.toBeInstanceOf(
      HttpStatusError,
    );
  });
});

describe("cfFirstPageUrl", () => {
  const now = new Date("2026-09-30T12:00:00.000Z");

  it("starts the very first pass at CF_PUBLISHED_FROM, else seven days back", () => {
    const configured = new URL(cfFirstPageUrl({ ...options, publishedFrom: "2026-08-01" }, null, now));
    expect(configured.pathname).toBe("/Published/Notices/OCDS/Search");
    expect(Object.fromEntries(configured.searchParams)).toEqual({
      stages: "tender",
      limit: "100",
      publishedFrom: "2026-08-01",
    });
    const fallback = new URL(cfFirstPageUrl(options, null, now)).searchParams.get("publishedFrom");
    expect(fallback).toBe(new Date(now.getTime() - FIRST_SYNC_LOOKBACK_MS).toISOString().slice(0, 19));
  });

  it("starts a later fresh pass a day before the last committed page", () => {
    const lastSyncAt = new Date("2026-09-29T08:30:00.000Z");
    const from = new URL(cfFirstPageUrl({ ...options, publishedFrom: "2026-01-01" }, lastSyncAt, now))
      .searchParams;
    expect(from.get("publishedFrom")).toBe(
      new Date(lastSyncAt.getTime() - RESYNC_OVERLAP_MS).toISOString().slice(0, 19),
    );
    expect(from.get("publishedFrom")).toBe("2026-09-28T08:30:00");
  });
});
