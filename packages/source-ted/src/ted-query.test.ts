import { loadConfig } from "@tender/config";
import { describe, expect, it } from "vitest";
import { hasPublicationDateClause, tedPassQuery, tedPublishedFrom, tedWindowStart } from "./ted-query.js";
import { DEFAULT_TED_QUERY } from "./ted-search-body.js";
import { TedSourceEnv } from "./ted-source-env.js";

const NOW = new Date("2026-07-08T09:30:00Z");
const daysBefore = (days: number, from = NOW) => new Date(from.getTime() - days * 86_400_000);
/** The window of a fresh pass (no pass in progress). */
const fresh = (lastSyncAt: Date | null) => tedWindowStart(null, lastSyncAt, NOW, 2);

describe("tedPublishedFrom", () => {
  it("looks back the configured number of days on the very first pass", () => {
    expect(tedPublishedFrom(null, NOW, 2)).toBe("20260706");
    expect(tedPublishedFrom(null, NOW, 30)).toBe("20260608");
    expect(tedPublishedFrom(null, NOW, 0)).toBe("20260708");
  });

  it("after a recent pass asks for the last two days, as today(-2) would", () => {
    expect(tedPublishedFrom(daysBefore(0.01), NOW, 30)).toBe("20260706");
    // The day before yesterday's pass still reaches two days before it.
    expect(tedPublishedFrom(new Date("2026-07-07T23:59:59Z"), NOW, 2)).toBe("20260705");
  });

  it("after ten days of downtime starts two days before the last committed page", () => {
    const lastSyncAt = daysBefore(10);
    expect(lastSyncAt.toISOString()).toBe("2026-06-28T09:30:00.000Z");
    expect(tedPublishedFrom(lastSyncAt, NOW, 2)).toBe("20260626");
  });

  it("is never later than today(-2), even for a last sync stamped in the future (clock skew)", () => {
    expect(tedPublishedFrom(new Date("2026-07-09T01:00:00Z"), NOW, 2)).toBe("20260706");
  });

  it("counts UTC days, so late in the UTC evening it errs towards the earlier day", () => {
    // 23:30 UTC is already the next day in Brussels; the bound stays a day earlier than TED's today(-2).
    expect(tedPublishedFrom(null, new Date("2026-12-31T23:30:00Z"), 2)).toBe("20261229");
    expect(tedPublishedFrom(null, new Date("2027-01-01T00:10:00Z"), 2)).toBe("20261230");
  });
});

describe("tedWindowStart", () => {
  it("reuses the window stored by the pass in progress instead of the newer last_sync_at", () => {
    const stored = new Date("2026-06-26T00:00:00Z");
    expect(tedWindowStart(stored, daysBefore(0.01), NOW, 2)).toEqual(stored);
    expect(tedWindowStart(stored, null, NOW, 30)).toEqual(stored);
  });

  it("without a pass in progress starts at midnight UTC of tedPublishedFrom's day", () => {
    expect(tedWindowStart(null, daysBefore(10), NOW, 2)).toEqual(new Date("2026-06-26T00:00:00Z"));
    expect(tedWindowStart(undefined, null, NOW, 30)).toEqual(new Date("2026-06-08T00:00:00Z"));
  });
});

describe("tedPassQuery", () => {
  it("adds the pass's publication-date bound to the subject filter", () => {
    expect(tedPassQuery(DEFAULT_TED_QUERY, fresh(null))).toBe(
      "(notice-type IN (cn-standard cn-social cn-desg pin-cfc-standard pin-cfc-social can-standard can-social can-desg can-modif)) AND publication-date>=20260706",
    );
    expect(tedPassQuery("buyer-country=SWE OR buyer-country=NOR", fresh(daysBefore(10)))).toBe(
      "(buyer-country=SWE OR buyer-country=NOR) AND publication-date>=20260626",
    );
    expect(tedPassQuery("  ", fresh(daysBefore(1)))).toBe("publication-date>=20260705");
  });

  it("sends a query with its own publication-date clause as it is", () => {
    for (const query of [
      "notice-type=cn-standard AND publication-date>=today(-2)",
      "publication-date >= 20260101",
      "classification-cpv=72* AND PD = (20260101 <> 20260818)",
      "publication-date IN (20260101 20260102)",
      "pd<20260101",
    ]) {
      expect(tedPassQuery(query, fresh(daysBefore(10)))).toBe(query);
    }
  });

  it("adds the bound when publication-date appears only inside a quoted term or another name", () => {
    for (const query of [
      'FT~"publication-date>=today(-2)"',
      "dispatch-date>=20260101",
      "buyer-name~PDS",
      "notice-type=pin-cfc-standard",
    ]) {
      expect(hasPublicationDateClause(query), query).toBe(false);
      expect(tedPassQuery(query, fresh(null))).toBe(`(${query}) AND publication-date>=20260706`);
    }
  });
});

describe("TED_LOOKBACK_DAYS", () => {
  it("defaults to two days and accepts 0 to 3650", () => {
    expect(loadConfig(TedSourceEnv, {}).TED_LOOKBACK_DAYS).toBe(2);
    expect(loadConfig(TedSourceEnv, { TED_LOOKBACK_DAYS: "0" }).TED_LOOKBACK_DAYS).toBe(0);
    expect(loadConfig(TedSourceEnv, { TED_LOOKBACK_DAYS: "3650" }).TED_LOOKBACK_DAYS).toBe(3650);
    for (const bad of ["-1", "3651", "two", "1.5"]) {
      expect(() => loadConfig(TedSourceEnv, { TED_LOOKBACK_DAYS: bad })).toThrow("TED_LOOKBACK_DAYS");
    }
  });

  it("leaves the date out of the default TED_QUERY", () => {
    expect(loadConfig(TedSourceEnv, {}).TED_QUERY).toBe(DEFAULT_TED_QUERY);
    expect(hasPublicationDateClause(DEFAULT_TED_QUERY)).toBe(false);
  });
});
