import { createWireValidator } from "@tender/contracts";
import {
  createApiKey,
  ensureSource,
  lockProcedure,
  replaceTenderAwards,
  type StoredAward,
  setNoticeLink,
  setTenderAwardFacts,
  setTenderProcedure,
  upsertOrganisations,
} from "@tender/db";
import { createTestDatabase, seedTender, type TestDatabase } from "@tender/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./create-app.js";
import { readJson, send } from "./testing/requests.js";
import { testDeps } from "./testing/test-deps.js";

const validateProcedure = createWireValidator("procedure-response");
const validateCard = createWireValidator("tender-details");
const validateList = createWireValidator("tender-list-response");
let tdb: TestDatabase;
let key: string;
let app: ReturnType<typeof createApp>;
let procedureId: string;
const ids: Record<string, string> = {};
let pwc: string;

async function get(path: string) {
  const response = await send(app, path, { headers: { "x-api-key": key } });
  return { status: response.status, json: await readJson(response) };
}

const award = (value: string, contractEnd: string | null): StoredAward => ({
  lot: "LOT-0000",
  status: "awarded",
  value,
  currency: "GBP",
  decided_at: "2018-07-31",
  contract_signed_at: "2018-08-02",
  contract_end: contractEnd,
  tenders_received: 12,
  winners: [
    { organisation_id: pwc, name: "PwC UK LLP", identifier: "ABCDEFGH", scheme: null, country: "GB" },
  ],
});

// The LSBU award (4,500,000 GBP) and its modification (6,430,000 GBP) as ingest stores them:
// the modification supersedes the award, so the procedure answers the modified contract only.
beforeAll(async () => {
  tdb = await createTestDatabase();
  key = (await createApiKey(tdb.db, { name: "awards", limitPerMinute: 1_000_000 })).key;
  app = createApp(testDeps(tdb.db));
  pwc = (
    await upsertOrganisations(tdb.db, [
      {
        key: "name:pwc uk:GB",
        name: "PwC UK LLP",
        country: "GB",
        identifier: null,
        scheme: null,
        buyer: false,
        supplier: true,
      },
    ])
  ).get("name:pwc uk:GB") as string;
  const source = (await ensureSource(tdb.db, "ted")).id;
  procedureId = await lockProcedure(tdb.db, source, "d5049cd6-caec-47cd-ab5f-2f7715f975e0");
  const notices = [
    ["900001-2018", "2018-08-02T07:08:08.000Z", "result", null, award("4500000.00", "2026-12-31")],
    [
      "900002-2018",
      "2018-09-01T00:00:00.000Z",
      "modification",
      "900001-2018",
      award("6430000.00", "2027-06-30"),
    ],
    ["900003-2018", "2018-10-01T00:00:00.000Z", "competition", null, null],
  ] as const;
  for (const [externalId, published_at, kind, supersedes, stored] of notices) {
    const id = (await seedTender(tdb.db, { externalId, published_at })).id;
    ids[externalId] = id;
    await setTenderProcedure(tdb.db, id, { procedureId, kind, supersedesExternalId: supersedes });
    if (stored) {
      await replaceTenderAwards(tdb.db, id, [stored], null);
      await setTenderAwardFacts(tdb.db, id, {
        buyerOrganisationId: null,
        awardsUnreadable: null,
        contractEnd: stored.contract_end,
      });
    }
  }
  await setNoticeLink(tdb.db, ids["900001-2018"] as string, {
    supersededBy: ids["900002-2018"] as string,
    changes: null,
  });
});
afterAll(() => tdb.destroy());

const MODIFIED = {
  lot: "LOT-0000",
  winners: [{ organisation_id: "", name: "PwC UK LLP", identifier: "ABCDEFGH", country: "GB" }],
  value: "6430000.00",
  currency: "GBP",
  decided_at: "2018-07-31",
  contract_signed_at: "2018-08-02",
  contract_end: "2027-06-30",
  tenders_received: 12,
};

describe("awards on the API", () => {
  it("the procedure answers the awards of its result and modification notices that nothing supersedes", async () => {
    const { status, json } = await get(`/api/v1/procedures/${procedureId}`);
    expect(status).toBe(200);
    expect(validateProcedure(json)).toMatchObject({ ok: true });
    expect(json.awards).toEqual([
      { ...MODIFIED, winners: [{ ...MODIFIED.winners[0], organisation_id: pwc }] },
    ]);
  });

  it("a result notice's card has its awards; a call for competition's has none", async () => {
    const result = await get(`/api/v1/tenders/${ids["900001-2018"]}`);
    expect(validateCard(result.json)).toMatchObject({ ok: true });
    expect(result.json.awards.map((a: { value: string }) => a.value)).toEqual(["4500000.00"]);
    const competition = await get(`/api/v1/tenders/${ids["900003-2018"]}`);
    expect(competition.json.awards).toEqual([]);
  });

  it("browses expiring contracts, earliest end first, one page at a time, within a range", async () => {
    const first = await get("/api/v1/tenders?sort=contract_end_asc&contract_end_from=2026-01-01&limit=1");
    expect(validateList(first.json)).toMatchObject({ ok: true });
    expect(first.json.items.map((t: { external_id: string }) => t.external_id)).toEqual(["900001-2018"]);
    const cursor = encodeURIComponent(first.json.next_cursor);
    const second = await get(
      `/api/v1/tenders?sort=contract_end_asc&contract_end_from=2026-01-01&limit=1&cursor=${cursor}`,
    );
    expect(second.json.items.map((t: { external_id: string }) => t.external_id)).toEqual(["900002-2018"]);
    expect(second.json.next_cursor).toBeNull();
    const later = await get("/api/v1/tenders?contract_end_from=2027-01-01&contract_end_to=2027-12-31");
    expect(later.json.items.map((t: { external_id: string }) => t.external_id)).toEqual(["900002-2018"]);
    // A cursor continues only the range it was issued for.
    const moved = await get(
      `/api/v1/tenders?sort=contract_end_asc&contract_end_from=2026-01-02&limit=1&cursor=${cursor}`,
    );
    expect(moved.status).toBe(422);
  });

  it("refuses a range that ends before it starts, and a day that is no day", async () => {
    const inverted = await get("/api/v1/tenders?contract_end_from=2027-01-01&contract_end_to=2026-12-31");
    expect(inverted.status).toBe(422);
    expect(inverted.json.error.details).toEqual([
      { path: "/contract_end_to", message: "Must not be earlier than contract_end_from" },
    ]);
    const bad = await get("/api/v1/tenders?contract_end_to=2026-02-30");
    expect(bad.json.error.details.map((d: { path: string }) => d.path)).toEqual(["/contract_end_to"]);
  });
});
