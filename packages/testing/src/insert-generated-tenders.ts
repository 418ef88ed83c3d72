import { type Db, ensureSource } from "@tender/db";
import { sql } from "kysely";

/** Member states, largest publishers first: a tender's country is drawn with a strong skew. */
const COUNTRIES = sql.lit(
  "{DE,FR,PL,IT,ES,NL,BE,SE,AT,CZ,RO,DK,FI,PT,IE,HU,SK,LT,LV,EE,SI,HR,BG,GR,LU,CY,MT,NO,CH,IS}",
);
/** CPV divisions, most common first (works, supplies, services). */
const DIVISIONS = sql.lit(
  "{45,33,79,72,50,34,71,90,30,48,15,44,39,80,85,60,09,32,42,55,31,73,77,38,66,35,98,22,75,64,18,24,70,92,51,63,37,43,14,65,19,16,03,41,76}",
);

export interface GeneratedTendersOptions {
  /** Number of the first tender (external id `gen-<n>`); 1 unless appending. */
  from?: number;
  count: number;
  /** Seed of PostgreSQL's random(), so a run can be repeated. */
  seed?: number;
}

/**
 * Inserts `count` tenders shaped like a year of TED and Contracts Finder in one statement (for
 * browse and facet tests and benchmarks): a quarter from `contracts_finder` (GB, GBP), the rest
 * from `ted`; countries and CPV divisions skewed towards the large ones (4 % list two countries,
 * 1 to 4 CPV codes); a quarter without amount (and currency), 15 % without deadline; published
 * over the year before 2026-11-26, deadlines 5 to 60 days later.
 */
export async function insertGeneratedTenders(db: Db, options: GeneratedTendersOptions): Promise<void> {
  const ted = (await ensureSource(db, "ted")).id;
  const cf = (await ensureSource(db, "contracts_finder")).id;
  const from = options.from ?? 1;
  await db.transaction().execute(async (trx) => {
    // setseed applies to this connection only, hence the transaction.
    await sql`SELECT setseed(${((options.seed ?? 42) % 1000) / 1000})`.execute(trx);
    await sql`
      WITH drawn AS (
        SELECT g, random() < 0.25 AS cf,
               (${COUNTRIES}::text[])[1 + floor(30 * random() ^ 3)::int] AS c1,
               (${COUNTRIES}::text[])[1 + floor(30 * random() ^ 2)::int] AS c2,
               random() < 0.04 AS two,
               (${DIVISIONS}::text[])[1 + floor(45 * random() ^ 2.5)::int] AS d1,
               (${DIVISIONS}::text[])[1 + floor(45 * random() ^ 2)::int] AS d2,
               random() AS codes,
               CASE WHEN random() < 0.25 THEN NULL ELSE round((10 ^ (3 + 5 * random()))::numeric, 2) END AS amount,
               timestamptz '2026-11-26' - random() * interval '365 days' AS published_at,
               CASE WHEN random() < 0.15 THEN NULL ELSE 5 + 55 * random() END AS deadline_days
        FROM generate_series(${from}::int, ${from + options.count - 1}::int) AS g
      )
      INSERT INTO tenders (source_id, external_id, title, buyer_name, amount, currency, published_at,
                           deadline, source_url, content_hash, raw_payload, countries, cpv_codes)
      SELECT CASE WHEN cf THEN ${cf}::uuid ELSE ${ted}::uuid END,
             'gen-' || g, 'Generated tender ' || g, 'Buyer ' || (g % 5000), amount,
             CASE WHEN amount IS NULL THEN NULL WHEN cf THEN 'GBP' WHEN c1 = 'PL' THEN 'PLN'
                  WHEN c1 = 'SE' THEN 'SEK' ELSE 'EUR' END,
             published_at, published_at + deadline_days * interval '1 day',
             'https://example.org/generated/' || g, md5(g::text) || md5('generated' || g), '{}',
             CASE WHEN cf THEN ARRAY['GB'] WHEN two AND c2 <> c1 THEN ARRAY[c1, c2] ELSE ARRAY[c1] END,
             CASE WHEN codes < 0.6 THEN ARRAY[d1 || lpad((g % 999999)::text, 6, '0')]
                  WHEN codes < 0.9 THEN ARRAY[d1 || lpad((g % 999999)::text, 6, '0'), d1 || '000000']
                  ELSE ARRAY[d1 || lpad((g % 999999)::text, 6, '0'), d1 || '000000',
                             d2 || lpad((g * 13 % 999999)::text, 6, '0'), d2 || '100000'] END
      FROM drawn`.execute(trx);
  });
}
