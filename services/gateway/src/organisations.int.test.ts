import { createWireValidator } from "@tender/contracts";
import { createApiKey } from "@tender/db";
import { createTestDatabase, seedTender, type TestDatabase } from "@tender/testing";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./create-app.js";
import { readJson, send } from "./testing/requests.js";
import { testDeps } from "./testing/test-deps.js";

const validateList = createWireValidator("organisation-list-response");
const validateDetails = createWireValidator("organisation-details");
const validateError = createWireValidator("error-response");
let tdb: TestDatabase;
let key: string;
let app: ReturnType<typeof createApp>;
const ids: Record<string, string> = {};

async function get(path: string, apiKey: string | null = key) {
  const response = await send(app, path, { headers: apiKey ? { "x-api-key": apiKey } : {} });
  return { status: response.status, headers: response.headers, json: await readJson(response) };
}

async function organisation(name: string, fields: Record<string, string | boolean | null> = {}) {
  const row = await tdb.db
    .insertInto("organisations")
    .values({ org_key: `TEST:${name}`, name, country: "GB", is_supplier: true, ...fields })
    .returning("id")
    .executeTakeFirstOrThrow();
  ids[name] = row.id;
  return row.id;
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  key = (await createApiKey(tdb.db, { name: "organisations", limitPerMinute: 1_000_000 })).key;
  app = createApp(testDeps(tdb.db));
  await organisation("ACME Limited", { identifier: "01234567", scheme: "GB-COH" });
  await organisation("Acme Widgets GmbH", { country: "DE" });
  await organisation("City of Acme", { is_buyer: true, is_supplier: false });
  for (let n = 10; n < 40; n++) await organisation(`Walker ${n} Ltd`);
  const tender = await seedTender(tdb.db, { externalId: "720001-2026" });
  const award = await tdb.db
    .insertInto("awards")
    .values({
      tender_id: tender.id,
      position: 0,
      lot: "LOT-0001",
      status: "awarded",
      value: "239689.54",
      currency: "EUR",
      decided_at: "2026-03-02",
      contract_signed_at: "2026-03-20",
      contract_end: "2027-03-31",
      tenders_received: 11,
      buyer_organisation_id: ids["City of Acme"] as string,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await tdb.db
    .insertInto("award_winners")
    .values({
      award_id: award.id,
      position: 0,
      organisation_id: ids["ACME Limited"] as string,
      name: "ACME Ltd",
    })
    .execute();
});
afterAll(() => tdb.destroy());

describe("GET /api/v1/organisations", () => {
  it("finds 'acme ltd' as ACME Limited first, then other names holding the word; counted", async () => {
    const { status, json, headers } = await get("/api/v1/organisations?q=acme%20ltd");
    expect(status).toBe(200);
    expect(validateList(json)).toMatchObject({ ok: true });
    expect(headers.get("x-ratelimit-limit")).toBe("1000000");
    expect(json.items[0]).toEqual({
      id: ids["ACME Limited"],
      name: "ACME Limited",
      country: "GB",
      identifier: { scheme: "GB-COH", id: "01234567" },
      roles: ["supplier"],
    });
    expect(json.items.map((i: { name: string }) => i.name)).toEqual([
      "ACME Limited",
      "Acme Widgets GmbH",
      "City of Acme",
    ]);
  });

  it("finds an identifier exactly, and filters by role and country", async () => {
    expect((await get("/api/v1/organisations?q=GB-COH-01234567")).json.items[0].id).toBe(ids["ACME Limited"]);
    const buyers = await get("/api/v1/organisations?q=acme&role=buyer");
    expect(buyers.json.items.map((i: { id: string }) => i.id)).toEqual([ids["City of Acme"]]);
    const german = await get("/api/v1/organisations?q=acme&country=DE");
    expect(german.json.items.map((i: { id: string }) => i.id)).toEqual([ids["Acme Widgets GmbH"]]);
  });

  it("walks every match once with next_cursor; a cursor of another search is 422", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let first: string | undefined;
    do {
      const { status, json } = await get(
        `/api/v1/organisations?q=walker&limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      expect(status).toBe(200);
      seen.push(...json.items.map((i: { id: string }) => i.id));
      cursor = json.next_cursor;
      first ??= cursor ?? undefined;
    } while (cursor !== null);
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
    const other = await get(`/api/v1/organisations?q=acme&cursor=${encodeURIComponent(first as string)}`);
    expect(other.status).toBe(422);
    expect(other.json.error.details).toEqual([{ path: "/cursor", message: expect.any(String) }]);
    const edited = await get(`/api/v1/organisations?q=walker&cursor=${encodeURIComponent(`x${first}`)}`);
    expect(edited.status).toBe(422);
  });

  it.each([
    ["role=owner", "/role"],
    ["country=gb", "/country"],
    ["limit=0", "/limit"],
    ["limit=101", "/limit"],
    ["q=", "/q"],
    [`q=${"a".repeat(201)}`, "/q"],
    ["q=a&q=b", "/q"],
    ["sort=name", "/sort"],
  ])("%s is a validation_error naming %s", async (query, path) => {
    const { status, json } = await get(`/api/v1/organisations?${query}`);
    expect(status).toBe(422);
    expect(validateError(json)).toMatchObject({ ok: true });
    expect(json.error.code).toBe("validation_error");
    expect(json.error.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it("needs a key", async () => {
    const { status, json } = await get("/api/v1/organisations?q=acme", null);
    expect(status).toBe(401);
    expect(json.error.code).toBe("api_key_required");
  });

  it("answers any text as q with a valid page or a validation_error, never a failure", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "binary", minLength: 1, maxLength: 80 }), async (q) => {
        const { status, json } = await get(`/api/v1/organisations?q=${encodeURIComponent(q)}`);
        expect([200, 422]).toContain(status);
        expect(status === 200 ? validateList(json) : validateError(json)).toMatchObject({ ok: true });
      }),
      { numRuns: 60 },
    );
  });
});

describe("GET /api/v1/organisations/{id}", () => {
  it("answers the page: names, identifiers, awards won with totals, the award, its buyer", async () => {
    const { status, json } = await get(`/api/v1/organisations/${ids["ACME Limited"]?.toUpperCase()}`);
    expect(status).toBe(200);
    expect(validateDetails(json)).toMatchObject({ ok: true });
    expect(json).toMatchObject({
      id: ids["ACME Limited"],
      names: ["ACME Limited"],
      identifiers: [{ scheme: "GB-COH", id: "01234567" }],
      roles: ["supplier"],
      awards_won: { count: 1, totals: [{ currency: "EUR", value: "239689.54" }] },
      awards_given: { count: 0, totals: [] },
      top_buyers: [{ id: ids["City of Acme"], name: "City of Acme", count: 1 }],
      top_suppliers: [],
    });
    expect(json.recent_awards).toEqual([
      expect.objectContaining({
        role: "supplier",
        lot: "LOT-0001",
        value: "239689.54",
        decided_at: "2026-03-02",
        contract_end: "2027-03-31",
        buyer: { id: ids["City of Acme"], name: "City of Acme" },
        winners: [{ id: ids["ACME Limited"], name: "ACME Limited" }],
      }),
    ]);
    const buyer = await get(`/api/v1/organisations/${ids["City of Acme"]}`);
    expect(validateDetails(buyer.json)).toMatchObject({ ok: true });
    expect(buyer.json.top_suppliers).toEqual([{ id: ids["ACME Limited"], name: "ACME Limited", count: 1 }]);
  });

  it("is not_found for an unknown id and validation_error for a malformed one", async () => {
    const unknown = await get("/api/v1/organisations/00000000-0000-4000-8000-000000000000");
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.code).toBe("not_found");
    const malformed = await get("/api/v1/organisations/acme");
    expect(malformed.status).toBe(422);
    expect(malformed.json.error.details[0].path).toBe("/id");
  });
});
