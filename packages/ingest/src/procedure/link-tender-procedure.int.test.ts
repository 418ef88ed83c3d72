import type { NoticeKind, TenderRecordV1 } from "@tender/contracts";
import { emptyTables, useTestDatabase } from "@tender/testing";
import fc from "fast-check";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { validateTenderRecord } from "../mapping/validate-tender-record.js";
import { storeTenderRecord } from "../sync/store-tender-record.js";
import type { NoticeProcedure } from "./notice-procedure.js";

const testDb = useTestDatabase({ source: "ted" });
const PROCEDURE = "f08aa593-61f7-418e-90ec-043a09cc23b1";

interface Notice {
  externalId: string;
  publishedAt: string;
  deadline: string | null;
  amount: string | null;
  documents: string[];
  procedure: NoticeProcedure;
}

function notice(n: Notice): { record: TenderRecordV1; procedure: NoticeProcedure } {
  const result = validateTenderRecord({
    source: "ted",
    external_id: n.externalId,
    title: "Laboratory information system",
    description: null,
    buyer_name: "Středisko společných činností AV ČR",
    amount: n.amount,
    currency: n.amount === null ? null : "CZK",
    published_at: n.publishedAt,
    deadline: n.deadline,
    source_url: `https://ted.europa.eu/en/notice/-/detail/${n.externalId}`,
    attachments: [
      // The notice's own rendering: every notice has one, it is never a change.
      pdf(n.externalId, `https://ted.europa.eu/en/notice/${n.externalId}/pdf`),
      ...n.documents.map((name) => pdf(name, `https://docs.example/${encodeURIComponent(name)}`)),
    ],
    raw_payload: { "publication-number": n.externalId },
  });
  if (!result.ok) throw new Error(result.reason);
  return { record: result.record, procedure: n.procedure };
}

function pdf(title: string, url: string) {
  return {
    external_id: null,
    title,
    filename: `${title}.pdf`,
    source_url: url,
    content_type: "application/pdf",
  };
}

// The real TED pair 657981-2026 → 674231-2026 (deadline 29 → 4 November), then a second change
// (amount, one more document) and the result.
const CHAIN = [
  notice({
    externalId: "657981-2026",
    publishedAt: "2026-09-24T00:00:00Z",
    deadline: "2026-10-29T09:00:00Z",
    amount: "5300000",
    documents: ["Specification"],
    procedure: { key: PROCEDURE, kind: "competition", supersedes: null },
  }),
  notice({
    externalId: "674231-2026",
    publishedAt: "2026-10-01T00:00:00Z",
    deadline: "2026-11-04T09:00:00Z",
    amount: "5300000",
    documents: ["Specification"],
    procedure: { key: PROCEDURE, kind: "change", supersedes: "657981-2026" },
  }),
  notice({
    externalId: "690001-2026",
    publishedAt: "2026-10-08T00:00:00Z",
    deadline: "2026-11-04T09:00:00Z",
    amount: "5800000",
    documents: ["Specification", "Answers to questions"],
    procedure: { key: PROCEDURE, kind: "change", supersedes: "674231-2026" },
  }),
  notice({
    externalId: "720001-2026",
    publishedAt: "2026-12-15T00:00:00Z",
    deadline: null,
    amount: "5650000",
    documents: [],
    procedure: { key: PROCEDURE, kind: "result", supersedes: null },
  }),
];

async function ingestInOrder(order: readonly number[], chain = CHAIN): Promise<void> {
  for (const index of order) {
    const { record, procedure } = chain[index] as (typeof CHAIN)[number];
    await testDb.db.transaction().execute((trx) =>
      storeTenderRecord(trx, {
        sourceId: testDb.sourceId,
        record,
        procedure,
        subject: "tproc.tender.changed.v1",
      }),
    );
  }
}

/** The procedure as stored: per notice, its kind, what supersedes it and its changes. */
async function storedProcedure() {
  const rows = await testDb.db
    .selectFrom("tenders as t")
    .innerJoin("procedures as p", "p.id", "t.procedure_id")
    .leftJoin("tenders as next", "next.id", "t.superseded_by")
    .select(["p.procedure_key", "t.external_id", "t.kind", "next.external_id as superseded_by", "t.changes"])
    .orderBy("t.external_id")
    .execute();
  const procedures = await testDb.db.selectFrom("procedures").select("id").execute();
  return { procedures: procedures.length, rows };
}

const IN_ORDER = {
  procedures: 1,
  rows: [
    {
      procedure_key: PROCEDURE,
      external_id: "657981-2026",
      kind: "competition",
      superseded_by: "674231-2026",
      changes: null,
    },
    {
      procedure_key: PROCEDURE,
      external_id: "674231-2026",
      kind: "change",
      superseded_by: "690001-2026",
      changes: [{ field: "deadline", from: "2026-10-29T09:00:00.000Z", to: "2026-11-04T09:00:00.000Z" }],
    },
    {
      procedure_key: PROCEDURE,
      external_id: "690001-2026",
      kind: "change",
      superseded_by: null,
      changes: [
        { field: "amount", from: "5300000.00 CZK", to: "5800000.00 CZK" },
        { field: "documents_added", from: null, to: ["Answers to questions"] },
      ],
    },
    {
      procedure_key: PROCEDURE,
      external_id: "720001-2026",
      kind: "result",
      superseded_by: null,
      changes: null,
    },
  ],
};

function permutations(items: number[]): number[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

describe("linking a procedure's notices", () => {
  it("links the chain in publication order: each change superseding the one it names, with its changes", async () => {
    await emptyTables(testDb.db, ["tenders", "procedures"]);
    await ingestInOrder([0, 1, 2, 3]);
    expect(await storedProcedure()).toEqual(IN_ORDER);
  });

  it("writes nothing when the same notices arrive again unchanged", async () => {
    await emptyTables(testDb.db, ["tenders", "procedures"]);
    await ingestInOrder([0, 1, 2, 3]);
    // xmin changes with every write, xmax with every row lock (the tender's own lock is ingest's,
    // taken before): no write, and no lock of the procedure, on a re-crawl.
    const versions = async () => [
      ...(
        await sql<{ v: string }>`SELECT xmin::text AS v FROM tenders ORDER BY external_id`.execute(testDb.db)
      ).rows,
      ...(
        await sql<{ v: string }>`SELECT xmin::text || ' ' || xmax::text AS v FROM procedures`.execute(
          testDb.db,
        )
      ).rows,
    ];
    const before = await versions();
    await ingestInOrder([3, 2, 1, 0]);
    expect(await versions()).toEqual(before);
    expect(await storedProcedure()).toEqual(IN_ORDER);
  });

  it("ends in the same state for every arrival order of the four notices, with duplicates", async () => {
    // Every permutation, each with generated repeats (a notice delivered again by a later page).
    const orders = permutations([0, 1, 2, 3]);
    expect(orders).toHaveLength(24);
    const repeats = fc.sample(fc.array(fc.tuple(fc.nat(3), fc.nat(4)), { maxLength: 3 }), {
      numRuns: 24,
      seed: 25,
    });
    for (const [i, order] of orders.entries()) {
      const withRepeats = [...order];
      for (const [notice, at] of repeats[i] ?? []) withRepeats.splice(at, 0, notice);
      await emptyTables(testDb.db, ["tenders", "procedures"]);
      await ingestInOrder(withRepeats);
      expect(await storedProcedure(), `arrival order ${withRepeats.join(",")}`).toEqual(IN_ORDER);
    }
  });

  it("moves a notice whose procedure changed, linking both procedures again", async () => {
    await emptyTables(testDb.db, ["tenders", "procedures"]);
    const [original, change] = CHAIN as [(typeof CHAIN)[number], (typeof CHAIN)[number]];
    const store = (procedure: NoticeProcedure, entry: (typeof CHAIN)[number]) =>
      testDb.db.transaction().execute((trx) =>
        storeTenderRecord(trx, {
          sourceId: testDb.sourceId,
          record: entry.record,
          procedure,
          subject: "tproc.tender.changed.v1",
        }),
      );
    // Mapped first without its procedure-identifier (its own procedure), then with it (a remap).
    await store({ ...change.procedure, key: "674231-2026" }, change);
    await store(original.procedure, original);
    expect((await storedProcedure()).procedures).toBe(2);
    await store(change.procedure, change);
    const { rows } = await storedProcedure();
    expect(rows.map((r) => [r.procedure_key, r.external_id, r.superseded_by])).toEqual([
      [PROCEDURE, "657981-2026", "674231-2026"],
      [PROCEDURE, "674231-2026", null],
    ]);
  });

  it("links a change whose original arrives later, and leaves other procedures untouched", async () => {
    await emptyTables(testDb.db, ["tenders", "procedures"]);
    const other = notice({
      externalId: "100000-2026",
      publishedAt: "2026-09-01T00:00:00Z",
      deadline: null,
      amount: null,
      documents: [],
      procedure: { key: "other", kind: "competition", supersedes: null },
    });
    await testDb.db
      .transaction()
      .execute((trx) =>
        storeTenderRecord(trx, { sourceId: testDb.sourceId, ...other, subject: "tproc.tender.changed.v1" }),
      );
    // xmin changes with every write to the row: linking must not touch another procedure's rows.
    const version = () =>
      testDb.db
        .selectFrom("tenders")
        .select(sql<string>`xmin::text`.as("xmin"))
        .where("external_id", "=", "100000-2026")
        .executeTakeFirst();
    const before = await version();
    await ingestInOrder([1]);
    const alone = await storedProcedure();
    expect(alone.rows.find((r) => r.external_id === "674231-2026")).toMatchObject({
      superseded_by: null,
      changes: null,
    });
    await ingestInOrder([0]);
    const after = await storedProcedure();
    expect(after.rows.find((r) => r.external_id === "657981-2026")?.superseded_by).toBe("674231-2026");
    expect(before).toBeDefined();
    expect(await version()).toEqual(before);
  });

  it("links an OCDS-style chain alike in every arrival order: a change naming none replaces the previous call or change", async () => {
    // Releases of one ocid: the tender, an amendment naming it (amendsReleaseID), an amendment
    // naming none (the previous call or change is what it changes) and the award.
    const ocds = (
      externalId: string,
      day: string,
      deadline: string | null,
      kind: NoticeKind,
      supersedes: string | null,
    ) =>
      notice({
        externalId,
        publishedAt: `2026-10-${day}T09:00:00Z`,
        deadline,
        amount: "100000",
        documents: [],
        procedure: { key: "ocds-x-1", kind, supersedes, idWithinProcedure: true },
      });
    const chain = [
      ocds("r-1", "01", "2026-11-01T12:00:00Z", "competition", null),
      ocds("r-2", "02", "2026-11-08T12:00:00Z", "change", "r-1"),
      ocds("r-3", "03", "2026-11-15T12:00:00Z", "change", null),
      ocds("r-4", "20", null, "result", null),
    ];
    const expected = {
      procedures: 1,
      rows: [
        ["r-1", "r-2", null],
        [
          "r-2",
          "r-3",
          [{ field: "deadline", from: "2026-11-01T12:00:00.000Z", to: "2026-11-08T12:00:00.000Z" }],
        ],
        [
          "r-3",
          null,
          [{ field: "deadline", from: "2026-11-08T12:00:00.000Z", to: "2026-11-15T12:00:00.000Z" }],
        ],
        ["r-4", null, null],
      ],
    };
    for (const order of permutations([0, 1, 2, 3])) {
      await emptyTables(testDb.db, ["tenders", "procedures"]);
      await ingestInOrder(order, chain);
      const { procedures, rows } = await storedProcedure();
      expect(
        { procedures, rows: rows.map((r) => [r.external_id, r.superseded_by, r.changes]) },
        `arrival order ${order.join(",")}`,
      ).toEqual(expected);
    }
  });
});
