import { readFileSync } from "node:fs";
import { type Database, ensureSource } from "@tender/db";
import { commitPage, type MappedItem, type MapResult, parseJsonLenient } from "@tender/ingest";
import { cfReleaseToTenderRecord, contractsFinderSource } from "@tender/source-contracts-finder";
import { findATenderSource, ftsReleaseToTenderRecord } from "@tender/source-find-a-tender";
import { FTS_FIXTURES, ftsFixturePath } from "@tender/source-find-a-tender/fixtures";
import { emptyTables, useTestDatabase } from "@tender/testing";
import fc from "fast-check";
import { type Kysely, type KyselyPlugin, sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";

// An ingest page links its notices once, at its end (`PendingLinks`): these tests hold that to
// what linking one record at a time gives, and count what it costs per page.

type Release = Record<string, unknown> & { id: string };
const FTS = (
  parseJsonLenient(readFileSync(ftsFixturePath(FTS_FIXTURES.awardRelease), "utf8")) as { releases: Release[] }
).releases[0] as Release;
const FTS_URL = "https://www.find-tender.service.gov.uk/Notice/083650-2026";
const CF = contractsFinderSource.code;
const FTS_CODE = findATenderSource.code;

const testDb = useTestDatabase();
const subject = "page-linking.tender.changed.v1";

/** Release `k` of Contracts Finder procedure `p`, as the bench generates them (bench/ingest/linking.ts). */
function cfRelease(p: number, k: number, tag: string, extra: Record<string, unknown> = {}): Release {
  const uuid = `00000000-0000-4000-8000-${p.toString(16).padStart(12, "0")}`;
  const day = String(1 + k).padStart(2, "0");
  return {
    ocid: `ocds-b5fd17-${uuid}`,
    id: `${uuid}-${k}`,
    date: `2026-10-${day}T09:00:00Z`,
    tag: [tag],
    buyer: { name: `Council ${p}` },
    tender: {
      title: `Cleaning services, lot ${p}`,
      value: { amount: 100_000 + 1000 * k, currency: "GBP" },
      tenderPeriod: { endDate: `2026-11-${day}T12:00:00Z` },
      documents: [
        {
          id: "1",
          documentType: "tenderNotice",
          url: `https://www.contractsfinder.service.gov.uk/Notice/${uuid}`,
        },
        { id: "2", documentType: "biddingDocuments", url: `https://example.org/${uuid}/spec-${k}.pdf` },
      ],
    },
    ...extra,
  };
}

const amends = (p: number, k: number, of: number) => {
  const release = cfRelease(p, k, "tenderAmendment");
  const uuid = release.id.slice(0, 36);
  const tender = release.tender as Record<string, unknown>;
  return {
    ...release,
    tender: { ...tender, amendments: [{ releaseID: release.id, amendsReleaseID: `${uuid}-${of}` }] },
  };
};

// Two Contracts Finder procedures (the first names Find a Tender's notice, so it joins that
// procedure) and two releases of the Find a Tender procedure.
const RELEASES: { source: string; release: Release }[] = [
  ...[
    cfRelease(1, 0, "planning"),
    cfRelease(1, 1, "tender", { relatedProcesses: [{ id: "1", relationship: ["parent"], uri: FTS_URL }] }),
    amends(1, 2, 1),
    cfRelease(1, 3, "tenderAmendment"),
    cfRelease(2, 0, "tender"),
    cfRelease(2, 1, "tenderAmendment"),
    cfRelease(2, 2, "award"),
  ].map((release) => ({ source: CF, release })),
  ...[{ ...FTS, id: "080001-2026", tag: ["tender"], date: "2026-08-01T10:00:00+01:00" }, FTS].map(
    (release) => ({
      source: FTS_CODE,
      release,
    }),
  ),
];

function mapped(source: string, release: Release): MappedItem {
  const result: MapResult =
    source === CF ? cfReleaseToTenderRecord(release) : ftsReleaseToTenderRecord(release);
  return { raw: release, result };
}

/** Commits the releases in this order, a page holding at most `size` consecutive releases of one source. */
async function ingest(db: Kysely<Database>, order: readonly number[], size: number) {
  const pages: { source: string; items: MappedItem[] }[] = [];
  for (const index of order) {
    const { source, release } = RELEASES[index] as (typeof RELEASES)[number];
    const last = pages.at(-1);
    if (last?.source === source && last.items.length < size) last.items.push(mapped(source, release));
    else pages.push({ source, items: [mapped(source, release)] });
  }
  for (const page of pages) await commit(db, page.source, page.items);
}

async function commit(db: Kysely<Database>, sourceCode: string, items: MappedItem[]) {
  const { cursor } = await ensureSource(db, sourceCode);
  return commitPage(db, {
    sourceCode,
    expectedCursor: cursor,
    items,
    nextCursor: `${cursor ?? ""}+`,
    subject,
    now: new Date(),
  });
}

/** Every notice by keys (ids differ between runs): where it stands, its own procedure, its links. */
async function state() {
  const rows = await sql<Record<string, unknown>>`
    SELECT t.external_id, t.kind, stand.procedure_key AS stands_in, own.procedure_key AS own_procedure,
      joined.procedure_key AS own_joined, t.names_notice, next.external_id AS superseded_by, t.changes
    FROM tenders t
    JOIN procedures stand ON stand.id = t.procedure_id
    JOIN procedures own ON own.id = coalesce(t.source_procedure_id, t.procedure_id)
    LEFT JOIN procedures joined ON joined.id = own.linked_to
    LEFT JOIN tenders next ON next.id = t.superseded_by
    ORDER BY t.external_id`.execute(testDb.db);
  const keys = await sql`SELECT k.notice_key, p.procedure_key FROM procedure_notice_keys k
    JOIN procedures p ON p.id = k.procedure_id ORDER BY 1`.execute(testDb.db);
  return { notices: rows.rows, keys: keys.rows };
}

/** Counts the statements run through a Kysely instance. */
function counting(db: Kysely<Database>) {
  const counter = { statements: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      counter.statements += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: db.withPlugin(plugin), counter };
}

/** The same item without its procedure, as a source without the `procedure` hook stores it. */
function unlinked(item: MappedItem): MappedItem {
  if (!item.result.ok) return item;
  const { procedure: _procedure, ...rest } = item.result;
  return { raw: item.raw, result: rest };
}

beforeEach(async () => {
  await emptyTables(testDb.db, ["sources", "procedures", "outbox", "quarantined_records"]);
});

describe("linking an ingest page at its end", () => {
  it("ends as linking one record at a time does, for any order, any page size and repeated releases", async () => {
    const all = RELEASES.map((_, i) => i);
    await ingest(testDb.db, all, 1);
    const oneByOne = await state();
    expect(oneByOne.notices).toHaveLength(RELEASES.length);
    // The first Contracts Finder procedure joined Find a Tender's: the join is part of what is compared.
    expect(oneByOne.notices.filter((n) => n.stands_in === FTS.ocid)).toHaveLength(6);
    await fc.assert(
      fc.asyncProperty(
        fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length }),
        fc.array(fc.tuple(fc.nat(), fc.nat({ max: all.length - 1 })), { maxLength: 4 }),
        fc.integer({ min: 2, max: 9 }),
        async (order, repeats, size) => {
          await emptyTables(testDb.db, ["sources", "procedures", "outbox", "quarantined_records"]);
          const withRepeats = [...order];
          for (const [at, index] of repeats) withRepeats.splice(at % (withRepeats.length + 1), 0, index);
          await ingest(testDb.db, withRepeats, size);
          expect(await state()).toEqual(oneByOne);
        },
      ),
      { numRuns: 20 },
    );
  });

  it("links a page with as many statements whatever its size, and a re-sync with one and no write", async () => {
    const cost = async (size: number, offset: number) => {
      const items = Array.from({ length: size }, (_, i) => mapped(CF, cfRelease(offset + i, 0, "tender")));
      const statements = async (page: MappedItem[]) => {
        const { db, counter } = counting(testDb.db);
        await commit(db, CF, page);
        return counter.statements;
      };
      const plain = [await statements(items.map(unlinked)), await statements(items.map(unlinked))];
      await emptyTables(testDb.db, ["sources", "procedures", "outbox"]);
      const linked = await statements(items);
      expect((await state()).notices).toHaveLength(size);
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
      const again = await statements(items);
      expect(await versions()).toEqual(before);
      await emptyTables(testDb.db, ["sources", "procedures", "outbox"]);
      return { linking: linked - (plain[0] as number), resync: again - (plain[1] as number) };
    };
    const small = await cost(5, 100);
    const large = await cost(40, 200);
    expect(large.linking).toBe(small.linking);
    expect(small.linking).toBeLessThanOrEqual(12);
    // An unchanged page: one read of its procedures, one of its links, and the check each stored
    // notice of a source with ids unique per procedure gets (`NoticeIdTakenError`), as before.
    expect(small.resync).toBe(2 + 5);
    expect(large.resync).toBe(2 + 40);
  });

  it("links pages of the two portals committed at the same time as one after the other", async () => {
    const cf = RELEASES.flatMap((r, i) => (r.source === CF ? [i] : []));
    const fts = RELEASES.flatMap((r, i) => (r.source === FTS_CODE ? [i] : []));
    await ingest(testDb.db, [...cf, ...fts], 100);
    const sequential = await state();
    for (let round = 0; round < 6; round++) {
      await emptyTables(testDb.db, ["sources", "procedures", "outbox"]);
      // Both sources exist first, so neither page's ensureSource waits on the other's insert.
      for (const code of [CF, FTS_CODE]) await ensureSource(testDb.db, code);
      const first = round % 2 === 0 ? cf : fts;
      const second = round % 2 === 0 ? fts : cf;
      await Promise.all([
        ingest(testDb.db, first, 100),
        new Promise((resolve) => setTimeout(resolve, round * 3)).then(() => ingest(testDb.db, second, 100)),
      ]);
      expect(await state()).toEqual(sequential);
    }
  });

  it.each([
    [49, 49],
    [50, 0],
  ])(
    "%i procedures naming one notice in one page: %i join it (a set of more than 50 is left as it stands)",
    async (n, joined) => {
      await commit(testDb.db, FTS_CODE, [mapped(FTS_CODE, FTS)]);
      const naming = { relatedProcesses: [{ id: "1", relationship: ["parent"], uri: FTS_URL }] };
      const items = Array.from({ length: n }, (_, p) => mapped(CF, cfRelease(300 + p, 0, "tender", naming)));
      expect(await commit(testDb.db, CF, items)).toMatchObject({ created: n });
      const notices = (await state()).notices.filter((row) => row.names_notice !== null);
      expect(notices).toHaveLength(n);
      expect(notices.filter((row) => row.stands_in === FTS.ocid)).toHaveLength(joined);
    },
  );

  it("quarantines a release whose id a release of another ocid earlier in the same page took", async () => {
    const first = cfRelease(7, 1, "tender");
    const intruder = { ...first, ocid: "ocds-b5fd17-00000000-0000-4000-8000-0000000000ff" };
    const counts = await commit(testDb.db, CF, [mapped(CF, first), mapped(CF, intruder)]);
    expect(counts).toMatchObject({ created: 1, quarantined: 1 });
    expect((await state()).notices.map((n) => [n.external_id, n.own_procedure])).toEqual([
      [first.id, first.ocid],
    ]);
    // The intruder's procedure, created ahead of the page's records, is not left behind empty.
    const procedures = await testDb.db.selectFrom("procedures").select("procedure_key").execute();
    expect(procedures.map((p) => p.procedure_key)).toEqual([first.ocid]);
  });
});
