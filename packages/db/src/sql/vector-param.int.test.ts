import { useTestDatabase } from "@tender/testing";
import fc from "fast-check";
import { sql } from "kysely";
import pgvector from "pgvector";
import { describe, expect, it } from "vitest";
import { vectorParam } from "./vector-param.js";

const t = useTestDatabase();

const float4 = fc.float({ noNaN: true, noDefaultInfinity: true });
const unit = fc.double({ noNaN: true, min: -1, max: 1 });

/** Whether the binary parameter and pgvector's text form give the same stored vector, and the bytes PostgreSQL sends back. */
async function compare(values: number[]) {
  const { rows } = await sql<{ same: boolean; sent: Buffer }>`
    SELECT ${vectorParam(values)}::vector = ${pgvector.toSql(values)}::vector AS same,
           vector_send(${vectorParam(values)}::vector) AS sent`.execute(t.db);
  return rows[0] as { same: boolean; sent: Buffer };
}

describe("vectorParam", () => {
  it("is read by PostgreSQL as the vector its text form gives, and sent back byte for byte", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.array(float4, { minLength: 1, maxLength: 1024 }),
          fc.array(unit, { minLength: 1024, maxLength: 1024 }),
        ),
        async (values) => {
          const { same, sent } = await compare(values);
          expect(same).toBe(true);
          expect(sent.equals(vectorParam(values))).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("is refused like the text form for a value a vector cannot hold", async () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, 1e39]) {
      await expect(sql`SELECT ${vectorParam([0.5, bad])}::vector`.execute(t.db)).rejects.toThrow();
    }
  });
});
