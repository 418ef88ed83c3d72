import { readFileSync } from "node:fs";
import { ensureSource, findProcedure } from "@tender/db";
import { type MapResult, parseJsonLenient, storeTenderRecord } from "@tender/ingest";
import { cfReleaseToTenderRecord, contractsFinderSource } from "@tender/source-contracts-finder";
import { CF_FIXTURES, cfFixturePath } from "@tender/source-contracts-finder/fixtures";
import { findATenderSource, ftsReleaseToTenderRecord } from "@tender/source-find-a-tender";
import { FTS_FIXTURES, ftsFixturePath } from "@tender/source-find-a-tender/fixtures";
import { tedNoticeProcedure, tedNoticeToTenderRecord, tedSource } from "@tender/source-ted";
import { TED_FIXTURES, tedFixturePath } from "@tender/source-ted/fixtures";
import { emptyTables, indexAndMatch, seedSavedSearch, unitVector, useTestDatabase } from "@tender/testing";
import fc from "fast-check";
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";

// Issue 32: a hostile or careless publisher must not take over another buyer's procedure.
// Real notices (TED's change pair, a Find a Tender call, a Contracts Finder release) with the
// attacker's copies, stored through the real mappers and the ingest store path, in every order.

type Json = Record<string, unknown>;
type Release = Json & { ocid: string; id: string; tender: Json };
const ftsReleases = (name: string) =>
  (parseJsonLenient(readFileSync(ftsFixturePath(name), "utf8")) as { releases: Release[] }).releases;
const FTS_CALL = ftsReleases(FTS_FIXTURES.tenderPage)[0] as Release; // ocds-h6vhtk-06a94b, 051000-2026
const FTS_URL = "https://www.find-tender.service.gov.uk/Notice/051000-2026";
const CF = (
  parseJsonLenient(readFileSync(cfFixturePath(CF_FIXTURES.searchTenderLimit2Page), "utf8")) as {
    releases: Release[];
  }
).releases[0] as Release;
// The recorded pair was fetched without `notice-title`; the mapper needs one.
const [TED_CALL, TED_CHANGE] = (
  JSON.parse(readFileSync(tedFixturePath(TED_FIXTURES.changeNoticePair), "utf8")) as { notices: Json[] }
).notices.map((n) => ({ ...n, "notice-title": { eng: "Laboratory information system" } })) as unknown as [
  Json,
  Json,
];

/** Mallory's Contracts Finder release: another buyer, another ocid, the given tag and extras. */
const mallory = (n: number, tag: string, extra: Json = {}): Release => ({
  ...CF,
  ocid: `ocds-b5fd17-0000000${n}-0000-4000-8000-00000000000${n}`,
  id: `0000000${n}-0000-4000-8000-00000000000${n}-1`,
  date: `2026-06-0${n}T10:00:00Z`,
  tag: [tag],
  buyer: { id: "GB-MAL", name: "Mallory Parish Council" },
  parties: [{ id: "GB-MAL", name: "Mallory Parish Council", roles: ["buyer"] }],
  ...extra,
  tender: { ...CF.tender, title: "Submit to mallory.example", ...((extra.tender as Json) ?? {}) },
});

const testDb = useTestDatabase();
const subject = "takeover.tender.changed.v1";

type Code = "ted" | "cf" | "fts";
const MAPPERS: Record<Code, [string, (x: unknown) => MapResult, (x: unknown) => unknown]> = {
  ted: [tedSource.code, tedNoticeToTenderRecord, tedNoticeProcedure],
  cf: [contractsFinderSource.code, cfReleaseToTenderRecord, (r) => contractsFinderSource.procedure?.(r)],
  fts: [findATenderSource.code, ftsReleaseToTenderRecord, (r) => findATenderSource.procedure?.(r)],
};

/** Stores one notice as ingest does (mapped, stored, linked), in its own transaction; its id. */
async function store(code: Code, payload: unknown): Promise<string> {
  const [sourceCode, map, procedureOf] = MAPPERS[code];
  const mapped = map(payload);
  if (!mapped.ok) throw new Error(mapped.reason);
  const procedure = procedureOf(payload) as Parameters<typeof storeTenderRecord>[1]["procedure"];
  return await testDb.db.transaction().execute(async (trx) => {
    const source = await ensureSource(trx, sourceCode);
    const stored = await storeTenderRecord(trx, {
      sourceId: source.id,
      record: mapped.record,
      ...(procedure ? { procedure } : {}),
      subject,
    });
    return stored.tenderId;
  });
}

/** Every notice by external id: the procedure key it stands in, who supersedes it, beside or not. */
async function state() {
  const rows = await sql<{
    external_id: string;
    stands_in: string;
    superseded_by: string | null;
    beside: boolean;
  }>`
    SELECT t.external_id, p.procedure_key AS stands_in, s.external_id AS superseded_by, t.beside
    FROM tenders t JOIN procedures p ON p.id = t.procedure_id
    LEFT JOIN tenders s ON s.id = t.superseded_by
    ORDER BY t.external_id`.execute(testDb.db);
  return rows.rows;
}

const currentOf = async (externalId: string) => {
  const { procedure_id } = await testDb.db
    .selectFrom("tenders")
    .select("procedure_id")
    .where("external_id", "=", externalId)
    .executeTakeFirstOrThrow();
  return (await findProcedure(testDb.db, procedure_id as string))?.current.external_id;
};

beforeEach(async () => {
  await emptyTables(testDb.db, ["sources", "procedures", "outbox"]);
});

describe("finding 2: a notice URL in free text joins nothing", () => {
  it.each([
    ["in the description", { tender: { description: `Previous framework: ${FTS_URL}` } }],
    ["among documents", { tender: { documents: [{ id: "1", url: FTS_URL, title: "Notice" }] } }],
    ["in links", { links: [{ rel: "canonical", href: FTS_URL }] }],
  ])(
    "Mallory's cancellation and amendment naming the call %s stay in their own procedure",
    async (_, extra) => {
      await store("fts", FTS_CALL);
      await store("cf", mallory(1, "tenderCancellation", extra));
      await store("cf", mallory(1, "tenderAmendment", { ...extra, id: `${mallory(1, "x").id}2` }));
      const rows = await state();
      expect(rows.filter((r) => r.stands_in === FTS_CALL.ocid).map((r) => r.external_id)).toEqual([
        FTS_CALL.id,
      ]);
      expect(await currentOf(FTS_CALL.id)).toBe(FTS_CALL.id);
    },
  );
});

describe("what may change a notice: the same source and buyer only", () => {
  it("a release of another buyer naming the call in relatedProcesses stands beside it, never current over it", async () => {
    const related = { relatedProcesses: [{ id: "1", uri: FTS_URL }] };
    const cancel = mallory(2, "tenderCancellation", related);
    const amend = mallory(2, "tenderAmendment", {
      ...related,
      id: `${cancel.id}9`,
      date: "2026-06-03T10:00:00Z",
    });
    for (const order of [
      [FTS_CALL, cancel, amend],
      [amend, cancel, FTS_CALL],
    ]) {
      await emptyTables(testDb.db, ["sources", "procedures", "outbox"]);
      for (const r of order) await store(r === FTS_CALL ? "fts" : "cf", r);
      const rows = await state();
      // The structured reference joins (the cross-portal join), but only beside.
      expect(rows.map((r) => [r.external_id, r.stands_in, r.beside])).toEqual([
        [cancel.id, FTS_CALL.ocid, true],
        [amend.id, FTS_CALL.ocid, true],
        [FTS_CALL.id, FTS_CALL.ocid, false],
      ]);
      expect(rows.find((r) => r.external_id === FTS_CALL.id)?.superseded_by).toBeNull();
      expect(await currentOf(FTS_CALL.id)).toBe(FTS_CALL.id);
    }
  });

  // Finding 4: "Mallory AG" reusing the victim's procedure-identifier and naming its call.
  const { "change-notice-version-identifier": _, ...unchanging } = TED_CHANGE;
  const malloryTed = (number: string, fields: Json, base: Json = TED_CHANGE) => ({
    ...base,
    "publication-number": number,
    "buyer-name": { eng: ["Mallory AG"] },
    "buyer-country": ["DEU"],
    "notice-title": { eng: "Laboratory information system, bid via mallory.example" },
    ...fields,
  });
  const takeover = malloryTed("700001-2026", {
    "publication-date": "2026-10-02+02:00",
    "deadline-receipt-tender-date-lot": ["2026-10-04+01:00"],
  });
  const award = malloryTed(
    "700002-2026",
    { "publication-date": "2026-10-03+02:00", "notice-type": "can-standard", "form-type": "result" },
    unchanging,
  );
  // Finding 8: the victim's own planning notice published after its call.
  const planning = {
    ...TED_CALL,
    "publication-number": "700003-2026",
    "publication-date": "2026-10-05+02:00",
    "notice-type": "pin-only",
    "form-type": "planning",
  };

  it("finding 8: a later planning notice of the same buyer does not become current over the open call", async () => {
    for (const n of [planning, TED_CALL]) await store("ted", n);
    expect(await currentOf("657981-2026")).toBe("657981-2026");
  });

  it("another TED buyer's change or award under the victim's procedure identifier supersedes nothing, in any order", async () => {
    const notices = [TED_CALL, TED_CHANGE, takeover, award, planning];
    const expected = [
      { external_id: "657981-2026", superseded_by: "674231-2026", beside: false },
      { external_id: "674231-2026", superseded_by: null, beside: false },
      { external_id: "700001-2026", superseded_by: null, beside: true },
      { external_id: "700002-2026", superseded_by: null, beside: true },
      { external_id: "700003-2026", superseded_by: null, beside: false },
    ];
    await fc.assert(
      fc.asyncProperty(fc.shuffledSubarray(notices, { minLength: 5, maxLength: 5 }), async (order) => {
        await emptyTables(testDb.db, ["sources", "procedures", "outbox"]);
        for (const n of order) await store("ted", n);
        expect((await state()).map(({ stands_in: _, ...r }) => r)).toEqual(expected);
        // The open call's latest change, not Mallory's notices nor the later planning notice.
        expect(await currentOf("657981-2026")).toBe("674231-2026");
      }),
      { numRuns: 8 },
    );
  });
});

describe("finding 3: who owns a key", () => {
  const CF_UUID = CF.id.slice(0, 36);
  const CF_URL = `https://www.contractsfinder.service.gov.uk/Notice/${CF_UUID}`;
  // Mallory on Find a Tender, listing the victim's notice page and ocid among its documents.
  const squatter: Release = {
    ...FTS_CALL,
    ocid: "ocds-h6vhtk-0bad01",
    id: "099999-2026",
    buyer: { id: "GB-MAL", name: "Mallory Parish Council" },
    parties: [{ id: "GB-MAL", name: "Mallory Parish Council", roles: ["buyer"] }],
    tender: {
      ...FTS_CALL.tender,
      documents: [
        { id: "1", url: FTS_URL, title: "Notice" },
        { id: "2", url: FTS_CALL.ocid, title: "Ocid" },
      ],
    },
  };
  // The Contracts Finder copy of the victim's call, naming it as OCDS links processes.
  const copy: Release = { ...CF, relatedProcesses: [{ id: "1", uri: FTS_URL }] };
  // Mallory on Contracts Finder, claiming the copy's notice uuid as its own release id.
  const twin: Release = { ...mallory(3, "tender"), id: `${CF_UUID}-999999` };
  const namingCopy: Release = {
    ...squatter,
    id: "099998-2026",
    tender: FTS_CALL.tender,
    relatedProcesses: [{ id: "1", uri: CF_URL }],
  };

  it("a release listing another notice's page and ocid among its documents takes neither key, in any order", async () => {
    for (const order of [
      ["fts", "squat", "cf"],
      ["squat", "cf", "fts"],
      ["cf", "squat", "fts"],
    ] as const) {
      await emptyTables(testDb.db, ["sources", "procedures", "outbox"]);
      for (const what of order)
        await (what === "fts"
          ? store("fts", FTS_CALL)
          : what === "squat"
            ? store("fts", squatter)
            : store("cf", copy));
      const rows = await state();
      expect(rows.find((r) => r.external_id === CF.id)?.stands_in).toBe(FTS_CALL.ocid);
      const keys = await sql<{ notice_key: string; procedure_key: string }>`
        SELECT k.notice_key, p.procedure_key FROM procedure_notice_keys k JOIN procedures p ON p.id = k.procedure_id
        WHERE p.procedure_key = ${squatter.ocid} ORDER BY 1`.execute(testDb.db);
      expect(keys.rows.map((r) => r.notice_key)).toEqual([
        `find-a-tender:notice:${squatter.id}`,
        `find-a-tender:ocid:${squatter.ocid}`,
      ]);
    }
  });

  it("a key two procedures claim names neither, whatever came first, and the notice naming it stays apart", async () => {
    for (const order of [
      [copy, twin, namingCopy],
      [namingCopy, twin, copy],
      [twin, namingCopy, copy],
    ]) {
      await emptyTables(testDb.db, ["sources", "procedures", "outbox"]);
      for (const r of order) await store(r === namingCopy ? "fts" : "cf", r);
      expect((await state()).find((r) => r.external_id === namingCopy.id)?.stands_in).toBe(namingCopy.ocid);
    }
  });
});

describe("follow-ups of a notice standing beside", () => {
  /** Gives the notice one chunk along axis 0, as the indexer would, and records its alerts. */
  const index = (tenderId: string) =>
    indexAndMatch(testDb.db, tenderId, { embedding: unitVector(0), now: new Date("2026-06-01") });

  it("another buyer's cancellation and change alert nothing; only its award alerts, as awarded", async () => {
    const saved = await seedSavedSearch(testDb.db, { embedding: unitVector(0) });
    await index(await store("fts", FTS_CALL));
    // From here on the query matches nothing on its own: only the procedure's follow-ups.
    await sql`UPDATE saved_searches SET query_embedding = ${JSON.stringify(unitVector(1))}::vector WHERE id = ${saved.id}`.execute(
      testDb.db,
    );
    const related = { relatedProcesses: [{ id: "1", uri: FTS_URL }] };
    const cancel = mallory(4, "tenderCancellation", related);
    const amend = mallory(4, "tenderAmendment", { ...related, id: `${cancel.id}8` });
    const award = mallory(4, "award", {
      ...related,
      id: `${cancel.id}9`,
      awards: [{ id: "a1", status: "active", suppliers: [{ id: "GB-MAL", name: "Mallory Ltd" }] }],
    });
    for (const r of [cancel, amend, award]) await index(await store("cf", r));
    const alerts = await sql<{ external_id: string; reason: string }>`
      SELECT t.external_id, m.reason FROM saved_search_matches m JOIN tenders t ON t.id = m.tender_id
      WHERE m.saved_search_id = ${saved.id} ORDER BY m.matched_at`.execute(testDb.db);
    expect(alerts.rows).toEqual([
      { external_id: FTS_CALL.id, reason: "match" },
      { external_id: award.id, reason: "awarded" },
    ]);
  });
});

describe("arrival order, publishers, buyers and references (generated)", () => {
  const related = { relatedProcesses: [{ id: "1", uri: FTS_URL }] };
  const victimChange: Release = {
    ...FTS_CALL,
    id: "051500-2026",
    date: "2026-06-02T10:00:00+01:00",
    tag: ["tenderAmendment"],
    tender: { ...FTS_CALL.tender, tenderPeriod: { endDate: "2026-06-26" } },
  };
  const where = fc.constantFrom<[string, Json]>(
    ["description", { tender: { description: `See ${FTS_URL}` } }],
    ["documents", { tender: { documents: [{ id: "1", url: FTS_URL }] } }],
    ["links", { links: [{ href: FTS_URL }] }],
    ["relatedProcesses", related],
  );
  const attacker = fc.record({
    n: fc.integer({ min: 5, max: 7 }),
    tag: fc.constantFrom("tenderCancellation", "tenderAmendment", "award", "tender", "planning"),
    where,
  });

  it("ends in the same state in any order; the victim's call or change stays current; its keys stay its own", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(attacker, { selector: (a) => a.n, minLength: 1, maxLength: 3 }),
        fc.boolean(),
        fc.infiniteStream(fc.nat()),
        async (attackers, withChange, random) => {
          const items: [Code, Release][] = [
            ["fts", FTS_CALL],
            ...(withChange ? [["fts", victimChange] as [Code, Release]] : []),
            ...attackers.map((a): [Code, Release] => ["cf", mallory(a.n, a.tag, a.where[1])]),
          ];
          const run = async (order: [Code, Release][]) => {
            await emptyTables(testDb.db, ["sources", "procedures", "outbox"]);
            for (const [code, r] of order) await store(code, r);
            return state();
          };
          const canonical = await run(items);
          const shuffled = [...items].sort(() => (random.next().value % 3) - 1);
          expect(await run(shuffled)).toEqual(canonical);
          expect(await currentOf(FTS_CALL.id)).toBe(withChange ? victimChange.id : FTS_CALL.id);
          for (const row of canonical) {
            const foreign = row.external_id !== FTS_CALL.id && row.external_id !== victimChange.id;
            if (foreign && row.stands_in === FTS_CALL.ocid) expect(row.beside).toBe(true);
            if (!foreign) expect(row.beside).toBe(false);
          }
          const owners = await sql<{ procedure_key: string }>`
            SELECT DISTINCT p.procedure_key FROM procedure_notice_keys k JOIN procedures p ON p.id = k.procedure_id
            WHERE k.notice_key IN (${`find-a-tender:ocid:${FTS_CALL.ocid}`}, 'find-a-tender:notice:051000-2026')`.execute(
            testDb.db,
          );
          expect(owners.rows).toEqual([{ procedure_key: FTS_CALL.ocid }]);
        },
      ),
      { numRuns: 10 },
    );
  });
});
