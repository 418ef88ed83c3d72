import type { TenderRecordV1 } from "@tender/contracts";
import { findTenderCard } from "@tender/db";
import { emptyTables, useTestDatabase } from "@tender/testing";
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import type { MapResult } from "../mapping/map-result.js";
import { validateTenderRecord } from "../mapping/validate-tender-record.js";
import { commitPage } from "../sync/commit-page.js";
import { storeTenderRecord } from "../sync/store-tender-record.js";
import type { NoticeAward, NoticeAwards, NoticeParty } from "./notice-awards.js";

const testDb = useTestDatabase({ source: "find_a_tender" });
const subject = "tawards.tender.changed.v1";

function record(externalId: string): TenderRecordV1 {
  const result = validateTenderRecord({
    source: "find_a_tender",
    external_id: externalId,
    title: "Evaluation of Emotional Me in Wiltshire Schools",
    description: null,
    buyer_name: "Wiltshire Council",
    amount: null,
    currency: null,
    published_at: "2026-09-03T15:39:47Z",
    deadline: null,
    source_url: `https://www.find-tender.service.gov.uk/Notice/${externalId}`,
    attachments: [],
    raw_payload: { ocid: externalId },
  });
  if (!result.ok) throw new Error(result.reason);
  return result.record;
}

const WILTSHIRE: NoticeParty = {
  name: "Wiltshire Council",
  identifier: "PDZR-9968-RYYY",
  scheme: "GB-PPON",
  country: "GB",
};
const BROOKES: NoticeParty = {
  name: "Oxford Brookes Enterprises Limited",
  identifier: "PYDR-3797-LZLJ",
  scheme: "GB-PPON",
  country: "GB",
};
const award = (over: Partial<NoticeAward> = {}): NoticeAward => ({
  lot: "1",
  status: "awarded",
  winners: [BROOKES],
  value: "32800.00",
  currency: "GBP",
  decidedAt: "2026-09-03",
  contractSignedAt: null,
  contractEnd: "2027-03-31",
  tendersReceived: 4,
  ...over,
});
const notice = (awards: NoticeAward[], buyer: NoticeParty | null = WILTSHIRE): NoticeAwards => ({
  buyer,
  awards,
  unreadable: null,
});

async function store(externalId: string, awards: NoticeAwards) {
  return testDb.db.transaction().execute((trx) =>
    storeTenderRecord(trx, {
      sourceId: testDb.sourceId,
      record: record(externalId),
      procedure: { key: externalId, kind: "result", supersedes: null },
      awards,
      subject,
    }),
  );
}

const organisations = () =>
  testDb.db
    .selectFrom("organisations")
    .select(["org_key", "name", "identifier", "scheme", "country", "is_buyer", "is_supplier"])
    .orderBy("org_key")
    .execute();
const awardIds = async (tenderId: string) =>
  (
    await testDb.db
      .selectFrom("awards")
      .select("id")
      .where("tender_id", "=", tenderId)
      .orderBy("position")
      .execute()
  ).map((row) => row.id);

describe("storeNoticeAwards through storeTenderRecord", () => {
  beforeEach(() => emptyTables(testDb.db, ["tenders", "organisations"]));

  it("stores the awards, links buyer and winner organisations and answers them on the card", async () => {
    const stored = await store("ocds-h6vhtk-06f1a9", notice([award()]));
    expect(await organisations()).toEqual([
      {
        org_key: "GB-PPON:PDZR-9968-RYYY",
        name: "Wiltshire Council",
        identifier: "PDZR-9968-RYYY",
        scheme: "GB-PPON",
        country: "GB",
        is_buyer: true,
        is_supplier: false,
      },
      {
        org_key: "GB-PPON:PYDR-3797-LZLJ",
        name: "Oxford Brookes Enterprises Limited",
        identifier: "PYDR-3797-LZLJ",
        scheme: "GB-PPON",
        country: "GB",
        is_buyer: false,
        is_supplier: true,
      },
    ]);
    const [buyer, winner] = await testDb.db
      .selectFrom("organisations")
      .select("id")
      .orderBy("org_key")
      .execute();
    const tender = await testDb.db
      .selectFrom("tenders")
      .select(["buyer_organisation_id", "contract_end", "awards_unreadable"])
      .where("id", "=", stored.tenderId)
      .executeTakeFirstOrThrow();
    expect(tender).toEqual({
      buyer_organisation_id: buyer?.id,
      contract_end: "2027-03-31",
      awards_unreadable: null,
    });
    const card = await findTenderCard(testDb.db, stored.tenderId);
    expect(card?.awards).toEqual([
      {
        lot: "1",
        winners: [
          {
            organisation_id: winner?.id,
            name: "Oxford Brookes Enterprises Limited",
            identifier: "PYDR-3797-LZLJ",
            country: "GB",
          },
        ],
        value: "32800.00",
        currency: "GBP",
        decided_at: "2026-09-03",
        contract_signed_at: null,
        contract_end: "2027-03-31",
        tenders_received: 4,
      },
    ]);
  });

  it("rewrites nothing when the awards are unchanged, and replaces them when they change", async () => {
    const first = await store(
      "ocds-1",
      notice([award(), award({ lot: "2", winners: [], status: "not-awarded", value: null })]),
    );
    const before = await awardIds(first.tenderId);
    await store(
      "ocds-1",
      notice([award(), award({ lot: "2", winners: [], status: "not-awarded", value: null })]),
    );
    expect(await awardIds(first.tenderId)).toEqual(before);
    await store("ocds-1", notice([award({ value: "6430000.00" })]));
    const after = await awardIds(first.tenderId);
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before[0]);
    const card = await findTenderCard(testDb.db, first.tenderId);
    expect(card?.awards.map((a) => a.value)).toEqual(["6430000.00"]);
  });

  it("keeps the awards an earlier pass read when they cannot be read this time, saying why", async () => {
    const first = await store("ocds-1", notice([award()]));
    const before = await awardIds(first.tenderId);
    await store("ocds-1", {
      buyer: WILTSHIRE,
      awards: [],
      unreadable: "the eForms XML could not be fetched: HTTP 503",
    });
    expect(await awardIds(first.tenderId)).toEqual(before);
    const tender = await testDb.db
      .selectFrom("tenders")
      .select(["awards_unreadable", "contract_end"])
      .where("id", "=", first.tenderId)
      .executeTakeFirstOrThrow();
    expect(tender).toEqual({
      awards_unreadable: "the eForms XML could not be fetched: HTTP 503",
      contract_end: "2027-03-31",
    });
  });

  it("keeps every spelling of one organisation and adds a role once it is seen in it", async () => {
    await store("ocds-1", notice([award()]));
    // Same PPON id, another spelling, now as a buyer.
    await store("ocds-2", notice([], { ...BROOKES, name: "OXFORD BROOKES ENTERPRISES LTD" }));
    const brookes = await testDb.db
      .selectFrom("organisations")
      .select(["id", "name", "is_buyer", "is_supplier"])
      .where("org_key", "=", "GB-PPON:PYDR-3797-LZLJ")
      .executeTakeFirstOrThrow();
    expect(brookes).toMatchObject({
      name: "Oxford Brookes Enterprises Limited",
      is_buyer: true,
      is_supplier: true,
    });
    const names = await testDb.db
      .selectFrom("organisation_names")
      .select("name")
      .where("organisation_id", "=", brookes.id)
      .orderBy("name")
      .execute();
    expect(names.map((n) => n.name)).toEqual([
      "OXFORD BROOKES ENTERPRISES LTD",
      "Oxford Brookes Enterprises Limited",
    ]);
  });

  it("gives two concurrent stores naming the same new organisation one organisation", async () => {
    const winner: NoticeParty = {
      name: "Mint Health Limited",
      identifier: null,
      scheme: null,
      country: "MT",
    };
    await Promise.all([
      store("ocds-a", notice([award({ winners: [winner] })], null)),
      store("ocds-b", notice([award({ winners: [{ ...winner, name: "MINT HEALTH LTD." }] })], null)),
    ]);
    const rows = await organisations();
    expect(rows.map((r) => r.org_key)).toEqual(["name:mint health:MT"]);
    const winners = await testDb.db.selectFrom("award_winners").select("organisation_id").execute();
    expect(new Set(winners.map((w) => w.organisation_id)).size).toBe(1);
  });
});

describe("pages naming the same organisations in opposite orders", () => {
  beforeEach(() => emptyTables(testDb.db, ["tenders", "organisations"]));

  it("commit concurrently without a deadlock and without duplicates", async () => {
    const party = (name: string): NoticeParty => ({ name, identifier: null, scheme: null, country: "GB" });
    const names = Array.from({ length: 20 }, (_, i) => `Supplier ${String(i).padStart(2, "0")} Ltd`);
    const page = (prefix: string, order: string[]) =>
      order.map((name, i) => {
        const result: MapResult = {
          ok: true,
          record: record(`${prefix}-${i}`),
          awards: notice([award({ winners: [party(name)] })], null),
        };
        return { raw: {}, result };
      });
    // Two sources' pages: each holds its own source row, so only the organisations are shared.
    const other = await sql<{
      id: string;
    }>`INSERT INTO sources (code) VALUES ('contracts_finder') ON CONFLICT (code) DO UPDATE SET code = excluded.code RETURNING id`.execute(
      testDb.db,
    );
    expect(other.rows).toHaveLength(1);
    const commit = (source: string, items: ReturnType<typeof page>) =>
      commitPage(testDb.db, {
        sourceCode: source,
        expectedCursor: null,
        items: items.map((item) => ({
          ...item,
          result: item.result.ok
            ? { ...item.result, record: { ...item.result.record, source } }
            : item.result,
        })),
        nextCursor: null,
        subject,
        now: new Date(),
      });
    const counts = await Promise.all([
      commit("find_a_tender", page("a", names)),
      commit("contracts_finder", page("b", [...names].reverse())),
    ]);
    expect(counts.map((c) => c.created)).toEqual([20, 20]);
    expect(
      await testDb.db
        .selectFrom("organisations")
        .select(sql<number>`count(*)::int`.as("n"))
        .executeTakeFirst(),
    ).toEqual({
      n: 20,
    });
  });
});
