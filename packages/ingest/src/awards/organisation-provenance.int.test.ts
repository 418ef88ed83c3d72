import type { TenderRecordV1 } from "@tender/contracts";
import { findOrganisationDetails } from "@tender/db";
import { emptyTables, useTestDatabase } from "@tender/testing";
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { validateTenderRecord } from "../mapping/validate-tender-record.js";
import { commitPage } from "../sync/commit-page.js";
import type { NoticeAward, NoticeAwards, NoticeParty } from "./notice-awards.js";

const testDb = useTestDatabase({ source: "find_a_tender" });
const subject = "tprovenance.tender.changed.v1";

function record(externalId: string): TenderRecordV1 {
  const result = validateTenderRecord({
    source: "find_a_tender",
    external_id: externalId,
    title: `Notice ${externalId}`,
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

const BROOKES: NoticeParty = {
  name: "Oxford Brookes Enterprises Limited",
  identifier: "PYDR-3797-LZLJ",
  scheme: "GB-PPON",
  country: "GB",
};
const award = (winner: NoticeParty, value: string): NoticeAward => ({
  lot: "1",
  status: "awarded",
  winners: [winner],
  value,
  currency: "GBP",
  decidedAt: "2026-09-03",
  contractSignedAt: null,
  contractEnd: null,
  tendersReceived: 4,
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

beforeEach(() => emptyTables(testDb.db, ["tenders", "organisations"]));

describe("organisation pages say where each name and award came from (issue 32, finding 5)", () => {
  it("names the notice of each spelling and each award; totals still count every award", async () => {
    await publish([["real-1", { buyer: null, awards: [award(BROOKES, "32800.00")], unreadable: null }]]);
    // A fake award naming the real registered identifier under another spelling.
    const fake = { ...BROOKES, name: "Oxford Brookes Enterprises (Mallory) Ltd" };
    await publish([["fake-1", { buyer: null, awards: [award(fake, "5000000.00")], unreadable: null }]]);
    const page = await findOrganisationDetails(testDb.db, await idOf(BROOKES.name as string));
    const notice = async (externalId: string) => ({
      tender_id: await tenderOf(externalId),
      source: "find_a_tender",
      external_id: externalId,
    });
    expect(page?.spellings).toEqual([
      { name: BROOKES.name, notice: await notice("real-1"), looks_like: [] },
      { name: fake.name, notice: await notice("fake-1"), looks_like: [] },
    ]);
    expect(page?.awards_won).toEqual({ count: 2, totals: [{ currency: "GBP", value: "5032800.00" }] });
    expect(
      page?.recent_awards.map((a) => [a.value, a.notice.external_id, a.notice.tender_id === a.tender_id]),
    ).toEqual([
      ["32800.00", "real-1", true],
      ["5000000.00", "fake-1", true],
    ]);
  });

  it("keeps the notice of the first notice that gave a spelling, however often it is stored again", async () => {
    await publish([["first", { buyer: null, awards: [award(BROOKES, "1.00")], unreadable: null }]]);
    await publish([["second", { buyer: null, awards: [award(BROOKES, "2.00")], unreadable: null }]]);
    await publish([["first", { buyer: null, awards: [award(BROOKES, "1.00")], unreadable: null }]]);
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
      ["real", { buyer: null, awards: [award(BROOKES, "10.00")], unreadable: null }],
      ["spoof", { buyer: null, awards: [award(spoof, "20.00")], unreadable: null }],
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
            ["a", { buyer: null, awards: [award(party(name), "1.00")], unreadable: null }],
            ["b", { buyer: null, awards: [award(party(spoofed), "1.00")], unreadable: null }],
            ["c", { buyer: null, awards: [award(party(`${name} ${suffix}`), "1.00")], unreadable: null }],
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
