import { randomUUID } from "node:crypto";
import { type Bus, busNames, busTopology, connectBus, ensureTopology } from "@tender/bus";
import {
  ensureSource,
  insertOutboxEvent,
  markOutboxPublished,
  quarantineRecord,
  saveSourceCursor,
} from "@tender/db";
import {
  createTestDatabase,
  seedSavedSearch,
  type TestDatabase,
  testNatsUrl,
  uniqueBusToken,
} from "@tender/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCaptured } from "../run-captured.js";

const prefix = `t${uniqueBusToken()}`;
const topology = busTopology({ names: busNames(prefix) });
const { names } = topology;
let t: TestDatabase;
let bus: Bus;
let env: Record<string, string>;

const LONG_CURSOR = `https://www.contractsfinder.service.gov.uk/api/search?cursor=${"x".repeat(200)}END`;

async function seed(): Promise<void> {
  const ted = await ensureSource(t.db, "ted");
  const cf = await ensureSource(t.db, "contracts_finder");
  await saveSourceCursor(t.db, cf.id, LONG_CURSOR, new Date("2026-03-01T10:00:00.000Z"));
  const statuses = ["pending", "pending", "processing", "ready", "ready", "ready", "failed"] as const;
  const tenderIds: string[] = [];
  for (const [i, status] of statuses.entries()) {
    const row = await t.db
      .insertInto("tenders")
      .values({
        source_id: ted.id,
        external_id: `S-${i}`,
        title: `Tender ${i}`,
        buyer_name: "Buyer",
        published_at: "2026-01-01T00:00:00Z",
        source_url: `https://example.org/${i}`,
        content_hash: "a".repeat(64),
        raw_payload: "{}",
        index_status: status,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    tenderIds.push(row.id);
  }
  const downloads = ["pending", "ready", "ready", "failed", "skipped", "skipped"] as const;
  for (const [i, status] of downloads.entries()) {
    await t.db
      .insertInto("attachments")
      .values({
        tender_id: tenderIds[0] ?? "",
        filename: `f${i}.pdf`,
        source_url: `https://example.org/f${i}.pdf`,
        download_status: status,
        ...(status === "ready" ? { local_path: `files/f${i}`, sha256: "b".repeat(64), size_bytes: 10 } : {}),
      })
      .execute();
  }
  const ids: number[] = [];
  for (let i = 0; i < 4; i++) {
    ids.push(
      await insertOutboxEvent(t.db, { eventId: randomUUID(), subject: names.subject, payload: { i } }),
    );
  }
  await markOutboxPublished(t.db, ids.slice(0, 1));
  // The oldest unpublished event is 90 seconds old by the database clock.
  await sql`UPDATE outbox SET created_at = now() - interval '90 seconds' WHERE id = ${ids[1]}`.execute(t.db);
  await quarantineRecord(t.db, { source: "ted", externalId: "Q-1", reason: "title missing", rawPayload: {} });
  for (const line of [3, 7]) {
    const reason = `line ${line}: title: Must be at most 4000 characters long`;
    await quarantineRecord(t.db, { source: "ted", externalId: `Q-${line}`, reason, rawPayload: {} });
  }
  // Webhook deliveries: one due 10 minutes ago, one due in an hour, one failed, one delivered.
  const states = [
    ["pending", "-10 minutes"],
    ["pending", "1 hour"],
    ["failed", "-1 day"],
    ["delivered", "-1 day"],
  ] as const;
  for (const [status, due] of states) {
    const saved = await seedSavedSearch(t.db, { name: status });
    await sql`
      WITH m AS (
        INSERT INTO saved_search_matches (saved_search_id, tender_id, content_hash, score, snippet)
        VALUES (${saved.id}, ${tenderIds[0]}, ${"a".repeat(64)}, 0.8, 'Asphalt road repair.')
        RETURNING id
      )
      INSERT INTO webhook_deliveries (match_id, status, next_attempt_at)
      SELECT id, ${status}, now() + ${due}::interval FROM m`.execute(t.db);
  }
  // Email: one address stopped after refusals (its digest failed), one confirmation waiting.
  const stopped = await seedSavedSearch(t.db, { name: "mail stopped" });
  const waiting = await seedSavedSearch(t.db, { name: "mail waiting" });
  await sql`
    INSERT INTO email_channels (saved_search_id, address, frequency, status, stopped_reason)
    VALUES (${stopped.id}, 'a@example.org', 'instant', 'stopped', '550'),
           (${waiting.id}, 'b@example.org', 'instant', 'unconfirmed', NULL)`.execute(t.db);
  await sql`
    INSERT INTO email_messages (channel_id, kind, status)
    VALUES (${stopped.id}, 'confirmation', 'failed'), (${waiting.id}, 'confirmation', 'pending')`.execute(
    t.db,
  );
}

beforeAll(async () => {
  t = await createTestDatabase();
  bus = await connectBus({ servers: testNatsUrl(), name: "cli-status-test" });
  await ensureTopology(bus.jsm, topology);
  await seed();
  for (let i = 0; i < 3; i++) await bus.js.publish(names.subject, JSON.stringify({ i }));
  for (let i = 0; i < 2; i++) await bus.js.publish(names.indexedSubject, JSON.stringify({ i }));
  await bus.js.publish(names.dlqSubject, "poison");
  // The downloader takes one message and leaves it unacknowledged.
  const downloader = await bus.js.consumers.get(names.stream, names.consumers.downloader);
  const taken = await downloader.next({ expires: 5_000 });
  expect(taken?.seq).toBe(1);
  // So does the notifier, with the first indexed tender.
  const notifier = await bus.js.consumers.get(names.stream, names.consumers.notifier);
  expect((await notifier.next({ expires: 5_000 }))?.seq).toBe(4);
  env = { DATABASE_URL: t.url, NATS_URL: testNatsUrl(), BUS_PREFIX: prefix };
});

afterAll(async () => {
  for (const stream of [names.stream, names.dlqStream]) await bus.jsm.streams.delete(stream).catch(() => {});
  await bus.close();
  await t.destroy();
});

describe("tender status", () => {
  it("--json reports tenders, attachments, outbox, sources, consumers and dead letters", async () => {
    const { code, stdout, stderr } = await runCaptured(["status", "--json"], env);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report.database.tenders).toEqual({ pending: 2, processing: 1, ready: 3, failed: 1, total: 7 });
    expect(report.database.attachments).toEqual({ pending: 1, ready: 2, failed: 1, skipped: 2, total: 6 });
    expect(report.database.outbox.unpublished).toBe(3);
    expect(report.database.outbox.oldest_age_seconds).toBeGreaterThanOrEqual(90);
    expect(report.database.outbox.oldest_age_seconds).toBeLessThan(3600);
    expect(report.database.quarantined_records).toBe(3);
    expect(report.database.quarantine_reason_kinds).toBe(2);
    expect(
      report.database.quarantined_by_reason.map((r: { reason: string; count: number }) => [
        r.reason,
        r.count,
      ]),
    ).toEqual([
      ["title: Must be at most 4000 characters long", 2],
      ["title missing", 1],
    ]);
    expect(report.database.sources).toEqual([
      { code: "contracts_finder", cursor: LONG_CURSOR, last_sync_at: "2026-03-01T10:00:00.000Z" },
      { code: "ted", cursor: null, last_sync_at: null },
    ]);
    expect(report.bus.streams).toEqual([
      { name: names.stream, exists: true, messages: 5, first_seq: 1, last_seq: 5 },
    ]);
    expect(report.bus.dead_letters).toEqual([
      { name: names.dlqStream, exists: true, messages: 1, first_seq: 1, last_seq: 1 },
    ]);
    const byName = Object.fromEntries(report.bus.consumers.map((c: { name: string }) => [c.name, c]));
    expect(byName.indexer).toMatchObject({
      exists: true,
      num_pending: 3,
      num_ack_pending: 0,
      num_redelivered: 0,
    });
    expect(byName.downloader).toMatchObject({
      exists: true,
      num_pending: 2,
      num_ack_pending: 1,
      num_redelivered: 0,
      delivered_seq: 1,
      ack_floor_seq: 0,
    });
    expect(byName.notifier).toMatchObject({
      exists: true,
      num_pending: 1,
      num_ack_pending: 1,
      delivered_seq: 4,
    });
    expect(report.database.webhook_deliveries).toMatchObject({ pending: 2, due: 1, failed: 1 });
    expect(report.database.emails).toEqual({ pending: 1, failed: 1, stopped_channels: 1 });
    expect(report.database.webhook_deliveries.oldest_due_age_seconds).toBeGreaterThanOrEqual(600);
    expect(report.database.webhook_deliveries.oldest_due_age_seconds).toBeLessThan(3600);
  });

  it("prints the same as tables, with the cursor shortened", async () => {
    const { code, stdout } = await runCaptured(["status"], env);
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /Tenders by index_status\nSTATUS\s+COUNT\npending\s+2\nprocessing\s+1\nready\s+3\nfailed\s+1\ntotal\s+7/,
    );
    expect(stdout).toMatch(/Outbox: 3 event\(s\) waiting to be published, oldest \d+m( \d+s)? old \(/);
    expect(stdout).toMatch(/contracts_finder\s+2026-03-01T10:00:00.000Z\s+https:\/\/www\.contract…x+END\n/);
    expect(stdout).not.toContain(LONG_CURSOR);
    expect(stdout).toMatch(
      /Quarantined source records: 3, by reason\nSOURCE\s+COUNT\s+LAST\s+REASON\nted\s+2\s+\S+\s+title: Must be at most 4000 characters long\nted\s+1\s+\S+\s+title missing/,
    );
    expect(stdout).toMatch(/indexer\s+3\s+0\s+0\s+0\s+0\n/);
    expect(stdout).toMatch(/downloader\s+2\s+1\s+0\s+1\s+0\n/);
    expect(stdout).toMatch(/notifier\s+1\s+1\s+0\s+4\s+0\n/);
    expect(stdout).toMatch(
      /Webhook alerts: 2 pending, 1 due now \(the oldest 1\dm( \d+s)? late\); 1 failed — see: tender alerts list\n/,
    );
    expect(stdout).toContain(
      "Email digests: 1 pending; 1 failed — see: tender alerts mail list; 1 address(es) stopped after refusals\n",
    );
    expect(stdout).toContain(`Dead letters (${names.dlqStream}): 1 — see: tender events dlq list`);
  });

  it("lists tenders per country and per CPV division, top 10", async () => {
    await sql`UPDATE tenders SET countries = '{}', cpv_codes = '{}'`.execute(t.db);
    const empty = await runCaptured(["status"], env);
    expect(empty.stdout).toContain(
      "Tenders by country (top 10): none yet (run `tender remap` after an upgrade)",
    );
    const countries = ["AT", "BE", "CY", "DE", "EE", "FR", "GB"];
    await sql`
      UPDATE tenders SET
        countries = CASE WHEN external_id < 'S-3' THEN ${countries}::text[] ELSE '{FR}' END,
        cpv_codes = CASE WHEN external_id < 'S-3' THEN '{45233141,45000000,72000000}'::text[] ELSE '{09310000}' END`.execute(
      t.db,
    );
    const { stdout } = await runCaptured(["status", "--json"], env);
    const report = JSON.parse(stdout).database;
    expect(report.tenders_by_country).toHaveLength(7);
    expect(report.tenders_by_country[0]).toEqual({ value: "FR", count: 7 });
    expect(report.tenders_by_cpv_division).toEqual([
      { value: "09", count: 4 },
      { value: "45", count: 3 },
      { value: "72", count: 3 },
    ]);
    const text = await runCaptured(["status"], env);
    expect(text.stdout).toMatch(
      /Tenders by CPV division \(top 10\)\nDIVISION\s+TENDERS\n09\s+4\n45\s+3\n72\s+3\n/,
    );
  });

  it("counts notices per kind and the procedures with more than one notice", async () => {
    const source = await sql<{ id: string }>`SELECT id FROM sources WHERE code = 'ted'`.execute(t.db);
    const procedure = await sql<{ id: string }>`
      INSERT INTO procedures (source_id, procedure_key) VALUES (${source.rows[0]?.id}, 'P-1') RETURNING id`.execute(
      t.db,
    );
    // Seven tenders: S-1 a call for competition, S-2 its change, S-3 a result of its own.
    await sql`
      UPDATE tenders SET
        kind = CASE external_id WHEN 'S-2' THEN 'change' WHEN 'S-3' THEN 'result' ELSE 'competition' END,
        procedure_id = CASE WHEN external_id IN ('S-1', 'S-2') THEN ${procedure.rows[0]?.id}::uuid END`.execute(
      t.db,
    );
    const report = JSON.parse((await runCaptured(["status", "--json"], env)).stdout).database;
    expect(report.tenders_by_kind).toEqual([
      { value: "competition", count: 5 },
      { value: "change", count: 1 },
      { value: "result", count: 1 },
    ]);
    expect(report.procedures_with_several_notices).toBe(1);
    const text = await runCaptured(["status"], env);
    expect(text.stdout).toMatch(/Notices by kind\nKIND\s+TENDERS\ncompetition\s+5\nchange\s+1\nresult\s+1\n/);
    expect(text.stdout).toContain("Procedures with more than one notice: 1");
    expect(report.unlinked_notices).toEqual([]);
    expect(text.stdout).toContain("Notices not linked: none");
  });

  // Issue 32: what could not be linked is kept apart and counted with the reason.
  it("counts the notices that could not be linked, by reason", async () => {
    const source = await sql<{ id: string }>`SELECT id FROM sources WHERE code = 'ted'`.execute(t.db);
    const ids = await sql<{ id: string }>`
      INSERT INTO procedures (source_id, procedure_key)
      VALUES (${source.rows[0]?.id}, 'U-1'), (${source.rows[0]?.id}, 'U-2') RETURNING id`.execute(t.db);
    const [p1, p2] = ids.rows.map((r) => r.id);
    await sql`INSERT INTO procedure_notice_keys (notice_key, procedure_id)
      VALUES ('find-a-tender:notice:000001-2026', ${p1}), ('find-a-tender:notice:000001-2026', ${p2})`.execute(
      t.db,
    );
    await sql`
      UPDATE tenders SET procedure_id = ${p1}::uuid,
        names_notice = CASE external_id WHEN 'S-1' THEN 'find-a-tender:notice:000001-2026'
                                        WHEN 'S-2' THEN 'find-a-tender:notice:999999-2026' END,
        beside = external_id = 'S-3'`.execute(t.db);
    const report = JSON.parse((await runCaptured(["status", "--json"], env)).stdout).database;
    expect(report.unlinked_notices).toEqual([
      { reason: "names a notice of the other UK portal that is not stored (yet)", count: 1 },
      { reason: "names a notice that several procedures claim as their own", count: 1 },
      { reason: "stands beside its procedure: published for another buyer", count: 1 },
    ]);
    const text = await runCaptured(["status"], env);
    expect(text.stdout).toMatch(
      /Notices not linked, by reason\nCOUNT\s+REASON\n1\s+names a notice of the other/,
    );
  });

  it("counts result notices with and without awards, and why awards could not be read", async () => {
    // S-3 and S-4 are results: S-3 with an award, S-4 with an XML that could not be fetched.
    await sql`UPDATE tenders SET kind = 'result' WHERE external_id IN ('S-3', 'S-4')`.execute(t.db);
    await sql`
      INSERT INTO awards (tender_id, position, lot, value, currency)
      SELECT id, 0, 'LOT-0001', 239689.54, 'EUR' FROM tenders WHERE external_id = 'S-3'`.execute(t.db);
    await sql`
      UPDATE tenders SET awards_unreadable =
        'the eForms XML could not be fetched: Request to https://ted.europa.eu/en/notice/' || external_id || '/xml failed: HTTP 503'
      WHERE external_id IN ('S-4', 'S-5')`.execute(t.db);
    const report = JSON.parse((await runCaptured(["status", "--json"], env)).stdout).database;
    expect(report.awards).toEqual({
      with_awards: 1,
      without_awards: 1,
      unreadable_by_reason: [
        { reason: "the eForms XML could not be fetched: Request to <url> failed: HTTP 503", count: 2 },
      ],
    });
    const text = await runCaptured(["status"], env);
    expect(text.stdout).toMatch(
      /Result notices: 1 with awards, 1 without; awards unreadable or cut, by reason\nCOUNT\s+REASON\n2\s+the eForms XML could not be fetched: Request to <url> failed: HTTP 503\n/,
    );
  });

  it("counts organisations as buyers and suppliers", async () => {
    const empty = JSON.parse((await runCaptured(["status", "--json"], env)).stdout).database;
    expect(empty.organisations).toEqual({ total: 0, buyers: 0, suppliers: 0 });
    await sql`
      INSERT INTO organisations (org_key, name, is_buyer, is_supplier)
      VALUES ('name:a:-', 'A', true, false), ('name:b:-', 'B', false, true), ('name:c:-', 'C', true, true)`.execute(
      t.db,
    );
    const report = JSON.parse((await runCaptured(["status", "--json"], env)).stdout).database;
    expect(report.organisations).toEqual({ total: 3, buyers: 2, suppliers: 2 });
    const text = await runCaptured(["status"], env);
    expect(text.stdout).toContain("Organisations: 3 (2 buyers, 2 suppliers)");
  });

  it("says a lost consumer is missing and how to recreate it", async () => {
    await bus.jsm.consumers.delete(names.stream, names.consumers.indexer);
    try {
      const { code, stdout } = await runCaptured(["status"], env);
      expect(code).toBe(0);
      expect(stdout).toMatch(/indexer\s+missing\s+-/);
      expect(stdout).toContain(
        "Consumer indexer is missing; recreate it with: tender events replay --consumer indexer --from-seq 1",
      );
      const json = JSON.parse((await runCaptured(["status", "--json"], env)).stdout);
      expect(json.bus.consumers.find((c: { name: string }) => c.name === "indexer")).toMatchObject({
        exists: false,
        num_pending: null,
      });
    } finally {
      await ensureTopology(bus.jsm, topology);
    }
  });

  it("says when the streams do not exist yet", async () => {
    const fresh = busNames(`t${uniqueBusToken()}`);
    const { code, stdout } = await runCaptured(["status"], {
      ...env,
      BUS_PREFIX: fresh.subject.split(".")[0] ?? "",
    });
    expect(code).toBe(0);
    expect(stdout).toContain(
      `Stream ${fresh.stream}: missing — start any service once (they create streams and consumers), or check BUS_PREFIX`,
    );
    expect(stdout).not.toContain("recreate it with");
    expect(stdout).toContain(`Dead letters (${fresh.dlqStream}): stream missing`);
  });

  it("still shows the database when NATS cannot be reached, and exits 1", async () => {
    const { code, stdout, stderr } = await runCaptured(["status", "--json"], {
      ...env,
      NATS_URL: "nats://127.0.0.1:1",
    });
    expect(code).toBe(1);
    const report = JSON.parse(stdout);
    expect(report.database.tenders.total).toBe(7);
    expect(report.bus.error).toMatch(/^cannot reach NATS at nats:\/\/127\.0\.0\.1:1 /);
    expect(stderr).toBe("error: status is incomplete: NATS could not be read\n");
  });
});
