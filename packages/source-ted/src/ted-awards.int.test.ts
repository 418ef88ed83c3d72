import { readFileSync } from "node:fs";
import { findTenderCard, listSimilarAwardNotices, specificCpvCodes } from "@tender/db";
import { readEformsFixture, syntheticEformsNotice } from "@tender/eforms/testing";
import { createPoliteHttpClient, runSyncPass } from "@tender/ingest";
import { type ReplayServer, startReplayServer } from "@tender/ingest/testing";
import { emptyTables, useTestDatabase } from "@tender/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTedAdapter } from "./ted-adapter.js";
import { TED_FIXTURES, tedFixturePath } from "./ted-fixtures.js";
import { DEFAULT_TED_FIELDS } from "./ted-search-body.js";

type Notice = Record<string, unknown>;
const RESULT_291981 = JSON.parse(
  readFileSync(tedFixturePath(TED_FIXTURES.resultNotice291981), "utf8"),
) as Notice;
const COMPETITION = (
  JSON.parse(readFileSync(tedFixturePath(TED_FIXTURES.digitalCompetitionPage), "utf8")) as {
    notices: Notice[];
  }
).notices[0] as Notice;

// What each XML path serves: the real eForms files of @tender/eforms, and hostile ones.
const XML: Record<string, () => string> = {
  malta: () => readEformsFixture("eforms_real_chain_4_award_380868-2026.xml").toString("utf8"),
  lsbu: () => readEformsFixture("eforms_example_award_can_24_LSBU.xml").toString("utf8"),
  "lsbu-modification": () =>
    readEformsFixture("eforms_example_modification_can-modif_24_value.xml").toString("utf8"),
  maximal: () => readEformsFixture("FICTIONAL_eforms_example_award_can_24_maximal.xml").toString("utf8"),
  "many-lots": () => syntheticEformsNotice({ lots: 10_000 }),
  "long-name": () => syntheticEformsNotice({ winnerName: "Acme ".repeat(20_000) }),
  "entity-bomb": () =>
    `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><ContractAwardNotice>&lol2;</ContractAwardNotice>`,
  "deep-nesting": () =>
    `<ContractAwardNotice>${"<a>".repeat(5_000)}${"</a>".repeat(5_000)}</ContractAwardNotice>`,
  // 50 MB, sent chunked without a length: the client's cap stops reading at 10 MB.
  huge: () => `<ContractAwardNotice>${"<a>x</a>".repeat(6_250_000)}</ContractAwardNotice>`,
};

/** A search result shaped like the real result notice 291981-2026, naming another XML. */
function resultNotice(number: string, xml: string, type: { notice: string; form: string } = CAN): Notice {
  return {
    ...structuredClone(RESULT_291981),
    "publication-number": number,
    "notice-type": type.notice,
    "form-type": type.form,
    "procedure-identifier": `procedure-${number}`,
    links: { ...(RESULT_291981.links as object), xml: { MUL: `${server.baseUrl}/xml/${xml}` } },
  };
}
const CAN = { notice: "can-standard", form: "result" };
const MODIFICATION = { notice: "can-modif", form: "cont-modif" };

const testDb = useTestDatabase();
let server: ReplayServer;
const logger = { debug() {}, info() {}, warn() {}, error() {} };

beforeAll(async () => {
  server = await startReplayServer((req) => {
    if (req.method === "POST" && req.url.pathname === "/v3/notices/search") {
      return {
        body: {
          notices: [
            RESULT_291981, // its XML is on ted.europa.eu, which this test's client may not call
            COMPETITION,
            resultNotice("380868-2026", "malta"),
            resultNotice("900001-2026", "lsbu"),
            resultNotice("900002-2026", "lsbu-modification", MODIFICATION),
            resultNotice("900003-2026", "maximal"),
            resultNotice("900004-2026", "many-lots"),
            resultNotice("900005-2026", "long-name"),
            resultNotice("900006-2026", "entity-bomb"),
            resultNotice("900007-2026", "deep-nesting"),
            resultNotice("900008-2026", "huge"),
            resultNotice("900009-2026", "missing"),
            // A change notice of a result notice: a result form, carrying the corrected results.
            {
              ...resultNotice("900010-2026", "lsbu"),
              "procedure-identifier": "procedure-900001-2026",
              "change-notice-version-identifier": "900001-2026",
            },
          ],
          totalNoticeCount: 13,
          iterationNextToken: null,
          timedOut: false,
        },
      };
    }
    const name = req.url.pathname.replace(/^\/xml\//, "");
    const xml = Object.hasOwn(XML, name) ? XML[name] : undefined;
    if (xml === undefined) return { status: 404, body: "not found" };
    return { headers: { "content-type": "application/xml" }, body: xml() };
  });
  await emptyTables(testDb.db, ["sources"]);
  const http = createPoliteHttpClient({
    allowedHosts: [server.host],
    timeoutMs: 20_000,
    maxResponseBytes: 60_000_000,
    maxAttempts: 1,
  });
  const adapter = createTedAdapter({
    http,
    baseUrl: server.baseUrl,
    query: "notice-type IN (can-standard can-modif)",
    fields: DEFAULT_TED_FIELDS,
    pageSize: 20,
  });
  const report = await runSyncPass({
    db: testDb.db,
    adapter,
    logger,
    subject: "tedawards.tender.changed.v1",
  });
  expect(report).toMatchObject({ pages: 1, created: 13, quarantined: 0 });
}, 60_000);

afterAll(async () => {
  await server.close();
});

async function tender(externalId: string) {
  const row = await testDb.db
    .selectFrom("tenders")
    .select(["id", "kind", "awards_unreadable", "contract_end", "buyer_organisation_id"])
    .where("external_id", "=", externalId)
    .executeTakeFirstOrThrow();
  const card = await findTenderCard(testDb.db, row.id);
  return { ...row, awards: card?.awards ?? [] };
}
const winnerNames = (awards: { winners: { name: string | null }[] }[]) =>
  awards.map((a) => a.winners.map((w) => w.name));

// Expected values read by hand from the XML files (the parser's golden tests say the same).
describe("TED result notices' awards from their eForms XML", () => {
  it("reads the real Malta award: Mint Health Limited, 239,689.54 EUR, 11 tenders", async () => {
    const malta = await tender("380868-2026");
    expect(malta.kind).toBe("result");
    expect(malta.awards_unreadable).toBeNull();
    expect(malta.awards).toEqual([
      {
        lot: "LOT-0001",
        winners: [
          {
            organisation_id: expect.any(String),
            name: "Mint Health Limited",
            identifier: "C55603",
            country: "MT",
          },
        ],
        value: "239689.54",
        currency: "EUR",
        decided_at: "2026-06-02",
        contract_signed_at: "2026-05-20",
        contract_end: null,
        tenders_received: 11,
      },
    ]);
    const mint = await testDb.db
      .selectFrom("organisations")
      .select(["org_key", "is_supplier"])
      .where("id", "=", malta.awards[0]?.winners[0]?.organisation_id as string)
      .executeTakeFirstOrThrow();
    expect(mint).toEqual({ org_key: "id:MT:C55603", is_supplier: true });
  });

  it("reads the LSBU award and its modification: 4,500,000 → 6,430,000 GBP, one winner organisation", async () => {
    const award = await tender("900001-2026");
    const modification = await tender("900002-2026");
    expect(modification.kind).toBe("modification");
    expect(award.awards.map((a) => [a.lot, a.value, a.currency, a.tenders_received])).toEqual([
      ["LOT-0000", "4500000.00", "GBP", 12],
    ]);
    expect(modification.awards.map((a) => [a.lot, a.value, a.currency, a.contract_signed_at])).toEqual([
      ["LOT-0000", "6430000.00", "GBP", "2018-08-02"],
    ]);
    expect(winnerNames(award.awards)).toEqual([["PwC UK LLP"]]);
    expect(modification.awards[0]?.winners[0]?.organisation_id).toBe(
      award.awards[0]?.winners[0]?.organisation_id,
    );
  });

  it("reads the awards of a change notice of a result notice too", async () => {
    const change = await tender("900010-2026");
    expect(change.kind).toBe("change");
    expect(change.awards.map((a) => [a.lot, a.value])).toEqual([["LOT-0000", "4500000.00"]]);
  });

  it("reads the FICTIONAL maximal notice's two lots: one awarded to three, one not awarded", async () => {
    const maximal = await tender("900003-2026");
    expect(maximal.awards).toEqual([
      expect.objectContaining({
        lot: "LOT-0001",
        value: "19999999.98",
        currency: "EUR",
        decided_at: "2023-03-23",
        contract_signed_at: "2023-03-24",
        contract_end: "2023-05-23",
        tenders_received: 9,
      }),
      expect.objectContaining({
        lot: "LOT-0002",
        winners: [],
        value: null,
        currency: null,
        tenders_received: 1,
      }),
    ]);
    expect(winnerNames(maximal.awards)).toEqual([["Gyro Soft SA", "The best App Ltd.", "Competitor"], []]);
    expect(maximal.contract_end).toBe("2023-05-23");
  });

  it("stores whether each lot is a framework or DPS (BT-765, BT-766), and the similar contracts say it per notice", async () => {
    const frameworks = async (externalId: string) =>
      (
        await testDb.db
          .selectFrom("awards")
          .innerJoin("tenders", "tenders.id", "awards.tender_id")
          .select("awards.framework")
          .where("tenders.external_id", "=", externalId)
          .orderBy("awards.position")
          .execute()
      ).map((row) => row.framework);
    // Malta: both codes none; LSBU: fa-wo-rc; maximal: a DPS and a framework; the modification says neither.
    expect(await frameworks("380868-2026")).toEqual([false]);
    expect(await frameworks("900001-2026")).toEqual([true]);
    expect(await frameworks("900003-2026")).toEqual([true, true]);
    expect(await frameworks("900002-2026")).toEqual([null]);
    expect(await frameworks("900010-2026")).toEqual([true]);
    // Every result notice here is a copy of 291981's search fields: they share its CPV codes.
    const malta = await testDb.db
      .selectFrom("tenders")
      .select("cpv_codes")
      .where("external_id", "=", "380868-2026")
      .executeTakeFirstOrThrow();
    const similar = await listSimilarAwardNotices(testDb.db, {
      like: null,
      words: null,
      model: "none",
      cpvCodes: specificCpvCodes(malta.cpv_codes),
      countries: [],
      value: null,
      excludeProcedureId: null,
      excludeTenderId: null,
      minTextScore: 1,
      now: new Date(),
      limit: 50,
    });
    const byNotice = Object.fromEntries(similar.map((row) => [row.external_id, row.framework]));
    expect(byNotice).toMatchObject({
      "380868-2026": false,
      "900002-2026": null,
      "900003-2026": true,
      // No XML read, no award: the notice does not say.
      "291981-2026": null,
    });
  });

  it("links every notice, results and competitions alike, to its buyer from the search fields", async () => {
    const competition = await tender(COMPETITION["publication-number"] as string);
    expect(competition.awards).toEqual([]);
    expect(competition.awards_unreadable).toBeNull();
    expect(competition.buyer_organisation_id).not.toBeNull();
    const worms = await tender("291981-2026");
    const buyer = await testDb.db
      .selectFrom("organisations")
      .select(["name", "country", "is_buyer"])
      .where("id", "=", worms.buyer_organisation_id as string)
      .executeTakeFirstOrThrow();
    expect(buyer).toEqual({
      name: "Stadtverwaltung Worms, Abt. 6.4 Zentrale Ausschreibungsstelle und Dienste",
      country: "DE",
      is_buyer: true,
    });
  });
});

describe("TED result notices whose XML cannot be read are stored without awards, saying why", () => {
  it("a link the client may not call, a missing file, an entity bomb, deep nesting, 50 MB", async () => {
    const reasons = Object.fromEntries(
      await Promise.all(
        ["291981-2026", "900006-2026", "900007-2026", "900008-2026", "900009-2026"].map(async (id) => {
          const t = await tender(id);
          expect(t.awards).toEqual([]);
          return [id, t.awards_unreadable];
        }),
      ),
    );
    expect(reasons["291981-2026"]).toMatch(/^the eForms XML could not be fetched: .*not on the allowlist/);
    expect(reasons["900006-2026"]).toMatch(/^the eForms XML was refused \(doctype\)/);
    expect(reasons["900007-2026"]).toMatch(/^the eForms XML was refused \(too-deep\)/);
    expect(reasons["900008-2026"]).toMatch(/^the eForms XML could not be fetched: .*10,?000,?000/);
    expect(reasons["900009-2026"]).toMatch(/^the eForms XML could not be fetched: .*404/);
  });

  it("cuts 10,000 lots to 500 and a winner name of 100 KB to 1,000 characters, saying so", async () => {
    const many = await tender("900004-2026");
    expect(many.awards).toHaveLength(500);
    expect(many.awards_unreadable).toMatch(/^cut: /);
    const long = await tender("900005-2026");
    const name = long.awards[0]?.winners[0]?.name ?? "";
    expect(name.length).toBeLessThanOrEqual(1000);
    expect(name.startsWith("Acme Acme")).toBe(true);
    expect(long.awards_unreadable).toMatch(/^cut: /);
  });
});
