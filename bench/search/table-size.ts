// Bytes per chunk on disk and in shared_buffers, for the sizing rules of docs/scaling.md: the
// `chunks` table as the migrations make it (vector(1024) PLAIN), and the compact layout Search
// scans once a halfvec copy sits inline (halfvec(1024) PLAIN, the full vector EXTERNAL), built
// as a side table from the same rows. Chunk texts are real: the two TED notice PDFs, extracted
// and split as the indexer does (1,200 characters, 150 of overlap), repeated with a unique
// prefix. Sizes do not depend on the machine's load, so one run is enough.
// Usage (after `pnpm build`): node bench/search/table-size.ts [chunks, default 20000]
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the admin database.
import { readFile } from "node:fs/promises";
import { splitText } from "../../services/indexer/dist/chunking/split-text.js";
import { extractDocument } from "../../services/indexer/dist/extraction/extract-document.js";

const scratch = (await import(`../scratch-database${".ts"}`)) as typeof import("../scratch-database.js");
const lib = (await import(`./bench-lib${".ts"}`)) as typeof import("./bench-lib.js");

const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const count = Number(process.argv[2] ?? 20_000);
const fixtures = new URL("../../packages/source-ted/fixtures/", import.meta.url);

const texts: string[] = [];
for (const filename of ["ted_notice_821062-2025_it.pdf", "ted_notice_821126-2025_it.pdf"]) {
  const bytes = new Uint8Array(await readFile(new URL(filename, fixtures)));
  const { segments } = await extractDocument({ bytes, filename, contentType: null });
  for (const segment of segments) texts.push(...splitText(segment.text));
}
const meanChars = texts.reduce((n, t) => n + t.length, 0) / texts.length;
console.log(`${texts.length} real chunk texts, ${meanChars.toFixed(0)} characters on average`);

const db = await scratch.createScratchDatabase(adminUrl, "tender_bench_sizes");
try {
  await lib.withClient(db.url, async (client) => {
    const { rows } = await client.query<{ id: string }>(
      "INSERT INTO sources (code) VALUES ('ted') RETURNING id",
    );
    await client.query(
      `INSERT INTO tenders (source_id, external_id, title, buyer_name, published_at, source_url, content_hash, raw_payload)
       SELECT $1, 'S-' || g, 'Sizes ' || g, 'Buyer', now(), 'https://example.org/' || g, md5(g::text) || md5(g::text), '{}'
       FROM generate_series(0, $2::int) AS g`,
      [rows[0]?.id, Math.floor(count / 10)],
    );
    // Random values: PLAIN and EXTERNAL vectors are stored uncompressed, so any values take the same room.
    await client.query(
      `INSERT INTO chunks (tender_id, chunk_key, content, embedding, embedding_model, position, section, content_hash)
       SELECT t.id, encode(sha256(convert_to('size:' || g, 'UTF8')), 'hex'),
              g || ' ' || ($2::text[])[1 + g % array_length($2::text[], 1)],
              v.a::vector(1024),
              'bge-m3', g, 'notice.pdf · page 1', encode(sha256(convert_to('c:' || g, 'UTF8')), 'hex')
       FROM generate_series(0, $1::int - 1) AS g
       JOIN tenders AS t ON t.external_id = 'S-' || (g / 10)
       CROSS JOIN LATERAL (SELECT array_agg(random() - 0.5 + 0 * g + 0 * s.i) AS a FROM generate_series(1, 1024) AS s(i)) AS v`,
      [count, texts],
    );
    // The compact layout, written fresh (as the indexer would write every row).
    await client.query("CREATE TABLE chunks_compact (LIKE chunks INCLUDING ALL)");
    await client.query("ALTER TABLE chunks_compact ADD COLUMN embedding_half halfvec(1024)");
    await client.query("ALTER TABLE chunks_compact ALTER COLUMN embedding_half SET STORAGE PLAIN");
    await client.query("ALTER TABLE chunks_compact ALTER COLUMN embedding SET STORAGE EXTERNAL");
    await client.query(
      "INSERT INTO chunks_compact SELECT *, l2_normalize(embedding)::halfvec(1024) FROM chunks",
    );
    await client.query("VACUUM ANALYZE chunks");
    await client.query("VACUUM ANALYZE chunks_compact");

    const perChunk = (bytes: number) => (bytes / count).toFixed(0).padStart(6);
    console.log(`${count} chunks; bytes per chunk (MB per 100,000 chunks):`);
    for (const table of ["chunks", "chunks_compact"]) {
      const { rows: sizes } = await client.query<Record<string, number>>(
        `SELECT pg_relation_size(c.oid)::float8 AS main,
                coalesce(pg_total_relation_size(NULLIF(c.reltoastrelid, 0)), 0)::float8 AS toast,
                pg_indexes_size(c.oid)::float8 AS indexes,
                pg_table_size(c.oid)::float8 AS table_size,
                pg_total_relation_size(c.oid)::float8 AS total,
                (SELECT count(*) FROM ${table})::float8 / NULLIF(c.relpages, 0) AS rows_per_page
         FROM pg_class AS c WHERE c.relname = $1`,
        [table],
      );
      const s = sizes[0] as Record<string, number>;
      const mb = (bytes: number) => `${(((bytes / count) * 100_000) / 2 ** 20).toFixed(0)} MB`;
      console.log(
        `${table.padEnd(15)} main ${perChunk(s.main as number)} (${mb(s.main as number)}, ${(s.rows_per_page as number).toFixed(2)} rows per 8 KiB page)` +
          ` · toast ${perChunk(s.toast as number)} · pg_table_size ${perChunk(s.table_size as number)} (${mb(s.table_size as number)})` +
          ` · indexes ${perChunk(s.indexes as number)} · total ${perChunk(s.total as number)} (${mb(s.total as number)})`,
      );
    }
  });
} finally {
  await db.drop();
}
