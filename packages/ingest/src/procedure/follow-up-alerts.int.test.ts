import type { NoticeChange, TenderRecordV1 } from "@tender/contracts";
import { describeNoticeChanges } from "@tender/contracts/display";
import { indexAndMatch, seedSavedSearch, unitVector, useTestDatabase } from "@tender/testing";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { validateTenderRecord } from "../mapping/validate-tender-record.js";
import { storeTenderRecord } from "../sync/store-tender-record.js";
import type { NoticeProcedure } from "./notice-procedure.js";

// Follow-up alerts of notices stored as ingest stores them (storeTenderRecord links them and
// computes their changes), then indexed and matched as the notifier matches them.
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
  const pdf = (title: string, url: string) => ({
    external_id: null,
    title,
    filename: `${title}.pdf`,
    source_url: url,
    content_type: "application/pdf",
  });
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
      pdf(n.externalId, `https://ted.europa.eu/en/notice/${n.externalId}/pdf`),
      ...n.documents.map((name) => pdf(name, `https://docs.example/${encodeURIComponent(name)}`)),
    ],
    raw_payload: { "publication-number": n.externalId },
  });
  if (!result.ok) throw new Error(result.reason);
  return { record: result.record, procedure: n.procedure };
}

// The real TED pair 657981-2026 → 674231-2026 (deadline 29 October → 4 November), a second
// change (amount, one more document), a third that repeats the second, and the result.
const change = (
  externalId: string,
  publishedAt: string,
  supersedes: string,
  amount: string,
  documents: string[],
) =>
  notice({
    externalId,
    publishedAt,
    deadline: "2026-11-04T09:00:00Z",
    amount,
    documents,
    procedure: { key: PROCEDURE, kind: "change", supersedes },
  });
const CHAIN = [
  notice({
    externalId: "657981-2026",
    publishedAt: "2026-09-24T00:00:00Z",
    deadline: "2026-10-29T09:00:00Z",
    amount: "5300000",
    documents: ["Specification"],
    procedure: { key: PROCEDURE, kind: "competition", supersedes: null },
  }),
  change("674231-2026", "2026-10-01T00:00:00Z", "657981-2026", "5300000", ["Specification"]),
  change("690001-2026", "2026-10-08T00:00:00Z", "674231-2026", "5800000", ["Specification", "Answers"]),
  change("695000-2026", "2026-10-09T00:00:00Z", "690001-2026", "5800000", ["Specification", "Answers"]),
  notice({
    externalId: "720001-2026",
    publishedAt: "2026-12-15T00:00:00Z",
    deadline: null,
    amount: "5650000",
    documents: [],
    procedure: { key: PROCEDURE, kind: "result", supersedes: null },
  }),
];

/** Stores the notice as ingest does, gives it one chunk along axis 0 as the indexer would, and records its alerts. */
async function ingestAndMatch(n: (typeof CHAIN)[number]) {
  const { tenderId } = await testDb.db
    .transaction()
    .execute((trx) =>
      storeTenderRecord(trx, { sourceId: testDb.sourceId, ...n, subject: "tfollow.tender.changed.v1" }),
    );
  await indexAndMatch(testDb.db, tenderId, {
    embedding: unitVector(0),
    now: new Date("2026-09-25T00:00:00Z"),
    content: `${n.record.title} ${n.record.external_id}`,
  });
  return tenderId;
}

describe("follow-up alerts of notices ingested and linked for real", () => {
  it("alert the real TED change with its moved deadline, then each later change and the result; a repeat sends nothing", async () => {
    const saved = await seedSavedSearch(testDb.db, { embedding: unitVector(0) });
    const ids: string[] = [];
    ids.push(await ingestAndMatch(CHAIN[0] as (typeof CHAIN)[number]));
    // From here on the query no longer matches the notices: only following alerts.
    await sql`UPDATE saved_searches SET query_embedding = ${JSON.stringify(unitVector(1))}::vector WHERE id = ${saved.id}`.execute(
      testDb.db,
    );
    for (const n of CHAIN.slice(1)) ids.push(await ingestAndMatch(n));
    // The first change stored again, unchanged: nothing new.
    await ingestAndMatch(CHAIN[1] as (typeof CHAIN)[number]);

    const alerts = await testDb.db
      .selectFrom("saved_search_matches")
      .select(["tender_id", "reason", "changes"])
      .where("saved_search_id", "=", saved.id)
      .orderBy("matched_at")
      .execute();
    const byNotice = (i: number) => alerts.filter((a) => a.tender_id === ids[i]);
    expect(alerts).toHaveLength(4);
    expect(byNotice(0).map((a) => a.reason)).toEqual(["match"]);
    expect(byNotice(1)).toEqual([
      {
        tender_id: ids[1],
        reason: "changed",
        changes: [{ field: "deadline", from: "2026-10-29T09:00:00.000Z", to: "2026-11-04T09:00:00.000Z" }],
      },
    ]);
    expect(describeNoticeChanges(byNotice(1)[0]?.changes as NoticeChange[])).toBe(
      "deadline 29 Oct 2026 → 4 Nov 2026",
    );
    expect(describeNoticeChanges(byNotice(2)[0]?.changes as NoticeChange[])).toBe(
      "amount 5,300,000.00 CZK → 5,800,000.00 CZK; documents added: Answers",
    );
    // The third change repeats the second: nothing a person sees.
    expect(byNotice(3)).toEqual([]);
    expect(byNotice(4).map((a) => a.reason)).toEqual(["awarded"]);
  });
});
