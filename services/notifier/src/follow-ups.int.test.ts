import { randomUUID } from "node:crypto";
import { createFakeProvider } from "@tender/ai";
import { createWireValidator, type NoticeChange, type NoticeKind } from "@tender/contracts";
import {
  claimWebhookDeliveries,
  createDb,
  type Db,
  ensureSource,
  lockProcedure,
  recordTenderMatches,
  setNoticeLink,
  setTenderProcedure,
} from "@tender/db";
import { holdTableLock, seedTender, useTestDatabase } from "@tender/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTenderIndexedHandler } from "./create-tender-indexed-handler.js";
import { indexedEvent } from "./testing/indexed-event.js";
import { saveSearch } from "./testing/save-search.js";
import { toAlert } from "./to-alert.js";

// Two notifier replicas: each its own handler and its own connection pool, on one database.
const t = useTestDatabase();
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
let replicas: { db: Db; handle: ReturnType<typeof createTenderIndexedHandler> }[];
let sourceId: string;
const validAlert = createWireValidator("alert-v1");
const MOVED: NoticeChange[] = [
  { field: "deadline", from: "2026-10-29T10:00:00.000Z", to: "2026-11-04T10:00:00.000Z" },
];

beforeAll(async () => {
  sourceId = (await ensureSource(t.db, "ted")).id;
  replicas = [0, 1].map(() => {
    const db = createDb(t.url, { max: 4 });
    return { db, handle: createTenderIndexedHandler({ db, ai: createFakeProvider(), logger: quiet }) };
  });
});
afterAll(async () => {
  await Promise.all(replicas.map((r) => r.db.destroy()));
});

const ctx = () => ({ deliveryCount: 1, signal: new AbortController().signal, working() {} });

/**
 * Every replica handles the event (and a duplicate of it with another event id) at the same time:
 * their statements wait behind a lock on `saved_search_matches` and start together when it goes.
 */
async function race(tender: { id: string; contentHash: string }): Promise<void> {
  const lock = await holdTableLock(t.url, "saved_search_matches");
  const handled = Promise.all(
    replicas.flatMap((r) => [r.handle(indexedEvent(tender), ctx()), r.handle(indexedEvent(tender), ctx())]),
  );
  try {
    await vi.waitFor(
      async () => {
        expect((await lock.running()).filter((q) => q.includes("WITH t AS MATERIALIZED"))).toHaveLength(4);
      },
      { timeout: 10_000, interval: 20 },
    );
  } finally {
    await lock.release();
  }
  await handled;
}

async function notice(procedureId: string, kind: NoticeKind, text: string, changes?: NoticeChange[]) {
  const tender = await seedTender(t.db, { chunks: [text] });
  await setTenderProcedure(t.db, tender.id, { procedureId, kind, supersedesExternalId: null });
  if (changes) await setNoticeLink(t.db, tender.id, { supersededBy: null, changes });
  return tender;
}

const alertsOn = (tenderId: string) =>
  t.db
    .selectFrom("saved_search_matches")
    .select(["saved_search_id", "reason"])
    .where("tender_id", "=", tenderId)
    .execute();

describe("follow-ups under racing notifier replicas", () => {
  it("record one follow-up and one delivery per saved search and notice, however the events are duplicated or replayed", async () => {
    const topic = `bridge ${randomUUID().slice(0, 8)} painting`;
    const hooked = await saveSearch(t.db, { query: topic, webhookUrl: "https://hooks.example.org/in" });
    const plain = await saveSearch(t.db, { query: topic });
    const procedureId = await lockProcedure(t.db, sourceId, `P-${randomUUID()}`);
    const original = await notice(procedureId, "competition", topic);
    await race(original);
    expect((await alertsOn(original.id)).map((a) => a.reason).sort()).toEqual(["match", "match"]);

    // Each later notice: both replicas, twice each, at once; then once more with a new content hash.
    const later: [NoticeKind, string, NoticeChange[] | undefined][] = [
      ["change", "changed", MOVED],
      ["result", "awarded", undefined],
      ["cancellation", "cancelled", undefined],
    ];
    for (const [kind, reason, changes] of later) {
      const n = await notice(
        procedureId,
        kind,
        kind === "result" ? "unrelated words entirely" : topic,
        changes,
      );
      await race(n);
      const reindexed = { id: n.id, contentHash: "f".repeat(64) };
      await sql`UPDATE tenders SET content_hash = ${reindexed.contentHash} WHERE id = ${n.id}`.execute(t.db);
      await race(reindexed);
      const alerts = await alertsOn(n.id);
      expect(alerts.map((a) => [a.saved_search_id, a.reason]).sort()).toEqual(
        [
          [hooked, reason],
          [plain, reason],
        ].sort(),
      );
    }
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM webhook_deliveries AS d JOIN saved_search_matches AS m ON m.id = d.match_id
      WHERE m.saved_search_id = ${hooked}`.execute(t.db);
    expect(rows[0]?.n).toBe(4);
  });

  it("keep one follow-up when one replica still records the old version while another records the new one", async () => {
    const topic = `tunnel ${randomUUID().slice(0, 8)} lighting`;
    const saved = await saveSearch(t.db, { query: topic });
    const procedureId = await lockProcedure(t.db, sourceId, `P-${randomUUID()}`);
    await race(await notice(procedureId, "competition", topic));
    const result = await notice(procedureId, "result", topic);
    const recorded = Promise.withResolvers<void>();
    const commit = Promise.withResolvers<void>();
    // Replica 0 records the result in a transaction that has not committed yet...
    const slow = (replicas[0] as (typeof replicas)[0]).db.transaction().execute(async (trx) => {
      await recordTenderMatches(trx, {
        tenderId: result.id,
        contentHash: result.contentHash,
        now: new Date(),
      });
      recorded.resolve();
      await commit.promise;
    });
    await recorded.promise;
    // ...when the notice is re-indexed and replica 1 records its new version.
    const newer = { id: result.id, contentHash: "e".repeat(64) };
    await sql`UPDATE tenders SET content_hash = ${newer.contentHash} WHERE id = ${result.id}`.execute(t.db);
    const fast = (replicas[1] as (typeof replicas)[1]).handle(indexedEvent(newer), ctx());
    try {
      // It waits on the one-follow-up index for replica 0's row, then records nothing.
      await vi.waitFor(
        async () => {
          const { rows } = await sql<{ n: number }>`
            SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE wait_event_type = 'Lock' AND query LIKE '%WITH t AS MATERIALIZED%'`.execute(t.db);
          expect(rows[0]?.n).toBe(1);
        },
        { timeout: 10_000, interval: 20 },
      );
    } finally {
      commit.resolve();
    }
    await Promise.all([slow, fast]);
    expect(await alertsOn(result.id)).toEqual([{ saved_search_id: saved, reason: "awarded" }]);
  });

  it("send follow-ups as AlertV1 bodies with their reason, procedure and changes", async () => {
    const claimed = await claimWebhookDeliveries(t.db, { limit: 100, leaseMs: 60_000 });
    const alerts = claimed.map(toAlert);
    for (const alert of alerts) expect(validAlert(alert)).toEqual({ ok: true, value: alert });
    const changed = alerts.find((a) => a.reason === "changed");
    expect(changed).toMatchObject({ changes: MOVED, procedure_id: expect.any(String) });
    expect(changed?.procedure_id).toBe(changed?.tender.procedure_id);
    const match = alerts.find((a) => a.reason === "match");
    expect(match).toMatchObject({ changes: null, procedure_id: null });
    expect(alerts.map((a) => a.reason).sort()).toEqual(["awarded", "cancelled", "changed", "match"]);
    expect(alerts.every((a) => a.saved_search.name.startsWith("alert bridge"))).toBe(true);
  });
});
