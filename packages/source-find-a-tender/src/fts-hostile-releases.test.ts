import { TenderRecordV1 } from "@tender/contracts";
import { parseJsonLenient } from "@tender/ingest";
import { hostileOcdsReleaseArb, ocdsReleaseCandidate } from "@tender/ingest/testing";
import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { ftsReleaseToTenderRecord } from "./index.js";

const OCID = "ocds-h6vhtk-000001";

describe("hostile Find a Tender releases", () => {
  it("each maps, as the client parses it, to a valid record or to a quarantine reason, and never throws", () => {
    fc.assert(
      fc.property(hostileOcdsReleaseArb(OCID, "000001-2026"), ({ kind, json }) => {
        const result = ftsReleaseToTenderRecord(parseJsonLenient(json));
        if (result.ok) {
          expect(v.is(TenderRecordV1, result.record), kind).toBe(true);
          expect(result.record.source, kind).toBe("find_a_tender");
        } else {
          expect(result.reason.length, kind).toBeGreaterThan(0);
          expect(result.reason.isWellFormed(), kind).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("reads 1e9999 as no amount, as the client parses pages, rather than failing the release", () => {
    const json = JSON.stringify(ocdsReleaseCandidate(OCID, "000001-2026")).replace("490000", "1e9999");
    const result = ftsReleaseToTenderRecord(parseJsonLenient(json));
    expect(result.ok && [result.record.amount, result.record.currency]).toEqual([null, null]);
  });

  it("quarantines a release without an ocid, naming the field", () => {
    const { ocid: _ocid, ...release } = ocdsReleaseCandidate(OCID, "000001-2026");
    expect(ftsReleaseToTenderRecord(release)).toEqual({
      ok: false,
      externalId: "000001-2026",
      reason: "external_id: missing ocid",
    });
  });

  it("quarantines a release without a release id, or with one over 512 characters, naming the field", () => {
    const { id: _id, ...release } = ocdsReleaseCandidate(OCID, "000001-2026");
    const missing = ftsReleaseToTenderRecord(release);
    expect(missing.ok ? "stored" : missing.reason).toMatch(/^external_id: missing release id; source_url: /);
    const long = ftsReleaseToTenderRecord({ ...release, id: "9".repeat(513) });
    expect(long.ok ? "stored" : long.reason).toMatch(
      /^external_id: release id is over 512 characters or holds a control character or a lone surrogate; source_url: /,
    );
  });

  it("quarantines a release that has neither a notice document nor a notice id", () => {
    const release = { ...ocdsReleaseCandidate(OCID, "release-1"), id: "release-1" };
    const result = ftsReleaseToTenderRecord(release);
    expect(result.ok ? "stored" : result.reason).toBe(
      "source_url: no notice id (NNNNNN-YYYY) in id and no notice page among the release's documents",
    );
  });
});
