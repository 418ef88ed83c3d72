import type { TenderRecordV1 } from "@tender/contracts";
import { findOrganisationDetails, findTenderCard } from "@tender/db";
import { emptyTables, useTestDatabase } from "@tender/testing";
import fc from "fast-check";
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
  framework: null,
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

/** Stores notices as a sync does: one page, organisations first, then each record. */
async function publish(notices: [externalId: string, awards: NoticeAwards][]) {
  await commitPage(testDb.db, {
    sourceCode: "find_a_tender",
    expectedCursor: null,
    items: notices.map(([externalId, awards]) => ({
      raw: {},
      result: { ok: true, record: record(externalId), awards },
    })),
    nextCursor: null,
    subject,
    now: new Date(),
  });
}

const idOf = async (name: string) =>
  (
    await testDb.db
      .selectFrom("organisations")
      .select("id")
      .where("name", "=", name)
      .executeTakeFirstOrThrow()
  ).id;
const tenderOf = async (externalId: string) =>
  (
    await testDb.db
      .selectFrom("tenders")
      .select("id")
      .where("external_id", "=", externalId)
      .executeTakeFirstOrThrow()
  ).id;

describe("organisation pages say where each name and award came from (issue 32, finding 5)", () => {
  beforeEach(() => emptyTables(testDb.db, ["tenders", "organisations"]));
  it("names the notice of each spelling and each award; totals still count every award", async () => {
    await publish([["real-1", notice([award({ winners: [BROOKES], value: "32800.00" })], null)]]);
    // A fake award naming the real registered identifier under another spelling.
    const fake = { ...BROOKES, name: "Oxford Brookes Enterprises (Mallory) Ltd" };
    await publish([["fake-1", notice([award({ winners: [fake], value: "5000000.00" })], null)]]);
    const page = await findOrganisationDetails(testDb.db, await idOf(BROOKES.name as string));
    const noticeRef = async (externalId: string) => ({
      tender_id: await tenderOf(externalId),
      source: "find_a_tender",
      external_id: externalId,
    });
    expect(page?.spellings).toEqual([
      { name: BROOKES.name, notice: await noticeRef("real-1"), looks_like: [] },
      { name: fake.name, notice: await noticeRef("fake-1"), looks_like: [] },
    ]);
    expect(page?.awards_won).toEqual({ count: 2, totals: [{ currency: "GBP", value: "5032800.00" }] });
    // Neither award has a decision date, so the page orders them by award id: compare as a set.
    expect(
      page?.recent_awards
        .map((a) => [a.value, a.notice.external_id, a.notice.tender_id === a.tender_id])
        .sort((x, y) => String(x[1]).localeCompare(String(y[1]))),
    ).toEqual([
      ["5000000.00", "fake-1", true],
      ["32800.00", "real-1", true],
    ]);
  });

  it("keeps the notice of the first notice that gave a spelling, however often it is stored again", async () => {
    await publish([["first", notice([award({ winners: [BROOKES], value: "1.00" })], null)]]);
    await publish([["second", notice([award({ winners: [BROOKES], value: "2.00" })], null)]]);
    await publish([["first", notice([award({ winners: [BROOKES], value: "1.00" })], null)]]);
    const page = await findOrganisationDetails(testDb.db, await idOf(BROOKES.name as string));
    expect(page?.spellings.map((s) => s.notice?.external_id)).toEqual(["first"]);
  });

  it("flags a name written with look-alike letters of another organisation's name, on both pages", async () => {
    const spoof = {
      name: "\u041Exford \u0412rookes Enterprises Limited",
      identifier: null,
      scheme: null,
      country: "GB",
    };
    await publish([
      ["real", notice([award({ winners: [BROOKES], value: "10.00" })], null)],
      ["spoof", notice([award({ winners: [spoof], value: "20.00" })], null)],
    ]);
    const real = await idOf(BROOKES.name as string);
    const fake = await idOf(spoof.name);
    expect(real).not.toBe(fake);
    expect((await findOrganisationDetails(testDb.db, fake))?.spellings[0]?.looks_like).toEqual([
      { id: real, name: BROOKES.name },
    ]);
    expect((await findOrganisationDetails(testDb.db, real))?.spellings[0]?.looks_like).toEqual([
      { id: fake, name: spoof.name },
    ]);
  });

  it("flags any generated look-alike spelling, and no name that displays differently", async () => {
    const LOOK_ALIKES: Record<string, string> = {
      O: "\u041E",
      B: "\u0412",
      a: "\u0430",
      e: "\u0435",
      o: "\u043E",
      p: "\u0440",
      c: "\u0441",
      x: "\u0445",
      E: "\u0395",
      K: "\u039A",
    };
    const base = fc
      .string({ unit: fc.constantFrom(..."OBaeopcxEK rlnt".split("")), minLength: 3, maxLength: 24 })
      .filter((name) => /[OBaeopcxEK]/.test(name) && name.trim() === name && !name.includes("  "));
    await fc.assert(
      fc.asyncProperty(
        base,
        fc.array(fc.boolean(), { minLength: 24, maxLength: 24 }),
        fc.string({ unit: fc.constantFrom(..."qwz".split("")), minLength: 1, maxLength: 3 }),
        async (name, swaps, suffix) => {
          await emptyTables(testDb.db, ["tenders", "organisations"]);
          const letters = [...name];
          const first = letters.findIndex((c) => LOOK_ALIKES[c] !== undefined);
          const spoofed = letters
            .map((c, i) => (LOOK_ALIKES[c] !== undefined && (swaps[i] || i === first) ? LOOK_ALIKES[c] : c))
            .join("");
          const party = (n: string): NoticeParty => ({
            name: `${n} Ltd`,
            identifier: null,
            scheme: null,
            country: "GB",
          });
          await publish([
            ["a", notice([award({ winners: [party(name)], value: "1.00" })], null)],
            ["b", notice([award({ winners: [party(spoofed)], value: "1.00" })], null)],
            ["c", notice([award({ winners: [party(`${name} ${suffix}`)], value: "1.00" })], null)],
          ]);
          const ids = await Promise.all([name, spoofed, `${name} ${suffix}`].map((n) => idOf(`${n} Ltd`)));
          const flags = await Promise.all(
            ids.map(async (id) =>
              (await findOrganisationDetails(testDb.db, id))?.spellings.flatMap((s) =>
                s.looks_like.map((l) => l.id),
              ),
            ),
          );
          expect(flags[0]).toEqual([ids[1]]);
          expect(flags[1]).toEqual([ids[0]]);
          expect(flags[2]).toEqual([]);
        },
      ),
      { numRuns: 15 },
    );
  });
});
