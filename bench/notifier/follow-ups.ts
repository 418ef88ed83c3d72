// What the follow-up path (issue 25) adds to `recordTenderMatches`: the same indexed notices, each
// in a procedure whose first notice the saved searches already matched, recorded as a call for
// competition ("plain": the follow-up lookup is skipped) and as a change notice ("follow-up":
// one lookup of saved_search_matches_procedure_idx, then a follow-up per follower), interleaved
// and alternating which goes first. Around them, `alerts` other alerts spread over other
// procedures, so the lookup reads a real index. Prints the plan of the lookup once.
// Usage (after `pnpm build`): node bench/notifier/follow-ups.ts [notices, default 20]
//   [saved searches, default 1000] [rounds, default 2] [other alerts, default 100000]
//   [concurrency, default 2] [min_score, default 0.35]
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the admin database.
import { loadavg } from "node:os";
import { sql } from "kysely";
import {
  lockProcedure,
  recordTenderMatches,
  recordTenderMatchesSql,
  setNoticeLink,
  setTenderProcedure,
} from "../../packages/db/dist/index.js";

const scratch = (await import(`../scratch-database${".ts"}`)) as typeof import("../scratch-database.js");
const lib = (await import(`./notifier-bench-lib${".ts"}`)) as typeof import("./notifier-bench-lib.js");

const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const notices = Number(process.argv[2] ?? 20);
const savedSearches = Number(process.argv[3] ?? 1000);
const rounds = Number(process.argv[4] ?? 2);
const otherAlerts = Number(process.argv[5] ?? 100_000);
const concurrency = Number(process.argv[6] ?? 2);
const minScore = Number(process.argv[7] ?? lib.MIN_SCORE);

type Db = Parameters<typeof recordTenderMatches>[0];
type Tender = { id: string; contentHash: string };
const MOVED = [
  { field: "deadline" as const, from: "2026-10-29T10:00:00.000Z", to: "2026-11-04T10:00:00.000Z" },
];

const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");

/** Records each notice once, `concurrency` at a time, after clearing what they recorded before. */
async function measure(db: Db, list: Tender[]) {
  await sql`DELETE FROM saved_search_matches WHERE tender_id = ANY(${list.map((t) => t.id)}::uuid[])`.execute(
    db,
  );
  let next = 0;
  const total = { matches: 0, followUps: 0 };
  const now = new Date();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < list.length; i = next++) {
        const tender = list[i] as Tender;
        const result = await recordTenderMatches(db, {
          tenderId: tender.id,
          contentHash: tender.contentHash,
          now,
        });
        total.matches += result.matches;
        total.followUps += result.followUps;
      }
    }),
  );
  return { ms: ((performance.now() - t0) * concurrency) / list.length, ...total };
}

const { db, drop } = await scratch.createScratchDatabase(adminUrl, "tender_bench_follow_ups");
try {
  const s0 = performance.now();
  // Each later notice gets the text of its procedure's first notice: the followers are its matches.
  const firsts = await lib.seedIndexedTenders(db, notices);
  const laters = await lib.seedIndexedTenders(db, notices);
  await lib.replaceSavedSearches(db, savedSearches, { minScore });
  const { rows: source } = await sql<{ id: string }>`SELECT id FROM sources LIMIT 1`.execute(db);
  const sourceId = (source[0] as { id: string }).id;
  for (const [i, first] of firsts.entries()) {
    const procedureId = await lockProcedure(db, sourceId, `P-${i}`);
    const later = laters[i] as Tender;
    await setTenderProcedure(db, first.id, { procedureId, kind: "competition", supersedesExternalId: null });
    await setTenderProcedure(db, later.id, { procedureId, kind: "change", supersedesExternalId: null });
    await setNoticeLink(db, later.id, { supersededBy: null, changes: MOVED });
    // The later notice's chunks become the first's: whoever matched the first follows the procedure.
    await sql`DELETE FROM chunks WHERE tender_id = ${later.id}`.execute(db);
    await sql`
      INSERT INTO chunks (tender_id, attachment_id, chunk_key, content, embedding, embedding_model, position, section, content_hash)
      SELECT ${later.id}, attachment_id, encode(sha256(convert_to(chunk_key || 'later', 'UTF8')), 'hex'), content, embedding, embedding_model, position, section, content_hash
      FROM chunks WHERE tender_id = ${first.id}`.execute(db);
    await recordTenderMatches(db, { tenderId: first.id, contentHash: first.contentHash, now: new Date() });
  }
  // Other alerts, ten per procedure, on one tender of their own (only the index size matters here).
  const [other] = await lib.seedIndexedTenders(db, 1, 1);
  await sql`
    WITH p AS (
      INSERT INTO procedures (source_id, procedure_key)
      SELECT ${sourceId}, 'other-' || g FROM generate_series(1, ceil(${otherAlerts}::int / 10.0)::int) AS g RETURNING id)
    INSERT INTO saved_search_matches (saved_search_id, tender_id, content_hash, score, snippet, procedure_id)
    SELECT (SELECT id FROM saved_searches LIMIT 1), ${other?.id}, md5(p.id::text || g) || md5(g::text), 0.5, 'x', p.id
    FROM p CROSS JOIN generate_series(1, 10) AS g`.execute(db);
  await sql`VACUUM ANALYZE saved_search_matches`.execute(db);
  const { rows: followers } = await sql<{ n: string }>`
    SELECT avg((SELECT count(DISTINCT m.saved_search_id) FROM saved_search_matches AS m
                WHERE m.procedure_id = t.procedure_id AND m.tender_id <> t.id)) AS n
    FROM tenders AS t WHERE t.id = ANY(${laters.map((t) => t.id)}::uuid[])`.execute(db);
  const setup = ((performance.now() - s0) / 1000).toFixed(0);

  const probe = laters[0] as Tender;
  const { rows: plan } = await sql<{
    "QUERY PLAN": string;
  }>`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) ${recordTenderMatchesSql({
    tenderId: probe.id,
    contentHash: probe.contentHash,
    now: new Date(),
  })}`.execute(db);
  const lines = plan.map((r) => r["QUERY PLAN"]);
  const at = lines.findIndex((l) => l.includes("CTE procedure_alerts"));
  console.log(
    "The follow-up lookup (EXPLAIN ANALYZE of one change notice; its alerts are cleared before the runs):",
  );
  console.log(
    lines
      .slice(at, at + 12)
      .filter((l) => /CTE procedure_alerts|saved_search_matches|Index Cond|Heap Blocks|rows=/.test(l))
      .join("\n"),
  );
  console.log(
    `\n${notices} notices × ${lib.CHUNKS_PER_TENDER} chunks, ${savedSearches.toLocaleString("en")} saved searches, ` +
      `${otherAlerts.toLocaleString("en")} other alerts, ${Number(followers[0]?.n ?? 0).toFixed(1)} followers per notice, ` +
      `${concurrency} call(s) in flight, setup ${setup} s, interleaved runs`,
  );
  console.log(
    "| round | notices recorded as | tenders/s | ms per tender (mean) | alerts | of which follow-ups | load average before |",
  );
  console.log("|---|---|---|---|---|---|---|");
  const variants: [string, "competition" | "change"][] = [
    ["plain (competition)", "competition"],
    ["follow-up (change)", "change"],
  ];
  for (let round = 1; round <= rounds; round++) {
    for (const [name, kind] of round % 2 === 1 ? variants : [...variants].reverse()) {
      await sql`UPDATE tenders SET kind = ${kind} WHERE id = ANY(${laters.map((t) => t.id)}::uuid[])`.execute(
        db,
      );
      const loadBefore = load();
      const { ms, matches, followUps } = await measure(db, laters);
      console.log(
        `| ${round} | ${name} | ${(1000 / (ms / concurrency)).toFixed(2)} | ${ms.toFixed(1)} | ${matches} | ${followUps} | ${loadBefore} |`,
      );
    }
  }
} finally {
  await drop();
}
