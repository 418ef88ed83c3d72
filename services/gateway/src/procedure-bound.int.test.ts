import { CHANGE_DOCUMENT_LIMITS, createWireValidator, PROCEDURE_NOTICE_LIMITS } from "@tender/contracts";
import { createApiKey } from "@tender/db";
import { relinkProcedure } from "@tender/ingest";
import {
  createTestDatabase,
  type OversizedProcedures,
  seedOversizedProcedures,
  type TestDatabase,
} from "@tender/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./create-app.js";
import { send } from "./testing/requests.js";
import { testDeps } from "./testing/test-deps.js";

// Issue 32, finding 1: five TED notices chained as changes, each with 500 attachments titled with
// 1,000 control characters (22 MB procedure answers, 16.4 MB for the card of an award notice
// without attachments), and a procedure of 1,500 notices. Answers are bounded, whatever the data.
const validateProcedure = createWireValidator("procedure-response");
const validateCard = createWireValidator("tender-details");
let tdb: TestDatabase;
let key: string;
let app: ReturnType<typeof createApp>;
let data: OversizedProcedures;

/** Status, size in bytes (as sent, uncompressed) and parsed body. */
async function get(path: string) {
  const response = await send(app, path, { headers: { "x-api-key": key } });
  const text = await response.text();
  return { status: response.status, bytes: Buffer.byteLength(text), json: JSON.parse(text) };
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  key = (await createApiKey(tdb.db, { name: "bounded", limitPerMinute: 1_000_000 })).key;
  app = createApp(testDeps(tdb.db));
  data = await seedOversizedProcedures(tdb.db, { link: relinkProcedure });
}, 120_000);
afterAll(() => tdb?.destroy());

describe("bounded procedure answers (issue 32, finding 1)", () => {
  it("the procedure of five changes with 500 long-titled attachments each answers at most 1 MB", async () => {
    const { status, bytes, json } = await get(`/api/v1/procedures/${data.procedureId}`);
    expect(status).toBe(200);
    expect(bytes).toBeLessThanOrEqual(1_000_000);
    expect(validateProcedure(json)).toMatchObject({ ok: true });
    expect(json.notices_total).toBe(6);
    expect(json.notices_cursor).toBeNull();
    expect(json.awards).toHaveLength(1);
    const lists = json.notices.flatMap(
      (n: { changes: { field: string; from: unknown; to: unknown; total?: number }[] | null }) =>
        (n.changes ?? []).filter((c) => c.field.startsWith("documents_")),
    );
    // Four changes, each adding its 500 documents and removing the 500 of the notice before.
    expect(lists).toHaveLength(8);
    for (const change of lists) {
      const names = (change.field === "documents_added" ? change.to : change.from) as string[];
      expect(change.total).toBe(500);
      expect(names.length).toBeGreaterThan(0);
      expect(names.length).toBeLessThanOrEqual(CHANGE_DOCUMENT_LIMITS.documents);
      expect(names.join("").length).toBeLessThanOrEqual(CHANGE_DOCUMENT_LIMITS.characters);
    }
  });

  it("the award notice's card is at most 100 KB: no other notice's changes in its timeline", async () => {
    const { status, bytes, json } = await get(`/api/v1/tenders/${data.awardNoticeId}`);
    expect(status).toBe(200);
    expect(bytes).toBeLessThanOrEqual(100_000);
    expect(validateCard(json)).toMatchObject({ ok: true });
    expect(json.procedure.notices_total).toBe(6);
    expect(json.procedure.notices.map((n: { changes: unknown }) => n.changes)).toEqual(Array(6).fill(null));
  });

  it("a change notice's card keeps its own changes, cut, and no other's", async () => {
    const own = data.chain[2] as string;
    const { json } = await get(`/api/v1/tenders/${own}`);
    expect(validateCard(json)).toMatchObject({ ok: true });
    for (const notice of json.procedure.notices) {
      if (notice.id === own) expect(notice.changes.map((c: { total?: number }) => c.total)).toContain(500);
      else expect(notice.changes).toBeNull();
    }
  });

  it("a 1,500-notice procedure lists the first and the latest 99; its cursor reads the rest, each once, in order", async () => {
    const { bytes, json } = await get(`/api/v1/procedures/${data.largeProcedureId}`);
    expect(bytes).toBeLessThanOrEqual(1_000_000);
    expect(validateProcedure(json)).toMatchObject({ ok: true });
    expect(json.notices_total).toBe(1500);
    expect(json.notices).toHaveLength(PROCEDURE_NOTICE_LIMITS.listed);

    const validatePage = createWireValidator("procedure-notice-list");
    const all: { id: string; published_at: string; external_id: string }[] = [];
    let cursor: string | null = null;
    do {
      const page = await get(
        `/api/v1/procedures/${data.largeProcedureId}/notices${cursor ? `?cursor=${cursor}` : ""}`,
      );
      expect(page.status).toBe(200);
      expect(validatePage(page.json)).toMatchObject({ ok: true });
      all.push(...page.json.items);
      cursor = page.json.next_cursor;
    } while (cursor !== null);
    expect(all).toHaveLength(1500);
    expect(new Set(all.map((n) => n.id)).size).toBe(1500);
    const order = (n: { published_at: string; external_id: string }) => `${n.published_at} ${n.external_id}`;
    expect(all.map(order)).toEqual(all.map(order).sort());
    // The answer's notices are the walk's first and its latest 99.
    expect(json.notices).toEqual([all[0], ...all.slice(-99)]);

    // From the answer's cursor: the notices between the first and the latest 99, then those.
    const gap = await get(
      `/api/v1/procedures/${data.largeProcedureId}/notices?cursor=${json.notices_cursor}`,
    );
    expect(gap.json.items).toEqual(all.slice(1, 1 + PROCEDURE_NOTICE_LIMITS.page));
  });

  it("refuses another procedure's cursor, a forged one, unknown parameters and an unknown procedure", async () => {
    const { json } = await get(`/api/v1/procedures/${data.largeProcedureId}`);
    const elsewhere = await get(
      `/api/v1/procedures/${data.procedureId}/notices?cursor=${json.notices_cursor}`,
    );
    expect([elsewhere.status, elsewhere.json.error.details[0].path]).toEqual([422, "/cursor"]);
    const forged = await get(`/api/v1/procedures/${data.largeProcedureId}/notices?cursor=abc.def`);
    expect(forged.status).toBe(422);
    expect((await get(`/api/v1/procedures/${data.procedureId}/notices?limit=101`)).status).toBe(422);
    expect((await get(`/api/v1/procedures/${data.procedureId}/notices?sort=x`)).status).toBe(422);
    const unknown = await get("/api/v1/procedures/00000000-0000-4000-8000-000000000000/notices");
    expect(unknown.status).toBe(404);
  });

  it("sends one key at most CARD_CONCURRENCY_PER_KEY procedures at once: one more is 429 with Retry-After", async () => {
    const path = `/api/v1/procedures/${data.procedureId}`;
    const open = await Promise.all(
      [1, 2, 3, 4].map(() => send(app, path, { headers: { "x-api-key": key } })),
    );
    expect(open.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const fifth = await send(app, `${path}/notices`, { headers: { "x-api-key": key } });
    expect(fifth.status).toBe(429);
    expect(Number(fifth.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    await fifth.text();
    // A place frees once a body has been read to its end.
    await open[0]?.text();
    const again = await send(app, path, { headers: { "x-api-key": key } });
    expect(again.status).toBe(200);
    await Promise.all([again, ...open.slice(1)].map((r) => r.text()));
  });
});
