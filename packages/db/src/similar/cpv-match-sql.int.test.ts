import { useTestDatabase } from "@tender/testing";
import fc from "fast-check";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { cpvMatchSql, specificCpvCodes } from "./cpv-match-sql.js";

const t = useTestDatabase();

const significant = (code: string) => code.replace(/0+$/, "").length;

/** The reference: the longest prefix two codes share, counted as far as both are specific; 8 for the same code. */
function referenceLevel(mine: readonly string[], theirs: readonly string[]): number | null {
  let best: number | null = null;
  for (const q of specificCpvCodes(mine)) {
    for (const c of theirs) {
      let level = 0;
      if (c === q) level = 8;
      else {
        let shared = 0;
        while (shared < 8 && c[shared] === q[shared]) shared++;
        level = Math.min(shared, significant(c), significant(q), 7);
      }
      if (level >= 3 && (best === null || level > best)) best = level;
    }
  }
  return best;
}

// Codes near each other (a few families, trailing zeros of every length), so that every level occurs.
const code = fc
  .tuple(
    fc.constantFrom("72", "79", "33", "45", "03"),
    fc.array(fc.constantFrom("0", "1", "2"), { minLength: 6, maxLength: 6 }),
    fc.integer({ min: 0, max: 6 }),
  )
  .map(([division, digits, zeros]) => (division + digits.join("")).slice(0, 8 - zeros).padEnd(8, "0"));

describe("cpvMatchSql", () => {
  it("finds the level a reference computes, for any codes on either side (division-level codes never count)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(code, { maxLength: 4 }),
        fc.array(code, { maxLength: 4 }),
        async (mine, theirs) => {
          const { rows } = await sql<{ level: number | null; prefix: string | null }>`
          SELECT m.level, m.prefix FROM (SELECT ${theirs}::text[] AS cpv_codes) AS t
          LEFT JOIN LATERAL (${cpvMatchSql(specificCpvCodes(mine))}) AS m ON true`.execute(t.db);
          const expected = referenceLevel(mine, theirs);
          expect(rows[0]?.level ?? null).toBe(expected);
          if (expected !== null) {
            const prefix = rows[0]?.prefix as string;
            expect(prefix).toHaveLength(expected);
            expect(theirs.some((c) => c.startsWith(prefix))).toBe(true);
            expect(specificCpvCodes(mine).some((c) => c.startsWith(prefix))).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
