import { describe, expect, it } from "vitest";
import { FTS_FIRST_SYNC_LOOKBACK_MS, FTS_RESYNC_OVERLAP_MS, ftsFirstPageUrl } from "./index.js";

const NOW = new Date("2026-05-30T20:19:46.123Z");
const options = { baseUrl: "https://www.find-tender.service.gov.uk", stages: "tender", pageSize: 100 };
const params = (url: string) => Object.fromEntries(new URL(url).searchParams);

describe("ftsFirstPageUrl", () => {
  it("asks the release packages API for the window from seven days back to now on the very first pass", () => {
    const url = ftsFirstPageUrl(options, null, NOW);
    expect(url.split("?")[0]).toBe("https://www.find-tender.service.gov.uk/api/1.0/ocdsReleasePackages");
    expect(params(url)).toEqual({
      stages: "tender",
      limit: "100",
      updatedFrom: new Date(NOW.getTime() - FTS_FIRST_SYNC_LOOKBACK_MS).toISOString().slice(0, 19),
      updatedTo: "2026-05-30T20:19:46",
    });
  });

  it("starts the very first pass at FTS_UPDATED_FROM as given", () => {
    expect(params(ftsFirstPageUrl({ ...options, updatedFrom: "2025-02-24" }, null, NOW)).updatedFrom).toBe(
      "2025-02-24",
    );
  });

  it("starts a later pass a day before the last committed page", () => {
    const last = new Date("2026-05-29T10:00:00Z");
    expect(params(ftsFirstPageUrl({ ...options, updatedFrom: "2025-02-24" }, last, NOW)).updatedFrom).toBe(
      new Date(last.getTime() - FTS_RESYNC_OVERLAP_MS).toISOString().slice(0, 19),
    );
  });

  it("keeps a base URL's path (a proxy prefix)", () => {
    const url = ftsFirstPageUrl({ ...options, baseUrl: "http://127.0.0.1:4010/fts" }, null, NOW);
    expect(url.startsWith("http://127.0.0.1:4010/fts/api/1.0/ocdsReleasePackages?")).toBe(true);
  });
});
