// Speed of the similar-contract ranking at a modest scale (not the 1,000,000 notices):
// generated notices (insertGeneratedTenders), 30 % of them result notices, one metadata chunk each
// with a random vector; then the median time of `listSimilarAwardNotices` (a page of 10) for
// tenders drawn from the rest, interleaved with the bare exact scan of the result notices' chunks.
// Usage (after `pnpm build`): node bench/similar/similar-speed.ts [notices, default 20000] [queries, default 30]
import { loadavg } from "node:os";
import { sql } from "kysely";
import { listSimilarAwardNotices, specificCpvCodes } from "../../packages/db/dist/index.js";
import { insertGeneratedTenders } from "../../packages/testing/dist/index.js";

const scratch = (await import(`../scratch-database${".ts"}`)) as typeof import("../scratch-database.js");
const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const count = Number(process.argv[2] ?? 20_000);
const queries = Number(process.argv[3] ?? 30);
const MODEL = "bench-random-1024";
console.log(
  `${count} notices, ${queries} queries (load average before: ${loadavg()[0]?.toFixed(2)}; other work shared the machine)`,
);

const { db, drop } = await scratch.createScratchDatabase(adminUrl, "tender_bench_similar_speed");
try {
  await insertGeneratedTenders(db, { count });
  await sql`UPDATE tenders SET kind = 'result' WHERE random() < 0.3`.execute(db);
  await sql`
    INSERT INTO chunks (tender_id, attachment_id, chunk_key, content, embedding, embedding_model, position, section, content_hash)
    SELECT t.id, NULL, encode(sha256(convert_to(t.id::text, 'UTF8')), 'hex'), t.title,
           (SELECT array_agg(random() - 0.5)::real[] FROM generate_series(1, 1024) WHERE t.id IS NOT NULL)::vector,
           ${MODEL}, 0, 'metadata', encode(sha256(convert_to(t.title, 'UTF8')), 'hex')
    FROM tenders AS t`.execute(db);
  await sql`ANALYZE`.execute(db);
  const sample = await db
    .selectFrom("tenders")
    .select(["id", "cpv_codes", "countries", "amount", "currency"])
    .where("kind", "!=", "result")
    .orderBy("id")
    .limit(queries)
    .execute();
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
  const similar: number[] = [];
  const bare: number[] = [];
  for (const t of sample) {
    let started = performance.now();
    await listSimilarAwardNotices(db, {
      like: { tenderId: t.id },
      model: MODEL,
      cpvCodes: specificCpvCodes(t.cpv_codes),
      countries: t.countries,
      value: t.amount && t.currency ? { amount: t.amount, currency: t.currency } : null,
      excludeProcedureId: null,
      excludeTenderId: t.id,
      minTextScore: 0.2,
      now: new Date(),
      limit: 11,
    });
    similar.push(performance.now() - started);
    started = performance.now();
    await sql`
      SELECT c.tender_id, c.embedding <=> q.embedding AS d
      FROM chunks AS c JOIN tenders AS r ON r.id = c.tender_id,
           (SELECT embedding FROM chunks WHERE tender_id = ${t.id}::uuid LIMIT 1) AS q
      WHERE r.kind = 'result' AND c.attachment_id IS NULL
      ORDER BY d LIMIT 11`.execute(db);
    bare.push(performance.now() - started);
  }
  const results = Math.round(count * 0.3);
  console.log(
    `about ${results} result notices; p50 similar page ${median(similar).toFixed(1)} ms, bare exact scan ${median(bare).toFixed(1)} ms`,
  );
  console.log(`load average after: ${loadavg()[0]?.toFixed(2)}`);
} finally {
  await drop();
}
