// Data of bench/similar/similar-speed.ts: the organisations benchmark's notices and awards
// (insertGeneratedTenders, insertGeneratedOrganisations), the notices with an award made result
// notices, and one metadata chunk per notice whose vector says what it buys: a topic vector plus
// as much random noise (cosine about 0.5 between two notices of one topic, about 0 otherwise).
// 70 % of notices take the topic of their first CPV class, the rest a random one, so text and
// CPV mostly agree and some notices are alike by text alone. Loaded with a typed dynamic import,
// as bench/search/bench-lib.ts explains.
import { sql } from "kysely";
import { type createDb, migrations } from "../../packages/db/dist/index.js";
import { insertGeneratedOrganisations } from "../../packages/testing/dist/insert-generated-organisations.js";
import { insertGeneratedTenders } from "../../packages/testing/dist/insert-generated-tenders.js";

type Db = ReturnType<typeof createDb>;

/** The embedding model of the generated chunks. */
export const MODEL = "bench-topic-1024";
const TOPICS = 2000;
const BATCH = 50_000;

/** A step timer: each call logs the step and the seconds since the previous call (or the start). */
function lapTimer(log: (line: string) => void): (what: string) => void {
  let started = performance.now();
  return (what) => {
    log(`  ${what} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    started = performance.now();
  };
}

/** Generates `notices` notices, `awards` awards and their chunks; `log` gets the progress. */
export async function generateSimilarData(
  db: Db,
  notices: number,
  awards: number,
  log: (line: string) => void,
): Promise<void> {
  const lap = lapTimer(log);
  for (let from = 1; from <= notices; from += BATCH) {
    await insertGeneratedTenders(db, { from, count: Math.min(BATCH, notices - from + 1), seed: from });
  }
  lap(`${notices} notices`);
  await insertGeneratedOrganisations(db, {
    buyers: Math.max(10, Math.round(awards / 20)),
    suppliers: Math.max(10, Math.round(awards / 3)),
    awards,
    tenders: notices,
  });
  lap(`${awards} awards`);
  await markResultsAndIndex(db, notices, log);
}

/** The second half of {@link generateSimilarData}: result notices, chunks, the HNSW index. */
export async function markResultsAndIndex(
  db: Db,
  notices: number,
  log: (line: string) => void,
): Promise<void> {
  const lap = lapTimer(log);
  // The facet counts' trigger is off for this update (no query measured here reads the counts):
  // with it, each row rewrites a count row the statement rewrote already, and a million notices'
  // update was cancelled after 7 minutes.
  await sql`ALTER TABLE tenders DISABLE TRIGGER tenders_facet_groups_update`.execute(db);
  await sql`UPDATE tenders SET kind = 'result' WHERE id IN (SELECT tender_id FROM awards)`.execute(db);
  await sql`ALTER TABLE tenders ENABLE TRIGGER tenders_facet_groups_update`.execute(db);
  lap("notices with an award made result notices");
  await sql`
    CREATE TABLE bench_topics AS
    SELECT k, (SELECT array_agg(random() - 0.5) FROM generate_series(1, 1024) WHERE k IS NOT NULL)::vector(1024) AS v
    FROM generate_series(0, ${TOPICS - 1}::int) AS k`.execute(db);
  await sql`
    CREATE TABLE bench_notices AS
    SELECT row_number() OVER (ORDER BY t.id)::int AS n, t.id,
           CASE WHEN random() < 0.7 THEN abs(hashtext(left(t.cpv_codes[1], 4))) % ${TOPICS}::int
                ELSE floor(random() * ${TOPICS}::int)::int END AS topic
    FROM tenders AS t`.execute(db);
  await sql`CREATE UNIQUE INDEX ON bench_notices (n)`.execute(db);
  // The HNSW index (migration 0041) is built once over the loaded chunks, not updated per row.
  const hnsw = migrations["0041-similar-text-index"];
  if (!hnsw?.down) throw new Error("migration 0041-similar-text-index is missing");
  await hnsw.down(db);
  for (let from = 1; from <= notices; from += BATCH) {
    await sql`
      INSERT INTO chunks (tender_id, attachment_id, chunk_key, content, embedding, embedding_model, position, section, content_hash)
      SELECT t.id, NULL, encode(sha256(convert_to(t.id::text, 'UTF8')), 'hex'), t.title,
             p.v + (SELECT array_agg(random() - 0.5) FROM generate_series(1, 1024) WHERE b.n IS NOT NULL)::vector(1024),
             ${MODEL}, 0, 'metadata', encode(sha256(convert_to(t.title, 'UTF8')), 'hex')
      FROM bench_notices AS b JOIN tenders AS t ON t.id = b.id JOIN bench_topics AS p ON p.k = b.topic
      WHERE b.n BETWEEN ${from}::int AND ${from + BATCH - 1}::int`.execute(db);
  }
  lap(`${notices} metadata chunks`);
  await sql`SET maintenance_work_mem = '4GB'`.execute(db);
  await hnsw.up(db);
  lap("HNSW index of the metadata chunks built");
  await sql`VACUUM ANALYZE`.execute(db);
  lap("vacuumed");
}
