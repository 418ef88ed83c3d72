import { createTestDatabase, type TestDatabase } from "@tender/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureSource } from "../ingest/sources.repository.js";
import { type UpsertTenderInput, upsertTender } from "../ingest/tenders.repository.js";
import {
  countTendersOfSource,
  listTenderPayloadsAfter,
  setTenderFacets,
} from "./tender-facets.repository.js";

let t: TestDatabase;
let sourceId: string;
let serial = 0;

const tender = (over: Partial<UpsertTenderInput> = {}): UpsertTenderInput => ({
  sourceId,
  external_id: `F-${++serial}`,
  title: "Road repair",
  description: null,
  buyer_name: "City of Tartu",
  amount: null,
  currency: null,
  published_at: "2026-05-01T10:00:00Z",
  deadline: null,
  source_url: "https://example.org/notice/1",
  contentHash: "a".repeat(64),
  rawPayload: { n: serial },
  ...over,
});
const facetsOf = async (id: string) =>
  (
    await sql<{ countries: string[]; cpv_codes: string[]; cpv_prefixes: string[]; updated_at: Date }>`
      SELECT countries, cpv_codes, cpv_prefixes, updated_at FROM tenders WHERE id = ${id}`.execute(t.db)
  ).rows[0];

beforeAll(async () => {
  t = await createTestDatabase();
  sourceId = (await ensureSource(t.db, "ted")).id;
});
afterAll(() => t.destroy());

describe("tender facets", () => {
  it("upsertTender stores the facets and the database derives every CPV prefix", async () => {
    const { id } = await upsertTender(t.db, tender({ countries: ["DE", "FR"], cpv_codes: ["45233141"] }));
    expect(await facetsOf(id)).toMatchObject({
      countries: ["DE", "FR"],
      cpv_codes: ["45233141"],
      cpv_prefixes: ["45", "452", "4523", "45233", "452331", "4523314", "45233141"],
    });
  });

  it("a changed tender gets the facets of its new payload; an unchanged one keeps its own", async () => {
    const input = tender({ countries: ["DE"] });
    const { id } = await upsertTender(t.db, input);
    await upsertTender(t.db, { ...input, countries: ["IT"] });
    expect((await facetsOf(id))?.countries).toEqual(["DE"]);
    await upsertTender(t.db, { ...input, countries: ["IT"], contentHash: "b".repeat(64) });
    expect((await facetsOf(id))?.countries).toEqual(["IT"]);
  });

  it("the database refuses facets that are not codes", async () => {
    const { id } = await upsertTender(t.db, tender());
    for (const [column, value] of [
      ["countries", ["de"]],
      ["countries", ["DEU"]],
      ["countries", [null]],
      ["cpv_codes", ["4523314"]],
      ["cpv_codes", ["45233141-1"]],
      ["cpv_codes", Array.from({ length: 1001 }, (_, i) => String(10_000_000 + i))],
    ] as const) {
      await expect(
        sql`UPDATE tenders SET ${sql.ref(column)} = ${value as unknown as string[]}::text[] WHERE id = ${id}`.execute(
          t.db,
        ),
      ).rejects.toThrow(/violates check constraint "tenders_(countries|cpv_codes)_format"/);
    }
  });

  it("setTenderFacets changes only the facets, and only when they differ", async () => {
    const { id } = await upsertTender(t.db, tender({ countries: ["DE"] }));
    const before = await facetsOf(id);
    expect(await setTenderFacets(t.db, id, { countries: ["DE"], cpv_codes: [] })).toBe(false);
    expect(await setTenderFacets(t.db, id, { countries: ["AT", "DE"], cpv_codes: ["72000000"] })).toBe(true);
    const after = await facetsOf(id);
    expect(after).toMatchObject({ countries: ["AT", "DE"], cpv_codes: ["72000000"] });
    expect(after?.updated_at).toEqual(before?.updated_at);
  });

  it("lists a source's payloads in id order after a given id", async () => {
    const all = await listTenderPayloadsAfter(t.db, "ted", null, 1000);
    expect(all.length).toBe(await countTendersOfSource(t.db, "ted"));
    expect(all.map((r) => r.id)).toEqual([...all.map((r) => r.id)].sort());
    const rest = await listTenderPayloadsAfter(t.db, "ted", all[1]?.id as string, 1000);
    expect(rest.map((r) => r.id)).toEqual(all.slice(2).map((r) => r.id));
    expect(await listTenderPayloadsAfter(t.db, "contracts_finder", null, 10)).toEqual([]);
  });
});
