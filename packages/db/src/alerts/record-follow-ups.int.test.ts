import { randomBytes, randomUUID } from "node:crypto";
import type { NoticeChange, NoticeKind } from "@tender/contracts";
import { seedSavedSearch, seedTender, useTestDatabase } from "@tender/testing";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { setApiKeyEnabled } from "../keys/api-keys.repository.js";
import { lockProcedure, setNoticeLink, setTenderProcedure } from "../procedures/procedures.repository.js";
import { recordTenderMatches, recordTenderMatchesSql } from "./record-tender-matches.js";

const t = useTestDatabase({ source: "ted" });
const NOW = new Date("2026-10-01T00:00:00Z");
const SECRET_KEY = randomBytes(32);
const DEADLINE_MOVED: NoticeChange[] = [
  { field: "deadline", from: "2026-10-29T10:00:00.000Z", to: "2026-11-04T10:00:00.000Z" },
];

/** Words no other test uses: a saved search of one topic matches only its test's notices. */
const newTopic = () => Array.from({ length: 4 }, () => `w${randomBytes(4).toString("hex")}`).join(" ");

/** A notice of `procedureId` stored as ingest stores it: the tender, its place in the procedure, its changes. */
async function notice(procedureId: string, kind: NoticeKind, text: string, changes?: NoticeChange[] | null) {
  const tender = await seedTender(t.db, { chunks: [text] });
  await setTenderProcedure(t.db, tender.id, { procedureId, kind, supersedesExternalId: null });
  if (changes !== undefined) await setNoticeLink(t.db, tender.id, { supersededBy: null, changes });
  return tender;
}

const newProcedure = () => lockProcedure(t.db, t.sourceId, `P-${randomUUID()}`);
const record = (tender: { id: string; contentHash: string }) =>
  recordTenderMatches(t.db, { tenderId: tender.id, contentHash: tender.contentHash, now: NOW });
const alertsOf = (savedSearchId: string) =>
  t.db
    .selectFrom("saved_search_matches")
    .select(["tender_id", "reason", "procedure_id", "changes", "content_hash"])
    .where("saved_search_id", "=", savedSearchId)
    .orderBy("matched_at")
    .execute();
/** A saved search of `topic`; it matches the notices of that topic on their own. */
const follower = (topic: string, webhook = false) =>
  seedSavedSearch(t.db, {
    query: topic,
    ...(webhook
      ? { webhookUrl: "https://hooks.example.org/in", webhookSecret: "s", secretKey: SECRET_KEY }
      : {}),
  });
/** Gives the saved search another topic's query: from now on it matches nothing here on its own. */
const drift = (savedSearchId: string) =>
  sql`UPDATE saved_searches SET query_embedding = array_fill(0.03125::real, ARRAY[1024])::vector
      WHERE id = ${savedSearchId}`.execute(t.db);

describe("follow-up alerts", () => {
  it("a change of a followed procedure alerts whether or not it matches, once, with its changes and a delivery", async () => {
    const topic = newTopic();
    const procedureId = await newProcedure();
    const original = await notice(procedureId, "competition", topic);
    const hooked = await follower(topic, true);
    const drifted = await follower(topic);
    expect(await record(original)).toEqual({ matches: 2, followUps: 0, deliveries: 1 });
    await drift(drifted.id);
    // A saved search that never matched the procedure: the change does not match it, so it is nothing to it.
    const newcomer = await follower(topic);

    const change = await notice(procedureId, "change", newTopic(), DEADLINE_MOVED);
    expect(await record(change)).toEqual({
      matches: 2,
      followUps: 2,
      deliveries: 1,
      followUpReason: "changed",
    });
    for (const id of [hooked.id, drifted.id]) {
      expect((await alertsOf(id)).at(-1)).toEqual({
        tender_id: change.id,
        reason: "changed",
        procedure_id: procedureId,
        changes: DEADLINE_MOVED,
        content_hash: change.contentHash,
      });
    }
    expect(await alertsOf(newcomer.id)).toEqual([]);
    const { rows } = await sql<{ tender_id: string }>`
      SELECT m.tender_id FROM webhook_deliveries AS d JOIN saved_search_matches AS m ON m.id = d.match_id
      WHERE m.saved_search_id = ${hooked.id} AND m.reason = 'changed'`.execute(t.db);
    expect(rows).toEqual([{ tender_id: change.id }]);
  });

  it("a followed notice that also matches on its own is recorded once, with the follow-up reason", async () => {
    const topic = newTopic();
    const procedureId = await newProcedure();
    const saved = await follower(topic);
    await record(await notice(procedureId, "competition", topic));
    const newcomer = await follower(topic);
    const change = await notice(procedureId, "change", topic, DEADLINE_MOVED);
    // The follower's follow-up and the newcomer's plain match.
    expect(await record(change)).toEqual({
      matches: 2,
      followUps: 1,
      deliveries: 0,
      followUpReason: "changed",
    });
    expect((await alertsOf(saved.id)).map((a) => a.reason)).toEqual(["match", "changed"]);
    expect((await alertsOf(newcomer.id)).map((a) => [a.tender_id, a.reason])).toEqual([[change.id, "match"]]);
  });

  it("results are awarded, cancellations cancelled, modifications changed; planning and competition are no follow-ups", async () => {
    const topic = newTopic();
    const procedureId = await newProcedure();
    const saved = await follower(topic);
    await record(await notice(procedureId, "competition", topic));
    await drift(saved.id);
    const kinds: [NoticeKind, string | undefined][] = [
      ["planning", undefined],
      ["competition", undefined],
      ["result", "awarded"],
      ["modification", "changed"],
      ["cancellation", "cancelled"],
    ];
    for (const [kind, reason] of kinds) {
      const n = await notice(procedureId, kind, topic, kind === "modification" ? DEADLINE_MOVED : undefined);
      await record(n);
      const alerts = (await alertsOf(saved.id)).filter((a) => a.tender_id === n.id);
      expect(alerts.map((a) => a.reason)).toEqual(reason ? [reason] : []);
    }
  });

  it("a change or modification that changes nothing a person sees records nothing for its followers", async () => {
    const topic = newTopic();
    const procedureId = await newProcedure();
    const saved = await follower(topic);
    await record(await notice(procedureId, "competition", topic));
    for (const kind of ["change", "modification"] as const) {
      const newcomer = await follower(topic);
      const quiet = await notice(procedureId, kind, topic, []);
      // Not even a match, though it matches: it tells the follower nothing new.
      expect(await record(quiet)).toEqual({ matches: 1, followUps: 0, deliveries: 0 });
      expect((await alertsOf(saved.id)).filter((a) => a.tender_id === quiet.id)).toEqual([]);
      // Someone who never followed the procedure sees a new notice matching the query.
      expect((await alertsOf(newcomer.id)).filter((a) => a.tender_id === quiet.id)).toHaveLength(1);
    }
  });

  it("at most one follow-up per saved search and notice: replays and re-indexed versions add nothing", async () => {
    const topic = newTopic();
    const procedureId = await newProcedure();
    const saved = await follower(topic, true);
    await record(await notice(procedureId, "competition", topic));
    const result = await notice(procedureId, "result", topic);
    expect(await record(result)).toEqual({
      matches: 1,
      followUps: 1,
      deliveries: 1,
      followUpReason: "awarded",
    });
    expect(await record(result)).toEqual({ matches: 0, followUps: 0, deliveries: 0 });
    for (const hash of ["b", "c"]) {
      await sql`UPDATE tenders SET content_hash = ${hash.repeat(64)} WHERE id = ${result.id}`.execute(t.db);
      expect(await record({ id: result.id, contentHash: hash.repeat(64) })).toEqual({
        matches: 0,
        followUps: 0,
        deliveries: 0,
      });
    }
    expect((await alertsOf(saved.id)).filter((a) => a.tender_id === result.id)).toHaveLength(1);
  });

  it("a disabled key's saved searches record no follow-up", async () => {
    const topic = newTopic();
    const procedureId = await newProcedure();
    const saved = await follower(topic);
    await record(await notice(procedureId, "competition", topic));
    await setApiKeyEnabled(t.db, saved.apiKeyId, false);
    const cancellation = await notice(procedureId, "cancellation", topic);
    expect(await record(cancellation)).toEqual({ matches: 0, followUps: 0, deliveries: 0 });
    await setApiKeyEnabled(t.db, saved.apiKeyId, true);
    expect(await record(cancellation)).toEqual({
      matches: 1,
      followUps: 1,
      deliveries: 0,
      followUpReason: "cancelled",
    });
  });

  it("a match follows its tender when a remap moves it to another procedure", async () => {
    const topic = newTopic();
    const [first, second] = [await newProcedure(), await newProcedure()];
    const saved = await follower(topic);
    const original = await notice(first, "competition", topic);
    await record(original);
    await setTenderProcedure(t.db, original.id, {
      procedureId: second,
      kind: "competition",
      supersedesExternalId: null,
    });
    expect((await alertsOf(saved.id)).map((a) => a.procedure_id)).toEqual([second]);
    await drift(saved.id);
    expect(await record(await notice(first, "result", topic))).toMatchObject({ followUps: 0 });
    expect(await record(await notice(second, "result", topic))).toMatchObject({ followUps: 1 });
  });

  it("finds the followers with one index scan of saved_search_matches_procedure_idx", async () => {
    const procedureId = await newProcedure();
    const saved = await follower(newTopic());
    const other = await seedTender(t.db, { chunks: [newTopic()] });
    // 20,000 alerts over 2,000 procedures: reading them all would show as a sequential scan.
    await sql`
      WITH p AS (
        INSERT INTO procedures (source_id, procedure_key)
        SELECT ${t.sourceId}, 'bulk-' || g FROM generate_series(1, 2000) AS g RETURNING id)
      INSERT INTO saved_search_matches (saved_search_id, tender_id, content_hash, score, snippet, procedure_id)
      SELECT ss.id, tn.id, md5(p.id::text || g) || md5(g::text), 0.5, 'x', p.id
      FROM p CROSS JOIN generate_series(1, 10) AS g
      CROSS JOIN (VALUES (${saved.id}::uuid)) AS ss (id) CROSS JOIN (VALUES (${other.id}::uuid)) AS tn (id)`.execute(
      t.db,
    );
    await sql`ANALYZE saved_search_matches`.execute(t.db);
    const change = await notice(procedureId, "change", newTopic(), DEADLINE_MOVED);
    const { rows } = await sql<{ "QUERY PLAN": string }>`EXPLAIN ${recordTenderMatchesSql({
      tenderId: change.id,
      contentHash: change.contentHash,
      now: NOW,
    })}`.execute(t.db);
    const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
    // One read of saved_search_matches, by its procedure index (bitmap or plain, as the planner likes).
    expect(
      plan.match(
        /(Index Only Scan using|Index Scan using|Bitmap Index Scan on|Seq Scan on) saved_search_matches\w*/g,
      ),
    ).toEqual([expect.stringMatching(/saved_search_matches_procedure_idx$/)]);
  });
});
