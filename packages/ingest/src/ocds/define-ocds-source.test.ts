import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ReplayServer, startReplayServer } from "../testing/replay-server.js";
import { defineOcdsSource, type OcdsSourceOptions } from "./define-ocds-source.js";
import { OCDS_FIRST_SYNC_LOOKBACK_MS } from "./ocds-first-page-url.js";
import type { OcdsRelease } from "./ocds-release.js";

// A made-up fourth portal, as docs/adding-a-source.md writes one: a `links.next` API with an
// `updatedFrom` window, CPV codes on the items only, its own notice pages and document host.
const NOTICE_ID = /^EX-\d{4}-\d{5}$/;
const EXAMPLE_OPTIONS = {
  code: "example_portal",
  label: "Example Portal (fictional)",
  service: "ingest-source-x",
  envPrefix: "EXP",
  baseUrl: "https://api.example-portal.test",
  path: "v2/releases",
  stages: "tender,award",
  window: { from: "updatedFrom" },
  paging: { maxPageSize: 50 },
  fallbackCountry: "IE",
  noticeUrl: (release: OcdsRelease) => {
    const id = release.id?.trim() ?? "";
    return NOTICE_ID.test(id) ? `https://notices.example-portal.test/view/${id}` : null;
  },
  missingNoticeUrl: "no notice id (EX-YYYY-NNNNN) in id",
  documentHosts: ["files.example-portal.test"],
} satisfies OcdsSourceOptions;
const example = defineOcdsSource(EXAMPLE_OPTIONS);

const release = (id: string, cpv: string) => ({
  ocid: `ocds-ex-${id}`,
  id,
  date: "2026-09-01T10:00:00Z",
  tag: ["tender"],
  tender: {
    title: `Works ${id}`,
    items: [{ id: "1", classification: { scheme: "CPV", id: cpv } }],
    documents: [
      { id: "d1", documentType: "biddingDocuments", url: `https://files.example-portal.test/${id}.pdf` },
    ],
  },
  buyer: { name: "County Council" },
});

let server: ReplayServer;
beforeAll(async () => {
  server = await startReplayServer(() => ({ status: 404 }));
});
afterAll(async () => {
  await server.close();
});

describe("defineOcdsSource", () => {
  it("names the settings from the prefix and the window, with their defaults and checks", () => {
    expect(Object.keys(example.env.entries)).toEqual([
      "EXP_BASE_URL",
      "EXP_STAGES",
      "EXP_UPDATED_FROM",
      "EXP_PAGE_SIZE",
    ]);
    expect(v.parse(example.env, {})).toEqual({
      EXP_BASE_URL: "https://api.example-portal.test",
      EXP_STAGES: "tender,award",
      EXP_UPDATED_FROM: undefined,
      EXP_PAGE_SIZE: 50,
    });
    expect(v.safeParse(example.env, { EXP_UPDATED_FROM: "yesterday" }).success).toBe(false);
    expect(v.safeParse(example.env, { EXP_PAGE_SIZE: "51" }).success).toBe(false);
    expect(example.baseUrlSetting).toBe("EXP_BASE_URL");
    expect(example.deployedSettings).toEqual(["EXP_BASE_URL", "EXP_STAGES", "EXP_PAGE_SIZE"]);
    const rated = defineOcdsSource({
      ...EXAMPLE_OPTIONS,
      paging: { maxPageSize: 10, requestsPerMinute: 6 },
    });
    expect(Object.keys(rated.env.entries)).toContain("EXP_REQUESTS_PER_MINUTE");
    expect(v.parse(rated.env, {}).EXP_REQUESTS_PER_MINUTE).toBe(6);
  });

  it("starts the first page at the configured start, else seven days back, without a `to` unless asked", () => {
    const now = new Date("2026-09-30T12:00:00.000Z");
    const options = { baseUrl: "http://127.0.0.1:1/proxy", stages: "tender", pageSize: 5 };
    const first = new URL(example.firstPageUrl({ ...options, updatedFrom: "2026-09-01" }, null, now));
    expect(first.pathname).toBe("/proxy/v2/releases");
    expect(Object.fromEntries(first.searchParams)).toEqual({
      stages: "tender",
      limit: "5",
      updatedFrom: "2026-09-01",
    });
    const fallback = new URL(example.firstPageUrl(options, null, now)).searchParams.get("updatedFrom");
    expect(fallback).toBe(new Date(now.getTime() - OCDS_FIRST_SYNC_LOOKBACK_MS).toISOString().slice(0, 19));
  });

  it("syncs from configuration: follows links.next, maps CPV codes of the items, its notice page and documents", async () => {
    server.setHandler((request) =>
      request.url.pathname === "/v2/releases" && !request.url.searchParams.has("cursor")
        ? {
            body: {
              releases: [release("EX-2026-00001", "45233140"), release("no-number", "45000000")],
              links: { next: `${server.baseUrl}/v2/releases?cursor=2` },
            },
          }
        : { body: { releases: [release("EX-2026-00002", "71300000")] } },
    );
    const config = v.parse(example.env, { EXP_BASE_URL: server.baseUrl, EXP_UPDATED_FROM: "2026-09-01" });
    const adapter = example.createAdapter({
      ...config,
      SYNC_ALLOWED_HOSTS: undefined,
      HTTP_TIMEOUT_MS: 5_000,
      HTTP_MAX_RESPONSE_BYTES: 1 << 20,
    });
    const signal = AbortSignal.timeout(10_000);
    const page = await adapter.fetchPage({ cursor: null, lastSyncAt: null, signal });
    expect(server.requests[0]?.url.searchParams.get("updatedFrom")).toBe("2026-09-01");
    expect(server.requests[0]?.url.searchParams.get("limit")).toBe("50");
    expect(page.nextCursor).toBe(`${server.baseUrl}/v2/releases?cursor=2`);
    const [mapped, refused] = page.items.map((item) => page.map(item));
    expect(mapped?.ok && mapped.record).toMatchObject({
      source: "example_portal",
      external_id: "EX-2026-00001",
      source_url: "https://notices.example-portal.test/view/EX-2026-00001",
      attachments: [{ source_url: "https://files.example-portal.test/EX-2026-00001.pdf" }],
    });
    expect(mapped?.ok && mapped.facets).toEqual({ countries: ["IE"], cpv_codes: ["45233140"] });
    expect(refused).toMatchObject({ ok: false, reason: "source_url: no notice id (EX-YYYY-NNNNN) in id" });
    const last = await adapter.fetchPage({ cursor: page.nextCursor, lastSyncAt: null, signal });
    expect(last.nextCursor).toBeNull();
    expect(example.facets(last.items[0])).toEqual({ countries: ["IE"], cpv_codes: ["71300000"] });
  });
});
