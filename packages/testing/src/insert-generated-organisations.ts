import { createHash } from "node:crypto";
import type { Db } from "@tender/db";
import { sql } from "kysely";

// Syllables of made-up name stems (30³ = 27,000 stems), and the words around them.
const SYLLABLES = sql.lit(
  "{ka,lo,mi,ra,ten,vor,sa,ne,ul,bri,do,fa,gel,har,is,jo,kel,mar,nor,os,pel,qui,ros,sil,tor,um,vel,wen,xa,zen}",
);
const TRADES = sql.lit(
  "{Engineering,Consulting,Construction,Healthcare,Software,Facilities,Logistics,Medical,Solutions,Services,Technologies,Cleaning,Catering,Energy,Security,Transport,Systems,Partners,Digital,Supplies}",
);
const FORMS = sql.lit("{Ltd,Limited,GmbH,S.p.A.,SA,S.A.,BV,AB,Oy,A/S,Sp. z o.o.,SRL,PLC,LLP,s.r.o.,Kft.}");
const BUYER_KINDS = sql.lit(
  "{City Council,County Council,District Hospital,University,Ministry of Health,Water Authority,Police Service,Housing Association,School Board,Transport Agency}",
);
const COUNTRIES = sql.lit(
  "{GB,DE,FR,PL,IT,ES,NL,BE,SE,AT,CZ,RO,DK,FI,PT,IE,HU,SK,LT,LV,EE,SI,HR,BG,GR,LU,CY,MT}",
);

export interface GeneratedOrganisationsOptions {
  /** Buyers (`md5('gen-buyer-<n>')::uuid`, names like "Kaloten City Council"). */
  buyers: number;
  /** Suppliers (`md5('gen-supplier-<n>')::uuid`, names like "Kaloten Engineering GmbH"). */
  suppliers: number;
  /** Awards, at most three quarters of a lot per generated tender (needs `insertGeneratedTenders` first). */
  awards: number;
  /** Generated tenders to spread the awards over (`gen-1` … `gen-<tenders>`). */
  tenders: number;
  seed?: number;
}

/** The id of generated buyer or supplier `n` (1-based); supplier 1 wins the most awards, buyer 1 gives the most. */
export function generatedOrganisationId(role: "buyer" | "supplier", n: number): string {
  const hex = createHash("md5").update(`gen-${role}-${n}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Organisations and awards shaped like a year of result notices, in a few set-based statements
 * (for organisation tests and `bench/organisations`): buyers and suppliers with made-up names,
 * legal forms and skewed countries, a third of suppliers with a `GB-COH` identifier, a fifth with
 * a second spelling (upper case, another legal form); awards of 1–2 lots per tender, a quarter
 * without value, winners drawn with a heavy skew (supplier `n` wins about `n^-2/3` as often as
 * supplier 1: a few win thousands, most one or none), 5 % with a second winner (a consortium).
 */
export async function insertGeneratedOrganisations(
  db: Db,
  options: GeneratedOrganisationsOptions,
): Promise<void> {
  const stride = Math.max(1, Math.floor(options.tenders / Math.ceil(options.awards * 0.75)));
  await db.transaction().execute(async (trx) => {
    await sql`SELECT setseed(${((options.seed ?? 7) % 1000) / 1000})`.execute(trx);
    await sql`
      INSERT INTO organisations (id, org_key, name, country, identifier, scheme, is_buyer, is_supplier)
      SELECT md5('gen-buyer-' || g)::uuid, 'GEN:B' || g,
             initcap(s1 || s2 || s3) || ' ' || (${BUYER_KINDS}::text[])[1 + g % 10],
             (${COUNTRIES}::text[])[1 + floor(28 * random() ^ 2)::int], NULL, NULL, true, false
      FROM generate_series(1, ${options.buyers}::int) AS g,
           LATERAL (SELECT (${SYLLABLES}::text[])[1 + (g * 7 + 3) % 30] AS s1,
                           (${SYLLABLES}::text[])[1 + (g / 30) % 30] AS s2,
                           (${SYLLABLES}::text[])[1 + (g / 900) % 30] AS s3) AS stem`.execute(trx);
    await sql`
      INSERT INTO organisations (id, org_key, name, country, identifier, scheme, is_buyer, is_supplier)
      SELECT md5('gen-supplier-' || g)::uuid,
             CASE WHEN g % 3 = 0 THEN 'GB-COH:' || lpad(g::text, 8, '0') ELSE 'GEN:S' || g END,
             initcap(s1 || s2 || s3) || ' ' || (${TRADES}::text[])[1 + (g / 7) % 20] || ' '
               || (${FORMS}::text[])[1 + g % 16],
             CASE WHEN g % 3 = 0 THEN 'GB' ELSE (${COUNTRIES}::text[])[1 + floor(28 * random() ^ 2)::int] END,
             CASE WHEN g % 3 = 0 THEN lpad(g::text, 8, '0') END, CASE WHEN g % 3 = 0 THEN 'GB-COH' END,
             false, true
      FROM generate_series(1, ${options.suppliers}::int) AS g,
           LATERAL (SELECT (${SYLLABLES}::text[])[1 + (g * 11 + 5) % 30] AS s1,
                           (${SYLLABLES}::text[])[1 + (g / 30) % 30] AS s2,
                           (${SYLLABLES}::text[])[1 + (g / 900) % 30] AS s3) AS stem`.execute(trx);
    // The shown name is a spelling already (trigger of 0027); a fifth get a second one.
    await sql`
      INSERT INTO organisation_names (organisation_id, name)
      SELECT id, upper(regexp_replace(name, ' [^ ]+$', '')) || ' LIMITED'
      FROM organisations WHERE org_key LIKE 'GEN:S%' AND random() < 0.2
      ON CONFLICT DO NOTHING`.execute(trx);
    await sql`
      WITH drawn AS (
        SELECT k, 1 + floor((k - 1) * 0.75)::int * ${stride}::int AS tender_no,
               CASE WHEN random() < 0.25 THEN NULL ELSE round((10 ^ (3 + 4 * random()))::numeric, 2) END AS value,
               date '2026-11-26' - floor(random() * 1095)::int AS decided_at,
               1 + floor(${options.buyers}::int * random() ^ 2)::int AS buyer_no,
               floor(random() * 20)::int AS received
        FROM generate_series(1, ${options.awards}::int) AS k
      )
      INSERT INTO awards (id, tender_id, position, lot, status, value, currency, decided_at,
                          contract_signed_at, contract_end, tenders_received, buyer_organisation_id)
      SELECT md5('gen-award-' || k)::uuid, t.id,
             (row_number() OVER (PARTITION BY tender_no ORDER BY k) - 1)::int,
             'LOT-' || row_number() OVER (PARTITION BY tender_no ORDER BY k), 'awarded', value,
             CASE WHEN value IS NULL THEN NULL WHEN t.currency IS NOT NULL THEN t.currency ELSE 'EUR' END,
             decided_at, decided_at + 14, decided_at + 365 * (1 + k % 4), 1 + received,
             md5('gen-buyer-' || buyer_no)::uuid
      FROM drawn JOIN tenders AS t ON t.external_id = 'gen-' || tender_no`.execute(trx);
    await sql`
      WITH drawn AS (
        SELECT k, 0 AS position, 1 + floor(${options.suppliers}::int * random() ^ 3)::int AS supplier_no
        FROM generate_series(1, ${options.awards}::int) AS k
        UNION ALL
        SELECT k, 1, 1 + floor(${options.suppliers}::int * random())::int
        FROM generate_series(1, ${options.awards}::int) AS k WHERE random() < 0.05
      )
      INSERT INTO award_winners (award_id, position, organisation_id, name)
      SELECT a.id, d.position, o.id, o.name
      FROM drawn AS d
      JOIN awards AS a ON a.id = md5('gen-award-' || d.k)::uuid
      JOIN organisations AS o ON o.id = md5('gen-supplier-' || d.supplier_no)::uuid
      ON CONFLICT DO NOTHING`.execute(trx);
  });
}
