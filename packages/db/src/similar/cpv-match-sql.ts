import { type RawBuilder, sql } from "kysely";

/**
 * The codes of `codes` specific enough to say what is bought: at least a CPV group (three
 * significant digits). A division-level code (`79000000`, business services) says too little:
 * it is left out, and the text decides.
 */
export function specificCpvCodes(codes: readonly string[]): string[] {
  return [...new Set(codes.filter((code) => /^\d{8}$/.test(code) && code.replace(/0+$/, "").length >= 3))];
}

/**
 * How closely the notice `t` shares a CPV code with `codes` (already {@link specificCpvCodes}):
 * the longest shared prefix of a pair of codes, counted only as far as both codes are specific
 * (`72200000` and `72212000` share the group `722`, not the class `7220`): 8 the same code, 5 to 7
 * the same category or finer, 4 the same class, 3 the same group; null: none. One row of
 * `(level, prefix)`, for a LATERAL join.
 */
export function cpvMatchSql(codes: readonly string[]): RawBuilder<{ level: number; prefix: string }> {
  return sql`
    SELECT l.n AS level, left(cc, l.n) AS prefix
    FROM unnest(t.cpv_codes) AS cc, unnest(${codes}::text[]) AS qc, (VALUES (8), (7), (6), (5), (4), (3)) AS l(n)
    WHERE left(cc, l.n) = left(qc, l.n)
      AND (cc = qc OR (l.n < 8 AND l.n <= length(rtrim(cc, '0')) AND l.n <= length(rtrim(qc, '0'))))
    ORDER BY l.n DESC, prefix
    LIMIT 1`;
}

/** What a shared CPV level adds to a similarity score: a CPV match outweighs most text differences. */
export function cpvLevelWeightSql(level: RawBuilder<unknown>): RawBuilder<number> {
  return sql`CASE WHEN ${level} = 8 THEN 1.0 WHEN ${level} >= 5 THEN 0.8 WHEN ${level} = 4 THEN 0.6
                  WHEN ${level} = 3 THEN 0.3 ELSE 0 END`;
}
