import { readFileSync } from "node:fs";
import { ensureSource, findProcedure } from "@tender/db";
import {
  linkTenderProcedure,
  type MapResult,
  parseJsonLenient,
  runSyncPass,
  storeTenderRecord,
} from "@tender/ingest";
import { cfReleaseToTenderRecord, contractsFinderSource } from "@tender/source-contracts-finder";
import { CF_FIXTURES, cfFixturePath } from "@tender/source-contracts-finder/fixtures";
import { findATenderSource, ftsReleaseToTenderRecord } from "@tender/source-find-a-tender";
import { FTS_FIXTURES, ftsFixturePath } from "@tender/source-find-a-tender/fixtures";
import { emptyTables, useTestDatabase } from "@tender/testing";
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";

type Release = Record<string, unknown> & { ocid: string; id: string; tender: Record<string, unknown> };
const releasesOf = (path: string) =>
  (parseJsonLenient(readFileSync(path, "utf8")) as { releases: Release[] }).releases;

// Real releases: a Find a Tender award (083650-2026) and a Contracts Finder call for competition.
const FTS = releasesOf(ftsFixturePath(FTS_FIXTURES.awardRelease))[0] as Release;
const CF = releasesOf(cfFixturePath(CF_FIXTURES.searchTenderLimit2Page))[0] as Release;
const FTS_OCID = "ocds-h6vhtk-06f1a9";
const FTS_URL = "https://www.find-tender.service.gov.uk/Notice/083650-2026";

/** The Contracts Finder release naming Find a Tender's notice in `relatedProcesses`, as OCDS links processes. */
const cfNaming = (related: Record<string, unknown>, title = CF.tender.title): Release => ({
  ...CF,
  tender: { ...CF.tender, title },
  relatedProcesses: [{ id: "1", relationship: ["parent"], ...related }],
});

const testDb = useTestDatabase();
const logger = { debug() {}, info() {}, warn() {}, error() {} };
const subject = "cross-portal.tender.changed.v1";

/** One pass of the real sync path over one page of releases. */
function sync(code: "cf" | "fts", releases: readonly Release[]) {
  const [source, map]: [string, (r: unknown) => MapResult] =
    code === "cf"
      ? [contractsFinderSource.code, (r) => cfReleaseToTenderRecord(r)]
      : [findATenderSource.code, (r) => ftsReleaseToTenderRecord(r)];
  const adapter = { code: source, fetchPage: async () => ({ items: releases, nextCursor: null, map }) };
  return runSyncPass({ db: testDb.db, adapter, logger, subject });
}

/** Every notice: its source, where it stands and its own procedure, by keys (ids differ between runs). */
async function state() {
  const rows = await sql<Record<string, string | null>>`
    SELECT s.code AS source, t.external_id, stand.procedure_key AS stands_in, ss.code AS procedure_source,
      own.procedure_key AS own_procedure, t.names_notice, joined.procedure_key AS own_joined
    FROM tenders t
    JOIN sources s ON s.id = t.source_id
    JOIN procedures stand ON stand.id = t.procedure_id
    JOIN sources ss ON ss.id = stand.source_id
    JOIN procedures own ON own.id = coalesce(t.source_procedure_id, t.procedure_id)
    LEFT JOIN procedures joined ON joined.id = own.linked_to
    ORDER BY s.code`.execute(testDb.db);
  return rows.rows;
}

const procedureOf = async (externalId: string) =>
  await testDb.db
    .selectFrom("tenders")
    .select(["id", "procedure_id", "source_procedure_id"])
    .where("external_id", "=", externalId)
    .executeTakeFirstOrThrow();

beforeEach(async () => {
  await emptyTables(testDb.db, ["sources", "procedures", "outbox"]);
});

describe("a notice on Contracts Finder naming Find a Tender's notice, through the sync", () => {
  const linked = [
    {
      source: "contracts_finder",
      external_id: CF.id,
      stands_in: FTS_OCID,
      procedure_source: "find_a_tender",
      own_procedure: CF.ocid,
      names_notice: "find-a-tender:notice:083650-2026",
      own_joined: FTS_OCID,
    },
    {
      source: "find_a_tender",
      external_id: FTS.id,
      stands_in: FTS_OCID,
      procedure_source: "find_a_tender",
      own_procedure: FTS_OCID,
      names_notice: null,
      own_joined: null,
    },
  ];

  it.each([
    ["Contracts Finder first", ["cf", "fts"] as const],
    ["Find a Tender first", ["fts", "cf"] as const],
  ])("%s: both notices end in Find a Tender's procedure", async (_, order) => {
    for (const code of order) await sync(code, code === "cf" ? [cfNaming({ uri: FTS_URL })] : [FTS]);
    expect(await state()).toEqual(linked);

    const fts = await procedureOf(FTS.id);
    const cf = await procedureOf(CF.id);
    const procedure = await findProcedure(testDb.db, fts.procedure_id as string);
    expect(procedure?.source).toBe("find_a_tender");
    expect(procedure?.notices.map((n) => n.id).sort()).toEqual([cf.id, fts.id].sort());
    // The id Contracts Finder's procedure had answers with the joined one.
    expect((await findProcedure(testDb.db, cf.source_procedure_id as string))?.id).toBe(fts.procedure_id);
  });

  it("writes nothing when both are synced again", async () => {
    await sync("cf", [cfNaming({ uri: FTS_URL })]);
    await sync("fts", [FTS]);
    // A row's xmin changes with any UPDATE, even one writing the same values.
    const versions = async () =>
      (
        await sql<{ row: string }>`
          SELECT 't' || id || xmin AS row FROM tenders
          UNION ALL SELECT 'p' || id || xmin FROM procedures
          UNION ALL SELECT 'k' || notice_key || xmin FROM procedure_notice_keys
          ORDER BY 1`.execute(testDb.db)
      ).rows;
    const before = await versions();
    expect(before).toHaveLength(2 + 2 + 4);
    expect(await sync("cf", [cfNaming({ uri: FTS_URL })])).toMatchObject({ unchanged: 1, changed: 0 });
    expect(await sync("fts", [FTS])).toMatchObject({ unchanged: 1, changed: 0 });
    expect(await versions()).toEqual(before);
  });

  it("links by ocid before Find a Tender's notice exists, and unlinks when the name goes", async () => {
    await sync("cf", [cfNaming({ scheme: "ocid", identifier: FTS_OCID })]);
    expect((await state()).map((r) => r.stands_in)).toEqual([CF.ocid]);
    await sync("fts", [FTS]);
    expect((await state()).map((r) => r.stands_in)).toEqual([FTS_OCID, FTS_OCID]);
    // A later release of the Contracts Finder notice that names nothing: back on its own.
    await sync("cf", [{ ...CF, tender: { ...CF.tender, title: "Reissued" } }]);
    expect((await state()).map((r) => [r.source, r.stands_in, r.own_joined])).toEqual([
      ["contracts_finder", CF.ocid, null],
      ["find_a_tender", FTS_OCID, null],
    ]);
  });

  it("links to an earlier release of the Find a Tender procedure by its notice id", async () => {
    await sync("fts", [{ ...FTS, id: "080001-2026", tag: ["tender"], date: "2026-08-01T10:00:00+01:00" }]);
    await sync("fts", [FTS]);
    await sync("cf", [cfNaming({ uri: "https://www.find-tender.service.gov.uk/Notice/080001-2026" })]);
    expect((await state()).map((r) => r.stands_in)).toEqual([FTS_OCID, FTS_OCID, FTS_OCID]);
  });

  it("never links by a shared title or a bare notice number", async () => {
    const title = FTS.tender.title as string;
    await sync("fts", [FTS]);
    await sync("cf", [{ ...cfNaming({ identifier: "083650-2026" }, title) }]);
    expect((await state()).map((r) => [r.source, r.stands_in])).toEqual([
      ["contracts_finder", CF.ocid],
      ["find_a_tender", FTS_OCID],
    ]);
  });

  it("is recomputed from the stored payloads, as `tender remap` does, in either order", async () => {
    await sync("cf", [cfNaming({ uri: FTS_URL })]);
    await sync("fts", [FTS]);
    const expected = await state();
    for (const order of [
      ["contracts_finder", "find_a_tender"],
      ["find_a_tender", "contracts_finder"],
    ]) {
      // As before migration 0028: every notice in its own procedure, nothing named or registered.
      await sql`UPDATE tenders SET procedure_id = coalesce(source_procedure_id, procedure_id),
        source_procedure_id = NULL, names_notice = NULL`.execute(testDb.db);
      await sql`UPDATE procedures SET linked_to = NULL`.execute(testDb.db);
      await testDb.db.deleteFrom("procedure_notice_keys").execute();
      for (const code of order) {
        const rows = await testDb.db
          .selectFrom("tenders as t")
          .innerJoin("sources as s", "s.id", "t.source_id")
          .select(["t.id", "t.source_id", "t.raw_payload"])
          .where("s.code", "=", code)
          .execute();
        const definition = code === "contracts_finder" ? contractsFinderSource : findATenderSource;
        for (const row of rows) {
          const procedure = definition.procedure?.(row.raw_payload);
          if (!procedure) throw new Error("no procedure");
          await testDb.db.transaction().execute((trx) =>
            linkTenderProcedure(trx, {
              sourceId: row.source_id,
              tenderId: row.id,
              procedure,
              force: false,
            }),
          );
        }
      }
      expect(await state()).toEqual(expected);
    }
  });

  it("links a copy and its original stored at the same time by the two ingest services", async () => {
    // Contracts Finder's page stays open while Find a Tender stores its notice: without a shared
    // lock neither transaction would see the other's notice, and the pair would stay apart.
    const store = async (code: "cf" | "fts", trx: Parameters<typeof storeTenderRecord>[0]) => {
      const [sourceCode, mapped] =
        code === "cf"
          ? [contractsFinderSource.code, cfReleaseToTenderRecord(cfNaming({ uri: FTS_URL }))]
          : [findATenderSource.code, ftsReleaseToTenderRecord(FTS)];
      if (!mapped.ok) throw new Error(mapped.reason);
      const source = await ensureSource(trx, sourceCode);
      await storeTenderRecord(trx, {
        sourceId: source.id,
        record: mapped.record,
        ...(mapped.procedure ? { procedure: mapped.procedure } : {}),
        subject,
      });
    };
    let release = () => {};
    let stored = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const cfStored = new Promise<void>((resolve) => {
      stored = resolve;
    });
    const cfPage = testDb.db.transaction().execute(async (trx) => {
      await store("cf", trx);
      stored();
      await held;
    });
    await cfStored;
    const ftsPage = testDb.db.transaction().execute((trx) => store("fts", trx));
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await Promise.all([cfPage, ftsPage]);
    expect((await state()).map((r) => r.stands_in)).toEqual([FTS_OCID, FTS_OCID]);
  });
});
