import { createWireValidator, type NoticeChange } from "@tender/contracts";
import { createApiKey, ensureSource, lockProcedure, setNoticeLink, setTenderProcedure } from "@tender/db";
import { createTestDatabase, seedTender, type TestDatabase } from "@tender/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./create-app.js";
import { readJson, send } from "./testing/requests.js";
import { testDeps } from "./testing/test-deps.js";

const validateProcedure = createWireValidator("procedure-response");
const validateCard = createWireValidator("tender-details");
let tdb: TestDatabase;
let key: string;
let app: ReturnType<typeof createApp>;
let procedureId: string;
const ids: Record<string, string> = {};
const DEADLINE_MOVED: NoticeChange = {
  field: "deadline",
  from: "2026-10-29T09:00:00.000Z",
  to: "2026-11-04T09:00:00.000Z",
};

async function get(path: string, apiKey: string = key) {
  const response = await send(app, path, { headers: { "x-api-key": apiKey } });
  return { status: response.status, headers: response.headers, json: await readJson(response) };
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  key = (await createApiKey(tdb.db, { name: "procedures", limitPerMinute: 1_000_000 })).key;
  app = createApp(testDeps(tdb.db));
  // The real TED pair 657981-2026 → 674231-2026, then a result, as ingest links them.
  const notices = [
    ["657981-2026", "2026-09-24T00:00:00.000Z", "2026-10-29T09:00:00.000Z", "competition", null],
    ["674231-2026", "2026-10-01T00:00:00.000Z", "2026-11-04T09:00:00.000Z", "change", "657981-2026"],
    ["720001-2026", "2026-12-15T00:00:00.000Z", null, "result", null],
  ] as const;
  const source = (await ensureSource(tdb.db, "ted")).id;
  procedureId = await lockProcedure(tdb.db, source, "f08aa593-61f7-418e-90ec-043a09cc23b1");
  for (const [externalId, published_at, deadline, kind, supersedes] of notices) {
    ids[externalId] = (await seedTender(tdb.db, { externalId, published_at, deadline })).id;
    await setTenderProcedure(tdb.db, ids[externalId] as string, {
      procedureId,
      kind,
      supersedesExternalId: supersedes,
    });
  }
  await setNoticeLink(tdb.db, ids["657981-2026"] as string, {
    supersededBy: ids["674231-2026"] as string,
    changes: null,
  });
  await setNoticeLink(tdb.db, ids["674231-2026"] as string, {
    supersededBy: null,
    changes: [DEADLINE_MOVED],
  });
  await seedTender(tdb.db, { externalId: "100000-2026" });
});
afterAll(() => tdb.destroy());

describe("GET /api/v1/procedures/{id}", () => {
  it("answers the current call for competition, every notice oldest first with its changes, no awards", async () => {
    const { status, json, headers } = await get(`/api/v1/procedures/${procedureId}`);
    expect(status).toBe(200);
    expect(validateProcedure(json)).toMatchObject({ ok: true });
    expect(headers.get("x-ratelimit-limit")).toBe("1000000");
    expect(json).toMatchObject({
      id: procedureId,
      source: "ted",
      current: { id: ids["674231-2026"], kind: "change", superseded_by: null, procedure_id: procedureId },
      awards: [],
    });
    expect(json.notices).toEqual([
      {
        id: ids["657981-2026"],
        external_id: "657981-2026",
        kind: "competition",
        published_at: "2026-09-24T00:00:00.000Z",
        superseded_by: ids["674231-2026"],
        changes: null,
      },
      {
        id: ids["674231-2026"],
        external_id: "674231-2026",
        kind: "change",
        published_at: "2026-10-01T00:00:00.000Z",
        superseded_by: null,
        changes: [DEADLINE_MOVED],
      },
      {
        id: ids["720001-2026"],
        external_id: "720001-2026",
        kind: "result",
        published_at: "2026-12-15T00:00:00.000Z",
        superseded_by: null,
        changes: null,
      },
    ]);
  });

  it("shows the procedure on the tender card; a tender without one has none", async () => {
    const card = await get(`/api/v1/tenders/${ids["657981-2026"]}`);
    expect(validateCard(card.json)).toMatchObject({ ok: true });
    expect(card.json).toMatchObject({
      procedure_id: procedureId,
      kind: "competition",
      superseded_by: ids["674231-2026"],
      procedure: { id: procedureId },
    });
    expect(card.json.procedure.notices.map((n: { external_id: string }) => n.external_id)).toEqual([
      "657981-2026",
      "674231-2026",
      "720001-2026",
    ]);
    const other = await get("/api/v1/tenders?kind=competition&current=true&limit=100");
    const listed = other.json.items.map((item: { external_id: string }) => item.external_id).sort();
    expect(listed).toEqual(["100000-2026"]);
  });

  it("refuses a malformed id, an unknown one and a request without a key", async () => {
    expect((await get("/api/v1/procedures/nope")).json.error).toMatchObject({ code: "validation_error" });
    const unknown = await get("/api/v1/procedures/00000000-0000-4000-8000-000000000000");
    expect([unknown.status, unknown.json.error.code]).toEqual([404, "not_found"]);
    const anonymous = await send(app, `/api/v1/procedures/${procedureId}`);
    expect(anonymous.status).toBe(401);
  });
});
