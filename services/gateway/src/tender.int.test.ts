import { createWireValidator } from "@tender/contracts";
import { createApiKey } from "@tender/db";
import { createTestDatabase, SEED_TENDER_FIELDS, seedTender, type TestDatabase } from "@tender/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./create-app.js";
import { readJson, send } from "./testing/requests.js";
import { testDeps } from "./testing/test-deps.js";

const validateCard = createWireValidator("tender-details");
let tdb: TestDatabase;
let key: string;
let keyId: string;

beforeAll(async () => {
  tdb = await createTestDatabase();
  ({ key, id: keyId } = await createApiKey(tdb.db, { name: "card", limitPerMinute: 1 }));
});
afterAll(() => tdb.destroy());

describe("GET /api/v1/tenders/{id}", () => {
  it("returns the card with its attachments and nothing internal", async () => {
    const tender = await seedTender(tdb.db, {
      countries: ["GB"],
      cpv_codes: ["55523100", "55524000"],
      source: "contracts_finder",
      title: "School catering",
      attachments: ["b-spec.pdf", "a-terms.pdf"].map((filename) => ({
        filename,
        contentType: "application/pdf",
      })),
      chunks: ["School catering services."],
    });
    const ready = tender.attachmentIds.get("a-terms.pdf") as string;
    await tdb.db
      .updateTable("attachments")
      .set({
        download_status: "ready",
        local_path: "/var/lib/tender/files/secret-path",
        sha256: "a".repeat(64),
        size_bytes: 2048,
        last_error: "old secret error",
      })
      .where("id", "=", ready)
      .execute();
    await tdb.db
      .updateTable("tenders")
      .set({ indexed_hash: "b".repeat(64), index_status: "failed", last_error: "secret indexer error" })
      .where("id", "=", tender.id)
      .execute();

    const app = createApp(testDeps(tdb.db));
    // Upper case is a well-formed uuid too.
    const response = await send(app, `/api/v1/tenders/${tender.id.toUpperCase()}`, {
      headers: { "x-api-key": key },
    });
    expect(response.status).toBe(200);
    const card = await readJson(response);
    expect(validateCard(card)).toMatchObject({ ok: true });
    expect(card).toEqual({
      id: tender.id,
      source: "contracts_finder",
      external_id: expect.any(String),
      title: "School catering",
      description: SEED_TENDER_FIELDS.description,
      buyer_name: SEED_TENDER_FIELDS.buyer_name,
      amount: SEED_TENDER_FIELDS.amount,
      currency: SEED_TENDER_FIELDS.currency,
      published_at: SEED_TENDER_FIELDS.published_at,
      deadline: SEED_TENDER_FIELDS.deadline,
      source_url: tender.sourceUrl,
      countries: ["GB"],
      cpv_codes: ["55523100", "55524000"],
      cpv: [
        { code: "55523100", label: "School-meal services" },
        { code: "55524000", label: "School catering services" },
      ],
      index_status: "failed",
      // Stored before its source mapped a procedure: a call for competition of none.
      procedure_id: null,
      kind: "competition",
      superseded_by: null,
      procedure: null,
      buyer_organisation_id: null,
      awards: [],
      attachments: [
        {
          id: ready,
          filename: "a-terms.pdf",
          title: null,
          content_type: "application/pdf",
          size_bytes: 2048,
          download_status: "ready",
          source_url: expect.stringContaining("a-terms.pdf"),
        },
        {
          id: tender.attachmentIds.get("b-spec.pdf"),
          filename: "b-spec.pdf",
          title: null,
          content_type: "application/pdf",
          size_bytes: null,
          download_status: "pending",
          source_url: expect.stringContaining("b-spec.pdf"),
        },
      ],
    });
    const text = JSON.stringify(card);
    for (const leak of [
      "raw_payload",
      "raw payload",
      "content_hash",
      "indexed_hash",
      "local_path",
      "secret",
      "sha256",
      "last_error",
      "key_hash",
      "a".repeat(64),
    ]) {
      expect(text).not.toContain(leak);
    }
  });

  it("needs a key but is not rate limited", async () => {
    const tender = await seedTender(tdb.db, { chunks: ["Ferry terminal."] });
    const app = createApp(testDeps(tdb.db));
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const response = await send(app, `/api/v1/tenders/${tender.id}`, { headers: { "x-api-key": key } });
      expect(response.headers.get("x-ratelimit-limit")).toBeNull();
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200]);
    const { rows } = await sql<{
      request_count: number;
    }>`SELECT request_count FROM api_keys WHERE id = ${keyId}`.execute(tdb.db);
    expect(rows[0]?.request_count).toBe(0);
  });
});

describe("access log", () => {
  it("writes one line per request with request id, key id, method, route, status and duration, never the key", async () => {
    const tender = await seedTender(tdb.db, { chunks: ["Harbour dredging."] });
    const deps = testDeps(tdb.db);
    const app = createApp(deps);
    await send(app, `/api/v1/tenders/${tender.id}`, {
      headers: { "x-api-key": key, "x-request-id": "log-1" },
    });
    await send(app, "/nowhere", { headers: { "x-request-id": "log-2" } });
    await send(app, "/health/live", {
      method: "POST",
      headers: { "x-request-id": "log-3", "x-api-key": key },
    });
    const requests = deps.lines.filter((line) => line.msg === "request");
    expect(requests).toEqual([
      expect.objectContaining({
        request_id: "log-1",
        key_id: keyId,
        method: "GET",
        route: "/api/v1/tenders/:id",
        status: 200,
      }),
      expect.objectContaining({ request_id: "log-2", key_id: null, method: "GET", route: null, status: 404 }),
      expect.objectContaining({
        request_id: "log-3",
        key_id: null,
        method: "POST",
        route: "/health/live",
        status: 405,
      }),
    ]);
    for (const line of requests) expect(line.duration_ms).toEqual(expect.any(Number));
    expect(JSON.stringify(deps.lines)).not.toContain(key);
  });
});
