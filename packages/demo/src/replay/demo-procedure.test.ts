import { readFileSync } from "node:fs";
import { TenderRecordV1 } from "@tender/contracts";
import { parseJsonLenient } from "@tender/ingest";
import { findATenderSource, ftsReleaseToTenderRecord } from "@tender/source-find-a-tender";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { DEMO_PROCEDURE } from "./demo-procedure.js";

type Json = Record<string, unknown>;
type Package = Json & { releases: (Json & { tender: Json; parties: Json[] })[] };

const load = (file: string) => parseJsonLenient(readFileSync(file, "utf8")) as Package;
const [callPackage, changePackage, awardPackage] = [
  DEMO_PROCEDURE.call.file,
  ...DEMO_PROCEDURE.later.map((step) => step.file),
].map(load) as [Package, Package, Package];
const only = (pkg: Package) => {
  expect(pkg.releases).toHaveLength(1);
  return pkg.releases[0] as Package["releases"][number];
};
const [call, change, award] = [callPackage, changePackage, awardPackage].map(only) as [
  Package["releases"][number],
  Package["releases"][number],
  Package["releases"][number],
];

function mapped(pkg: Package) {
  const { releases, ...meta } = pkg;
  const result = ftsReleaseToTenderRecord(releases[0], meta);
  if (!result.ok) throw new Error(`expected a record, got: ${result.reason}`);
  expect(v.is(TenderRecordV1, result.record)).toBe(true);
  return { ...result.record, procedure: findATenderSource.procedure?.(releases[0]) };
}

// packages/demo/fixtures/SOURCES.md says what is real and what was derived; these tests hold the files to it.
describe("the demo procedure (HC2645 of Wiltshire Council on Find a Tender)", () => {
  it("maps to a call, its change and a result of one procedure, the change replacing the call", () => {
    const [a, b, c] = [callPackage, changePackage, awardPackage].map(mapped);
    expect(
      [a, b, c].map((r) => [r?.external_id, r?.procedure?.key, r?.procedure?.kind, r?.procedure?.supersedes]),
    ).toEqual([
      ["083650-2026-demo-call", "ocds-h6vhtk-06f1a9", "competition", null],
      ["083650-2026-demo-change", "ocds-h6vhtk-06f1a9", "change", "083650-2026-demo-call"],
      ["083650-2026", "ocds-h6vhtk-06f1a9", "result", null],
    ]);
    // What the change changes, and only that: the deadline moves a week.
    expect([a?.deadline, b?.deadline]).toEqual(["2026-08-07T11:00:00.000Z", "2026-08-14T11:00:00.000Z"]);
    expect({
      ...b,
      external_id: "",
      deadline: "",
      published_at: "",
      raw_payload: null,
      procedure: null,
    }).toEqual({
      ...a,
      external_id: "",
      deadline: "",
      published_at: "",
      raw_payload: null,
      procedure: null,
    });
    // Published in story order, the real award last.
    expect([a?.published_at, b?.published_at, c?.published_at].map((t) => Date.parse(t ?? ""))).toEqual(
      [...[a, b, c].map((r) => Date.parse(r?.published_at ?? ""))].sort((x, y) => x - y),
    );
    expect(c?.source_url).toBe("https://www.find-tender.service.gov.uk/Notice/083650-2026");
  });

  it("was derived from the real award release: every fact but the ids, dates and deadline is the award's", () => {
    const { releases: _a, ...awardMeta } = awardPackage;
    for (const derived of [callPackage, changePackage]) {
      const { releases: _d, ...meta } = derived;
      expect(meta).toEqual(awardMeta);
    }
    const realTender = award.tender as Json;
    const realAward = (award.awards as Json[])[0] as Json;
    for (const release of [call, change]) {
      expect(release.ocid).toBe(award.ocid);
      expect(release.buyer).toEqual(award.buyer);
      expect(release.parties).toEqual(award.parties.filter((p) => (p.roles as string[]).includes("buyer")));
      for (const field of ["id", "title", "description", "legalBasis", "procurementMethodDetails"]) {
        expect(release.tender[field], field).toEqual(realTender[field]);
      }
      expect(release.tender.items).toEqual(realAward.items);
      expect(release.tender.mainProcurementCategory).toEqual(realAward.mainProcurementCategory);
      // No value, supplier or award: those are the result's facts, not the call's.
      expect(release.tender.value).toBeUndefined();
      expect(release.awards).toBeUndefined();
    }
    expect(call.tag).toEqual(["tender"]);
    expect(change.tag).toEqual(["tenderAmendment"]);
  });
});
